// `oalens lint PATH`: the lint rules (rules/lint/) over the scan core's models and assertion
// records (`oalens rules`, analyzer/cli/rules_command.cpp, lists the rules).
// Exit 0 when no finding reaches --fail-on, 1 when one does, 2 on usage or fatal errors.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <re2/re2.h>

#include <filesystem>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/config.h"
#include "analyzer/cli/lint_margins.h"
#include "analyzer/cli/output.h"
#include "analyzer/cli/report_root.h"
#include "analyzer/cli/rule_descriptors.h"
#include "analyzer/cli/terminal.h"
#include "analyzer/core/visible_text.h"
#include "analyzer/lint/lint_baseline.h"
#include "analyzer/lint/lint_engine.h"
#include "analyzer/lint/lint_run.h"
#include "reports/findings/finding_formats.h"
#include "reports/findings/lint_report.h"
#include "reports/sqlite/sqlite_writer.h"
#include "rules/lint/registry.h"

namespace oalens::cli {

namespace {

namespace fs = std::filesystem;

struct LintArgs {
  std::vector<std::string> paths = {"."};
  std::string format = "text", output, config, db;
  std::string margins;  // a margins database (pytest -p oalens_margins) for OA101
  std::string failOn = "warning", testFiles;
  std::vector<std::string> rules, ignores, families, exclude;
  std::vector<std::string> settings;  // ID.option=value
  unsigned jobs = 0;
  bool allFiles = false, quiet = false, statistics = false, includeVendored = false;
  std::string baseline, writeBaseline;
  TerminalArgs term;
  std::string helpUriBase;
};

int runLint(const LintArgs& a) {
  for (const std::string& path : a.paths)
    if (!std::filesystem::exists(path)) return fatal(path + ": no such file or directory");
  analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
  auto cfg = loadConfig(std::filesystem::path(a.paths.front()), a.config, catalogue);
  if (!cfg) return 2;
  analyzer::LintOptions opt;
  opt.scan.threads = a.jobs;
  opt.scan.allFiles = a.allFiles;
  if (!cfg->testFiles.empty()) opt.scan.testFilePattern = cfg->testFiles;
  if (!a.testFiles.empty()) opt.scan.testFilePattern = a.testFiles;
  for (const std::string& pattern : a.exclude) opt.scan.excludePatterns.push_back(pattern);
  opt.scan.includeVendored = a.includeVendored;
  if (RE2 check(opt.scan.testFilePattern); !check.ok()) return fatal("invalid --test-files pattern: " + check.error());
  if (!a.margins.empty() && !attachLintMargins(a.margins, opt)) return 2;
  // The command line's choice of rules, else the configuration's; ignores add up.
  if (!a.rules.empty()) opt.only.insert(a.rules.begin(), a.rules.end());
  else opt.only.insert(cfg->lint.select.begin(), cfg->lint.select.end());
  opt.ignored.insert(a.ignores.begin(), a.ignores.end());
  opt.ignored.insert(cfg->lint.ignore.begin(), cfg->lint.ignore.end());
  if (!a.families.empty()) opt.families.clear();
  for (const std::string& f : a.families) opt.families.insert(f == "oracle" ? analyzer::LintFamily::Oracle : analyzer::LintFamily::Ml);
  if (const auto bad = analyzer::parseRuleSettings(a.settings, opt.overrides))
    return fatal(fmt::format("--set expects ID.option=number, got '{}'", *bad));
  std::vector<std::string> unknown;
  const auto chosen = analyzer::selectRules(rules::lintRegistry(), opt, unknown);
  if (!unknown.empty()) return fatal(fmt::format("unknown rule '{}'; `oalens rules` lists them", unknown.front()));
  const std::optional<std::string> helpBase = sarifHelpBase(a.helpUriBase, cfg->helpUriBase);
  if (!helpBase) return 2;
  analyzer::ProgressLine progress("lint", analyzer::progressWanted(progressMode(a.term), a.quiet));
  opt.scan.progress = &progress;
  // Each path is its own root, its files relative to the report root (the repository's, else .).
  const ReportRoot root = reportRootFor(a.paths.front());
  const analyzer::LintRootHooks hooks{
      [&](const std::string& path) { return root.prefixFor(path); },
      [&](const analyzer::LintFinding& f, const fs::path& dir) { return lintFindingIgnored(*cfg, f.file, dir, f.rule, f.name); }};
  analyzer::LintResult result = analyzer::lintRoots(a.paths, catalogue, chosen, opt, hooks);
  progress.finish();
  if (!a.writeBaseline.empty() && !writeOutput(a.writeBaseline, analyzer::lintBaselineText(result))) return 2;
  if (!a.baseline.empty()) {
    std::string err;
    const auto accepted = analyzer::readLintBaseline(a.baseline, err);
    if (!accepted) return fatal(fmt::format("{}: {}", a.baseline, err));
    if (const size_t n = analyzer::applyLintBaseline(result, *accepted); n && !a.quiet)
      fmt::print(stderr, "oalens: {} finding(s) in the baseline {} not shown\n", n, a.baseline);
  }
  if (!a.quiet) {
    const bool colour = colourWanted(a.term, stderr);
    for (const auto& d : result.diagnostics) fmt::print(stderr, "{}\n", colourIf(colour, analyzer::formatDiagnostic(d)));
    for (const auto& u : result.unused)
      fmt::print(stderr, "{}\n", colourIf(colour, analyzer::withVisibleControls(reports::unusedSuppressionText(u))));
  }
  const bool toTerminal = a.output.empty() || a.output == "-", text = a.format == "text" && !a.statistics;
  const bool colour = text && (toTerminal ? colourWanted(a.term, stdout) : a.term.color == "always");
  const std::string report = a.statistics ? reports::lintStatisticsText(result)
                                          : reports::lintReportText(result, a.format, sarifRuleDescriptors(RuleKind::Lint, *helpBase),
                                                                    {root.dir.string(), *helpBase});
  if (!writeOutput(a.output, report, colour)) return 2;
  std::string err;
  if (!a.db.empty() && !reports::writeLintDatabase(a.db, fmt::format("{}", fmt::join(a.paths, " ")), result, err))
    return fatal(fmt::format("{}: {}", a.db, err));
  return analyzer::lintExitCode(result, a.failOn);
}

}  // namespace

void addLintCommand(CLI::App& app) {
  static LintArgs args;
  CLI::App* cmd = app.add_subcommand("lint", "ML anti-patterns in training code and tolerance hygiene in test code");
  cmd->add_option("paths", args.paths, "files or directories to lint (default: .)");
  cmd->add_option("--format", args.format, reports::formatHelp())
      ->check(CLI::IsMember(reports::formatChoices({"text", "json", "csv", "sarif"})))
      ->capture_default_str();
  cmd->add_option("-o,--output", args.output, "write the report to this file instead of stdout");
  cmd->add_option("--config", args.config, "configuration file (default: .oalens.toml or pyproject.toml in PATH or .)");
  cmd->add_option("--help-uri-base", args.helpUriBase, "absolute URI the rules' doc pages are under, for SARIF's helpUri (docs/sarif.md)");
  cmd->add_option("--db", args.db, "also write the findings to this SQLite database (tables lint_runs, lint_findings; docs/schema.md)");
  cmd->add_option("--margins", args.margins,
                  "a margins database of the suite's runs (pytest -p oalens_margins): OA101 reports the checks no run used "
                  "0.1% of, instead of its fixed cut-off");
  cmd->add_option("--select,--rule", args.rules,
                  "run only these rules: an id, a name, a family (oracle, ml) or an id prefix (OA1); repeatable, or comma-separated")
      ->delimiter(',');
  cmd->add_option("--ignore", args.ignores, "leave out these rules, chosen as --select chooses (repeatable, or comma-separated)")
      ->delimiter(',');
  cmd->add_flag("--statistics", args.statistics, "print how many findings each rule has instead of the findings");
  cmd->add_option("--baseline", args.baseline, "leave out the findings whose fingerprints this file holds (from --write-baseline)");
  cmd->add_option("--write-baseline", args.writeBaseline, "write the fingerprints of this run's findings to this file");
  cmd->add_option("--family", args.families, "run only this family (repeatable)")->check(CLI::IsMember({"oracle", "ml"}));
  cmd->add_option("--set", args.settings, "a rule option, ID.option=value (repeatable; `oalens rules` lists them)");
  cmd->add_option("--fail-on", args.failOn, "lowest severity that makes the exit code 1")
      ->check(CLI::IsMember({"info", "note", "warning", "error", "never"}))
      ->capture_default_str();
  cmd->add_option("--test-files", args.testFiles, "RE2 pattern for Python test file paths (relative to PATH)");
  cmd->add_option("--exclude", args.exclude, "RE2 pattern of paths to leave out (repeatable)");
  cmd->add_option("-j,--jobs", args.jobs, "worker threads (0: one per core)")->capture_default_str();
  cmd->add_flag("--all-files", args.allFiles, "check the assertions of every file, not only test files");
  cmd->add_flag("--include-vendored", args.includeVendored,
                "also read C++ files in vendored folders (third_party/, 3rdparty/, external/, deps/, ...) as the suite's");
  cmd->add_flag("-q,--quiet", args.quiet, "do not print input diagnostics or the progress line on stderr");
  addColorOption(cmd, args.term);
  addProgressOption(cmd, args.term);
  cmd->callback([] { setExitCode(runLint(args)); });
}

}  // namespace oalens::cli
