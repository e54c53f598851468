// The C++ helpers wrapper discovery reads by the check they write out rather than by a check
// they call: closeness and interval predicates, helpers that keep a flag over every element,
// helpers that assert a closeness condition through locals, and checks known by their
// declaration only (cpp_predicates.h).
#include "analyzer/assertions/cpp_predicates.h"

#include "analyzer/assertions/condition_macros.h"

#include <re2/re2.h>

#include <algorithm>
#include <vector>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/declared_checks.h"
#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/assertions/exceeded_bounds.h"
#include "analyzer/assertions/param_origin.h"
#include "analyzer/assertions/predicate_tolerances.h"
#include "analyzer/core/words.h"

namespace oalens::analyzer {

namespace {

// Whether a check of `actualParam` against `expectedParam` makes the function a closeness
// check: it compares two of its parameters, or computes a side itself (computesBothSides).
bool comparesTwoSides(const FileModel& m, const Function& f, std::string_view actualParam, std::string_view expectedParam) {
  return computesBothSides(m, f, actualParam, expectedParam) ||
         (!actualParam.empty() && !expectedParam.empty() && actualParam != expectedParam);
}

// A discovered C++ method answering whether its object is close to what it is given: matched by
// its name on any object (`v.ApproxEqual(w)`, whose class may only inherit it).
void makeMethodPredicate(const Function& f, ApiSpec& w) {
  w.kind = ApiKind::Method;
  w.predicateMethod = true;
  w.names = {std::string(f.name)};
}

// `lo <= x && x <= hi` (either order, either direction): the three sides.
struct IntervalSides {
  ExprId lo = kNone, mid = kNone, hi = kNone;
};
std::optional<IntervalSides> intervalIn(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::BoolOp || m.expr(e).name != "and" || m.childCount(e) != 2) return std::nullopt;
  std::pair<ExprId, ExprId> sides[2];  // (smaller, larger) of each comparison
  for (uint32_t i = 0; i < 2; ++i) {
    const ExprId c = m.child(e, i);
    if (m.expr(c).kind != ExprKind::Compare || m.childCount(c) != 2) return std::nullopt;
    const std::string_view op = m.compareOp(c, 0);
    if (op == "<" || op == "<=") sides[i] = {m.child(c, 0), m.child(c, 1)};
    else if (op == ">" || op == ">=") sides[i] = {m.child(c, 1), m.child(c, 0)};
    else return std::nullopt;
  }
  auto same = [&](ExprId a, ExprId b) { return m.expr(a).text == m.expr(b).text; };
  if (same(sides[0].second, sides[1].first)) return IntervalSides{sides[0].first, sides[0].second, sides[1].second};
  if (same(sides[1].second, sides[0].first)) return IntervalSides{sides[1].first, sides[1].second, sides[0].second};
  return std::nullopt;
}

// `e - t` and `e + t`: an interval around an expected value by a tolerance (e, t); nullopt else.
std::optional<std::pair<ExprId, ExprId>> aroundByTolerance(const FileModel& m, ExprId lo, ExprId hi) {
  if (lo == kNone || hi == kNone) return std::nullopt;
  const Expr &l = m.expr(lo), &h = m.expr(hi);
  if (l.kind != ExprKind::BinaryOp || h.kind != ExprKind::BinaryOp || l.name != "-" || h.name != "+") return std::nullopt;
  const ExprId e = m.child(lo, 0), t = m.child(lo, 1);
  if (m.expr(e).text != m.expr(m.child(hi, 0)).text || m.expr(t).text != m.expr(m.child(hi, 1)).text) return std::nullopt;
  return std::pair{e, t};
}

// Whether function `fid` counts into `name` (`++err;`, `err++;`, `err += 1;`): an output, such as
// the count a functor's `operator()(int i, value_type& err)` adds its failures to, no compared value.
static bool countsInto(const FileModel& m, FunctionId fid, std::string_view name) {
  const Function& f = m.functions[fid];
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid) continue;
    if (st.kind == StmtKind::AugAssign && st.a != kNone && m.expr(st.a).text == name) return true;
    if (st.kind != StmtKind::ExprStmt) continue;
    std::string_view t = st.text;
    while (!t.empty() && (t.back() == ';' || t.back() == ' ')) t.remove_suffix(1);
    if (t.size() == name.size() + 2 && (t.starts_with("++") || t.ends_with("++")) && t.find(name) != std::string_view::npos) return true;
  }
  return false;
}

}  // namespace

ApiSpec closenessPredicate(const FileModel& m, FunctionId fid, StmtId s, std::string_view actualParam, std::string_view expectedParam,
                           ExprId bound, const ToleranceResolver& resolver) {
  ApiSpec w = discoveredPredicate(m, m.functions[fid], s, Category::Abs, "closeness predicate");
  w.actual = std::string(actualParam);
  w.expected = std::string(expectedParam);
  // A method comparing its object with what it is given (`tmp = *this - other; return
  // tmp.Norm() <= tol * this->Norm();`): the object is the value under test.
  if (const Function& f = m.functions[fid]; actualParam.empty() && expectedParam.empty() && isMethod(f))
    if (const std::string_view other = comparedValueParam(f); !other.empty() && !countsInto(m, fid, other)) {
      makeMethodPredicate(f, w);
      w.actual = "self";
      w.expected = std::string(other);
    }
  takeAbsoluteTolerance(m, fid, s, bound, resolver, w);
  return w;
}

namespace {

// `gap > 0.02f` where the function bound `gap` to a difference's size first (`float gap =
// std::fabs(numeric - analytic[i]);`): the error exceeding its bound, read from the binding
// before `at`; nullopt for any other condition.
std::optional<AssertionFinder::OaCheck> exceededLocalError(const FileModel& m, FunctionId fid, StmtId at, ExprId cond) {
  if (m.expr(cond).kind != ExprKind::Compare || m.childCount(cond) != 2) return std::nullopt;
  const std::string_view op = m.compareOp(cond, 0);
  if (op != ">" && op != ">=") return std::nullopt;
  const ExprId error = m.child(cond, 0), bound = m.child(cond, 1);
  if (m.expr(error).kind != ExprKind::Name || !looksLikeBound(m, bound)) return std::nullopt;
  for (StmtId s = m.functions[fid].firstStmt; s < at; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone || m.expr(st.a).text != m.expr(error).name)
      continue;
    if (!looksLikeError(m, st.b) || !containsDifference(m, st.b)) return std::nullopt;
    AssertionFinder::OaCheck c;
    c.compare = cond;
    c.errorSide = st.b;
    c.boundSide = bound;
    return c;
  }
  return std::nullopt;
}

// Whether the block of the `if` at `head` only moves on to the next element (`continue;`,
// `break;`): a skip, which answers nothing.
bool onlySkips(const FileModel& m, FunctionId fid, StmtId head, StmtId end) {
  const StmtId blockEnd = afterBlock(m, fid, head, end);
  bool any = false;
  for (StmtId e = head + 1; e < blockEnd; ++e) {
    if (m.stmts[e].function != fid) continue;
    std::string_view text = m.stmts[e].text;
    while (!text.empty() && (text.back() == ';' || text.back() == ' ' || text.back() == '\n')) text.remove_suffix(1);
    if (text != "continue" && text != "break") return false;
    any = true;
  }
  return any;
}

// Whether the block of `head` decides nothing: it keeps a running extreme of what its condition
// compares (`if (d[i] > max_d) { max_d = d[i]; }`) or only writes a message (`if (diff_count <
// 5) { msg << a[i]; }`), both in nGraph's all_close_f, around its real check.
bool decidesNothing(const FileModel& m, FunctionId fid, StmtId head, StmtId end) {
  // `if (diff < 0) absdiff *= -1;` (ctest's assert_dbl_near, avoiding fabs): an absolute value
  // taken by hand, before the real check.
  static const RE2 signFlip(R"(^\s*(\w+)\s*(?:\*=\s*-\s*1(?:\.0*)?|=\s*-\s*(\w+))\s*;?\s*$)");
  const ExprId cond = m.stmts[head].a;
  const StmtId blockEnd = afterBlock(m, fid, head, end);
  bool any = false, onlyWrites = true, onlyFlips = true;
  for (StmtId e = head + 1; e < blockEnd; ++e) {
    const Stmt& st = m.stmts[e];
    if (st.function != fid) continue;
    std::string target, negated;
    onlyFlips = onlyFlips && RE2::FullMatch(re2::StringPiece(st.text.data(), st.text.size()), signFlip, &target, &negated) &&
                (negated.empty() || negated == target);
    any = true;
    if (onlyFlips) continue;  // the flips before any other statement are passed over
    if (st.kind == StmtKind::Assign && st.a != kNone && cond != kNone && m.expr(cond).kind == ExprKind::Compare && m.childCount(cond) == 2)
      for (uint32_t i = 0; i < 2; ++i)
        if (m.expr(st.a).text == m.expr(m.child(cond, i)).text) return true;
    if (st.kind != StmtKind::ExprStmt || st.text.find("<<") == std::string_view::npos) onlyWrites = false;
  }
  return any && (onlyWrites || onlyFlips);
}

}  // namespace

bool isFailingStatus(const FileModel& m, ExprId value) {
  const Expr& x = m.expr(value);
  return (x.kind == ExprKind::Number && x.text != "0") || x.text == "EXIT_FAILURE" || (x.kind == ExprKind::UnaryOp && x.name == "-");
}

std::string incrementedName(std::string_view statement) {
  static const RE2 increment(R"(^\s*(?:\+\+\s*(\w+)|(\w+)\s*\+\+|(\w+)\s*\+=\s*1)\s*;?\s*$)");
  std::string a, b, c;
  if (!RE2::FullMatch(re2::StringPiece(statement.data(), statement.size()), increment, &a, &b, &c)) return {};
  return a + b + c;
}

bool isErrorStatus(const FileModel& m, ExprId value) {
  static const RE2 error(R"(^(?:::)?(?:(?:absl|tsl|tensorflow|util|litert)::)*(?:errors::[A-Z]\w*|[A-Z]\w*Error)\s*\()");
  const Expr& x = m.expr(value);
  if (x.kind == ExprKind::Name) return x.name == "kTfLiteError";
  return x.kind == ExprKind::Call && RE2::PartialMatch(re2::StringPiece(x.text.data(), x.text.size()), error);
}

bool isOkStatus(const FileModel& m, ExprId value) {
  static const RE2 ok(R"(^(?:::)?(?:(?:absl|tsl|tensorflow|util|litert)::)*(?:OkStatus\(\)|Status::OK\(\)|Status\(\)|kTfLiteOk$))");
  const std::string_view text = m.expr(value).text;
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), ok);
}

bool answersFailingStatus(const FileModel& m, StmtId head) {
  const Stmt& h = m.stmts[head];
  for (StmtId e = head + 1; e < m.stmts.size(); ++e) {
    const Stmt& st = m.stmts[e];
    if (st.function != h.function || st.depth <= h.depth) break;
    if (st.parent != head || st.kind != StmtKind::Return || st.a == kNone) continue;
    // `if (ret != 0) return ret;`: the nonzero status the condition found, handed on.
    if (const Expr& value = m.expr(st.a); value.kind == ExprKind::Name && h.a != kNone) {
      const std::string_view cond = m.expr(h.a).text;
      const std::string name(value.name);
      return cond == name || cond == name + " != 0" || cond == "0 != " + name;
    }
    return isFailingStatus(m, st.a);
  }
  return false;
}

// Whether the block of the `if` at `head` assigns `flag` a value `accepted` takes.
template <class Accept>
static bool assignsInBlock(const FileModel& m, FunctionId fid, StmtId head, StmtId end, std::string_view flag, Accept accepted) {
  const StmtId blockEnd = afterBlock(m, fid, head, end);
  for (StmtId e = head + 1; e < blockEnd; ++e) {
    const Stmt& x = m.stmts[e];
    if (x.function == fid && x.kind == StmtKind::Assign && x.a != kNone && x.b != kNone && m.expr(x.a).text == flag && accepted(x.b))
      return true;
  }
  return false;
}

bool setsFlagIn(const FileModel& m, FunctionId fid, StmtId head, StmtId end, std::string_view flag, std::string_view value) {
  return assignsInBlock(m, fid, head, end, flag, [&](ExprId v) { return m.expr(v).text == value; });
}

// Whether the block of the `if` at `head` sets a failing status in the local function `fid` answers
// with (`ret = -1;`, then `return ret;`: Tengine's float_mismatch), or in a flag the function
// answers a failing status on later (`relative_error_flag = 1; break;`, then `if
// (relative_error_flag == 0) return 0; else { ...; return -1; }`: TNN's CompareData).
static bool setsReturnedStatus(const FileModel& m, FunctionId fid, StmtId head) {
  const Function& f = m.functions[fid];
  const StmtId blockEnd = afterBlock(m, fid, head, f.endStmt);
  std::vector<std::string_view> flags;
  for (StmtId e = head + 1; e < blockEnd; ++e)
    if (const Stmt& x = m.stmts[e]; x.function == fid && x.kind == StmtKind::Assign && x.a != kNone && x.b != kNone &&
                                    m.expr(x.a).kind == ExprKind::Name && isFailingStatus(m, x.b))
      flags.push_back(m.expr(x.a).name);
  for (StmtId r = head + 1; r < f.endStmt && r < m.stmts.size(); ++r) {
    const Stmt& ret = m.stmts[r];
    if (ret.function != fid || ret.kind != StmtKind::Return || ret.a == kNone) continue;
    if (m.expr(ret.a).kind == ExprKind::Name && std::ranges::find(flags, m.expr(ret.a).name) != flags.end()) return true;
    if (r < blockEnd || !isFailingStatus(m, ret.a)) continue;
    // A failing status answered under a condition that reads the flag.
    for (StmtId p = ret.parent; p != kNone && p >= f.firstStmt && p < r; p = m.stmts[p].parent) {
      StmtId cond = p;
      if (m.stmts[p].kind == StmtKind::Else)  // the `if` this `else` belongs to, just before its block
        for (StmtId q = p; q > f.firstStmt;)
          if (const Stmt& before = m.stmts[--q]; before.parent == m.stmts[p].parent && before.depth == m.stmts[p].depth) {
            cond = q;
            break;
          }
      if (m.stmts[cond].kind != StmtKind::If || m.stmts[cond].a == kNone) continue;
      for (std::string_view flag : flags)
        if (mentionsWord(m.expr(m.stmts[cond].a).text, flag)) return true;
    }
  }
  return false;
}

// A C++ function (not a test case) with parameters, or a method (its object holds what it
// checks: a tester configured by builder calls), whose check compares values it computes itself
// rather than two of its parameters (one side at most is a parameter's): wrapper_discovery's
// self-contained checks. A free function
// without parameters is a test of its own (dlib's `void test_qr()`), not a check.
bool computesBothSides(const FileModel& m, const Function& f, std::string_view actualParam, std::string_view expectedParam) {
  if (m.language != Language::Cpp || f.isTestCase) return false;
  const bool takesSomething = !f.params.empty() && !(f.params.size() == 1 && f.params[0].varArgs);
  if (!takesSomething && f.cls == kNone) return false;
  // One side may come from a parameter (`Run(kernel)` compares `kernel(x)` with a reference
  // it computes): that side is the caller's value, the other the helper's own.
  return actualParam.empty() || expectedParam.empty() || actualParam == expectedParam;
}

// A C++ function returning whether a value lies in an interval: `IsInside(lo, hi, x) { return
// lo <= x && x <= hi; }` checks x against its two bounds (an interval predicate, OA at a call
// when a bound holds a tolerance, as `lo < x <= hi` is), and `IsNear(e, x, tol) { return
// IsInside(e - tol, e + tol, x); }` or `return e - tol <= x && x <= e + tol;` is a closeness
// predicate with an absolute tolerance.
std::optional<ApiSpec> intervalPredicateSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                             const ToleranceResolver& resolver) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.params.size() < 2) return std::nullopt;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Return || st.a == kNone) continue;
    IntervalSides sides;
    if (auto written = intervalIn(m, st.a)) {
      sides = *written;
    } else if (auto check = finder.conditionCheck(m, fid, st.a);
               check && check->spec && !check->spec->lowerBound.empty() && !check->negated) {
      const CallArgs args = splitCall(m, check->call);
      sides = {argumentFor(m, *check->spec, args, check->spec->lowerBound), argumentFor(m, *check->spec, args, check->spec->actual),
               argumentFor(m, *check->spec, args, check->spec->bound)};
    } else {
      continue;
    }
    const std::string_view valueParam = originParam(m, fid, sides.mid, 0, false);
    if (valueParam.empty()) continue;
    if (auto around = aroundByTolerance(m, sides.lo, sides.hi)) {
      const std::string_view expectedParam = originParam(m, fid, around->first, 0, false);
      if (expectedParam.empty() || expectedParam == valueParam) continue;
      return closenessPredicate(m, fid, s, valueParam, expectedParam, around->second, resolver);
    }
    const std::string_view loParam = originParam(m, fid, sides.lo, 0, false), hiParam = originParam(m, fid, sides.hi, 0, false);
    if (loParam.empty() || hiParam.empty() || loParam == hiParam || loParam == valueParam || hiParam == valueParam) continue;
    ApiSpec w = discoveredPredicate(m, f, s, Category::ErrorBound, "interval predicate");
    w.actual = std::string(valueParam);
    w.bound = std::string(hiParam);
    w.lowerBound = std::string(loParam);
    return w;
  }
  return std::nullopt;
}

// A C++ function that answers whether two of its parameters are close: it returns or branches
// on `abs(a - b) < eps` (tiny-dnn's is_near_container, a suite's own SameUpTo). Calls of it as
// the condition of an assertion are OA assertions with an absolute tolerance. Python suites
// spell such helpers as wrappers of np.allclose, which the wrapper search finds already.
std::optional<ApiSpec> closenessPredicateSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                              const ToleranceResolver& resolver) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.params.size() < 2) return std::nullopt;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone || (st.kind != StmtKind::Return && st.kind != StmtKind::If)) continue;
    // An `if` answers only when its block returns: `if (|a| < eps && |b| < eps) continue;` skips
    // an element, it decides nothing (MNN's TensorUtils equals, before its relative check).
    if (st.kind == StmtKind::If && (onlySkips(m, fid, s, f.endStmt) || decidesNothing(m, fid, s, f.endStmt))) continue;
    // The answer, or its first alternative (`return distance <= tolerance || distance ==
    // BELOW_MIN_SIGNAL;`: close, or both too small to tell).
    ExprId answer = st.a;
    // `ok = (rerr <= bound) || (aerr <= bound); ...; return ok;` (oneMath's check_equal): the
    // comparison the answer was last given.
    if (st.kind == StmtKind::Return && m.expr(answer).kind == ExprKind::Name) answer = throughLocal(m, fid, s, answer);
    // `ok = check_rerr ? ((rerr <= bound) || (aerr <= bound)) : (aerr <= bound);` (oneMath's
    // check_equal_trsm): the answer where the condition holds.
    if (st.kind == StmtKind::Return && m.expr(answer).kind == ExprKind::Conditional && m.childCount(answer) == 3)
      answer = m.child(answer, 0);
    if (st.kind == StmtKind::Return && m.expr(answer).kind == ExprKind::BoolOp && m.expr(answer).name == "or" && m.childCount(answer) == 2)
      answer = m.child(answer, 0);
    auto check = exceededLocalError(m, fid, s, answer);  // the sides a local `diff` was bound to
    bool exceeds = check.has_value();                    // `diff > tol`: the values differ
    if (!check) check = finder.conditionCheck(m, fid, answer);
    // `if (fabs(res[i] - ref[i]) > ep) return -1;`: a bound by its place, not its name.
    if (!check && st.kind == StmtKind::If) {
      check = exceededParameterBound(m, fid, s, answer);
      exceeds = check.has_value();
    }
    if (!check || check->spec || check->errorSide == kNone || check->lowerSide != kNone) continue;
    // `abs(a - b) > abs_error`: a bound named like an error may be read as the error side.
    ExprId errorSide = check->errorSide, boundSide = check->boundSide;
    if (differenceOperands(m, errorSide).first == kNone && differenceOperands(m, boundSide).first != kNone) std::swap(errorSide, boundSide);
    auto [left, right] = sidesOfError(m, fid, s, errorSide);  // also through a local: `float diff = std::abs(a - b);`
    std::string_view actualParam = originParam(m, fid, left, 0, false), expectedParam = originParam(m, fid, right, 0, false);
    if (!comparesTwoSides(m, f, actualParam, expectedParam)) continue;
    ApiSpec w = closenessPredicate(m, fid, s, actualParam, expectedParam, boundSide, resolver);
    markCheckExpr(m, answer, nullptr, w);
    if (st.kind == StmtKind::If && (answersFailingStatus(m, s) || setsReturnedStatus(m, fid, s))) w.negated = true;
    // `if (fabs(e - a) > t) { result_.addFailure(...); }` (CppUnitLite's EXPECT_DOUBLES_EQUAL): a
    // check that fails the test itself asserts where it is called; one that returns false answers.
    if (st.kind == StmtKind::If && finder.abortIn(m, s) != std::optional<std::string>("return") && failsUnder(m, finder, fid, s)) {
      w.kind = ApiKind::Function;
      w.via = "closeness check";
      // Failing when the values are close (`if (nrm < thr) passed = false;`, Sophus's
      // SOPHUS_TEST_NOT_APPROX): the check that they differ.
      if (!exceeds && !check->negated) w.negated = !w.negated;
    }
    // `if (fabs(b - a) < 1e-4) return true;` then `if (relative_error < 1.25e-6) return true;`
    // (Halide's relatively_equal): each later acceptance of an error is a place it checks too.
    for (StmtId later = s + 1; st.kind == StmtKind::If && later < f.endStmt; ++later) {
      const Stmt& next = m.stmts[later];
      if (next.function != fid || next.kind != StmtKind::If || next.a == kNone) continue;
      if (onlySkips(m, fid, later, f.endStmt) || decidesNothing(m, fid, later, f.endStmt)) continue;
      auto again = exceededLocalError(m, fid, later, next.a);
      if (!again) again = finder.conditionCheck(m, fid, next.a);
      if (again && !again->spec && again->errorSide != kNone && again->lowerSide == kNone) markCheckExpr(m, next.a, nullptr, w);
    }
    // `|got - want| / largest > tolerance`: the error divided by a size, a relative tolerance;
    // also kept in a local first (`auto rel_err = norm_residual / denom; ... rel_err < threshold`).
    // So is the size of such a quotient (`fabs(diff / sum) > ep`).
    ExprId measured = m.expr(errorSide).kind == ExprKind::Name ? throughLocal(m, fid, s, errorSide) : errorSide;
    if (const Expr& size = m.expr(measured);
        size.kind == ExprKind::Call && namesAbsoluteValue(lastOf(m, m.child(measured, 0))) && splitCall(m, measured).positional.size() == 1)
      measured = splitCall(m, measured).positional[0];
    if (const Expr& error = m.expr(measured);
        error.kind == ExprKind::BinaryOp && error.name == "/" && w.tolerances.size() == 1 && w.tolerances[0].first == "atol") {
      w.tolerances[0].first = "rtol";
      if (auto d = w.defaults.extract("atol")) w.defaults["rtol"] = d.mapped();
      if (auto v = w.defaultValues.extract("atol")) w.defaultValues["rtol"] = v.mapped();
      w.category = Category::AbsRel;
    }
    takeOtherExceededBound(m, fid, s, answer, check->compare, actualParam, expectedParam, resolver, w);
    return w;
  }
  return std::nullopt;
}

// A C++ function that keeps a flag while it compares and answers with it (a gradient check
// that goes over every coordinate: `if (err > 0.01 || isnan(err)) failed = true;` then `return
// !failed;`): whether every comparison held, a closeness predicate as one returning
// `abs(a - b) < eps` is. The sides are the helper's own when it computes both, else the two
// parameters it compares (oneDNN's suite `allclose(a, b, rtol, atol)`, flag cleared on the
// first element off by more than `atol + rtol * |b|`).
std::optional<ApiSpec> flagPredicateSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                         const ToleranceResolver& resolver) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.params.empty() || f.isTestCase) return std::nullopt;
  for (StmtId r = f.firstStmt; r < f.endStmt; ++r) {
    const Stmt& ret = m.stmts[r];
    if (ret.function != fid || ret.kind != StmtKind::Return || ret.a == kNone) continue;
    ExprId answer = ret.a;
    // `res = rc ? ::testing::AssertionSuccess() : ::testing::AssertionFailure(); res << msg; return res;`
    if (m.expr(answer).kind == ExprKind::Name)
      if (const ExprId held = throughLocal(m, fid, r, answer); m.expr(held).kind == ExprKind::Conditional) answer = held;
    // `return rc ? ::testing::AssertionSuccess() : failure;`: the flag decides what it answers.
    if (m.expr(answer).kind == ExprKind::Conditional && m.childCount(answer) == 3 && m.expr(m.child(answer, 1)).kind == ExprKind::Name)
      answer = m.child(answer, 1);
    const bool negated = m.expr(answer).kind == ExprKind::Not && m.childCount(answer) == 1;
    if (negated) answer = m.child(answer, 0);
    if (m.expr(answer).kind != ExprKind::Name) continue;
    const std::string_view flag = m.expr(answer).name, failing = negated ? "true" : "false";
    for (StmtId s = f.firstStmt; s < r; ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != fid || st.kind != StmtKind::If || st.a == kNone || !setsFlagIn(m, fid, s, f.endStmt, flag, failing)) continue;
      // The condition, or one alternative of it (`err > tol || isnan(err)`).
      std::vector<ExprId> conditions{st.a};
      if (m.expr(st.a).kind == ExprKind::BoolOp && m.expr(st.a).name == "or")
        for (uint32_t i = 0; i < m.childCount(st.a); ++i) conditions.push_back(m.child(st.a, i));
      for (ExprId c : conditions) {
        // `bool is_close = d[i] <= tol; if (!is_close) rc = false;`: the comparison the local holds.
        if (m.expr(c).kind == ExprKind::Not && m.childCount(c) == 1 && m.expr(m.child(c, 0)).kind == ExprKind::Name)
          if (const ExprId held = throughLocal(m, fid, s, m.child(c, 0)); m.expr(held).kind == ExprKind::Compare) c = held;
        // The binding first: `diff > tol` reads as an error bound by its name alone, which
        // loses the sides `float diff = std::abs(a[i] - b[i]);` names.
        auto check = exceededLocalError(m, fid, s, c);
        if (!check) check = finder.conditionCheck(m, fid, c);
        if (!check || check->spec || check->errorSide == kNone || check->lowerSide != kNone) continue;
        auto [left, right] = sidesOfError(m, fid, s, check->errorSide);
        const std::string_view actualParam = originParam(m, fid, left, 0, false), expectedParam = originParam(m, fid, right, 0, false);
        if (!comparesTwoSides(m, f, actualParam, expectedParam)) continue;
        return closenessPredicate(m, fid, s, actualParam, expectedParam, check->boundSide, resolver);
      }
    }
  }
  return std::nullopt;
}

std::optional<ApiSpec> approxFactorySpec(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, const AssertionFinder& finder,
                                         const ToleranceResolver& resolver) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.params.empty() || f.isTestCase || f.isMacro) return std::nullopt;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Return || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) continue;
    std::vector<std::pair<std::string, ExprId>> setterValues;
    const ExprId base = finder.peelSetters(m, fid, st.a, setterValues);
    const ApiMatch match = matcher.match(m, fid, base);
    if (!match.spec || !match.spec->approx || match.spec->discovered) continue;
    const CallArgs args = splitCall(m, base);
    if (args.positional.empty()) continue;
    // The value, maybe through calls of one argument that convert it (`val(std::forward<T>(x))`).
    ExprId value = args.positional[0];
    std::string_view valueParam = originParam(m, fid, value, 0, false);
    for (int hops = 0; valueParam.empty() && hops < 3 && m.expr(value).kind == ExprKind::Call; ++hops) {
      const CallArgs inner = splitCall(m, value);
      if (inner.positional.size() != 1) break;
      value = inner.positional[0];
      valueParam = originParam(m, fid, value, 0, false);
    }
    if (valueParam.empty()) continue;
    ApiSpec w = *match.spec;
    w.via = match.spec->id;
    nameDiscovered(m, f, w);
    w.kind = match.spec->kind;
    w.params.clear();
    for (const Param& p : f.params) w.params.emplace_back(p.name);
    w.expected = std::string(valueParam);
    for (const auto& [kind, value] : setterValues) {
      w.defaults[kind] = std::string(m.expr(value).text);
      w.ownDefaults.push_back(kind);
      // `const double zero = std::numeric_limits<double>::epsilon();` then `.margin(zero)`: resolved here.
      if (ResolvedValue r = resolver.resolve(m, fid, s, value); r.value) w.defaultValues[kind] = *r.value;
      else w.defaultValues.erase(kind);
    }
    markCheckSite(m, s, nullptr, w);
    return w;
  }
  return std::nullopt;
}

// A C++ function or lambda answering with an approximate equality of two of its parameters
// (Catch2's `return x == Approx(y).margin(0.001f);`, marian-dev's floatApprox lambdas): a closeness
// predicate with the tolerances its setters write (or take from parameters) as its defaults, the
// approximation's own defaults for the others.
std::optional<ApiSpec> approxPredicateSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                           const ToleranceResolver& resolver) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.params.size() < 2 || f.isTestCase) return std::nullopt;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Return || st.a == kNone) continue;
    const auto check = finder.conditionCheck(m, fid, st.a);
    if (!check || !check->spec || !check->spec->approx || check->approxOther == kNone || check->negated) continue;
    const CallArgs args = splitCall(m, check->call);
    if (args.positional.empty()) continue;
    const std::string_view actualParam = originParam(m, fid, check->approxOther, 0, false);
    const std::string_view expectedParam = originParam(m, fid, args.positional[0], 0, false);
    if (actualParam.empty() || expectedParam.empty() || actualParam == expectedParam) continue;
    const ApiSpec& approx = *check->spec;
    ApiSpec w;
    w.kind = ApiKind::Predicate;
    w.oa = true;
    w.category = approx.category;
    w.via = approx.id;
    nameDiscovered(m, f, w);
    markCheckSite(m, s, nullptr, w);
    w.actual = std::string(actualParam);
    w.expected = std::string(expectedParam);
    for (const auto& [kind, value] : check->setterValues) takeTolerance(m, fid, s, value, kind, resolver, w);
    for (const auto& [kind, text] : approx.defaults) {
      const std::string& name = kind;  // a structured binding is not captured by clang 14
      if (std::ranges::any_of(w.tolerances, [&](const auto& t) { return t.first == name; })) continue;
      w.tolerances.emplace_back(kind, std::string{});
      w.defaults[kind] = text;
      if (auto v = approx.defaultValues.find(kind); v != approx.defaultValues.end()) w.defaultValues[kind] = v->second;
    }
    return w;
  }
  return std::nullopt;
}

// A C++ helper that asserts a closeness condition it writes out, `EXPECT_TRUE(std::abs(a - b) <=
// tol)` or through locals (oneDNN's suite `compare_data_fp`: `const double diff = dst - ref;`,
// `const double gap = rtol * max(|ref|, |dst|) + atol;`, `bool good = std::abs(diff) <= gap;`,
// `EXPECT_TRUE(good)`): an assertion wrapper with the tolerance of the condition.
std::optional<ApiSpec> closenessAssertionSpec(const FileModel& m, FunctionId fid, const ApiMatcher& matcher,
                                              const ToleranceResolver& resolver) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.params.empty() || f.isTestCase) return std::nullopt;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) continue;
    const ApiMatch match = matcher.match(m, fid, st.a);
    const AssertionForm form = assertionFormOf(match, m.language);
    const CallArgs args = splitCall(m, st.a);
    const size_t heldAt = match.spec ? match.spec->conditionArgument : 0;
    ExprId written = kNone;  // the condition asserted to hold (or, `mismatch`, not to)
    bool assertedFalse = false;
    if (form == AssertionForm::Truth && heldAt < args.positional.size()) written = args.positional[heldAt];
    else if (form == AssertionForm::Falsity && heldAt < args.positional.size()) written = args.positional[heldAt], assertedFalse = true;
    else if (const auto held = form == AssertionForm::Plain ? conditionComparedWithBool(m, args) : std::nullopt; held && held->second)
      written = held->first;  // ASSERT_EQ(true, ok)
    if (written == kNone) continue;
    ExprId cond = throughLocal(m, fid, s, written);
    // `bool mismatch = fabs(t - r) > atol && (r == 0 || fabs((t - r) / r) > rtol); ASSERT_FALSE(mismatch);`
    // (TransformerEngine's compareResults): too far apart absolutely and relatively; the first the absolute bound.
    ExprId relativeToo = kNone;
    if (assertedFalse && m.expr(cond).kind == ExprKind::BoolOp && m.expr(cond).name == "and" && m.childCount(cond) == 2) {
      relativeToo = m.child(cond, 1);
      cond = m.child(cond, 0);
    }
    if (m.expr(cond).kind != ExprKind::Compare || m.childCount(cond) != 2) continue;
    // Passes when the error is within its bound: `err <= tol` or `tol >= err`; asserted false,
    // when it exceeds it: `err > tol`.
    const std::string_view op = m.compareOp(cond, 0);
    const bool errorFirst = assertedFalse ? op == ">" || op == ">=" : op == "<" || op == "<=";
    if (!errorFirst && (assertedFalse ? op != "<" && op != "<=" : op != ">" && op != ">=")) continue;
    const ExprId errorSide = m.child(cond, errorFirst ? 0 : 1), boundSide = m.child(cond, errorFirst ? 1 : 0);
    // The bound may be a local named for anything (`gap`, `allowed`): what it holds tells.
    if (!looksLikeBound(m, boundSide) && !looksLikeBound(m, throughLocal(m, fid, s, boundSide))) continue;
    auto [left, right] = sidesOfError(m, fid, s, errorSide);
    if (left == kNone) continue;
    const std::string_view actualParam = originParam(m, fid, left, 0, false), expectedParam = originParam(m, fid, right, 0, false);
    if (!comparesTwoSides(m, f, actualParam, expectedParam)) continue;
    ApiSpec w = closenessPredicate(m, fid, s, actualParam, expectedParam, boundSide, resolver);
    w.kind = ApiKind::Function;
    w.via = "closeness check";
    // The relative bound beside it, inside the other operand: a difference divided by a side
    // exceeding a bound (`fabs((t - r) / r) > rtol`).
    for (std::vector<ExprId> within = {relativeToo}; relativeToo != kNone && !within.empty();) {
      const ExprId e = within.back();
      within.pop_back();
      for (uint32_t i = 0; i < m.childCount(e); ++i) within.push_back(m.child(e, i));
      if (m.expr(e).kind != ExprKind::Compare || m.childCount(e) != 2 || (m.compareOp(e, 0) != ">" && m.compareOp(e, 0) != ">=")) continue;
      const ExprId relative = m.child(e, 0);
      const ExprId quotient = m.expr(relative).kind == ExprKind::Call && m.childCount(relative) == 2 ? m.child(relative, 1) : relative;
      if (m.expr(quotient).kind != ExprKind::BinaryOp || m.expr(quotient).name != "/") continue;
      takeTolerance(m, fid, s, m.child(e, 1), "rtol", resolver, w);
      w.category = Category::AbsRel;
      break;
    }
    return w;
  }
  return std::nullopt;
}

// A default written as a comment in a definition whose declaration holds it (`double rtol /* =
// 1e-5 */`, the header's `= 1e-5` not read as a definition): the number, when it is one.
static void takeCommentedDefault(const FileModel& m, const Function& f, ApiSpec& w, const std::string& kind, std::string_view param) {
  if (!m.source || f.range.startByte >= m.source->size()) return;
  std::string_view signature = std::string_view(*m.source).substr(f.range.startByte, f.range.endByte - f.range.startByte);
  signature = signature.substr(0, signature.find('{'));
  const RE2 commented("\\b" + RE2::QuoteMeta(std::string(param)) + R"(\s*/\*\s*=\s*([-+0-9.eEfF]+)\s*\*/)");
  std::string number;
  if (!RE2::PartialMatch(re2::StringPiece(signature.data(), signature.size()), commented, &number)) return;
  const std::optional<double> v = ToleranceResolver::parseNumber(number);
  if (!v) return;
  w.defaults[kind] = number;
  w.ownDefaults.push_back(kind);
  w.defaultValues[kind] = *v;
}

// A C++ check known by its declaration only (declared_checks.h): a closeness check with an
// absolute tolerance, the parameter its signature names.
std::optional<ApiSpec> declaredClosenessSpec(const FileModel& m, FunctionId fid, const ToleranceResolver& resolver) {
  const std::optional<DeclaredCloseness> d = declaredCloseness(m, fid);
  if (!d) return std::nullopt;
  const Function& f = m.functions[fid];
  ApiSpec w;
  w.kind = d->predicate ? ApiKind::Predicate : ApiKind::Function;
  w.oa = true;
  w.category = Category::Abs;
  w.via = "closeness by its declaration";
  nameDiscovered(m, f, w);
  if (d->method) makeMethodPredicate(f, w);
  w.actual = std::string(d->actual);
  w.expected = std::string(d->expected);
  if (!d->tolerance.empty()) {
    w.tolerances.emplace_back("atol", std::string(d->tolerance));
    if (const ExprId def = paramDefault(f, d->tolerance); def != kNone) takeParamDefault(m, f, resolver, w, "atol", def);
    else takeCommentedDefault(m, f, w, "atol", d->tolerance);
  }
  if (!d->relative.empty()) {
    w.category = Category::AbsRel;
    w.tolerances.emplace_back("rtol", std::string(d->relative));
    if (const ExprId def = paramDefault(f, d->relative); def != kNone) takeParamDefault(m, f, resolver, w, "rtol", def);
    else takeCommentedDefault(m, f, w, "rtol", d->relative);
  }
  return w;
}

}  // namespace oalens::analyzer
