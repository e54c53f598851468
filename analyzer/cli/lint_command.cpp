// `oalens lint PATH`: the lint rules (rules/lint/) over the scan core's models and assertion
// records (`oalens rules`, analyzer/cli/rules_command.cpp, lists the rules).
// Exit 0 when no finding reaches --fail-on, 1 when one does, 2 on usage or fatal errors.
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

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
#include "reports/ci/ci_formats.h"
#include "reports/csv/csv_report.h"
#include "reports/json/json_report.h"
#include "reports/sarif/sarif_report.h"
#include "reports/sqlite/sqlite_writer.h"
#include "rules/lint/registry.h"

namespace oalens::cli {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

struct LintArgs {
  std::vector<std::string> paths = {"."};
  std::string format = "text";
  std::string output;
  std::string config;
  std::string db;
  std::string margins;  // a margins database (pytest -p oalens_margins) for OA101
  std::string failOn = "warning";
  std::string testFiles;
  std::vector<std::string> rules;
  std::vector<std::string> ignores;
  std::vector<std::string> families;
  std::vector<std::string> settings;  // ID.option=value
  std::vector<std::string> exclude;
  unsigned jobs = 0;
  bool allFiles = false;
  bool quiet = false;
  bool statistics = false;
  std::string baseline, writeBaseline;
  TerminalArgs term;
  std::string helpUriBase;
};

std::string sarifLevel(analyzer::LintSeverity s) {
  return s == analyzer::LintSeverity::Error ? "error" : s == analyzer::LintSeverity::Warning ? "warning" : "note";
}

json sarif(const std::vector<analyzer::LintFinding>& findings, const reports::SarifPlace& place) {
  json results = json::array();
  for (const auto& f : findings)
    results.push_back(reports::sarifResult({f.rule, sarifLevel(f.severity), f.message, f.file, f.fingerprint, f.line, f.column,
                                            std::max<uint32_t>(1, f.endLine), f.endColumn}));
  return reports::sarifLog(sarifRuleDescriptors(RuleKind::Lint, place.helpBase), std::move(results), place);
}

std::string render(const analyzer::LintResult& r, const std::string& format, const reports::SarifPlace& place) {
  if (format == "json") {
    json list = json::array();
    for (const auto& f : r.findings) {
      list.push_back({{"file", f.file},
                      {"line", f.line},
                      {"column", f.column},
                      {"end_line", f.endLine},
                      {"end_column", f.endColumn},
                      {"rule", f.rule},
                      {"name", f.name},
                      {"severity", analyzer::lintSeverityName(f.severity)},
                      {"message", f.message},
                      {"fix", f.fix},
                      {"fingerprint", f.fingerprint}});
      if (f.cell != 0) {
        list.back()["cell"] = f.cell;
        list.back()["cell_line"] = f.cellLine;
      }
    }
    json unused = json::array();
    for (const auto& u : r.unused) unused.push_back({{"file", u.file}, {"line", u.line}, {"column", u.column}, {"rules", u.words}});
    return reports::jsonText(
               json{{"files_linted", r.files}, {"suppressed", r.suppressed}, {"findings", list}, {"unused_suppressions", unused}}) +
           "\n";
  }
  if (format == "sarif") return reports::jsonText(sarif(r.findings, place)) + "\n";
  if (format == "github" || format == "junit" || format == "gitlab") {
    std::vector<reports::CiFinding> ci;
    for (const auto& f : r.findings)
      ci.push_back({f.file, f.line, f.column, f.endLine, f.endColumn, f.rule, f.name, std::string(analyzer::lintSeverityName(f.severity)),
                    f.message, f.fingerprint});
    return format == "github"  ? reports::githubAnnotations(ci)
           : format == "junit" ? reports::junitXml(ci, "oalens lint")
                               : reports::gitlabCodeQuality(ci);
  }
  if (format == "csv") {
    std::string out = "file,line,column,rule,name,severity,message,fingerprint\n";
    for (const auto& f : r.findings)
      out += fmt::format("{},{},{},{},{},{},{},{}\n", reports::csvField(f.file), f.line, f.column, f.rule, f.name,
                         analyzer::lintSeverityName(f.severity), reports::csvField(f.message), f.fingerprint);
    return out;
  }
  std::string out;
  for (const auto& f : r.findings) {
    const std::string at = f.cell != 0 ? fmt::format("{}:cell {}:line {}:{}", f.file, f.cell, f.cellLine, f.column)
                                       : fmt::format("{}:{}:{}", f.file, f.line, f.column);
    out += fmt::format("{}: {}: {} [{}]\n", at, analyzer::lintSeverityName(f.severity), f.message, f.rule);
  }
  return out;
}

// `path:line:col: note: unused suppression ...`, as the diagnostics are printed.
std::string unusedText(const analyzer::UnusedSuppression& u) {
  std::string words;
  for (const std::string& w : u.words) words += (words.empty() ? "" : ", ") + w;
  return u.words.size() == 1 && u.words.front().empty()
             ? fmt::format("{}:{}:{}: note: unused suppression: `oalens: ignore` drops no finding on this line", u.file, u.line, u.column)
             : fmt::format("{}:{}:{}: note: unused suppression: no {} finding on this line to ignore", u.file, u.line, u.column, words);
}

// The family of a lint rule's id, for selectors that name families.
std::string familyOf(const std::string& id) { return id.starts_with("ML") ? "ml" : "oracle"; }

// `--statistics`: how many findings each rule has, most first, as ruff prints them.
std::string statistics(const analyzer::LintResult& r) {
  std::map<std::pair<std::string, std::string>, size_t> counts;
  for (const auto& f : r.findings) ++counts[{f.rule, f.name}];
  std::vector<std::pair<size_t, std::pair<std::string, std::string>>> rows;
  for (const auto& [rule, n] : counts) rows.push_back({n, rule});
  std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::string out;
  for (const auto& [n, rule] : rows) out += fmt::format("{:>6}  {}  {}\n", n, rule.first, rule.second);
  out += fmt::format("{:>6}  findings in {} files ({} suppressed)\n", r.findings.size(), r.files, r.suppressed);
  if (!r.unused.empty()) out += fmt::format("{:>6}  unused suppressions\n", r.unused.size());
  return out;
}

int runLint(const LintArgs& a) {
  for (const std::string& path : a.paths)
    if (!std::filesystem::exists(path)) {
      fmt::print(stderr, "oalens: {}: no such file or directory\n", path);
      return 2;
    }
  analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
  const std::filesystem::path first(a.paths.front());
  auto cfg = loadConfig(first, a.config, catalogue);
  if (!cfg) return 2;
  analyzer::LintOptions opt;
  opt.scan.threads = a.jobs;
  opt.scan.allFiles = a.allFiles;
  if (!cfg->testFiles.empty()) opt.scan.testFilePattern = cfg->testFiles;
  if (!a.testFiles.empty()) opt.scan.testFilePattern = a.testFiles;
  for (const std::string& pattern : a.exclude) opt.scan.excludePatterns.push_back(pattern);
  for (const std::string* pattern : {&opt.scan.testFilePattern}) {
    RE2 check(*pattern);
    if (!check.ok()) {
      fmt::print(stderr, "oalens: invalid --test-files pattern: {}\n", check.error());
      return 2;
    }
  }
  if (!a.margins.empty() && !attachLintMargins(a.margins, opt)) return 2;
  // The command line's choice of rules, else the configuration's; ignores add up.
  if (!a.rules.empty()) opt.only.insert(a.rules.begin(), a.rules.end());
  else opt.only.insert(cfg->lint.select.begin(), cfg->lint.select.end());
  opt.ignored.insert(a.ignores.begin(), a.ignores.end());
  opt.ignored.insert(cfg->lint.ignore.begin(), cfg->lint.ignore.end());
  if (!a.families.empty()) {
    opt.families.clear();
    for (const std::string& f : a.families) opt.families.insert(f == "oracle" ? analyzer::LintFamily::Oracle : analyzer::LintFamily::Ml);
  }
  static const RE2 setting(R"(([A-Z]{2}[0-9]{3})\.([a-z_-]+)=(.+))");
  for (const std::string& s : a.settings) {
    std::string id, name, value;
    char* end = nullptr;
    if (!RE2::FullMatch(s, setting, &id, &name, &value) || (std::strtod(value.c_str(), &end), *end != '\0')) {
      fmt::print(stderr, "oalens: --set expects ID.option=number, got '{}'\n", s);
      return 2;
    }
    opt.overrides[id + "." + name] = std::strtod(value.c_str(), nullptr);
  }
  std::vector<std::string> unknown;
  const auto chosen = analyzer::selectRules(rules::lintRegistry(), opt, unknown);
  if (!unknown.empty()) {
    fmt::print(stderr, "oalens: unknown rule '{}'; `oalens rules` lists them\n", unknown.front());
    return 2;
  }
  const std::optional<std::string> helpBase = sarifHelpBase(a.helpUriBase, cfg->helpUriBase);
  if (!helpBase) return 2;
  analyzer::ProgressLine progress("lint", analyzer::progressWanted(progressMode(a.term), a.quiet));
  opt.scan.progress = &progress;
  // Each path is linted as its own root; its files are reported relative to the report root
  // (the repository's, else the current directory), whether a directory or files one by one
  // (as pre-commit passes them) were named.
  const ReportRoot root = reportRootFor(a.paths.front());
  const fs::path configDir = cfg->source.empty() ? fs::path() : fs::absolute(cfg->source).parent_path().lexically_normal();
  // per-file-ignores: a glob of the path relative to the configuration's directory and the
  // rules it drops (selectors, "*" all).
  auto ignoredByConfig = [&](const analyzer::LintFinding& f, const fs::path& dir) {
    if (cfg->lint.perFileIgnores.empty()) return false;
    const std::string local = (dir / f.file).lexically_relative(configDir).generic_string();
    return perFileIgnored(cfg->lint, local, f.rule, f.name, familyOf(f.rule));
  };
  analyzer::LintResult result;
  for (const std::string& path : a.paths) {
    analyzer::LintResult one = analyzer::lintPath(path, catalogue, chosen, opt);
    const bool single = !fs::is_directory(path);
    const fs::path absolute = fs::absolute(path).lexically_normal();
    const fs::path dir = single ? absolute.parent_path() : absolute;
    const std::string prefix = root.prefixFor(path), name = fs::path(path).filename().string();
    for (auto& f : one.findings) {
      if (single) f.file = name;
      if (ignoredByConfig(f, dir)) {
        ++result.suppressed;
        continue;
      }
      f.file = prefix + f.file;
      result.findings.push_back(std::move(f));
    }
    for (auto& d : one.diagnostics) {
      d.path = prefix + (single ? name : d.path);
      result.diagnostics.push_back(std::move(d));
    }
    for (auto& u : one.unused) {
      u.file = prefix + (single ? name : u.file);
      result.unused.push_back(std::move(u));
    }
    result.files += one.files;
    result.suppressed += one.suppressed;
  }
  progress.finish();
  if (!a.writeBaseline.empty() && !writeOutput(a.writeBaseline, analyzer::lintBaselineText(result))) return 2;
  if (!a.baseline.empty()) {
    std::string err;
    const auto accepted = analyzer::readLintBaseline(a.baseline, err);
    if (!accepted) {
      fmt::print(stderr, "oalens: {}: {}\n", a.baseline, err);
      return 2;
    }
    if (const size_t n = analyzer::applyLintBaseline(result, *accepted); n && !a.quiet)
      fmt::print(stderr, "oalens: {} finding(s) in the baseline {} not shown\n", n, a.baseline);
  }
  if (!a.quiet) {
    const bool colour = colourWanted(a.term, stderr);
    for (const auto& d : result.diagnostics) fmt::print(stderr, "{}\n", colourIf(colour, analyzer::formatDiagnostic(d)));
    for (const auto& u : result.unused) fmt::print(stderr, "{}\n", colourIf(colour, analyzer::withVisibleControls(unusedText(u))));
  }
  const bool toTerminal = a.output.empty() || a.output == "-";
  const bool colour = a.format == "text" && !a.statistics && (toTerminal ? colourWanted(a.term, stdout) : a.term.color == "always");
  if (!writeOutput(a.output, a.statistics ? statistics(result) : render(result, a.format, {root.dir.string(), *helpBase}), colour))
    return 2;
  if (!a.db.empty()) {
    std::string err;
    std::string roots;
    for (const std::string& p : a.paths) roots += (roots.empty() ? "" : " ") + p;
    if (!reports::writeLintDatabase(a.db, roots, result, err)) {
      fmt::print(stderr, "oalens: {}: {}\n", a.db, err);
      return 2;
    }
  }
  // An input that could not be read is an exit 1 whatever --fail-on says: the run is incomplete.
  const bool lostInput = std::any_of(result.diagnostics.begin(), result.diagnostics.end(), analyzer::losesInput);
  if (a.failOn == "never") return lostInput ? 1 : 0;
  const int threshold = a.failOn == "info" ? 0 : a.failOn == "note" ? 1 : a.failOn == "warning" ? 2 : 3;
  for (const auto& f : result.findings)
    if (static_cast<int>(f.severity) >= threshold) return 1;
  return lostInput ? 1 : 0;
}

}  // namespace

void addLintCommand(CLI::App& app) {
  static LintArgs args;
  CLI::App* cmd = app.add_subcommand("lint", "ML anti-patterns in training code and tolerance hygiene in test code");
  cmd->add_option("paths", args.paths, "files or directories to lint (default: .)");
  cmd->add_option("--format", args.format,
                  "output format (github: workflow commands that annotate a pull request; junit: JUnit XML; gitlab: GitLab code quality)")
      ->check(CLI::IsMember({"text", "json", "csv", "sarif", "github", "junit", "gitlab"}))
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
  cmd->add_flag("-q,--quiet", args.quiet, "do not print input diagnostics or the progress line on stderr");
  addColorOption(cmd, args.term);
  addProgressOption(cmd, args.term);
  cmd->callback([] { setExitCode(runLint(args)); });
}

}  // namespace oalens::cli
