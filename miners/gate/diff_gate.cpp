#include "miners/gate/diff_gate.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <map>
#include <set>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/dtype_overrides.h"
#include "analyzer/assertions/runtime_choice.h"
#include "analyzer/core/ignore_marker.h"
#include "analyzer/core/text_lines.h"
#include "analyzer/oracle/oracle_classifier.h"
#include "analyzer/oracle/oracle_independence.h"
#include "analyzer/scan/scanner.h"
#include "analyzer/tolerance/tolerance_resolver.h"
#include "miners/classify/change_classifier.h"
#include "miners/gate/diff_scope.h"
#include "miners/gate/suite_modules.h"
#include "miners/pairing/pairing.h"

namespace oalens::miners {

namespace {

const GateRule& rule(const char* id) {
  for (const auto& r : gateRules())
    if (std::string_view(r.id) == id) return r;
  return gateRules().front();
}

struct Side {
  analyzer::ScanResult scan;
  const analyzer::FileModel* model = nullptr;
  std::vector<AssertionVersion> oa, other;
  std::vector<std::string_view> lines;
};

Side scanSide(const std::string& path, const std::optional<std::string>& bytes, bool newSide, const GateContext& context,
              bool classifyOracles, std::vector<std::string>& diagnostics) {
  Side s;
  if (!bytes) return s;
  analyzer::ScanOptions opt;
  opt.threads = 1;
  opt.allFiles = true;
  if (context.suiteFile) {
    auto read = [&](const std::string& p) { return context.suiteFile(newSide, p); };
    SuiteChildLister children;
    if (context.suiteChildren) children = [&](const std::string& dir) { return context.suiteChildren(newSide, dir); };
    const std::vector<SuiteModule> helpers = modulesLendingWrappers(suiteModulesOf(path, *bytes, read, children));
    if (!helpers.empty()) {
      // The helpers only lend their wrappers; found once per distinct set, usually for both sides.
      const uint64_t key = digestOf(helpers);
      auto known = context.suiteWrappers.find(key);
      if (known == context.suiteWrappers.end()) {
        known = context.suiteWrappers.emplace(key, wrappersOfSuiteModules(helpers, context.catalogue)).first;
      }
      opt.knownWrappers = &known->second;
    }
  }
  s.scan = analyzer::scanSources({{path, *bytes}}, context.catalogue, opt);
  if (classifyOracles) analyzer::classifyOracles(s.scan, context.libraryPackages);
  for (const auto& d : s.scan.diagnostics) diagnostics.push_back(analyzer::formatDiagnostic(d));
  if (s.scan.project.files.empty() || !s.scan.project.files[0].source) return s;
  s.model = &s.scan.project.files[0];
  s.lines = analyzer::splitLines(*s.model->source);
  for (auto& v : assertionVersions(s.scan)) (v.assertion().isOa ? s.oa : s.other).push_back(std::move(v));
  return s;
}

// The reason stated next to an assertion: on its lines or the line above, or, for a tolerance a
// decorator of its test sets (PyTorch's @precisionOverride), on that decorator's lines.
std::string markerReason(const Side& s, const analyzer::Assertion& a, std::string& ignoredRules) {
  // `# oalens: ...` in Python, `// oalens: ...` in C++.
  static const RE2 loosenOk(R"((?:#|//)\s*oalens:\s*loosen-ok\(([^)]*)\))");
  std::string reason;
  auto readReason = [&reason](std::string_view text) {  // the first reason stated counts
    std::string r;
    if (reason.empty() && RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), loosenOk, &r)) reason = r.empty() ? "stated" : r;
  };
  const bool byDecorator =
      std::any_of(a.tolerances.begin(), a.tolerances.end(), [](const analyzer::Tolerance& t) { return analyzer::setByDecorator(t.note); });
  if (byDecorator && s.model) {
    for (analyzer::FunctionId f = a.functionId; f != analyzer::kNone && f < s.model->functions.size(); f = s.model->functions[f].parent)
      for (analyzer::ExprId d : s.model->functions[f].decorators) {
        const analyzer::SourceRange& r = s.model->expr(d).range;
        for (uint32_t l = r.start.line; l <= r.end.line && l <= s.lines.size(); ++l) readReason(s.lines[l - 1]);
      }
  }
  const uint32_t first = a.range.start.line > 1 ? a.range.start.line - 1 : 1;
  for (uint32_t l = first; l <= a.range.end.line && l <= s.lines.size(); ++l) {
    std::string_view text = s.lines[l - 1];
    if (l < a.range.start.line) {  // the line above counts only as a comment of its own
      size_t firstChar = text.find_first_not_of(" \t");
      if (firstChar == std::string_view::npos || (text[firstChar] != '#' && text.substr(firstChar, 2) != "//")) continue;
    }
    readReason(text);
    if (auto ids = analyzer::ignoreMarker(text))
      for (const std::string& id : *ids) ignoredRules += id + ",";
  }
  return reason;
}

// `assert X > c`, `assertGreater(X, c)`: the metric text, whether c is a lower bound, and c.
struct MetricBound {
  std::string metric;
  bool lower = false;
  double value = 0;
  std::string text;
  bool strict = false;  // < or >: the bound itself fails
};

std::optional<MetricBound> metricBound(const analyzer::FileModel& m, const analyzer::Assertion& a) {
  using namespace analyzer;
  if (a.stmt == kNone) return std::nullopt;
  ToleranceResolver resolver;
  auto make = [&](ExprId metric, ExprId bound, bool lower, bool strict = false) -> std::optional<MetricBound> {
    ResolvedValue v = resolver.resolve(m, a.functionId, a.stmt, bound);
    if (!v.value) return std::nullopt;
    return MetricBound{normalizeStatement(m.expr(metric).text), lower, *v.value, std::string(m.expr(bound).text), strict};
  };
  const Stmt& st = m.stmts[a.stmt];
  if (st.kind == StmtKind::Assert && st.a != kNone && m.expr(st.a).kind == ExprKind::Compare && m.childCount(st.a) == 2) {
    std::string_view op = m.compareOp(st.a, 0);
    ExprId l = m.child(st.a, 0), r = m.child(st.a, 1);
    if (op == ">" || op == ">=") return make(l, r, true, op.size() == 1);
    if (op == "<" || op == "<=") return make(l, r, false, op.size() == 1);
    return std::nullopt;
  }
  if (a.call == kNone || m.expr(a.call).kind != ExprKind::Call) return std::nullopt;
  CallArgs args = splitCall(m, a.call);
  if (args.positional.empty()) return std::nullopt;
  std::string_view name = m.expr(args.callee).name;
  if (args.positional.size() < 2 && assertionForm(name, m.language) != AssertionForm::Truth) return std::nullopt;
  if (name == "assertGreater" || name == "assertGreaterEqual" || name == "EXPECT_GT" || name == "EXPECT_GE" || name == "ASSERT_GT" ||
      name == "ASSERT_GE")
    return make(args.positional[0], args.positional[1], true);
  if (name == "assertLess" || name == "assertLessEqual" || name == "EXPECT_LT" || name == "EXPECT_LE" || name == "ASSERT_LT" ||
      name == "ASSERT_LE")
    return make(args.positional[0], args.positional[1], false);
  // EXPECT_TRUE(acc > 0.9), REQUIRE(loss < 0.5): a comparison under a C++ truth assertion.
  if (m.language == Language::Cpp && assertionForm(name, m.language) == AssertionForm::Truth &&
      m.expr(args.positional[0]).kind == ExprKind::Compare && m.childCount(args.positional[0]) == 2) {
    ExprId cmp = args.positional[0];
    std::string_view op = m.compareOp(cmp, 0);
    if (op == ">" || op == ">=") return make(m.child(cmp, 0), m.child(cmp, 1), true);
    if (op == "<" || op == "<=") return make(m.child(cmp, 0), m.child(cmp, 1), false);
  }
  return std::nullopt;
}

// "lower bound on `acc` relaxed: > 0.9 -> >= 0.9": both bounds with their comparison, so that a
// bound made to include itself reads as a change.
std::string relaxedBoundMessage(const MetricBound& o, const MetricBound& n) {
  const auto op = [](const MetricBound& b) { return b.lower ? (b.strict ? ">" : ">=") : (b.strict ? "<" : "<="); };
  return fmt::format("{} bound on `{}` relaxed: {} {} -> {} {}", o.lower ? "lower" : "upper", o.metric.substr(0, 60), op(o), o.text, op(n),
                     n.text);
}

// `assert lo <= x <= hi` (or `hi >= x >= lo`) with bounds that evaluate: an interval check.
struct IntervalBound {
  std::string middle;
  double lo = 0, hi = 0;
  bool loStrict = false, hiStrict = false;
  std::string text;
};

std::optional<IntervalBound> intervalBound(const analyzer::FileModel& m, const analyzer::Assertion& a) {
  using namespace analyzer;
  if (a.stmt == kNone) return std::nullopt;
  const Stmt& st = m.stmts[a.stmt];
  if (st.kind != StmtKind::Assert || st.a == kNone || m.expr(st.a).kind != ExprKind::Compare || m.childCount(st.a) != 3)
    return std::nullopt;
  const std::string_view op1 = m.compareOp(st.a, 0), op2 = m.compareOp(st.a, 1);
  const bool rising = (op1 == "<" || op1 == "<=") && (op2 == "<" || op2 == "<=");
  const bool falling = (op1 == ">" || op1 == ">=") && (op2 == ">" || op2 == ">=");
  if (!rising && !falling) return std::nullopt;
  ToleranceResolver resolver;
  const ResolvedValue first = resolver.resolve(m, a.functionId, a.stmt, m.child(st.a, 0));
  const ResolvedValue last = resolver.resolve(m, a.functionId, a.stmt, m.child(st.a, 2));
  if (!first.value || !last.value) return std::nullopt;
  IntervalBound b;
  b.middle = normalizeStatement(m.expr(m.child(st.a, 1)).text);
  b.lo = rising ? *first.value : *last.value;
  b.hi = rising ? *last.value : *first.value;
  b.loStrict = (rising ? op1 : op2).size() == 1;
  b.hiStrict = (rising ? op2 : op1).size() == 1;
  b.text = std::string(m.expr(st.a).text);
  return b;
}

// A test's name with gtest's DISABLED_ prefixes removed: the same test before and after it is
// disabled (`Conv.DISABLED_Backward` is `Conv.Backward`).
std::string enabledName(const std::string& qualified) {
  static const RE2 disabledPrefix(R"((^|\.)DISABLED_)");
  std::string out = qualified;
  RE2::GlobalReplace(&out, disabledPrefix, "\\1");
  return out;
}

bool skipped(const analyzer::FileModel& m, const analyzer::Function& f) {
  if (m.language == analyzer::Language::Cpp) {
    // gtest runs no test named DISABLED_*, Catch2 none tagged [.] or [!mayfail]; GTEST_SKIP()
    // and doctest's skip() decorator skip at run time.
    if (enabledName(f.qualifiedName) != f.qualifiedName) return true;
    if (f.firstStmt > 0) {
      std::string_view header = m.stmts[f.firstStmt - 1].text;
      header = header.substr(0, header.find('{'));
      if (header.find("\"[.") != std::string_view::npos || header.find("[!mayfail]") != std::string_view::npos ||
          header.find("[!shouldfail]") != std::string_view::npos || header.find("doctest::skip") != std::string_view::npos)
        return true;
    }
    return f.firstStmt < f.endStmt && m.stmts[f.firstStmt].text.find("GTEST_SKIP") != std::string_view::npos;
  }
  static const RE2 skipDecorator(R"((^|\.)(skip|skipIf|skipUnless|xfail|expectedFailure)\b)");
  for (analyzer::ExprId d : f.decorators)
    if (RE2::PartialMatch(re2::StringPiece(m.expr(d).text.data(), m.expr(d).text.size()), skipDecorator)) return true;
  // A skip as the first statement of the body.
  if (f.firstStmt < f.endStmt) {
    std::string_view first = m.stmts[f.firstStmt].text;
    if (first.find("skipTest(") != std::string_view::npos || first.find("pytest.skip(") != std::string_view::npos ||
        first.find("SkipTest") != std::string_view::npos)
      return true;
  }
  return false;
}

// For each function of a side, the functions of the same file holding an OA assertion that it
// calls (the suite's `check_single_tensor_operation('mean', ...)`): through them it checks values
// within a tolerance whatever its own body says.
std::map<std::string, std::set<std::string>> checksThroughHelpers(const Side& side) {
  std::map<std::string, std::set<std::string>> out;
  if (!side.model) return out;
  const analyzer::FileModel& m = *side.model;
  std::set<std::string_view> helpers;
  for (const auto& v : side.oa)
    for (const analyzer::Function& f : m.functions)
      if (!f.isTestCase && f.qualifiedName == v.assertion().function) helpers.insert(f.name);
  if (helpers.empty()) return out;
  for (analyzer::FunctionId fi = 0; fi < m.functions.size(); ++fi) {
    const analyzer::Function& f = m.functions[fi];
    for (analyzer::StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
      if (m.stmts[s].function != fi) continue;
      for (analyzer::ExprId e = m.stmts[s].firstExpr; e < m.stmts[s].endExpr && e < m.exprs.size(); ++e) {
        if (m.exprs[e].kind != analyzer::ExprKind::Call) continue;
        const analyzer::ExprId callee = m.child(e, 0);
        if (callee == analyzer::kNone) continue;
        const auto kind = m.expr(callee).kind;
        if ((kind == analyzer::ExprKind::Name || kind == analyzer::ExprKind::Attribute) && helpers.count(m.expr(callee).name) &&
            m.expr(callee).name != f.name)
          out[f.qualifiedName].insert(std::string(m.expr(callee).name));
      }
    }
  }
  return out;
}

// Whether the function holding a lost assertion now checks through a helper it did not call
// before: the check moved into the helper (migrated to a harness), it was not deleted.
bool migratedToHelper(const std::map<std::string, std::set<std::string>>& before, const std::map<std::string, std::set<std::string>>& after,
                      const std::string& function) {
  auto now = after.find(function);
  if (function.empty() || now == after.end()) return false;
  auto then = before.find(function);
  for (const std::string& h : now->second)
    if (then == before.end() || !then->second.count(h)) return true;
  return false;
}

std::string_view decisionReason(const analyzer::Assertion& a) {
  return a.oracleReason.empty() ? std::string_view(a.oracleType) : std::string_view(a.oracleReason);
}

// What an assertion compares, normalised: the key that pairs a check across kinds and files.
std::string comparedValues(const analyzer::Assertion& a) { return normalizeStatement(a.actualText + "," + a.expectedText); }

// atol + rtol of a sum-form check (|d| <= atol + rtol * |expected|), or nullopt when either is
// not known.
std::optional<double> unitAllowance(const analyzer::Assertion& a) {
  std::optional<double> atol, rtol;
  for (const analyzer::Tolerance& t : a.tolerances) {
    if (t.name == "atol") atol = t.value;
    else if (t.name == "rtol") rtol = t.value;
  }
  if (!atol || !rtol) return std::nullopt;
  return *atol + *rtol;
}

// A mixed change of a sum-form tolerance (atol raised and rtol lowered, or the reverse) of one
// API accepts more only on one side of some magnitude of the expected values. Where it accepts
// at most twice as much at 1, the scale most checks in DL tests compare at (atol 1e-4 -> 1e-5
// with rtol 1e-7 -> 1.3e-6 is looser only past 75), the gate says so at note level: the 18 such
// CH301 warnings on the Keras and Kornia histories, read by hand, weakened no check at that
// scale (one, atol and rtol swapped back, is ambiguous). Across APIs (torch.allclose -> a
// harness's assert_close) the new side's defaults are chosen by dtype and resolved less surely:
// both such mixed warnings of the judged sample were loosenings, so they stay warnings.
bool mixedAboutAsStrictAtUnitScale(const analyzer::Assertion& before, const analyzer::Assertion& after) {
  const std::optional<double> old = unitAllowance(before), now = unitAllowance(after);
  return old && now && *now <= 2 * *old;
}

}  // namespace

std::string gateFingerprint(const std::string& ruleId, const std::string& file, const std::string& a, const std::string& b) {
  uint64_t h = 1469598103934665603ull;  // FNV-1a: stable across runs and machines
  for (const std::string* s : {&ruleId, &file, &a, &b}) {
    for (unsigned char c : *s) {
      h ^= c;
      h *= 1099511628211ull;
    }
    h ^= 0xff;
    h *= 1099511628211ull;
  }
  return fmt::format("{:016x}", h);
}

// Long: every rule's check of one file is a step of one pass over the same two scanned sides and
// their pairing (changed pairs, replacements, deletions, relaxed bounds, newly skipped tests), and
// all of them report through one `emit`, which drops what a marker accepts or a test skipped on
// both sides cannot run; split, each step would take the sides, the pairing and `emit`.
std::vector<GateFinding> checkFile(const GateFile& file, const GateContext& context, std::vector<std::string>& diagnostics,
                                   std::vector<std::string>* added) {
  const std::string& trailerReason = context.trailerReason;
  std::vector<GateFinding> out;
  const std::string path = file.newPath.empty() ? file.oldPath : file.newPath;
  std::optional<std::string> oldBytes = file.oldBytes, newBytes = file.newBytes;
  if (file.scopeToChangedTests && oldBytes && newBytes) {
    ScopedPair scoped = scopeToChangedTests(*oldBytes, *newBytes);
    if (scoped.scoped) {
      oldBytes = std::move(scoped.oldText);
      newBytes = std::move(scoped.newText);
    }
  }
  // Oracle types are compared on pairs only: none in an added or deleted file. Without the
  // library's packages every call looks like another library's: no type would be worth comparing.
  const bool classifyOracles = oldBytes && newBytes && !context.libraryPackages.empty();
  Side olds = scanSide(file.oldPath.empty() ? path : file.oldPath, oldBytes, false, context, classifyOracles, diagnostics);
  Side news = scanSide(path, newBytes, true, context, classifyOracles, diagnostics);

  // A test skipped on both sides of the change runs none of its checks: weakening one changes
  // nothing that runs (a tolerance loosened in a test marked `skip` before and after).
  const auto skippedOnBothSides = [&](const analyzer::Assertion& at) {
    if (!olds.model || !news.model || at.testCase.empty()) return false;
    const auto skippedIn = [&](const analyzer::FileModel& m) {
      for (const auto& f : m.functions)
        if (f.isTestCase && enabledName(f.qualifiedName) == enabledName(at.testCase)) return skipped(m, f);
      return false;
    };
    return skippedIn(*news.model) && skippedIn(*olds.model);
  };
  // The finding added, or null when a marker or a test skipped on both sides drops it.
  auto emit = [&](const char* id, const Side& where, const analyzer::Assertion& at, std::string message, const std::string& oldText,
                  const std::string& newText, bool weakens) -> GateFinding* {
    if (weakens && &where == &news && skippedOnBothSides(at)) return nullptr;
    std::string ignored;
    std::string reason = &where == &news ? markerReason(news, at, ignored) : std::string{};
    if (ignored.find(id) != std::string::npos) return nullptr;
    GateFinding f;
    const GateRule& r = rule(id);
    f.file = &where == &news ? path : (file.oldPath.empty() ? path : file.oldPath);
    f.line = at.range.start.line;
    f.column = at.range.start.col;
    f.rule = r.id;
    f.name = r.name;
    f.severity = r.severity;
    f.message = std::move(message);
    f.fingerprint = gateFingerprint(id, path, oldText, newText);
    if (weakens && reason.empty() && !trailerReason.empty()) reason = trailerReason;
    if (weakens && !reason.empty()) {
      f.severity = Severity::Note;
      f.statedReason = reason;
      f.message += fmt::format(" (accepted: {})", reason);
    }
    out.push_back(std::move(f));
    return &out.back();
  };

  // OA assertions: pairs, deletions, additions.
  std::vector<Pair> pairs = pairAssertions(olds.oa, news.oa, /*alignLeftovers=*/true);
  // The pairs are mine's (miners/pairing): an assertion whose compared values and tolerance
  // changed in one edit is one check changed, as `mine` records it (parameter and threshold), so
  // a loosening is reported even when the values it compares were rewritten with it. Unless an
  // exact check explains one side: the new OA assertion compares what an exact check of the old
  // side compared (`assert_array_equal(h(1), r)` -> `assert_allclose(h(1), r)`, CH304), or the old
  // one what an exact check of the new side compares (CH303); then the pair is a deletion and an
  // addition, and the cross-kind matching below reads them.
  auto comparedKey = [](const AssertionVersion& v) { return v.assertion().testCase + "\x1f" + comparedValues(v.assertion()); };
  std::set<std::string> oldExact, newExact;
  for (const auto& v : olds.other) oldExact.insert(comparedKey(v));
  for (const auto& v : news.other) newExact.insert(comparedKey(v));
  std::vector<Pair> split;
  for (Pair& p : pairs) {
    if (p.oldIndex < 0 || p.newIndex < 0) continue;
    const AssertionVersion &oldVersion = olds.oa[size_t(p.oldIndex)], &newVersion = news.oa[size_t(p.newIndex)];
    const std::string oldKey = comparedKey(oldVersion), newKey = comparedKey(newVersion);
    if (oldKey == newKey || (!oldExact.count(newKey) && !newExact.count(oldKey))) continue;
    split.push_back({-1, p.newIndex});
    p.newIndex = -1;
  }
  pairs.insert(pairs.end(), split.begin(), split.end());
  std::vector<int> lostOa, newOa;
  for (const Pair& p : pairs) {
    if (p.oldIndex >= 0 && p.newIndex >= 0) {
      const AssertionVersion& o = olds.oa[size_t(p.oldIndex)];
      const AssertionVersion& n = news.oa[size_t(p.newIndex)];
      // The oracle is judged whether or not the assertion's text changed: `expected = np.tanh(x)`
      // -> `expected = ops.tanh(x)` leaves the assertion as it was. It must be computed by other
      // code, though: with the same code a new type comes from names resolving elsewhere (an
      // import renamed, the file moved into the package), not from an edit of the oracle.
      if (analyzer::oracleWeakened(o.assertion().oracleType, n.assertion().oracleType) &&
          o.assertion().oracleSource != n.assertion().oracleSource)
        emit("CH309", news, n.assertion(),
             fmt::format("oracle of {} weakened from {} to {}: was \"{}\", now \"{}\"", n.assertion().api, o.assertion().oracleType,
                         n.assertion().oracleType, decisionReason(o.assertion()), decisionReason(n.assertion())),
             o.normalized() + " " + o.assertion().oracleType, n.normalized() + " " + n.assertion().oracleType, true);
      ChangeKinds k = classifyChange(&o, &n);
      if (k.parameter && context.libraryPackages.empty() && n.assertion().language == analyzer::Language::Python)
        diagnostics.push_back(
            fmt::format("{}:{}: the compared values of {} changed, but no package names the library under test, so "
                        "its oracle is not judged (CH309); name it with --package",
                        path, n.range.start.line, n.assertion().api));
      if (!k.threshold) continue;
      // A loosening for one dtype or device says so: it is narrower than one for every run.
      std::string what = (k.details.empty() ? std::string("tolerance changed") : fmt::format("{}", fmt::join(k.details, "; "))) +
                         analyzer::gainedChoicesNote(o.assertion().runtimeChoices, n.assertion().runtimeChoices);
      // Across APIs the tolerances are of different systems; name both so the figures read right.
      const std::string api = k.api ? fmt::format("{} -> {}", o.assertion().api, n.assertion().api) : n.assertion().api;
      // A bound on a trained model's quality is an OA assertion (an error bound against the
      // labels); relaxed, it keeps its own rule and words.
      if (o.assertion().qualityBound && n.assertion().qualityBound && olds.model && news.model &&
          (k.direction == Direction::Loosen || k.direction == Direction::Mixed))
        if (auto ob = metricBound(*olds.model, o.assertion()), nb = metricBound(*news.model, n.assertion()); ob && nb) {
          emit("CH305", news, n.assertion(), relaxedBoundMessage(*ob, *nb), o.normalized(), n.normalized(), true);
          continue;
        }
      if (k.direction == Direction::Loosen || k.direction == Direction::Mixed) {
        const std::string measured = context.measuredLoosening ? context.measuredLoosening(o.assertion(), n.assertion()) : "";
        const bool aboutAsStrict = k.direction == Direction::Mixed && !k.api && mixedAboutAsStrictAtUnitScale(o.assertion(), n.assertion());
        GateFinding* f =
            emit("CH301", news, n.assertion(),
                 fmt::format("{} loosened: {}{}{}{}", api, what, aboutAsStrict ? " (about as strict or stricter for values near 1)" : "",
                             measured.empty() ? "" : "; ", measured),
                 o.normalized(), n.normalized(), true);
        if (f && aboutAsStrict && f->severity == Severity::Warning) f->severity = Severity::Note;
      } else if (k.direction == Direction::Tighten)
        emit("CH307", news, n.assertion(), fmt::format("{} tightened: {}", api, what), o.normalized(), n.normalized(), false);
      else emit("CH308", news, n.assertion(), fmt::format("{}: {}", api, what), o.normalized(), n.normalized(), true);
    } else if (p.oldIndex >= 0) {
      lostOa.push_back(p.oldIndex);
    } else {
      newOa.push_back(p.newIndex);
    }
  }
  // A lost OA assertion that became a non-approximate check in the same test, or an exact
  // check that became approximate: pair leftovers with the other kind of assertion.
  std::vector<bool> usedOther(news.other.size(), false), usedOldOther(olds.other.size(), false);
  auto bestMatch = [](const AssertionVersion& a, const std::vector<AssertionVersion>& pool, std::vector<bool>& used) {
    int best = -1;
    double bestScore = 0.3;  // shares at least the compared values
    for (size_t i = 0; i < pool.size(); ++i) {
      if (used[i] || pool[i].assertion().testCase != a.assertion().testCase || pool[i].assertion().function != a.assertion().function)
        continue;
      double s = tokenSimilarity(a.raw(), pool[i].raw());  // raw: `assert g(1)` keeps its word boundary
      if (s > bestScore) {
        bestScore = s;
        best = int(i);
      }
    }
    if (best >= 0) used[size_t(best)] = true;
    return best;
  };
  std::map<std::string, bool> oldOtherTexts;
  for (const auto& o : olds.other) oldOtherTexts[o.normalized()] = true;
  const auto helpersBefore = checksThroughHelpers(olds), helpersAfter = checksThroughHelpers(news);
  // A test that checks as many values within a tolerance as before (in its body or through the
  // helpers of the file it calls) was rewritten, not weakened: its checks moved into a loop over
  // backends, a parametrisation, another formulation of the same comparison.
  std::map<std::string, int> oaBefore, oaAfter;
  for (const auto& v : olds.oa)
    if (!v.assertion().testCase.empty()) ++oaBefore[v.assertion().testCase];
  for (const auto& v : news.oa)
    if (!v.assertion().testCase.empty()) ++oaAfter[v.assertion().testCase];
  for (const auto& [function, helpers] : helpersBefore) oaBefore[function] += static_cast<int>(helpers.size());
  for (const auto& [function, helpers] : helpersAfter) oaAfter[function] += static_cast<int>(helpers.size());
  auto rewritten = [&](const std::string& test) {
    if (test.empty()) return false;
    auto after = oaAfter.find(test);
    return after != oaAfter.end() && after->second >= oaBefore[test];
  };
  for (int oi : lostOa) {
    const AssertionVersion& o = olds.oa[size_t(oi)];
    int ni = bestMatch(o, news.other, usedOther);
    if (ni >= 0 && !oldOtherTexts.count(news.other[size_t(ni)].normalized())) {
      const AssertionVersion& n = news.other[size_t(ni)];
      emit("CH303", news, n.assertion(),
           fmt::format("{} replaced by {}, which does not compare values within a tolerance", o.assertion().api, n.assertion().api),
           o.normalized(), n.normalized(), true);
    } else if (migratedToHelper(helpersBefore, helpersAfter, o.assertion().function) || rewritten(o.assertion().testCase)) {
      continue;  // migrated to a harness, or the test rewritten with as many checks: not deleted
    } else {
      if (GateFinding* f =
              emit("CH302", olds, o.assertion(), fmt::format("{} deleted: `{}`", o.assertion().api, o.normalized().substr(0, 80)),
                   o.normalized(), "", true)) {
        f->assertionText = o.normalized();
        f->comparedText = comparedValues(o.assertion());
      }
    }
  }
  if (added)
    for (int ni : newOa) {
      const auto& n = news.oa[size_t(ni)];
      added->push_back(n.normalized());
      added->push_back(comparedValues(n.assertion()));
    }
  // An exact check of the old side that `n`, an approximate one, replaced: CH304. The same text
  // read as another kind of check (an added import resolves the helper it calls elsewhere) is no
  // edit of the check.
  // `fromExactOnly`: the old check must be an exact API, not a closeness one given whole numbers.
  const auto exactRelaxed = [&](const AssertionVersion& n, bool fromExactOnly) {
    const int oi = bestMatch(n, olds.other, usedOldOther);
    if (oi < 0) return;  // a new check: nothing weakened
    const AssertionVersion& o = olds.other[size_t(oi)];
    if (o.raw() == n.raw() || (fromExactOnly && o.assertion().wholeNumbers)) return;
    emit("CH304", news, n.assertion(), fmt::format("exact {} relaxed to {}", o.assertion().api, n.assertion().api), o.normalized(),
         n.normalized(), true);
  };
  for (int ni : newOa) exactRelaxed(news.oa[size_t(ni)], false);
  // A closeness API given whole numbers (`assert_allclose(top_k_indices(s, 2), [1, 2])`) is no
  // OA assertion, but an exact check rewritten as one is relaxed all the same: the tolerance is
  // what CH304 warns of.
  for (size_t ni = 0; ni < news.other.size(); ++ni)
    if (news.other[ni].assertion().wholeNumbers && !usedOther[ni] && !oldOtherTexts.count(news.other[ni].normalized()))
      exactRelaxed(news.other[ni], true);
  // Quality-metric bounds among the other assertions.
  if (olds.model && news.model) {
    std::vector<Pair> otherPairs = pairAssertions(olds.other, news.other, /*alignLeftovers=*/false);
    for (const Pair& p : otherPairs) {
      if (p.oldIndex < 0 || p.newIndex < 0) continue;
      const AssertionVersion& o = olds.other[size_t(p.oldIndex)];
      const AssertionVersion& n = news.other[size_t(p.newIndex)];
      auto ob = metricBound(*olds.model, o.assertion());
      auto nb = metricBound(*news.model, n.assertion());
      if (auto oi = intervalBound(*olds.model, o.assertion()), ni = intervalBound(*news.model, n.assertion());
          oi && ni && oi->middle == ni->middle) {
        // An interval widened on one side or both (a bound moved out, or made to include itself), not narrowed on either.
        const bool wider = ni->lo < oi->lo || ni->hi > oi->hi || (ni->lo == oi->lo && oi->loStrict && !ni->loStrict) ||
                           (ni->hi == oi->hi && oi->hiStrict && !ni->hiStrict);
        const bool narrower = ni->lo > oi->lo || ni->hi < oi->hi || (ni->lo == oi->lo && !oi->loStrict && ni->loStrict) ||
                              (ni->hi == oi->hi && !oi->hiStrict && ni->hiStrict);
        if (wider && !narrower)
          emit("CH305", news, n.assertion(),
               fmt::format("interval on `{}` widened: {} -> {}", oi->middle.substr(0, 60), oi->text, ni->text), o.normalized(),
               n.normalized(), true);
        continue;
      }
      if (!ob || !nb || ob->metric != nb->metric || ob->lower != nb->lower) continue;
      // The same bound made to include itself (`< 3` -> `<= 3`) accepts the boundary too.
      const bool boundaryIncluded = ob->value == nb->value && ob->strict && !nb->strict;
      const bool loosened = boundaryIncluded || (ob->lower ? nb->value < ob->value : nb->value > ob->value);
      if (!loosened) continue;
      emit("CH305", news, n.assertion(), relaxedBoundMessage(*ob, *nb), o.normalized(), n.normalized(), true);
    }
  }
  // Tests with OA assertions newly skipped.
  if (olds.model && news.model) {
    std::map<std::string, bool> oldSkipped;
    for (const auto& f : olds.model->functions)
      if (f.isTestCase) oldSkipped[enabledName(f.qualifiedName)] = skipped(*olds.model, f);
    std::map<std::string, const analyzer::Assertion*> firstOa;
    for (const auto& v : news.oa)
      if (!v.assertion().testCase.empty() && !firstOa.count(v.assertion().testCase)) firstOa[v.assertion().testCase] = &v.assertion();
    for (const auto& f : news.model->functions) {
      if (!f.isTestCase || !skipped(*news.model, f)) continue;
      auto was = oldSkipped.find(enabledName(f.qualifiedName));
      auto oa = firstOa.find(f.qualifiedName);
      if (was == oldSkipped.end() || was->second || oa == firstOa.end()) continue;
      analyzer::Assertion at = *oa->second;
      at.range.start = f.range.start;
      emit("CH306", news, at, fmt::format("test {} with OA assertions is now skipped", f.qualifiedName), f.qualifiedName, "skipped", true);
    }
  }
  std::sort(out.begin(), out.end(), [](const GateFinding& a, const GateFinding& b) {
    return std::tie(a.file, a.line, a.column, a.rule) < std::tie(b.file, b.line, b.column, b.rule);
  });
  return out;
}

}  // namespace oalens::miners
