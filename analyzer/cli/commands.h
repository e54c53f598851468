// Subcommand registration for the oalens CLI; each command lives in its own file.
#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "analyzer/cli/terminal.h"

namespace oalens::cli {

struct ScanArgs {
  std::string path = ".";
  std::string format = "text";
  std::string output;
  std::string db;
  std::string config;
  std::string testFiles;
  std::string cppTestFiles;
  std::string language = "all";
  std::string compileCommands;
  std::string helpUriBase;
  std::vector<std::string> exclude;
  std::vector<std::string> packages;
  unsigned jobs = 0;
  double maxFileMiB = 8;
  bool allFiles = false;
  std::string counting = "static";
  bool quiet = false;
  bool skipOracles = false;
  bool noLibrarySources = false;
  bool includeVendored = false;
  TerminalArgs term;
};

void addScanCommand(CLI::App& app, ScanArgs& args);
void addCatalogueCommand(CLI::App& app);
void addParseCommand(CLI::App& app);
void addExplainCommand(CLI::App& app);
void addMineCommand(CLI::App& app);
void addReportCommand(CLI::App& app);
void addDiffCommand(CLI::App& app);
void addInstallHookCommand(CLI::App& app);
void addLintCommand(CLI::App& app);
void addRulesCommand(CLI::App& app);  // the lint and gate rules
void addMergeCommand(CLI::App& app);
void addStudyCommand(CLI::App& app);  // runs scripts/study/Snakefile

// Set by the command that ran: 0 clean, 1 findings or input errors, 2 usage or fatal error.
int exitCode();
void setExitCode(int code);

}  // namespace oalens::cli
