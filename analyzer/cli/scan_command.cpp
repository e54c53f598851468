// `oalens scan PATH`: inventory of assertions, OA assertions and their tolerances.
#include <fmt/format.h>
#include <re2/re2.h>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/config.h"
#include "analyzer/cli/output.h"
#include "analyzer/cli/report_root.h"
#include "analyzer/cli/terminal.h"
#include "analyzer/oracle/oracle_classifier.h"
#include "analyzer/scan/scanner.h"
#include "reports/ci/ci_formats.h"
#include "reports/csv/csv_report.h"
#include "reports/json/json_report.h"
#include "reports/sarif/sarif_report.h"
#include "reports/sqlite/sqlite_writer.h"
#include "reports/text/text_report.h"

namespace oalens::cli {

namespace {
int gExitCode = 0;
}

int exitCode() { return gExitCode; }
void setExitCode(int code) { gExitCode = code; }

// A notice at each OA assertion (the inventory a reviewer reads beside the change) and the
// input problems at their files, as GitHub annotations.
static std::vector<reports::CiFinding> scanAnnotations(const analyzer::ScanResult& r) {
  std::vector<reports::CiFinding> out;
  for (const auto& d : r.diagnostics)
    out.push_back({d.path, d.line, d.col, 0, 0, d.code, "", d.severity == analyzer::Severity::Error ? "error" : "warning", d.message, ""});
  for (const auto& a : r.assertions) {
    if (!a.isOa) continue;
    std::string tolerances;
    for (const auto& t : a.tolerances) tolerances += fmt::format("{}{}={}", tolerances.empty() ? "" : ", ", t.name, t.text);
    out.push_back(
        {a.file, a.range.start.line, a.range.start.col, a.range.end.line, a.range.end.col, "OA000", "oa-assertion", "info",
         fmt::format("{} assertion ({}){}", a.api, analyzer::categoryName(a.category), tolerances.empty() ? "" : ": " + tolerances), ""});
  }
  return out;
}

// The paths of the report from relative to the scanned path to relative to the report root.
static void rebasePaths(analyzer::ScanResult& r, const std::string& prefix) {
  if (prefix.empty()) return;
  auto rebase = [&](std::string& path) {
    if (!path.empty()) path = prefix + path;
  };
  for (auto& a : r.assertions) rebase(a.file);
  for (auto& t : r.testCases) rebase(t.file);
  for (auto& d : r.diagnostics) rebase(d.path);
  for (auto& f : r.files) rebase(f.path);
  for (auto& l : r.libraryFiles) rebase(l);
}

static int runScan(const ScanArgs& args) {
  analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
  auto cfg = loadConfig(args.path, args.config, catalogue);
  if (!cfg) return 2;
  analyzer::ScanOptions opt;
  opt.threads = args.jobs;
  opt.allFiles = args.allFiles;
  opt.librarySources = !args.noLibrarySources;
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
  const ReportRoot root = reportRootFor(args.path);
  rebasePaths(result, root.prefixFor(args.path));
  if (!args.quiet) {
    const bool colour = colourWanted(args.term, stderr);
    for (const auto& d : result.diagnostics) fmt::print(stderr, "{}\n", colourIf(colour, analyzer::formatDiagnostic(d)));
  }

  std::string text;
  if (args.format == "json") text = reports::scanJsonText(result) + "\n";
  else if (args.format == "csv") text = reports::scanCsv(result);
  else if (args.format == "sarif") text = reports::jsonText(reports::scanSarif(result, {root.dir.string(), *helpBase})) + "\n";
  else if (args.format == "github") text = reports::githubAnnotations(scanAnnotations(result));
  else text = reports::scanTextSummary(result);
  if (!writeOutput(args.output, text)) return 2;
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
  cmd->add_flag("--skip-oracles", args.skipOracles, "do not classify oracles (oracle_type stays UNKNOWN); for benchmarks");
  cmd->add_flag("-q,--quiet", args.quiet, "do not print input diagnostics or the progress line on stderr");
  addColorOption(cmd, args.term);
  addProgressOption(cmd, args.term);
  cmd->callback([&args] { setExitCode(runScan(args)); });
}

void addCatalogueCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("catalogue", "list the assertion APIs OALens knows");
  static std::string config;
  cmd->add_option("--config", config, "configuration file with extra [[api]] entries");
  cmd->callback([] {
    analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
    if (!loadConfig(".", config, catalogue)) {
      setExitCode(2);
      return;
    }
    std::string out;
    for (const auto& a : catalogue.apis())
      out += fmt::format("{:<52} {:<7} {:<12} {:<5} {}\n", a.id, analyzer::languageName(a.language), analyzer::categoryName(a.category),
                         a.oa ? "OA" : "-",
                         a.kind == analyzer::ApiKind::Method      ? "method"
                         : a.kind == analyzer::ApiKind::Predicate ? "predicate"
                         : a.decorator                            ? "decorator"
                         : a.isHarness()                          ? "harness"
                                                                  : "function");
    if (!writeOutput("", out)) setExitCode(2);
  });
}

}  // namespace oalens::cli
