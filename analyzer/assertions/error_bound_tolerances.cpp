// Filling an assertion that bounds an error or a band (`assert abs(a - b) < tol`,
// `lo <= x <= hi`, `EXPECT_LT(err, 1e-5)`): which sides are compared and what the tolerance is.
#include <fmt/format.h>
#include <re2/re2.h>

#include <cmath>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/assertion_finder_internal.h"
#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/tolerance/comparable_text.h"

namespace oalens::analyzer {
void AssertionFinder::applyBand(const FileModel& m, Assertion& a, ExprId value, ExprId expected, ExprId tolerance, bool factor) const {
  a.isOa = true;
  a.category = Category::ErrorBound;
  a.actualExpr = value;
  a.expectedExpr = expected;
  a.actualText = value == kNone ? std::string{} : std::string(m.expr(value).text);
  a.expectedText = std::string(m.expr(expected).text);
  if (factor) {
    // `err1 < 1.1 * err0`: the band is the factor's distance from 1, relative to the expected value.
    const auto v = ToleranceResolver::parseNumber(m.expr(tolerance).text);
    // 1.1 - 1 is 0.10000000000000009 in binary: the band as written, to twelve places.
    const auto band = v ? std::optional<double>(std::round(std::fabs(*v - 1.0) * 1e12) / 1e12) : std::nullopt;
    a.tolerances.push_back({"rtol", std::string(m.expr(tolerance).text), band, Provenance::Literal,
                            fmt::format("the factor {} around `{}`", m.expr(tolerance).text, a.expectedText)});
  } else {
    addWrittenTolerance(m, a, "bound", tolerance);
  }
  a.thresholdProvenance = thresholdProvenanceOf(a, nullptr);
}

void AssertionFinder::addWrittenTolerance(const FileModel& m, Assertion& a, const std::string& name, ExprId written) const {
  ResolvedValue r = resolver_.resolve(m, a.functionId, a.stmt, written);
  a.tolerances.push_back({name, std::string(m.expr(written).text), r.value, r.provenance, r.note});
  attachComparableText(a.tolerances.back(), m, a.functionId, a.stmt, written);
}

// The value last bound to `name` before statement `at` of its function that holds a difference, or
// else the last value added to it (`total += abs(mean_err) / n`, the difference maybe a local
// deeper); kNone when there is neither.
static ExprId differenceHeldBy(const FileModel& m, FunctionId fid, StmtId at, std::string_view name) {
  ExprId assigned = kNone, accumulated = kNone;
  for (StmtId s = m.functions[fid].firstStmt; s < at && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone || st.b == kNone || m.expr(st.a).kind != ExprKind::Name || m.expr(st.a).name != name) continue;
    if (st.kind == StmtKind::Assign) assigned = st.b;
    else if (st.kind == StmtKind::AugAssign) accumulated = st.b;
  }
  if (assigned != kNone && containsDifference(m, assigned, 0)) return assigned;
  // `percent = num_mismatches / float(n)`: a count of mismatches scaled by a size, the count a
  // local of its own.
  if (assigned != kNone && accumulated == kNone && m.expr(assigned).kind == ExprKind::BinaryOp &&
      (m.expr(assigned).name == "/" || m.expr(assigned).name == "*") && m.expr(m.child(assigned, 0)).kind == ExprKind::Name)
    return assigned;
  return accumulated;
}

// `max_abs_diff, max_rel_diff = self.get_max_diff(ref_param, tst_param)` (Apex's optimizer tests)
// before `assert max_rel_diff <= tol`: an error a helper named for one measures between two values
// it is handed, bound to the name (alone or in a tuple). The sides as (computed, reference): its
// second argument and its first, as C++'s `max_diff(ref, out)` (errorMeasureOperands); kNone twice
// for anything else.
// `_relative_error(out, ref)`, `self.get_max_diff(ref_param, tst_param)`: a call of a helper of the
// file named for an error measure, handed two values whose difference its body takes. The sides
// as (computed, reference): its second argument and its first, as C++'s `max_diff(ref, out)`
// (errorMeasureOperands); kNone twice for anything else.
static std::pair<ExprId, ExprId> measureHelperOperands(const FileModel& m, ExprId value) {
  if (m.language != Language::Python || value == kNone || m.expr(value).kind != ExprKind::Call) return {kNone, kNone};
  const CallArgs args = splitCall(m, value);
  if (args.callee == kNone || args.positional.size() != 2) return {kNone, kNone};
  static const RE2 measure(R"((?i)(^|_)(diff|diffs|difference|differences|distance|dist|error|errors|err|errs)(_|$))");
  const std::string_view last = lastDottedComponent(m.expr(args.callee).text);
  if (!RE2::PartialMatch(re2::StringPiece(last.data(), last.size()), measure)) return {kNone, kNone};
  // A helper of the file whose body subtracts its two values (`p_ref - p_tst`, also pairwise over
  // `zip(ref_param, tst_param)`); not a framework's gradient check handed a function and its
  // inputs (`compute_max_gradient_error(f, [x])`).
  if (!m.source) return {kNone, kNone};
  std::vector<FunctionId> named;
  for (const FunctionId fn : functionsNamed(m, last, named)) {
    const Function& f = m.functions[fn];
    if (f.params.size() < 2) continue;
    const size_t first = !f.params.empty() && (f.params[0].name == "self" || f.params[0].name == "cls") ? 1 : 0;
    if (f.params.size() < first + 2 || f.range.endByte > m.source->size() || f.range.startByte >= f.range.endByte) continue;
    const std::string_view body = std::string_view(*m.source).substr(f.range.startByte, f.range.endByte - f.range.startByte);
    const std::string a = RE2::QuoteMeta(std::string(f.params[first].name)), b = RE2::QuoteMeta(std::string(f.params[first + 1].name));
    // The two parameters, or the elements a loop draws from them (`p_ref` of `ref_param`), also
    // converted or indexed first (`output.float() - reference.float()`).
    const RE2 difference("\\b\\w*(" + a + "|" + b + ")\\w*\\b(?:\\.\\w+\\([^()]*\\)|\\[[^\\]]*\\])*\\s*-\\s*\\w*(" + a + "|" + b +
                         ")\\w*\\b");
    const RE2 drawn("\\bzip\\(\\s*" + a + "\\s*,\\s*" + b + "\\s*\\)");
    if (RE2::PartialMatch(re2::StringPiece(body.data(), body.size()), difference) ||
        RE2::PartialMatch(re2::StringPiece(body.data(), body.size()), drawn))
      return {args.positional[1], args.positional[0]};
  }
  return {kNone, kNone};
}

// `max_abs_diff, max_rel_diff = self.get_max_diff(ref_param, tst_param)` (Apex's optimizer tests)
// before `assert max_rel_diff <= tol`: an error a measure helper computes (measureHelperOperands),
// bound to the name (alone or in a tuple).
static std::pair<ExprId, ExprId> measuredBetween(const FileModel& m, FunctionId fid, StmtId at, std::string_view name) {
  if (m.language != Language::Python || fid == kNone) return {kNone, kNone};
  ExprId value = kNone;
  std::vector<StmtId> scratch;
  for (const StmtId s : statementsBinding(m, fid, name, scratch)) {
    if (s >= at || s >= m.stmts.size()) break;
    const Stmt& st = m.stmts[s];
    if (st.function == fid && st.kind == StmtKind::Assign && st.a != kNone && st.b != kNone && targetBinds(m, st.a, name)) value = st.b;
  }
  return measureHelperOperands(m, value);
}

// The other operand of `k * x` (or `x * k`) where x, or its absolute value, is one of the compared
// values as written; kNone otherwise. `qualified`: also an absolute value named with its namespace
// (`std::fabs(ref)`), as in NumPy's `isclose` written out; a bound alone scaled so
// (`std::abs(ref) * 1e-15`) stays one bound, the C++ labels' reading of such a computed bound.
static ExprId factorOfACompared(const FileModel& m, ExprId bound, ExprId actual, ExprId expected, bool qualified = false) {
  if (bound == kNone || m.expr(bound).kind != ExprKind::BinaryOp || m.expr(bound).name != "*" || m.childCount(bound) != 2) return kNone;
  const auto compared = [&](ExprId e) {
    if (m.expr(e).kind == ExprKind::Call) {
      const CallArgs args = splitCall(m, e);
      const std::string_view last = qualified ? lastOf(m, args.callee) : lastDottedComponent(m.expr(args.callee).text);
      if (namesAbsoluteValue(last) && args.positional.size() == 1) e = args.positional[0];
    }
    const std::string text = normalized(m.expr(e).text);
    return !text.empty() && ((actual != kNone && text == normalized(m.expr(actual).text)) ||
                             (expected != kNone && text == normalized(m.expr(expected).text)));
  };
  const ExprId l = m.child(bound, 0), r = m.child(bound, 1);
  if (compared(r) && !compared(l)) return l;
  if (compared(l) && !compared(r)) return r;
  return kNone;
}

void AssertionFinder::applyErrorBound(const FileModel& m, Assertion& a, ExprId errorSide, ExprId boundSide, ExprId lowerSide) const {
  a.isOa = true;
  a.category = Category::ErrorBound;
  a.actualExpr = errorSide;
  // The compared values sit inside the error: abs(a - b) -> a (actual) and b (oracle); also
  // where a local holds it (`max_abs_err = (out - ref).abs().max()`; `assert max_abs_err < tol`).
  // Inside the error too, a few locals deep (`err = out - ref`; `assert np.max(np.abs(err)) < tol`),
  // and through an accumulation (`total += abs(mean - true_mean) / n`).
  ExprId cur = errorSide;
  int localsFollowed = 0;
  for (int depth = 0; cur != kNone && depth < kMaxConditionDepth; ++depth) {
    const Expr& x = m.expr(cur);
    if (x.kind == ExprKind::Name) {
      if (a.functionId == kNone || a.stmt == kNone || ++localsFollowed > 3) break;
      const ExprId held = differenceHeldBy(m, a.functionId, a.stmt, x.name);
      if (held == kNone) {
        if (const auto [computed, reference] = measuredBetween(m, a.functionId, a.stmt, x.name); computed != kNone) {
          a.actualExpr = computed;
          a.expectedExpr = reference;
        }
        break;
      }
      cur = held;
      continue;
    }
    if (x.kind == ExprKind::BinaryOp && x.name == "-") {
      a.actualExpr = m.child(cur, 0);
      a.expectedExpr = m.child(cur, 1);
      break;
    }
    if (const auto operands = subtractionOperands(m, cur)) {
      a.actualExpr = operands->first;
      a.expectedExpr = operands->second;
      break;
    }
    // `np.sum(np.abs(mean1 - mean2) > 5e-3)`: the elements out of a tolerance, counted; the
    // difference is the one each element is tested on.
    if (x.kind == ExprKind::BinaryOp || x.kind == ExprKind::Attribute || x.kind == ExprKind::Subscript ||
        (x.kind == ExprKind::Compare && x.childCount == 2)) {
      cur = m.child(cur, 0);
      continue;
    }
    if (x.kind == ExprKind::Call) {
      // `assert _relative_error(out, ref) < 0.1`: the measure helper's two values.
      if (const auto [computed, reference] = measureHelperOperands(m, cur); computed != kNone) {
        a.actualExpr = computed;
        a.expectedExpr = reference;
        break;
      }
      CallArgs args = splitCall(m, cur);
      // (res - ref).div(res).abs(): a method of the difference, whatever its arguments.
      const bool methodOfDifference = m.expr(args.callee).kind == ExprKind::Attribute && m.expr(args.callee).childCount > 0 &&
                                      containsDifference(m, m.child(args.callee, 0), 0);
      if (!args.positional.empty() && !methodOfDifference) cur = args.positional[0];
      else if (m.expr(args.callee).kind == ExprKind::Attribute) cur = m.child(args.callee, 0);
      else break;
      continue;
    }
    break;
  }
  if (lowerSide != kNone) addWrittenTolerance(m, a, "lower_bound", lowerSide);
  // `fabsf(x - y) <= a_tol + r_tol * fabsf(y)`: NumPy's `isclose` written out, an absolute
  // tolerance plus one relative to a compared value.
  if (boundSide != kNone && m.expr(boundSide).kind == ExprKind::BinaryOp && m.expr(boundSide).name == "+" && m.childCount(boundSide) == 2)
    for (int i = 0; i < 2; ++i)
      if (const ExprId factor = factorOfACompared(m, m.child(boundSide, i), a.actualExpr, a.expectedExpr, true);
          factor != kNone && factorOfACompared(m, m.child(boundSide, 1 - i), a.actualExpr, a.expectedExpr, true) == kNone) {
        addWrittenTolerance(m, a, "atol", m.child(boundSide, 1 - i));
        addWrittenTolerance(m, a, "rtol", factor);
        return;
      }
  // `abs(p_hat - p) < TOL * p`: a bound scaled by one of the compared values is a relative
  // tolerance, the factor its value.
  if (const ExprId factor = factorOfACompared(m, boundSide, a.actualExpr, a.expectedExpr); factor != kNone) {
    addWrittenTolerance(m, a, "rtol", factor);
    std::string& note = a.tolerances.back().note;
    note = fmt::format("{}{}the factor of `{}`", note, note.empty() ? "" : "; ", m.expr(boundSide).text.substr(0, 60));
    return;
  }
  if (boundSide != kNone) addWrittenTolerance(m, a, "bound", boundSide);  // kNone: a helper's own bound
}

}  // namespace oalens::analyzer
