// `oalens diff`: the pre-commit / CI gate. Modes: --staged (index against HEAD), --worktree
// (work tree against HEAD; the default), BASE..HEAD and BASE...HEAD (objects only, so it works
// in a bare repository). Exit 0 when no finding reaches --fail-on, 1 when one does, 2 on
// usage or fatal errors (not a repository, unresolved merge conflicts in the index).
// `oalens install-hook` writes a git pre-commit hook that runs `oalens diff --staged`.
#include <fmt/format.h>
#include <re2/re2.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/config.h"
#include "analyzer/cli/diff_margins.h"
#include "analyzer/cli/output.h"
#include "analyzer/cli/report_root.h"
#include "analyzer/cli/rule_descriptors.h"
#include "analyzer/cli/terminal.h"
#include "analyzer/core/input_guard.h"
#include "analyzer/core/visible_text.h"
#include "analyzer/lint/lint_baseline.h"
#include "analyzer/lint/rule_selector.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/scan/scanner.h"
#include "analyzer/scan/test_files.h"
#include "miners/gate/change_wide.h"
#include "miners/gate/config_change.h"
#include "miners/gate/diff_gate.h"
#include "miners/gate/trailer_scope.h"
#include "miners/git/repository.h"
#include "reports/ci/ci_formats.h"
#include "reports/json/json_report.h"
#include "reports/sarif/sarif_report.h"
#include "rules/rule_index.h"

namespace oalens::cli {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

namespace {

struct DiffArgs {
  std::string range;
  std::string repo = ".";
  bool staged = false;
  bool worktree = false;
  std::string format = "text";
  std::string failOn = "warning";
  std::string testFiles;
  std::string cppTestFiles;
  std::string output;
  bool wholeFiles = false;
  std::vector<std::string> packages;
  std::string margins;  // a margins database (pytest -p oalens_margins)
  std::string helpUriBase;
  int renameLimit = miners::Repository::kDefaultRenameLimit;
  std::vector<std::string> select, ignore;  // gate rules, as lint chooses its rules
  std::string baseline, writeBaseline;      // fingerprints of accepted findings (analyzer/lint/lint_baseline.h)
  TerminalArgs term;
};

int severityRank(miners::GateSeverity s) { return static_cast<int>(s); }

std::optional<miners::GateSeverity> parseFailOn(const std::string& s) {
  if (s == "info") return miners::GateSeverity::Info;
  if (s == "note") return miners::GateSeverity::Note;
  if (s == "warning") return miners::GateSeverity::Warning;
  if (s == "error") return miners::GateSeverity::Error;
  return std::nullopt;  // never
}

std::optional<std::string> readFile(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return std::nullopt;
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

json sarif(const std::vector<miners::GateFinding>& findings, const reports::SarifPlace& place) {
  json results = json::array();
  for (const auto& f : findings) {
    std::string level = f.severity == miners::GateSeverity::Warning || f.severity == miners::GateSeverity::Error ? "warning" : "note";
    results.push_back(reports::sarifResult({f.rule, level, f.message, f.file, f.fingerprint, f.line, f.column}));
  }
  return reports::sarifLog(sarifRuleDescriptors(RuleKind::Gate, place.helpBase), std::move(results), place);
}

// The functions and classes the non-test Python files of the change stop defining (a name
// moved to another changed file is not removed), and the modules it deletes.
miners::ChangeFacts removedCode(const miners::Repository& repo, const std::vector<miners::FileChange>& changes,
                                const analyzer::TestFileFilter& testFiles, const std::string& worktreeDir) {
  miners::ChangeFacts facts;
  std::set<std::string> before, after;
  std::string err;
  for (const auto& fc : changes) {
    const std::string& path = fc.newPath.empty() ? fc.oldPath : fc.newPath;
    if (!path.ends_with(".py") || testFiles.isTest(path)) continue;
    bool binary = false;
    if (!fc.oldBlob.empty())
      if (auto text = repo.blob(fc.oldBlob, binary, err); text && !binary) before.merge(miners::definedNames(*text));
    std::optional<std::string> now;
    if (!fc.newBlob.empty()) now = repo.blob(fc.newBlob, binary, err);
    else if (!fc.newPath.empty() && !worktreeDir.empty()) now = readFile(fs::path(worktreeDir) / fc.newPath);
    if (now && !binary) after.merge(miners::definedNames(*now));
    if (fc.newPath.empty())
      for (const std::string& name : miners::moduleNamesOf(fc.oldPath)) facts.removedModules.insert(name);
  }
  std::set_difference(before.begin(), before.end(), after.begin(), after.end(),
                      std::inserter(facts.removedNames, facts.removedNames.end()));
  return facts;
}

// --select / --ignore, else the old side's [diff] select, ignore and per-file-ignores (the
// old side's: a change cannot switch off the rules that check it). False after printing why
// when a selector names no gate rule.
bool chooseGateRules(const DiffArgs& a, const RuleChoice& config, std::vector<miners::GateFinding>& findings) {
  const std::vector<std::string>& select = a.select.empty() ? config.select : a.select;
  std::vector<std::string> ignore = a.ignore;
  ignore.insert(ignore.end(), config.ignore.begin(), config.ignore.end());
  auto matches = [](const std::string& selector, const std::string& id, const std::string& name) {
    return analyzer::selectorMatch(selector, id, name, "gate") != analyzer::SelectorMatch::None;
  };
  for (const std::vector<std::string>* list : {&select, static_cast<const std::vector<std::string>*>(&ignore)})
    for (const std::string& s : *list) {
      bool known = false;
      for (const rules::RuleEntry& r : rules::ruleIndex()) known |= r.family == "gate" && matches(s, r.id, r.name);
      if (!known) {
        fmt::print(stderr, "oalens: unknown gate rule '{}'; `oalens rules --family gate` lists them\n", s);
        return false;
      }
    }
  std::erase_if(findings, [&](const miners::GateFinding& f) {
    auto named = [&](const std::vector<std::string>& list) {
      return std::any_of(list.begin(), list.end(), [&](const std::string& s) { return matches(s, f.rule, f.name); });
    };
    return (!select.empty() && !named(select)) || named(ignore) || perFileIgnored(config, f.file, f.rule, f.name, "gate");
  });
  return true;
}

// --write-baseline writes the findings' fingerprints; --baseline leaves out those it holds, so
// that a branch's accepted loosenings stop failing each later run over the same range.
bool applyGateBaseline(const DiffArgs& a, std::vector<miners::GateFinding>& findings) {
  if (!a.writeBaseline.empty()) {
    std::vector<analyzer::BaselineEntry> entries;
    for (const auto& f : findings) entries.push_back({f.fingerprint, f.rule, f.file});
    if (!writeOutput(a.writeBaseline, analyzer::baselineText(entries))) return false;
  }
  if (a.baseline.empty()) return true;
  std::string err;
  const auto accepted = analyzer::readLintBaseline(a.baseline, err);
  if (!accepted) {
    fmt::print(stderr, "oalens: {}: {}\n", a.baseline, err);
    return false;
  }
  const size_t before = findings.size();
  std::erase_if(findings, [&](const miners::GateFinding& f) { return accepted->count(f.fingerprint) > 0; });
  if (const size_t n = before - findings.size()) fmt::print(stderr, "oalens: {} finding(s) in the baseline {} not shown\n", n, a.baseline);
  return true;
}

int runDiff(const DiffArgs& a) {
  const int modes = int(a.staged) + int(a.worktree) + int(!a.range.empty());
  if (modes > 1) {
    fmt::print(stderr, "oalens: give one of --staged, --worktree or BASE..HEAD\n");
    return 2;
  }
  std::string err;
  // A path inside the work tree is enough, as for git.
  auto repo = miners::Repository::discover(a.repo, err);
  if (!repo) {
    fmt::print(stderr, "oalens: {}\n", err);
    return 2;
  }
  repo->setRenameLimit(a.renameLimit);
  std::string workdir = repo->workdir();

  std::optional<std::vector<miners::FileChange>> changes;
  miners::TrailerScope trailers;
  std::vector<std::string> packageCommits{""};  // where the library's packages are read: both ends of a range, else HEAD
  const bool worktree = !a.staged && a.range.empty();
  if (!a.range.empty()) {
    const bool symmetric = a.range.find("...") != std::string::npos;
    const size_t sep = a.range.find(symmetric ? "..." : "..");
    if (sep == std::string::npos) {
      fmt::print(stderr, "oalens: expected BASE..HEAD or BASE...HEAD, got '{}'\n", a.range);
      return 2;
    }
    std::string baseRev = a.range.substr(0, sep), headRev = a.range.substr(sep + (symmetric ? 3 : 2));
    auto base = repo->resolve(baseRev.empty() ? "HEAD" : baseRev, err);
    auto head = base ? repo->resolve(headRev.empty() ? "HEAD" : headRev, err) : std::nullopt;
    if (!head) {
      fmt::print(stderr, "oalens: {}\n", err);
      return 2;
    }
    std::string from = *base;
    if (symmetric) {
      auto mb = repo->mergeBase(*base, *head, err);
      if (!mb) {
        fmt::print(stderr, "oalens: {}\n", err);
        return 2;
      }
      from = *mb;
    }
    changes = repo->treeChanges(from, *head, err);
    packageCommits = {from, *head};  // both: a package renamed by the change (keras_core -> keras) is still the library
    // Reasons stated in commit trailers, each for the files its own commit changes.
    if (auto commits = repo->range(from, *head, err)) {
      if (auto scope = miners::scopeTrailers(*repo, *commits, err)) trailers = std::move(*scope);
      else fmt::print(stderr, "oalens: warning: commit trailers not read: {}\n", err);
    }
  } else {
    // Before the first commit HEAD is the empty tree: everything is new, nothing is weakened.
    auto conflicted = repo->conflicts();
    if (!conflicted.empty()) {
      fmt::print(stderr, "oalens: unresolved merge conflicts in {} file(s), first {}; resolve them before checking tolerances\n",
                 conflicted.size(), conflicted.front());
      return 2;
    }
    changes = a.staged ? repo->stagedChanges(err) : repo->worktreeChanges(err);
  }
  if (!changes) {
    fmt::print(stderr, "oalens: {}\n", err);
    return 2;
  }
  if (const std::string note = repo->takeRenameNote(); !note.empty()) fmt::print(stderr, "oalens: warning: {}\n", note);

  // The configuration of each side. The gate checks both with the old side's: a change that
  // edits .oalens.toml cannot redefine what it is checked by, and CH310 says what it weakens.
  RuleChoice rulesOfOldSide;
  std::string configuredHelpBase;
  auto configOf = [&](bool newSide) -> std::optional<miners::ConfigSide> {
    miners::ConfigSide side{analyzer::Catalogue::builtin(), {}, {}, {}};
    for (const auto& [path, table] : {std::pair{".oalens.toml", ""}, std::pair{"pyproject.toml", "tool.oalens"}}) {
      std::optional<std::string> text;
      if (!newSide) text = repo->fileAt(packageCommits.front(), path);
      else if (!a.range.empty()) text = repo->fileAt(packageCommits.back(), path);
      else if (a.staged) text = repo->fileAt("", path, /*fromIndex=*/true);
      else text = readFile(fs::path(workdir) / path);
      if (!text) continue;
      if (std::string(table) == "tool.oalens" && text->find("[tool.oalens") == std::string::npos) continue;
      std::string cfgErr;
      auto cfg = configFromText(*text, path, table, side.catalogue, cfgErr);
      if (!cfg) {
        fmt::print(stderr, "oalens: invalid configuration ({} side): {}\n", newSide ? "new" : "old", cfgErr);
        return std::nullopt;
      }
      side.testFiles = cfg->testFiles;
      if (!newSide) rulesOfOldSide = cfg->diff;
      if (newSide) configuredHelpBase = cfg->helpUriBase;
      side.path = path;
      side.text = std::move(*text);
      break;
    }
    return side;
  };
  std::optional<miners::ConfigSide> oldConfig = configOf(false), newConfig = configOf(true);
  if (!oldConfig || !newConfig) return 2;
  const std::optional<std::string> helpBase = sarifHelpBase(a.helpUriBase, configuredHelpBase);
  if (!helpBase) return 2;
  const analyzer::Catalogue& catalogue = oldConfig->catalogue;
  analyzer::ScanOptions defaults;
  const analyzer::TestFileFilter testFiles(!a.testFiles.empty()            ? a.testFiles
                                           : !oldConfig->testFiles.empty() ? oldConfig->testFiles
                                                                           : defaults.testFilePattern,
                                           !a.cppTestFiles.empty() ? a.cppTestFiles : defaults.cppTestFilePattern);
  if (!testFiles.ok()) {
    fmt::print(stderr, "oalens: invalid --test-files or --cpp-test-files pattern\n");
    return 2;
  }

  std::vector<miners::GateFinding> findings =
      miners::weakenedConfiguration(*oldConfig, *newConfig, trailers.reasonFor(oldConfig->path, newConfig->path));
  std::vector<std::string> diagnostics;
  miners::GateContext context{catalogue, "", a.packages, {}};
  // The suite's helper modules on each side: the range's ends; for --staged HEAD and the index;
  // for the work tree HEAD and the files on disk.
  context.suiteFile = [&](bool newSide, const std::string& path) -> std::optional<std::string> {
    if (!newSide) return repo->fileAt(packageCommits.front(), path);
    if (!a.range.empty()) return repo->fileAt(packageCommits.back(), path);
    if (a.staged) return repo->fileAt("", path, /*fromIndex=*/true);
    return readFile(fs::path(workdir) / path);
  };
  // The index's directories are read as HEAD has them: a helper package's children are rarely
  // added in the same change as a test that uses them.
  context.suiteChildren = [&](bool newSide, const std::string& dir) -> std::vector<std::string> {
    if (!newSide) return repo->pythonModulesIn(packageCommits.front(), dir);
    if (!a.range.empty()) return repo->pythonModulesIn(packageCommits.back(), dir);
    if (a.staged) return repo->pythonModulesIn("", dir);
    std::vector<std::string> out;
    std::error_code ec;
    for (fs::directory_iterator it(fs::path(workdir) / dir, ec), end; !ec && it != end; it.increment(ec)) {
      const std::string name = it->path().filename().string();
      if (it->is_directory(ec)) out.push_back(dir + name + "/__init__.py");
      else if (name.ends_with(".py")) out.push_back(dir + name);
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  if (!a.margins.empty() && !attachMargins(a.margins, workdir, context)) return 2;
  if (context.libraryPackages.empty()) {
    std::vector<std::string> packageDirs;
    for (const std::string& commit : packageCommits) {
      auto dirs = repo->topLevelPackageDirs(commit, err);
      if (dirs) packageDirs.insert(packageDirs.end(), dirs->begin(), dirs->end());
      else diagnostics.push_back(fmt::format("the library's packages could not be read ({}); oracles are not compared", err));
    }
    context.libraryPackages = analyzer::libraryPackagesAmong(packageDirs);
  }
  miners::ChangeFacts facts;
  std::vector<std::pair<std::string, std::string>> deletedTests;  // path, text: read against the removed modules
  size_t files = 0;
  for (const auto& fc : *changes) {
    const bool isTest = (!fc.oldPath.empty() && testFiles.isTest(fc.oldPath)) || (!fc.newPath.empty() && testFiles.isTest(fc.newPath));
    if (!isTest) continue;
    ++files;
    miners::GateFile gf;
    gf.oldPath = fc.oldPath;
    gf.newPath = fc.newPath;
    // Scoping to the changed tests reads Python's blocks; a C++ file is checked whole.
    gf.scopeToChangedTests =
        !a.wholeFiles && analyzer::languageOfPath(gf.newPath.empty() ? gf.oldPath : gf.newPath) == analyzer::Language::Python;
    bool binary = false;
    // A side the scan would skip (a NUL byte past the 8,000 bytes git sniffs for binary data, a
    // file over the size limit) is unreadable too: its checks would read as all deleted.
    auto refused = [&](const std::string& path, const std::string& bytes) {
      const analyzer::SourceInput in = analyzer::refusalOf(bytes, analyzer::InputLimits{});
      if (in.error != analyzer::ReadError::None) diagnostics.push_back(fmt::format("{}: {}", path, in.message));
      return in.error != analyzer::ReadError::None;
    };
    if (!fc.oldBlob.empty()) {
      gf.oldBytes = repo->blob(fc.oldBlob, binary, err);
      if (!gf.oldBytes || binary) {
        diagnostics.push_back(fmt::format("{}: {}", fc.oldPath, binary ? "binary file skipped" : err));
        continue;
      }
      if (refused(fc.oldPath, *gf.oldBytes)) continue;
    }
    if (!fc.newPath.empty()) {
      if (!fc.newBlob.empty()) gf.newBytes = repo->blob(fc.newBlob, binary, err);
      else if (worktree) gf.newBytes = readFile(fs::path(workdir) / fc.newPath);
      if (!gf.newBytes || binary) {
        diagnostics.push_back(fmt::format("{}: {}", fc.newPath, binary ? "binary file skipped" : "cannot read the new version"));
        continue;
      }
      if (refused(fc.newPath, *gf.newBytes)) continue;
    }
    context.trailerReason = trailers.reasonFor(fc.oldPath, fc.newPath);
    std::vector<std::string> added;
    auto f = miners::checkFile(gf, context, diagnostics, &added);
    findings.insert(findings.end(), f.begin(), f.end());
    facts.addedOa.insert(added.begin(), added.end());
    if (fc.newPath.empty() && gf.oldBytes) deletedTests.emplace_back(fc.oldPath, std::move(*gf.oldBytes));
  }
  // A deletion the rest of the change explains (the assertion moved to another file, or went
  // with the code it tests) weakens nothing. What the change does to the code under test (the
  // functions and modules it removes) is read only when there is a deletion to explain.
  if (std::any_of(findings.begin(), findings.end(), [](const miners::GateFinding& f) { return f.rule == "CH302"; })) {
    miners::ChangeFacts code = removedCode(*repo, *changes, testFiles, worktree ? workdir : std::string());
    facts.removedNames = std::move(code.removedNames);
    facts.removedModules = std::move(code.removedModules);
    for (const auto& [path, text] : deletedTests)
      if (miners::importsAnyOf(text, facts.removedModules)) facts.testsWithGoneCode.insert(path);
    if (const size_t explained = miners::dropExplainedDeletions(findings, facts))
      diagnostics.push_back(
          fmt::format("{} deleted OA assertion(s) moved to another file or went with the code they test: not reported", explained));
  }
  if (!chooseGateRules(a, rulesOfOldSide, findings)) return 2;
  if (!applyGateBaseline(a, findings)) return 2;
  for (const auto& d : diagnostics) fmt::print(stderr, "oalens: note: {}\n", analyzer::withVisibleControls(d));

  std::string text;
  if (a.format == "json") {
    json list = json::array();
    for (const auto& f : findings)
      list.push_back({{"file", f.file},
                      {"line", f.line},
                      {"column", f.column},
                      {"rule", f.rule},
                      {"name", f.name},
                      {"severity", miners::gateSeverityName(f.severity)},
                      {"message", f.message},
                      {"stated_reason", f.statedReason.empty() ? json(nullptr) : json(f.statedReason)},
                      {"fingerprint", f.fingerprint}});
    text = reports::jsonText(json{{"files_checked", files}, {"findings", list}}) + "\n";
  } else if (a.format == "github" || a.format == "junit" || a.format == "gitlab") {
    std::vector<reports::CiFinding> ci;
    for (const auto& f : findings)
      ci.push_back(
          {f.file, f.line, f.column, 0, 0, f.rule, f.name, std::string(miners::gateSeverityName(f.severity)), f.message, f.fingerprint});
    text = a.format == "github"  ? reports::githubAnnotations(ci)
           : a.format == "junit" ? reports::junitXml(ci, "oalens diff")
                                 : reports::gitlabCodeQuality(ci);
  } else if (a.format == "sarif") {
    // Git's paths are relative to the work tree's root already; a bare repository has none.
    std::string root = workdir;
    while (root.size() > 1 && root.ends_with('/')) root.pop_back();
    text = reports::jsonText(sarif(findings, {root, *helpBase})) + "\n";
  } else {
    for (const auto& f : findings)
      text += fmt::format("{}:{}:{}: {}: {} [{}]\n", f.file, f.line, f.column, miners::gateSeverityName(f.severity), f.message, f.rule);
  }
  const bool toTerminal = a.output.empty() || a.output == "-";
  const bool colour = a.format == "text" && (toTerminal ? colourWanted(a.term, stdout) : a.term.color == "always");
  if (!writeOutput(a.output, text, colour)) return 2;
  auto failOn = parseFailOn(a.failOn);
  bool fail = false;
  for (const auto& f : findings) fail |= failOn && severityRank(f.severity) >= severityRank(*failOn);
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
  cmd->add_option("--format", args.format,
                  "output format (github: workflow commands that annotate a pull request; junit: JUnit XML; gitlab: GitLab code quality)")
      ->check(CLI::IsMember({"text", "json", "sarif", "github", "junit", "gitlab"}))
      ->capture_default_str();
  cmd->add_option("--fail-on", args.failOn, "lowest severity that fails the check")
      ->check(CLI::IsMember({"info", "note", "warning", "error", "never"}))
      ->capture_default_str();
  cmd->add_option("--test-files", args.testFiles, "RE2 pattern for Python test file paths");
  cmd->add_option("--cpp-test-files", args.cppTestFiles, "RE2 pattern for C++ test file paths");
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
