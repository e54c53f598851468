#include "analyzer/lint/lint_engine.h"

#include "analyzer/frontend/notebook.h"

#define XXH_INLINE_ALL
#include <fmt/format.h>
#include <re2/re2.h>
#include <xxhash.h>

#include <algorithm>
#include <set>
#include <tuple>
#include <unordered_map>

#include "analyzer/core/ignore_marker.h"
#include "analyzer/core/parallel.h"
#include "analyzer/core/progress_line.h"
#include "analyzer/core/text_lines.h"
#include "analyzer/lint/rule_selector.h"

namespace oalens::analyzer {

std::string_view lintFamilyName(LintFamily f) { return f == LintFamily::Oracle ? "oracle" : "ml"; }

std::string_view lintPrecisionName(LintPrecision p) {
  return p == LintPrecision::High ? "high" : p == LintPrecision::Medium ? "medium" : "low";
}

double LintContext::option(std::string_view name) const {
  if (overrides)
    if (auto it = overrides->find(rule->id + "." + std::string(name)); it != overrides->end()) return it->second;
  for (const LintOption& o : rule->options)
    if (o.name == name) return o.defaultValue;
  return 0;  // a rule asks only for options it declares (tests/lint checks the registry)
}

const MeasuredMargin* LintContext::measuredAt(const Assertion& a) const {
  if (!measured) return nullptr;
  auto it = measured->find({a.file, a.range.start.line});
  return it == measured->end() ? nullptr : &it->second;
}

void LintContext::report(const SourceRange& at, std::string message) {
  LintFinding f;
  f.file = model.path;
  f.line = at.start.line, f.column = at.start.col, f.endLine = at.end.line, f.endColumn = at.end.col;
  f.rule = rule->id;
  f.name = rule->name;
  f.severity = rule->severity;
  f.message = std::move(message);
  f.fix = rule->remedy;
  out->push_back(std::move(f));
}

std::vector<LintRuleFactory> selectRules(const std::vector<LintRuleFactory>& registry, const LintOptions& options,
                                         std::vector<std::string>& unknown) {
  std::vector<LintRuleFactory> chosen;
  std::set<std::string> seen;
  // The strongest match of any selector in `names`; each selector that matches is seen.
  auto match = [&](const std::set<std::string>& names, const LintRuleInfo& info) {
    SelectorMatch best = SelectorMatch::None;
    for (const std::string& s : names) {
      const SelectorMatch m = selectorMatch(s, info.id, info.name, lintFamilyName(info.family));
      if (m == SelectorMatch::None) continue;
      seen.insert(s);
      if (m == SelectorMatch::Exact || best == SelectorMatch::None) best = m;
    }
    return best;
  };
  for (LintRuleFactory make : registry) {
    auto rule = make();
    const LintRuleInfo& info = rule->info();
    const SelectorMatch selected = match(options.only, info);
    const bool ignored = match(options.ignored, info) != SelectorMatch::None;
    // Opt-in rules (precision low) run only when named by id or name, not by family or prefix.
    const bool optIn = info.precision == LintPrecision::Low;
    const bool byDefault = options.families.count(info.family) > 0 && !optIn;
    const bool chosenBySelect = selected == SelectorMatch::Exact || (selected == SelectorMatch::Group && !optIn);
    if (!ignored && (options.only.empty() ? byDefault : chosenBySelect)) chosen.push_back(make);
  }
  for (const std::set<std::string>* names : {&options.only, &options.ignored})
    for (const std::string& want : *names)
      if (!seen.count(want)) unknown.push_back(want);
  return chosen;
}

namespace {

// The lines carrying an ignore marker, with the rules they name ("" = every rule).
std::unordered_map<uint32_t, std::vector<std::string>> ignoreMarkers(const FileModel& m) {
  std::unordered_map<uint32_t, std::vector<std::string>> out;
  if (!m.source || m.source->find("oalens:") == std::string::npos) return out;
  std::string_view src(*m.source);
  uint32_t line = 1;
  for (size_t start = 0; start <= src.size(); ++line) {
    size_t nl = src.find('\n', start);
    if (nl == std::string_view::npos) nl = src.size();
    if (auto rules = ignoreMarker(src.substr(start, nl - start))) out[line] = std::move(*rules);
    start = nl + 1;
  }
  return out;
}

std::string_view rawLine(const FileModel& m, uint32_t line) {
  if (!m.source || line == 0) return {};
  std::string_view src(*m.source);
  size_t start = 0;
  for (uint32_t l = 1; l < line; ++l) {
    start = src.find('\n', start);
    if (start == std::string_view::npos) return {};
    ++start;
  }
  size_t end = src.find('\n', start);
  return src.substr(start, end == std::string_view::npos ? src.size() - start : end - start);
}

std::string_view lineText(const FileModel& m, uint32_t line) { return trimmedLine(rawLine(m, line)); }

// Where line `line` of a notebook's code sits in the notebook, or null for a line it has not.
const NotebookLine* notebookLineAt(const NotebookCode& nb, uint32_t line) {
  return line == 0 || line > nb.lines.size() ? nullptr : &nb.lines[line - 1];
}

// The line of the .ipynb text that holds `at` (the file's first when Jupyter's layout was not
// found).
uint32_t fileLineOf(const NotebookLine& at) { return at.fileLine != 0 ? at.fileLine : 1; }

void placeInNotebook(const NotebookCode& nb, LintFinding& f) {
  const NotebookLine* start = notebookLineAt(nb, f.line);
  if (!start) return;
  const NotebookLine* end = notebookLineAt(nb, f.endLine);
  f.cell = start->cell;
  f.cellLine = start->cellLine;
  f.line = fileLineOf(*start);
  f.endLine = std::max(f.line, end ? fileLineOf(*end) : f.endLine);
}

struct FileLint {
  std::vector<LintFinding> findings;
  size_t suppressed = 0;
  std::vector<UnusedSuppression> unused;
};

// The markers, or the words of a marker, that dropped no finding. A word naming a rule that did
// not run (not chosen, a gate rule, ML2xx in C++) is no evidence either way. A bare marker in a
// test file may be there for the diff gate, which reads the same marker: only those outside
// tests are reported.
std::vector<UnusedSuppression> unusedMarkers(const FileModel& m, const std::unordered_map<uint32_t, std::vector<std::string>>& markers,
                                             const std::set<std::pair<uint32_t, std::string>>& used,
                                             const std::vector<std::unique_ptr<LintRule>>& rules, bool isTestFile) {
  std::vector<UnusedSuppression> out;
  auto ran = [&](const std::string& word) {
    return std::any_of(rules.begin(), rules.end(), [&](const auto& r) { return r->info().id == word || r->info().name == word; });
  };
  for (const auto& [line, words] : markers) {
    UnusedSuppression u{m.path, line, 1, {}};
    for (const std::string& w : words) {
      if (used.count({line, w})) continue;
      if (w.empty() ? !isTestFile : ran(w)) u.words.push_back(w);
    }
    if (u.words.empty()) continue;
    const std::string_view text = rawLine(m, line);
    const size_t at = text.find("oalens:");
    const size_t comment = at == std::string_view::npos ? std::string_view::npos : text.find_last_of("#/", at);
    // 1-based column of the comment's `#`, or of the first `/` of `//`.
    const bool slashes = comment != std::string_view::npos && comment > 0 && text[comment] == '/' && text[comment - 1] == '/';
    if (comment != std::string_view::npos) u.column = static_cast<uint32_t>(slashes ? comment : comment + 1);
    out.push_back(std::move(u));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
  return out;
}

FileLint lintFile(const FileModel& m, const Project& project, bool isTestFile, const std::vector<const Assertion*>& assertions,
                  const std::vector<LintRuleFactory>& factories, const LintOptions& options, const MeasuredMargins* measured) {
  FileLint result;
  std::vector<std::unique_ptr<LintRule>> rules;
  for (LintRuleFactory make : factories) {
    auto rule = make();
    // The ML2xx rules know Python's libraries (torch, numpy, sklearn) only; a C++ file gets
    // the OA1xx rules, which read the language-neutral assertion records.
    if (rule->info().family == LintFamily::Ml && m.language != Language::Python) continue;
    rules.push_back(std::move(rule));
  }
  // Dispatch tables: which rules each statement and expression kind goes to.
  std::vector<std::vector<LintRule*>> byStmt(size_t(StmtKind::Other) + 1), byExpr(size_t(ExprKind::Other) + 1);
  std::vector<LintRule*> byAssertion;
  for (auto& r : rules) {
    const LintSubscriptions s = r->subscriptions();
    for (StmtKind k : s.stmts) byStmt[size_t(k)].push_back(r.get());
    for (ExprKind k : s.exprs) byExpr[size_t(k)].push_back(r.get());
    if (s.assertions) byAssertion.push_back(r.get());
  }
  LintContext ctx(m, project, isTestFile);
  ctx.overrides = &options.overrides;
  ctx.out = &result.findings;
  ctx.measured = measured;
  auto as = [&](LintRule* r) { ctx.rule = &r->info(); };
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    ctx.stmt = s;
    for (LintRule* r : byStmt[size_t(st.kind)]) as(r), r->onStmt(ctx, s);
    for (ExprId e = st.firstExpr; e < st.endExpr && e < m.exprs.size(); ++e)
      for (LintRule* r : byExpr[size_t(m.exprs[e].kind)]) as(r), r->onExpr(ctx, e);
  }
  for (const Assertion* a : assertions) {
    ctx.stmt = a->stmt;
    for (LintRule* r : byAssertion) as(r), r->onAssertion(ctx, *a);
  }
  ctx.stmt = kNone;
  for (auto& r : rules) as(r.get()), r->finishFile(ctx);

  const auto markers = ignoreMarkers(m);
  std::set<std::pair<uint32_t, std::string>> used;  // (line, the marker's word that dropped a finding)
  std::erase_if(result.findings, [&](const LintFinding& f) {
    auto it = markers.find(f.line);
    if (it == markers.end()) return false;
    for (const std::string& id : it->second)
      if (id.empty() || id == f.rule || id == f.name) {
        used.emplace(f.line, id);
        ++result.suppressed;
        return true;
      }
    return false;
  });
  result.unused = unusedMarkers(m, markers, used, rules, isTestFile);
  std::sort(result.findings.begin(), result.findings.end(), [](const LintFinding& a, const LintFinding& b) {
    return std::tie(a.line, a.column, a.rule, a.message) < std::tie(b.line, b.column, b.rule, b.message);
  });
  // The fingerprint reads the flagged line's text, not its number, so that it survives edits
  // above it; the occurrence count tells identical lines apart.
  std::map<std::tuple<std::string, std::string_view>, int> occurrences;
  for (LintFinding& f : result.findings) {
    const std::string_view text = lineText(m, f.line);
    const int nth = occurrences[{f.rule, text}]++;
    const std::string key = fmt::format("{}\x1f{}\x1f{}\x1f{}", f.rule, f.file, text, nth);
    f.fingerprint = fmt::format("{:016x}", XXH3_64bits(key.data(), key.size()));
  }
  if (m.notebook) {
    for (LintFinding& f : result.findings) placeInNotebook(*m.notebook, f);
    for (UnusedSuppression& u : result.unused)
      if (const NotebookLine* at = notebookLineAt(*m.notebook, u.line)) u.line = fileLineOf(*at);
  }
  return result;
}

}  // namespace

LintResult lintScan(const ScanResult& scan, const std::vector<LintRuleFactory>& rules, const LintOptions& options,
                    const MeasuredMargins* measured) {
  LintResult result;
  result.diagnostics = scan.diagnostics;
  std::unordered_map<std::string, std::vector<const Assertion*>> assertionsOf;
  for (const Assertion& a : scan.assertions) assertionsOf[a.file].push_back(&a);
  std::unordered_map<std::string, bool> isTest;
  for (const FileSummary& f : scan.files) isTest[f.path] = f.isTestFile;
  const std::vector<FileModel>& files = scan.project.files;
  std::vector<FileLint> perFile(files.size());
  static const std::vector<const Assertion*> kNoAssertions;
  ProgressLine* progress = options.scan.progress;
  if (progress) progress->phase("checking", files.size(), "files");
  parallelFor(files.size(), threadCount(options.scan.threads, files.size()), [&](size_t i, unsigned) {
    const FileModel& m = files[i];
    if (progress) progress->advance();
    if (m.path.rfind("<compile_commands.json>/", 0) == 0) return;  // the build's made-up macro header
    auto it = assertionsOf.find(m.path);
    const auto test = isTest.find(m.path);
    perFile[i] = lintFile(m, scan.project, test != isTest.end() && test->second, it == assertionsOf.end() ? kNoAssertions : it->second,
                          rules, options, measured);
  });
  for (size_t i = 0; i < files.size(); ++i) {
    result.files += files[i].path.rfind("<compile_commands.json>/", 0) != 0;
    result.suppressed += perFile[i].suppressed;
    for (UnusedSuppression& u : perFile[i].unused) result.unused.push_back(std::move(u));
    for (LintFinding& f : perFile[i].findings) result.findings.push_back(std::move(f));
  }
  std::stable_sort(result.findings.begin(), result.findings.end(),
                   [](const LintFinding& a, const LintFinding& b) { return a.file < b.file; });
  std::stable_sort(result.unused.begin(), result.unused.end(),
                   [](const UnusedSuppression& a, const UnusedSuppression& b) { return a.file < b.file; });
  // A notebook's syntax errors and other notes point into the notebook too.
  std::unordered_map<std::string_view, const NotebookCode*> notebooks;
  for (const FileModel& m : files)
    if (m.notebook) notebooks[m.path] = m.notebook.get();
  for (Diagnostic& d : result.diagnostics) {
    auto nb = notebooks.find(d.path);
    const NotebookLine* at = nb == notebooks.end() ? nullptr : notebookLineAt(*nb->second, d.line);
    if (!at) continue;
    d.message = fmt::format("cell {}, line {}: {}", at->cell, at->cellLine, d.message);
    d.line = fileLineOf(*at);
  }
  return result;
}

LintResult lintPath(const std::filesystem::path& root, const Catalogue& catalogue, const std::vector<LintRuleFactory>& rules,
                    const LintOptions& options) {
  ScanOptions scan = options.scan;
  scan.notebooks = true;  // training code lives in notebooks too
  const ScanResult scanned = scanPath(root, catalogue, scan);
  if (!options.measureMargins) return lintScan(scanned, rules, options);
  const MeasuredMargins measured = options.measureMargins(scanned, root);
  return lintScan(scanned, rules, options, &measured);
}

}  // namespace oalens::analyzer
