// `oalens diff`: the pre-commit / CI gate. Modes: --staged (index against HEAD), --worktree
// (work tree against HEAD; the default), BASE..HEAD and BASE...HEAD (objects only, so it works
// in a bare repository). Exit 0 when no finding reaches --fail-on, 1 when one does, 2 on
// usage or fatal errors (not a repository, unresolved merge conflicts in the index).
// `oalens install-hook` writes a git pre-commit hook that runs `oalens diff --staged`.
#include <fmt/format.h>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/config.h"
#include "analyzer/cli/diff_config.h"
#include "analyzer/cli/diff_margins.h"
#include "analyzer/cli/output.h"
#include "analyzer/cli/report_root.h"
#include "analyzer/cli/rule_descriptors.h"
#include "analyzer/cli/terminal.h"
#include "analyzer/core/visible_text.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/scan/scanner.h"
#include "miners/gate/change_sides.h"
#include "miners/gate/config_change.h"
#include "miners/gate/gate_run.h"
#include "reports/findings/finding_formats.h"
#include "reports/findings/gate_report.h"

namespace oalens::cli {

namespace {

struct DiffArgs {
  std::string range, repo = ".";
  bool staged = false, worktree = false, wholeFiles = false;
  std::string format = "text", failOn = "warning", testFiles, cppTestFiles, output;
  bool includeVendored = false;
  std::vector<std::string> packages;
  std::string margins;  // a margins database (pytest -p oalens_margins)
  std::string helpUriBase;
  int renameLimit = miners::Repository::kDefaultRenameLimit;
  std::vector<std::string> select, ignore;  // gate rules, as lint chooses its rules
  std::string baseline, writeBaseline;      // fingerprints of accepted findings (analyzer/lint/lint_baseline.h)
  TerminalArgs term;
};

int runDiff(const DiffArgs& a) {
  if (int(a.staged) + int(a.worktree) + int(!a.range.empty()) > 1) return fatal("give one of --staged, --worktree or BASE..HEAD");
  std::string err;
  std::vector<std::string> warnings;
  const std::optional<miners::ChangeSides> sides = miners::ChangeSides::open(a.repo, a.range, a.staged, a.renameLimit, err, warnings);
  for (const std::string& w : warnings) fmt::print(stderr, "oalens: warning: {}\n", w);
  if (!sides) return fatal(err);

  // The configuration of each side. The gate checks both with the old side's: a change that
  // edits .oalens.toml cannot redefine what it is checked by, and CH310 says what it weakens.
  RuleChoice rulesOfOldSide;
  std::string configuredHelpBase;
  const std::optional<miners::ConfigSide> oldConfig = gateConfigSide(*sides, false, rulesOfOldSide, configuredHelpBase),
                                          newConfig = gateConfigSide(*sides, true, rulesOfOldSide, configuredHelpBase);
  if (!oldConfig || !newConfig) return 2;
  const std::optional<std::string> helpBase = sarifHelpBase(a.helpUriBase, configuredHelpBase);
  if (!helpBase) return 2;
  analyzer::ScanOptions defaults;
  const analyzer::TestFileFilter testFiles(!a.testFiles.empty()            ? a.testFiles
                                           : !oldConfig->testFiles.empty() ? oldConfig->testFiles
                                                                           : defaults.testFilePattern,
                                           !a.cppTestFiles.empty() ? a.cppTestFiles : defaults.cppTestFilePattern, a.includeVendored);
  if (!testFiles.ok()) return fatal("invalid --test-files or --cpp-test-files pattern");

  std::vector<miners::GateFinding> findings =
      miners::weakenedConfiguration(*oldConfig, *newConfig, sides->trailers().reasonFor(oldConfig->path, newConfig->path));
  std::vector<std::string> diagnostics;
  miners::GateContext context{oldConfig->catalogue, "", a.packages, {}};
  // The suite's helper modules on each side: the range's ends; for --staged HEAD and the index;
  // for the work tree HEAD and the files on disk.
  context.suiteFile = [&](bool newSide, const std::string& path) { return sides->fileAt(newSide, path); };
  context.suiteChildren = [&](bool newSide, const std::string& dir) { return sides->modulesIn(newSide, dir); };
  if (!a.margins.empty() && !attachMargins(a.margins, sides->workdir(), context)) return 2;
  if (context.libraryPackages.empty()) context.libraryPackages = analyzer::libraryPackagesAmong(sides->packageDirs(diagnostics));
  const size_t files = miners::checkChange(*sides, testFiles, a.wholeFiles, context, findings, diagnostics);
  if (!chooseGateRules(a.select, a.ignore, rulesOfOldSide, findings)) return 2;
  if (!applyGateBaseline(a.baseline, a.writeBaseline, findings)) return 2;
  for (const auto& d : diagnostics) fmt::print(stderr, "oalens: note: {}\n", analyzer::withVisibleControls(d));

  // Git's paths are relative to the work tree's root already; a bare repository has none.
  std::string root = sides->workdir();
  while (root.size() > 1 && root.ends_with('/')) root.pop_back();
  const std::string text =
      reports::gateReportText(miners::gateReportRows(findings), a.format, files,
                              a.format == "sarif" ? sarifRuleDescriptors(RuleKind::Gate, *helpBase) : nullptr, {root, *helpBase});
  const bool toTerminal = a.output.empty() || a.output == "-";
  const bool colour = a.format == "text" && (toTerminal ? colourWanted(a.term, stdout) : a.term.color == "always");
  if (!writeOutput(a.output, text, colour)) return 2;
  const bool fail = miners::gateFails(findings, a.failOn);
  // A commit's trailer is read in range mode only: before the commit (pre-commit, --staged, the
  // work tree) there is no message to read, so only the marker is offered there.
  if (a.format == "text" && fail)
    fmt::print(stderr,
               "oalens: this change weakens OA assertions; state the reason with `# oalens: loosen-ok(<reason>)` "
               "(`// oalens: ...` in C++) next to the assertion{}\n",
               a.range.empty() ? "" : " or a `Tolerance-Change: <reason>` trailer in the commit that makes the change");
  return fail ? 1 : 0;
}

}  // namespace

void addDiffCommand(CLI::App& app) {
  static DiffArgs args;
  CLI::App* cmd = app.add_subcommand("diff", "flag loosened thresholds and weakened oracles in a change (pre-commit / CI gate)");
  cmd->add_option("range", args.range, "BASE..HEAD or BASE...HEAD (objects only; works in bare repositories)");
  cmd->add_flag("--staged", args.staged, "check the index against HEAD (pre-commit)");
  cmd->add_flag("--worktree", args.worktree, "check the work tree against HEAD (the default)");
  cmd->add_option("--repo", args.repo, "repository (a path inside it is enough)")->capture_default_str();
  cmd->add_option("--select", args.select,
                  "report only these gate rules: an id, a name or an id prefix (CH30); repeatable, or comma-separated")
      ->delimiter(',');
  cmd->add_option("--ignore", args.ignore, "leave out these gate rules, chosen as --select chooses (repeatable, or comma-separated)")
      ->delimiter(',');
  cmd->add_option("--format", args.format, reports::formatHelp())
      ->check(CLI::IsMember(reports::formatChoices({"text", "json", "sarif"})))
      ->capture_default_str();
  cmd->add_option("--fail-on", args.failOn, "lowest severity that fails the check")
      ->check(CLI::IsMember({"info", "note", "warning", "error", "never"}))
      ->capture_default_str();
  cmd->add_option("--test-files", args.testFiles, "RE2 pattern for Python test file paths");
  cmd->add_option("--cpp-test-files", args.cppTestFiles, "RE2 pattern for C++ test file paths");
  cmd->add_flag("--include-vendored", args.includeVendored,
                "also check C++ files in vendored folders (third_party/, 3rdparty/, external/, deps/, ...) as the suite's");
  cmd->add_option("-o,--output", args.output, "write the report to this file");
  cmd->add_option("--help-uri-base", args.helpUriBase, "absolute URI the rules' doc pages are under, for SARIF's helpUri (docs/sarif.md)");
  cmd->add_option("--rename-limit", args.renameLimit,
                  "deleted files each added file is compared with to find an edited file's rename (the same content always pairs)")
      ->capture_default_str()
      ->check(CLI::Range(1, 1 << 30));
  cmd->add_option("--package", args.packages,
                  "top-level package of the library under test, for oracle changes (repeatable; default: the top-level "
                  "directories with an __init__.py)");
  cmd->add_flag("--whole-files", args.wholeFiles,
                "scan every changed test file whole (by default only the tests a change touches, when that is all it touches)");
  cmd->add_option("--margins", args.margins,
                  "a margins database of the suite's runs (pytest -p oalens_margins): a loosening says how much of the old "
                  "tolerance they used");
  cmd->add_option("--baseline", args.baseline, "leave out the findings whose fingerprints this file holds (from --write-baseline)");
  cmd->add_option("--write-baseline", args.writeBaseline, "write the fingerprints of this run's findings to this file");
  addColorOption(cmd, args.term);
  cmd->callback([] { setExitCode(runDiff(args)); });
}

}  // namespace oalens::cli
