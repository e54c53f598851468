#include "analyzer/assertions/assertion_finder.h"

#include <re2/re2.h>

#include <algorithm>
#include <optional>
#include <span>

#include "analyzer/assertions/approx_equality.h"
#include "analyzer/assertions/assertion_finder_internal.h"
#include "analyzer/assertions/integer_values.h"
#include "analyzer/assertions/runtime_choice.h"
#include "analyzer/assertions/simd_lanes.h"
#include "analyzer/frontend/cpp/cpp_test_macros.h"
#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

std::string_view provenanceName(Provenance p) {
  switch (p) {
    case Provenance::Default: return "default";
    case Provenance::Literal: return "literal";
    case Provenance::Constant: return "constant";
    case Provenance::Depend: return "depend";
    case Provenance::Unresolved: return "unresolved";
  }
  return "unresolved";
}

std::string_view thresholdProvenanceName(ThresholdProvenance p) {
  switch (p) {
    case ThresholdProvenance::Default: return "default";
    case ThresholdProvenance::Customized: return "customized";
    case ThresholdProvenance::Depend: return "depend";
    case ThresholdProvenance::None: return "none";
  }
  return "none";
}

std::string_view lastOf(const FileModel& m, ExprId callee) {
  const Expr& e = m.expr(callee);
  return (e.kind == ExprKind::Name || e.kind == ExprKind::Attribute) ? e.name : std::string_view{};
}

bool isReduction(std::string_view last) {
  return last == "all" || last == "any" || last == "bool" || last == "alltrue" || last == "reduce_all" || last == "tree_all" ||
         last == "item" || last.starts_with("item<");
}

namespace {

// Whether a tolerance lets two whole numbers differ (`atol=1` on pixel values, `rtol=0.1`), or
// is not known: integers compared within less are compared exactly.
bool toleranceCanMatterOnIntegers(const Assertion& a) {
  for (const Tolerance& t : a.tolerances) {
    // An unresolved value is assumed large enough to matter, unless it is a module's constant
    // named for the tolerance itself (geomstats' `gs.atol`, 1e-8 or 1e-6 by backend): a
    // library's standard tolerance is a small one.
    if (!t.value) {
      const std::string_view text = t.text;
      const size_t dot = text.rfind('.');
      if (dot == std::string_view::npos || text.substr(dot + 1) != t.name || (t.name != "atol" && t.name != "rtol")) return true;
      continue;
    }
    if (t.name == "rtol" ? *t.value >= 1e-3 : (t.name == "decimal" || t.name == "places") ? *t.value <= 0 : *t.value >= 1) return true;
  }
  return false;
}

}  // namespace

// The value of Boost.Test's tolerance manipulator (`tt::tolerance(1e-5)`,
// `boost::test_tools::tolerance(eps)`), or kNone.
ExprId boostToleranceOf(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Call) return kNone;
  const CallArgs args = splitCall(m, e);
  if (args.positional.size() != 1 || lastOf(m, args.callee) != "tolerance") return kNone;
  return args.positional[0];
}

// `torch.testing.assert_close(q, ref, atol=0, rtol=0)`, `assert_allclose(x, y, rtol=0)` (NumPy's
// atol defaults to 0): a closeness API given zero for every tolerance, or left at a default of
// zero for the others, compares exactly. A tolerance the API picks by dtype is none of these.
// In C++ only a literal 0 (`arma::approx_equal(a, b, "absdiff", 0)`): a discovered helper's
// parameter may count something else than a distance (ngraph's `all_close_f(a, b,
// MIN_FLOAT_TOLERANCE_BITS)`, mantissa bits), and a constant's value is resolved less surely.
static bool zeroToleranceEverywhere(const Assertion& a, Language language) {
  if (!a.isOa || (a.category != Category::Abs && a.category != Category::AbsRel) || a.tolerances.empty()) return false;
  bool given = false;
  for (const Tolerance& t : a.tolerances) {
    if (t.name != "atol" && t.name != "rtol" && t.name != "delta") return false;
    if (!t.value || *t.value != 0.0) return false;
    if (language == Language::Cpp && t.provenance != Provenance::Literal) return false;
    if (t.provenance == Provenance::Literal || t.provenance == Provenance::Constant) given = true;
    else if (t.provenance != Provenance::Default || t.byDtype || t.isDtypeDefault || t.defaultDependsOnDtype) return false;
  }
  return given;
}

void AssertionFinder::fromCondition(const FileModel& m, Assertion& a, ExprId cond) const {
  if (const std::optional<OaCheck> check = conditionCheck(m, a.functionId, cond)) fromCheck(m, a, *check);
}

void AssertionFinder::fromCheck(const FileModel& m, Assertion& a, const OaCheck& check) const {
  a.negated = check.negated;
  a.qualityBound = check.quality;
  if (check.spec) {
    if (check.mappedArgs) {
      applySpec(m, a, *check.spec, check.call, *check.mappedArgs);
      a.form = "tree_map";
    } else {
      applySpec(m, a, *check.spec, check.call);
    }
    applySetters(m, a, check.setterValues);
    a.negated = a.negated != check.spec->negated;
    a.api = check.spec->id;
    if (check.approxOther != kNone) {
      a.actualExpr = check.approxOther;
      a.actualText = std::string(m.expr(check.approxOther).text);
      // `val(y) == approx(0.0)` with no margin: a tolerance relative to zero is zero, the check
      // exact (Catch's documented pitfall).
      const bool noMargin =
          std::ranges::all_of(a.tolerances, [](const Tolerance& t) { return t.name == "rtol" || (t.value && *t.value == 0.0); });
      if (check.spec->approx && noMargin && isZeroLiteral(m, a.expectedExpr)) {
        a.isOa = false;
        a.category = Category::Exact;
        a.tolerances.clear();
        a.thresholdProvenance = ThresholdProvenance::None;
      }
    }
    return;
  }
  if (check.bandValue != kNone) {
    applyBand(m, a, check.bandValue, check.bandExpected, check.bandTolerance, check.bandFactor);
    markInclusiveBounds(m, a, check.compare);
    a.call = check.compare;
    return;
  }
  applyErrorBound(m, a, check.errorSide, check.boundSide, check.lowerSide);
  markInclusiveBounds(m, a, check.compare);
  if (check.rangeActual != kNone) {
    a.actualExpr = check.rangeActual;
    a.expectedExpr = check.rangeExpected;
  }
  a.call = check.compare;
  if (a.actualExpr != kNone) a.actualText = std::string(m.expr(a.actualExpr).text);
  if (a.expectedExpr != kNone) a.expectedText = std::string(m.expr(a.expectedExpr).text);
  a.thresholdProvenance = thresholdProvenanceOf(a, nullptr);
}

void AssertionFinder::placeIn(const FileModel& m, Assertion& a, FunctionId f) {
  a.functionId = f;
  a.function = f == kNone ? std::string{} : m.functions[f].qualifiedName;
  a.testCase.clear();
  for (FunctionId g = f; g != kNone; g = m.functions[g].parent)
    if (m.functions[g].isTestCase) a.testCase = m.functions[g].qualifiedName;
  // A test case a macro's body writes holds no statements of its own (they are the macro's):
  // a check inside its braces is its check, and is in it.
  if (f != kNone && m.functions[f].isMacro)
    for (FunctionId g = f + 1; g < m.functions.size() && m.functions[g].parent == f; ++g)
      if (m.functions[g].isTestCase && m.functions[g].range.startByte <= a.range.startByte &&
          a.range.endByte <= m.functions[g].range.endByte) {
        a.functionId = g;
        a.function = a.testCase = m.functions[g].qualifiedName;
      }
}

Assertion AssertionFinder::newAssertion(const FileModel& m, StmtId s) {
  Assertion a;
  const Stmt& st = m.stmts[s];
  a.file = m.path;
  a.range = st.range;
  // `ASSERT_TRUE(cond) << "got " << x;`: the streamed message is not the check; the record ends
  // with the check's call.
  if (m.language == Language::Cpp && st.kind == StmtKind::ExprStmt && st.a != kNone && m.source) {
    const SourceRange& call = m.expr(st.a).range;
    const size_t next = call.endByte < m.source->size() ? m.source->find_first_not_of(" \t\r\n", call.endByte) : std::string::npos;
    if (call.startByte == st.range.startByte && call.endByte < st.range.endByte && next != std::string::npos &&
        m.source->compare(next, 2, "<<") == 0) {
      a.range.endByte = call.endByte;
      a.range.end = call.end;
    }
  }
  a.language = m.language;
  a.stmt = s;
  placeIn(m, a, st.function);
  return a;
}

void AssertionFinder::fromAssert(const FileModel& m, StmtId s, std::vector<Assertion>& out) const {
  Assertion a = newAssertion(m, s);
  a.api = "assert";
  a.apiText = "assert";
  a.form = "assert";
  ExprId cond = m.stmts[s].a;
  if (cond != kNone) fromCondition(m, a, cond);
  // assert x == y: keep the compared sides, so an exact check turned approximate can be paired.
  if (!a.isOa && cond != kNone && m.expr(cond).kind == ExprKind::Compare && m.childCount(cond) == 2 && m.compareOp(cond, 0) == "==") {
    a.actualExpr = m.child(cond, 0);
    a.expectedExpr = m.child(cond, 1);
    a.actualText = std::string(m.expr(a.actualExpr).text);
    a.expectedText = std::string(m.expr(a.expectedExpr).text);
  }
  out.push_back(std::move(a));
}

std::optional<AssertionFinder::MappedCheck> AssertionFinder::predicateMacroCheck(const FileModel& m, FunctionId scope, ExprId call) const {
  static const RE2 predicateMacro(R"((?:EXPECT|ASSERT)_PRED(_FORMAT)?([1-5]))");
  if (m.language != Language::Cpp || m.expr(call).kind != ExprKind::Call) return std::nullopt;
  const CallArgs args = splitCall(m, call);
  const std::string_view macro = m.expr(args.callee).text;
  // The predicate and the arguments it is applied to.
  ExprId function = kNone;
  std::vector<ExprId> operands;
  if (const ApiMatch applying = matcher_.match(m, scope, call); applying.spec && applying.spec->predicateArgument >= 0) {
    // A project's macro applying the predicate it is handed (predicateMacroSpec).
    const ApiSpec& spec = *applying.spec;
    if (static_cast<size_t>(spec.predicateArgument) >= args.positional.size()) return std::nullopt;
    function = args.positional[static_cast<size_t>(spec.predicateArgument)];
    for (const uint8_t i : spec.predicateOperands) {
      if (i >= args.positional.size()) return std::nullopt;
      operands.push_back(args.positional[i]);
    }
  } else {
    std::string format, count;
    if (args.positional.size() < 2 || !RE2::FullMatch(re2::StringPiece(macro.data(), macro.size()), predicateMacro, &format, &count))
      return std::nullopt;
    function = args.positional[0];
    // The texts a formatter receives first stand for nothing the check compares.
    if (!format.empty()) operands.assign(static_cast<size_t>(std::stoi(count)), function);
    operands.insert(operands.end(), args.positional.begin() + 1, args.positional.end());
  }
  const ApiMatch inner = matcher_.matchCallee(m, scope, function);
  if (!inner.spec) return std::nullopt;
  MappedCheck out{inner.spec, {}};
  out.args.callee = function;
  out.args.positional = std::move(operands);
  // Of a suite's overloaded formatter, the one these arguments fit (ArrayFire's six-parameter
  // assertArrayNear, beside eight-parameter ones for host vectors).
  out.spec = matcher_.overloadFor(m, scope, *inner.spec, out.args);
  if (!out.spec || !out.spec->oa) return std::nullopt;
  return out;
}

bool AssertionFinder::fromPredicateMacro(const FileModel& m, FunctionId scope, ExprId call, Assertion& a) const {
  std::optional<MappedCheck> check = predicateMacroCheck(m, scope, call);
  if (!check) return false;
  a.api = check->spec->id;
  a.form = std::string(m.expr(splitCall(m, call).callee).text);
  a.apiText = std::string(m.expr(check->args.callee).text);
  applySpec(m, a, *check->spec, call, check->args);
  a.negated = check->spec->negated;
  return true;
}

StmtId localBindingStmt(const FileModel& m, FunctionId fid, StmtId at, std::string_view name) {
  StmtId binding = kNone;
  // The statements that may bind the name (the model's index), not every statement before `at`:
  // a test of thousands of checks reading one name looked at all of them for each check.
  std::vector<StmtId> scratch;
  for (const StmtId s : statementsBinding(m, fid, name, scratch)) {
    if (s >= at || s >= m.stmts.size()) break;
    const Stmt& st = m.stmts[s];
    if (st.function == fid && st.kind == StmtKind::Assign && st.a != kNone && st.b != kNone && m.expr(st.a).kind == ExprKind::Name &&
        m.expr(st.a).name == name)
      binding = s;
  }
  return binding;
}

ExprId localBinding(const FileModel& m, FunctionId fid, StmtId at, std::string_view name) {
  const StmtId s = localBindingStmt(m, fid, at, name);
  return s == kNone ? kNone : m.stmts[s].b;
}

bool isZeroLiteral(const FileModel& m, ExprId e) {
  if (e == kNone || !isNumberLiteral(m, e)) return false;
  const ExprId number = m.expr(e).kind == ExprKind::Number ? e : m.child(e, 0);
  auto v = ToleranceResolver::parseNumber(m.expr(number).text);
  return v && *v == 0;
}

ExprId throughLocal(const FileModel& m, FunctionId fid, StmtId at, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Name) return e;
  const ExprId bound = localBinding(m, fid, at, m.expr(e).name);
  return bound == kNone ? e : bound;
}

// `good` in `bool good = std::abs(diff) <= gap; EXPECT_TRUE(good);`: the comparison the local
// was last bound to before statement `s` in its function, or the call (`bool passed =
// checkResult(name, out, ref, n); EXPECT_TRUE(passed);`: a predicate's verdict kept); else `cond` itself.
static ExprId comparisonHeldBy(const FileModel& m, StmtId s, ExprId cond) {
  const FunctionId fid = m.stmts[s].function;
  if (fid == kNone) return cond;
  const ExprId held = throughLocal(m, fid, s, cond);
  return held != kNone && (m.expr(held).kind == ExprKind::Compare || m.expr(held).kind == ExprKind::Call) ? held : cond;
}

std::optional<std::pair<ExprId, bool>> conditionComparedWithBool(const FileModel& m, const CallArgs& args) {
  if (m.language != Language::Cpp || args.positional.size() != 2) return std::nullopt;
  for (size_t i = 0; i < 2; ++i)
    if (const Expr& b = m.expr(args.positional[i]); b.kind == ExprKind::Bool && m.expr(args.positional[1 - i]).kind != ExprKind::Bool)
      return std::pair{args.positional[1 - i], b.text == "true"};
  return std::nullopt;
}

std::optional<AssertionFinder::ShareCall> AssertionFinder::shareWithinCall(const FileModel& m, FunctionId scope, StmtId s,
                                                                           ExprId measured) const {
  if (m.language != Language::Cpp) return std::nullopt;
  const ExprId value = scope == kNone ? measured : throughLocal(m, scope, s, measured);
  if (m.expr(value).kind != ExprKind::Call) return std::nullopt;
  const ApiMatch match = matcher_.match(m, scope, value);
  if (!match.spec || !match.spec->shareWithin || !match.spec->oa) return std::nullopt;
  return ShareCall{value, match.spec};
}

void AssertionFinder::fromCall(const FileModel& m, StmtId s, ExprId call, std::vector<Assertion>& out) const {
  const Stmt& st = m.stmts[s];
  ApiMatch match = matcher_.match(m, st.function, call);
  if (!match.spec && !match.generic) return;
  if (match.spec && match.spec->isPredicate()) return;                       // np.allclose(a, b) alone checks nothing
  if (match.spec && match.spec->decorator) return;                           // checks only the test it decorates
  if (match.spec && match.spec->isHarness()) return;                         // a base test case, not a call that checks
  if (match.spec && match.spec->condition == ConditionCheck::Abort) return;  // checks as an `if`'s block only
  Assertion a = newAssertion(m, s);
  CallArgs args = splitCall(m, call);
  a.apiText = std::string(m.expr(args.callee).text);
  a.form = "call";
  a.call = call;
  // ASSERT_EQ(max(abs(c - b)) < 1e-5, true): the condition, when it is a check.
  if (const auto held = assertionFormOf(match, m.language) == AssertionForm::Plain ? conditionComparedWithBool(m, args) : std::nullopt) {
    Assertion c = a;
    c.api = match.spec ? match.spec->id : match.name;
    c.form = std::string(match.lastName);
    fromCondition(m, c, comparisonHeldBy(m, s, held->first));
    if (c.isOa) {
      if (!held->second) c.negated = !c.negated;
      out.push_back(std::move(c));
      return;
    }
  }
  // CHECK_EQ(x, doctest::Approx(y)), EXPECT_NE(x, Approx(y).epsilon(e)): an equality macro
  // given an approx value compares within its tolerance, as `x == Approx(y)` does.
  const bool equalityMacro = m.language == Language::Cpp && (match.lastName.ends_with("_EQ") || match.lastName.ends_with("_NE"));
  const bool exactEquality = equalityMacro && (!match.spec || match.spec->category == Category::Exact) && args.positional.size() == 2;
  if (exactEquality)
    for (size_t built = 0; built < 2; ++built)
      if (const ApiSpec* equality = approxEqualityBuilt(m, matcher_.wrappers(), args.positional[built])) {
        a.api = equality->id;
        a.form = std::string(match.lastName);
        applySpec(m, a, *equality, call);
        a.negated = match.lastName.ends_with("_NE");
        // The value built is the oracle: `EXPECT_EQ(fsa[{0, 1}], (Arc{0, 2, 10, -2.2f}))`.
        a.expectedExpr = args.positional[built];
        a.actualExpr = args.positional[1 - built];
        a.actualText = std::string(m.expr(a.actualExpr).text);
        a.expectedText = std::string(m.expr(a.expectedExpr).text);
        out.push_back(std::move(a));
        return;
      }
  if (exactEquality)
    if (const std::optional<OaCheck> approx =
            approxComparison(m, st.function, args.positional[0], args.positional[1], match.lastName.ends_with("_NE"))) {
      a.api = approx->spec->id;
      a.form = std::string(match.lastName);
      applySpec(m, a, *approx->spec, approx->call);
      applySetters(m, a, approx->setterValues);
      a.negated = approx->spec->negated != approx->negated;
      a.actualExpr = approx->approxOther;
      a.actualText = std::string(m.expr(approx->approxOther).text);
      out.push_back(std::move(a));
      return;
    }
  // EXPECT_EQ(0, CompareData(ref, out, n, 0.01f)), `EXPECT_EQ(0, cmp_result)` after `cmp_result =
  // CompareBlob(...)`, ASSERT_EQ(true, close(a, b, tol)): a verdict (or a status, nonzero where
  // the values differ) compared with a literal is that verdict asserted, as `if (CompareData(...)
  // != 0) return -1;` reads it.
  if (exactEquality)
    for (size_t literal = 0; literal < 2; ++literal) {
      const std::string_view t = m.expr(args.positional[literal]).text;
      const bool isFalse = t == "0" || t == "false" || t == "EXIT_SUCCESS", isTrue = t == "true" || t == "EXIT_FAILURE";
      const ExprId verdict = args.positional[1 - literal];
      if ((!isFalse && !isTrue) || (m.expr(verdict).kind != ExprKind::Call && m.expr(verdict).kind != ExprKind::Name)) continue;
      Assertion held = a;
      fromCondition(m, held, comparisonHeldBy(m, s, verdict));
      if (!held.isOa) continue;
      held.form = std::string(match.lastName);
      // `_EQ` with false, `_NE` with true: the verdict must be false.
      if (isFalse != match.lastName.ends_with("_NE")) held.negated = !held.negated;
      out.push_back(std::move(held));
      return;
    }
  // A project's macro applying the predicate it is handed reads as that predicate's check.
  if (match.spec && match.spec->predicateArgument >= 0 && fromPredicateMacro(m, st.function, call, a)) {
    out.push_back(std::move(a));
    return;
  }
  if (match.spec && match.spec->condition == ConditionCheck::None) {
    a.api = match.spec->id;
    applySpec(m, a, *match.spec, call);
    a.negated = match.spec->negated;
    out.push_back(std::move(a));
    return;
  }
  // Generic assertion: canonical name is the method name, or the resolved function name.
  const bool isMethod = m.expr(args.callee).kind == ExprKind::Attribute &&
                        (m.expr(m.child(args.callee, 0)).text == "self" || m.expr(m.child(args.callee, 0)).text == "cls");
  a.api = match.spec ? match.spec->id : isMethod ? std::string(match.lastName) : match.name;
  if (fromPredicateMacro(m, st.function, call, a)) {
    out.push_back(std::move(a));
    return;
  }
  const AssertionForm form = assertionFormOf(match, m.language);
  if (form == AssertionForm::Truth && args.positional.size() >= 2 && boostToleranceOf(m, args.positional[1]) != kNone &&
      m.expr(args.positional[0]).kind == ExprKind::Compare && m.childCount(args.positional[0]) == 2 &&
      m.compareOp(args.positional[0], 0) == "==") {
    // BOOST_TEST(x == y, boost::test_tools::tolerance(1e-5)): floating values compared within
    // a relative tolerance (a fraction of the larger magnitude).
    const ExprId cond = args.positional[0], tolerance = boostToleranceOf(m, args.positional[1]);
    a.form = std::string(match.lastName);
    a.isOa = true;
    a.category = Category::AbsRel;
    a.actualExpr = m.child(cond, 0);
    a.expectedExpr = m.child(cond, 1);
    a.actualText = std::string(m.expr(a.actualExpr).text);
    a.expectedText = std::string(m.expr(a.expectedExpr).text);
    addWrittenTolerance(m, a, "rtol", tolerance);
    a.thresholdProvenance = thresholdProvenanceOf(a, nullptr);
  } else if ((form == AssertionForm::Truth || form == AssertionForm::Falsity) && !args.positional.empty() &&
             (!match.spec || match.spec->conditionArgument < args.positional.size())) {
    a.form = std::string(match.lastName);
    const ExprId held = args.positional[match.spec ? match.spec->conditionArgument : 0];
    fromCondition(m, a, m.language == Language::Cpp ? comparisonHeldBy(m, s, held) : held);
    // assertFalse(np.allclose(a, b)), EXPECT_FALSE(x.isApprox(y)): the values must differ.
    if (form == AssertionForm::Falsity && a.isOa) a.negated = !a.negated;
  } else if (form == AssertionForm::Matcher && args.positional.size() >= 2) {
    a.form = std::string(match.lastName);
    fromMatcher(m, a, args.positional[0], args.positional[1]);
    if (!a.isOa) {
      a.actualExpr = args.positional[0];
      a.actualText = std::string(m.expr(a.actualExpr).text);
    }
  } else if (const auto band =
                 form == AssertionForm::GreaterBound && args.positional.size() >= 2 ? bandAround(m, args.positional[1]) : std::nullopt) {
    // EXPECT_GE(snr, min_snr - tolerance): a value kept above an expected one less a tolerance.
    applyBand(m, a, args.positional[0], band->first, band->second, band->factor != 0);
  } else if (const auto share = form == AssertionForm::GreaterBound && args.positional.size() >= 2
                                    ? shareWithinCall(m, st.function, s, args.positional[0])
                                    : std::nullopt) {
    // ASSERT_GE(CalOutAccuracy(out, ref, abs_error), 0.99): every element is compared within the
    // helper's tolerance; the floor is the share of them that must pass.
    a.form = std::string(match.lastName);
    applySpec(m, a, *share->spec, share->call);
    a.api = share->spec->id;
  } else if (form == AssertionForm::GreaterBound && args.positional.size() >= 2 &&
             (looksLikeError(m, args.positional[1]) || boundsQuality(m, st.function, args.positional[0], args.positional[1], false))) {
    // assertGreater(tol, err): an error bound. EXPECT_GT(ctr.back(), 0.6f), assertGreater(accuracy,
    // 0.9): a floor on a trained model's quality, read as `accuracy > 0.9` is (a must-reach bound).
    const bool floor = !looksLikeError(m, args.positional[1]);
    if (floor) {
      applyErrorBound(m, a, args.positional[0], args.positional[1]);
      a.negated = a.qualityBound = true;
    } else {
      applyErrorBound(m, a, args.positional[1], args.positional[0]);
    }
    markInclusiveBounds(m, a, kNone, a.apiText);
    a.actualText = a.actualExpr == kNone ? "" : std::string(m.expr(a.actualExpr).text);
    a.expectedText = a.expectedExpr == kNone ? "" : std::string(m.expr(a.expectedExpr).text);
    a.thresholdProvenance = thresholdProvenanceOf(a, nullptr);
  } else if (args.positional.size() >= 2) {
    a.actualText = std::string(m.expr(args.positional[0]).text);
    a.expectedText = std::string(m.expr(args.positional[1]).text);
    a.actualExpr = args.positional[0];
    a.expectedExpr = args.positional[1];
  }
  out.push_back(std::move(a));
}

void AssertionFinder::fromStatementMacroArgument(const FileModel& m, StmtId s, ExprId call, std::vector<Assertion>& out) const {
  const CallArgs args = splitCall(m, call);
  const Expr& callee = m.expr(args.callee);
  if (callee.kind != ExprKind::Name || args.positional.size() != 1 || !args.keywords.empty()) return;
  if (!looksLikeMacroName(callee.name) || m.expr(args.positional[0]).kind != ExprKind::Call) return;
  // `RETURN_IF_ERROR(PointWiseNear(ref, out, eps))` in a helper whose status the test asserts: the
  // failing status a closeness check gives is handed on, so the check fails the test. Any other
  // status handed on is no check.
  if (callee.name.ends_with("RETURN_IF_ERROR")) {
    Assertion a = newAssertion(m, s);
    a.apiText = std::string(callee.name);
    a.form = std::string(callee.name);
    a.call = call;
    fromCondition(m, a, args.positional[0]);
    if (a.isOa) out.push_back(std::move(a));
    return;
  }
  const size_t before = out.size();
  fromCall(m, s, args.positional[0], out);
  if (out.size() == before) {
    fromStatementMacroArgument(m, s, args.positional[0], out);
    return;
  }
  // A test function the macro runs (`CALL_SUBTEST_1(adjoint(Matrix4d()))`, its checks in its own
  // body) is no check of its call; one handed the tolerance it checks with is.
  const CallArgs inner = splitCall(m, args.positional[0]);
  const auto anArgument = [&](const Tolerance& t) {
    return std::any_of(inner.positional.begin(), inner.positional.end(), [&](ExprId e) { return m.expr(e).text == t.text; }) ||
           std::any_of(inner.keywords.begin(), inner.keywords.end(), [&](const auto& k) { return m.expr(k.second).text == t.text; });
  };
  const bool toleranceGiven = std::any_of(out.begin() + static_cast<long>(before), out.end(), [&](const Assertion& a) {
    return std::any_of(a.tolerances.begin(), a.tolerances.end(), anArgument);
  });
  if (!toleranceGiven) out.resize(before);
}

std::vector<Assertion> AssertionFinder::find(const FileModel& m) const {
  std::vector<Assertion> out;
  // The decorated functions by their def statement (the statement before their body).
  std::vector<FunctionId> decoratedAt;
  for (FunctionId f = 0; f < m.functions.size(); ++f) {
    const Function& fn = m.functions[f];
    if (fn.decorators.empty() || fn.firstStmt == 0 || fn.firstStmt > m.stmts.size()) continue;
    if (decoratedAt.empty()) decoratedAt.assign(m.stmts.size(), kNone);
    decoratedAt[fn.firstStmt - 1] = f;
  }
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    switch (st.kind) {
      case StmtKind::Assert: fromAssert(m, s, out); break;
      case StmtKind::ExprStmt:
      case StmtKind::Return:
      case StmtKind::Assign: {
        // A check mapped over structures, also inside another call (tree_all(tree_map(check, a, b))).
        bool mappedAtTop = false;
        for (ExprId call : mappingCalls(m, s))
          if (fromMappedCall(m, s, call, out)) mappedAtTop |= call == st.a;
        if (st.kind == StmtKind::ExprStmt && !mappedAtTop && st.a != kNone && m.expr(st.a).kind == ExprKind::Call) {
          const size_t before = out.size();
          fromCall(m, s, st.a, out);
          // `CALL_SUBTEST_11(testSingular(m, 1e-4f))` (Eigen), `ASSERT_NO_FATAL_FAILURE(CheckNear(a,
          // b, 1e-4))` (GoogleTest): a macro that is no check of its own, run on a call as its one
          // argument, runs that call as a statement, which may be a check.
          if (out.size() == before && m.language == Language::Cpp) fromStatementMacroArgument(m, s, st.a, out);
        }
        if (st.kind == StmtKind::Assign) fromAccumulatedFlag(m, s, out);
        if (st.kind == StmtKind::Return && m.language == Language::Cpp) {
          // `return generic_similarity_test(...);` (cuGraph's C tests): a helper that checks inside
          // and answers with its status checks when it is called, whatever is done with the status.
          if (st.a != kNone && m.expr(st.a).kind == ExprKind::Call)
            if (const ApiMatch match = matcher_.match(m, st.function, st.a);
                match.spec && match.spec->discovered && match.spec->oa && !match.spec->isPredicate()) {
              fromCall(m, s, st.a, out);
              break;
            }
          fromReturnedVerdict(m, s, out);
        }
        break;
      }
      case StmtKind::AugAssign: fromAccumulatedFlag(m, s, out); break;
      case StmtKind::With:
        // with self.assertRaises(...), with pytest.warns(...): context-manager assertions.
        if (st.a != kNone)
          for (uint32_t i = 0; i < m.childCount(st.a); ++i) {
            ExprId item = m.child(st.a, i);
            if (m.expr(item).kind == ExprKind::Call) fromCall(m, s, item, out);
          }
        break;
      case StmtKind::If:
        if (m.language == Language::Cpp) fromAbortingIf(m, s, out);
        break;
      case StmtKind::FunctionDef:
        if (!decoratedAt.empty() && decoratedAt[s] != kNone) fromDecorators(m, decoratedAt[s], out);
        break;
      default: break;
    }
  }
  // A test case's harness check goes where its class statement is, among the others in statement order.
  std::vector<Assertion> harnessChecks;
  fromHarnessClasses(m, harnessChecks);
  for (Assertion& h : harnessChecks) {
    auto at = std::upper_bound(out.begin(), out.end(), h.stmt, [](StmtId s, const Assertion& a) { return s < a.stmt; });
    out.insert(at, std::move(h));
  }
  LaneCache lanes;
  // The headers a C++ file includes, looked up once and only for the first check that asks.
  std::optional<std::vector<const FileModel*>> headers;
  const auto includedHeaders = [&]() -> std::span<const FileModel* const> {
    if (!headers) headers = m.language == Language::Cpp ? resolver_.includedHeaders(m) : std::vector<const FileModel*>{};
    return *headers;
  };
  for (Assertion& a : out) {
    // torch.allclose(faces, torch.tensor([[0, 1, 2]])): face indices, counts and positions
    // compared with a closeness API are compared exactly (docs/counting.md, "Integer values").
    // Not an integer output against a floating reference (XNNPACK's int8 results within 0.9 of a
    // `Buffer<double>`): that tolerance acts.
    if (a.isOa && a.category != Category::ErrorBound && !toleranceCanMatterOnIntegers(a) &&
        (holdsIntegers(m, a.functionId, a.stmt, a.actualExpr, includedHeaders()) ||
         holdsIntegers(m, a.functionId, a.stmt, a.expectedExpr, includedHeaders()) ||
         bothIntegerLiterals(m, a.actualExpr, a.expectedExpr) || checksIntegerElements(m, a.call) ||
         (m.language == Language::Python && comparesPositions(m, a.actualExpr, a.expectedExpr))) &&
        !holdsFloats(m, a.functionId, a.stmt, a.actualExpr) && !holdsFloats(m, a.functionId, a.stmt, a.expectedExpr)) {
      markExact(a);
      a.thresholdProvenance = ThresholdProvenance::None;
      a.wholeNumbers = true;
    }
    // HWY_ASSERT_VEC_EQ(d, expected, actual): equal within one unit in the last place on float
    // lanes, exactly on integer ones; a functor's lanes are those the file runs it for.
    if (m.language == Language::Cpp && a.isOa && a.call != kNone)
      if (const ApiSpec* spec = matcher_.catalogue().byId(a.api);
          spec && !spec->lanes.empty() && lanesAreIntegers(m, a.functionId, splitCall(m, a.call), *spec, &lanes)) {
        markExact(a);
        a.thresholdProvenance = ThresholdProvenance::None;
        a.wholeNumbers = true;
      }
    // compare_validate_buffers<int64_t>(ref, out, m, n, ld, 0L): a C++ helper's closeness check
    // given zero for every tolerance it is passed compares exactly, and so does one left at a
    // default of zero (CUTLASS's `TestAllConv<Conv>(alpha, beta)`, `float epsilon = 0.0f`: its
    // exact mode). A catalogued API so called stays OA. So does a Python helper's left at zero
    // defaults (Composer's `deep_compare(a, b, atol=0.0, rtol=0.0)`, its exact comparison of state
    // dicts unless a test hands it a tolerance).
    if (a.isOa && (a.category == Category::Abs || a.category == Category::AbsRel) && !a.via.empty() && !a.tolerances.empty() &&
        std::all_of(a.tolerances.begin(), a.tolerances.end(), [](const Tolerance& t) {
          return (t.provenance == Provenance::Literal || t.provenance == Provenance::Default) && t.value && *t.value == 0;
        })) {
      markExact(a);
      a.thresholdProvenance = ThresholdProvenance::None;
    }
    // `check_funsor(x, inputs, output)` without its `data=None`: the wrapper checks no value then.
    if (m.language == Language::Python && a.isOa && a.expectedExpr == kNone && a.form == "call")
      if (const ApiSpec* spec = matcher_.wrappers().byId(a.api); spec && spec->expectedOptional) {
        markExact(a);
        a.thresholdProvenance = ThresholdProvenance::None;
      }
    if (zeroToleranceEverywhere(a, m.language)) {
      markExact(a);
      a.thresholdProvenance = ThresholdProvenance::None;
    }
    if (!a.isOa) continue;
    // Depend with no tolerance chosen at run time: the API picks its tolerance by dtype.
    const bool apiPicksByDtype =
        a.thresholdProvenance == ThresholdProvenance::Depend &&
        std::none_of(a.tolerances.begin(), a.tolerances.end(), [](const Tolerance& t) { return t.provenance == Provenance::Depend; });
    a.runtimeChoices = runtimeChoicesOf(m, a, apiPicksByDtype);
  }
  return out;
}

}  // namespace oalens::analyzer
