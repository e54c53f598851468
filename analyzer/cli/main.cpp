// The oalens command line: subcommands scan, catalogue, parse, explain, mine, report, diff,
// install-hook, lint, rules, merge and study. Usage errors and fatal setup errors exit 2; per-input problems are printed as
// diagnostics on stderr and the run goes on.
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <system_error>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/suggest.h"

int main(int argc, char** argv) {
  // A closed pipe (oalens scan | head) ends the run quietly instead of killing it mid-write.
  std::signal(SIGPIPE, SIG_IGN);
  CLI::App app{"OALens: find and track oracle-approximation assertions in DL test suites"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("oalens ") + OALENS_VERSION);
  oalens::cli::ScanArgs scanArgs;
  oalens::cli::addScanCommand(app, scanArgs);
  oalens::cli::addCatalogueCommand(app);
  oalens::cli::addParseCommand(app);
  oalens::cli::addExplainCommand(app);
  oalens::cli::addMineCommand(app);
  oalens::cli::addReportCommand(app);
  oalens::cli::addDiffCommand(app);
  oalens::cli::addInstallHookCommand(app);
  oalens::cli::addLintCommand(app);
  oalens::cli::addRulesCommand(app);
  oalens::cli::addMergeCommand(app);
  oalens::cli::addStudyCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = app.exit(e);
    if (rc != 0)
      if (const std::string hint = oalens::cli::suggestionFor(app, argc, argv); !hint.empty()) fmt::print(stderr, "oalens: {}\n", hint);
    return rc == 0 ? 0 : 2;
  } catch (const std::system_error& e) {
    // fmt::print to a full device throws; a closed pipe is the reader's choice, not an error.
    if (e.code() == std::errc::broken_pipe) return oalens::cli::exitCode();
    // Not fmt::print: stderr may be the full device, and a second throw would abort.
    std::fprintf(stderr, "oalens: cannot write its output: %s\n", e.what());
    return 2;
  }
  // Output printed with fmt::print is still in stdio's buffer: a failed flush is a lost report.
  if (std::fflush(stdout) != 0 && errno != EPIPE) {
    std::fprintf(stderr, "oalens: cannot write standard output: %s\n", std::strerror(errno));
    return 2;
  }
  return oalens::cli::exitCode();
}
