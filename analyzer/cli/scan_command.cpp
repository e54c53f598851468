// `oalens scan PATH`: inventory of assertions, OA assertions and their tolerances.
#include <fmt/format.h>
#include <re2/re2.h>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/config.h"
#include "analyzer/cli/output.h"
#include "analyzer/cli/report_root.h"
#include "analyzer/cli/terminal.h"
#include "analyzer/oracle/oracle_classifier.h"
#include "analyzer/scan/rebase_paths.h"
#include "analyzer/scan/scanner.h"
#include "reports/findings/scan_report.h"
#include "reports/sqlite/sqlite_writer.h"

namespace oalens::cli {

static int runScan(const ScanArgs& args) {
  analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
  auto cfg = loadConfig(args.path, args.config, catalogue);
  if (!cfg) return 2;
  analyzer::ScanOptions opt;
  opt.threads = args.jobs;
  opt.allFiles = args.allFiles;
  opt.librarySources = !args.noLibrarySources;
  opt.includeVendored = args.includeVendored;
  opt.studyCounting = args.counting == "study";
  opt.limits.maxFileBytes = static_cast<uint64_t>(args.maxFileMiB * 1024 * 1024);
  if (!cfg->testFiles.empty()) opt.testFilePattern = cfg->testFiles;
  if (!args.testFiles.empty()) opt.testFilePattern = args.testFiles;
  if (!args.cppTestFiles.empty()) opt.cppTestFilePattern = args.cppTestFiles;
  for (const auto& [option, pattern] :
       {std::pair{"--test-files", &opt.testFilePattern}, std::pair{"--cpp-test-files", &opt.cppTestFilePattern}}) {
    RE2 check(*pattern);
    if (!check.ok()) {
      fmt::print(stderr, "oalens: invalid {} pattern: {}\n", option, check.error());
      return 2;
    }
  }
  opt.compileCommandsDir = args.compileCommands;
  opt.python = args.language != "cpp";
  opt.cpp = args.language != "python";
  for (const auto& e : args.exclude) {
    RE2 re(e);
    if (!re.ok()) {
      fmt::print(stderr, "oalens: invalid --exclude pattern '{}': {}\n", e, re.error());
      return 2;
    }
    opt.excludePatterns.push_back(e);
  }
  if (!std::filesystem::exists(args.path)) {
    fmt::print(stderr, "oalens: {}: no such file or directory\n", args.path);
    return 2;
  }
  const std::optional<std::string> helpBase = sarifHelpBase(args.helpUriBase, cfg->helpUriBase);
  if (!helpBase) return 2;
  analyzer::ProgressLine progress("scan", analyzer::progressWanted(progressMode(args.term), args.quiet));
  opt.progress = &progress;
  analyzer::ScanResult result = analyzer::scanPath(args.path, catalogue, opt);
  progress.finish();
  if (!args.skipOracles) analyzer::classifyOracles(result, args.packages, args.jobs);

  // The database keeps paths relative to the scanned path: report --margins joins them with
  // the test runs' and merge with other checkouts'. Every other output gives them from the root.
  if (!args.db.empty()) {
    std::string err;
    if (!reports::writeScanDatabase(args.db, result, err)) {
      fmt::print(stderr, "oalens: {}\n", err);
      return 2;
    }
  }
  // Every file's model was kept for the classification and the database; no report reads them.
  // Released before the report is built, the report's text reuses their memory (the peak of a
  // dlib scan was the models and the JSON text together).
  result.project = {};
  const ReportRoot root = reportRootFor(args.path);
  analyzer::rebasePaths(result, root.prefixFor(args.path));
  if (!args.quiet) {
    const bool colour = colourWanted(args.term, stderr);
    for (const auto& d : result.diagnostics) fmt::print(stderr, "{}\n", colourIf(colour, analyzer::formatDiagnostic(d)));
  }

  if (!writeOutput(args.output, reports::scanReportText(result, args.format, {root.dir.string(), *helpBase}))) return 2;
  return result.hasErrors() ? 1 : 0;
}

void addScanCommand(CLI::App& app, ScanArgs& args) {
  CLI::App* cmd = app.add_subcommand("scan", "find assertions, mark the OA ones, resolve their tolerances");
  cmd->add_option("path", args.path, "file or directory to scan")->capture_default_str();
  cmd->add_option("--format", args.format, "output format (github: a notice at each OA assertion, as workflow commands)")
      ->check(CLI::IsMember({"text", "json", "csv", "sarif", "github"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", args.output, "write the report to this file instead of stdout");
  cmd->add_option("--db", args.db, "also write the results to this SQLite database (docs/schema.md)");
  cmd->add_option("--config", args.config, "configuration file (default: .oalens.toml or pyproject.toml in PATH or .)");
  cmd->add_option("--help-uri-base", args.helpUriBase, "absolute URI the rules' doc pages are under, for SARIF's helpUri (docs/sarif.md)");
  cmd->add_option("--test-files", args.testFiles, "RE2 pattern for Python test file paths (relative to PATH)");
  cmd->add_option("--cpp-test-files", args.cppTestFiles, "RE2 pattern for C++ test file paths (relative to PATH; docs/cpp.md)");
  cmd->add_option("--compile-commands", args.compileCommands,
                  "directory of the build's compile_commands.json: preprocess C++ tests as the build does (Clang; docs/cpp.md)");
  cmd->add_option("--language", args.language, "languages to scan")->check(CLI::IsMember({"all", "python", "cpp"}))->capture_default_str();
  cmd->add_option("--package", args.packages, "top-level package of the library under test (repeatable; default: inferred)");
  cmd->add_option("--exclude", args.exclude, "RE2 pattern of paths to leave out (repeatable)");
  cmd->add_option("-j,--jobs", args.jobs, "worker threads (0: one per core)")->capture_default_str();
  cmd->add_option("--max-file-size", args.maxFileMiB, "skip files larger than this many MiB")->capture_default_str();
  cmd->add_option("--counting", args.counting,
                  "test-case counting: static (every test function) or study (distinct names, as the 2019 study)")
      ->check(CLI::IsMember({"static", "study"}))
      ->capture_default_str();
  cmd->add_flag("--all-files", args.allFiles, "report assertions in every file, not only test files");
  cmd->add_flag("--no-library-sources", args.noLibrarySources,
                "do not read the library's C++ files for the definitions its tests check with (docs/cpp.md)");
  cmd->add_flag("--include-vendored", args.includeVendored,
                "also read C++ files in vendored folders (third_party/, 3rdparty/, external/, deps/, ...) as the suite's (docs/cpp.md)");
  cmd->add_flag("--skip-oracles", args.skipOracles, "do not classify oracles (oracle_type stays UNKNOWN); for benchmarks");
  cmd->add_flag("-q,--quiet", args.quiet, "do not print input diagnostics or the progress line on stderr");
  addColorOption(cmd, args.term);
  addProgressOption(cmd, args.term);
  cmd->callback([&args] { setExitCode(runScan(args)); });
}

}  // namespace oalens::cli
