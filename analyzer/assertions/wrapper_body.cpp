// What wrapper discovery reads in a helper's body besides its check: when it passes or fails, what it calls, tolerance sources.
#include "analyzer/assertions/wrapper_body.h"
#include "analyzer/core/words.h"

#include <fmt/format.h>

#include <re2/re2.h>

#include <cctype>

#include "analyzer/core/diagnostics.h"

#include "analyzer/assertions/cpp_predicates.h"
#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/assertions/error_bound_wrapper.h"
#include "analyzer/assertions/integer_values.h"
#include "analyzer/assertions/param_origin.h"
#include "analyzer/assertions/predicate_tolerances.h"
#include "analyzer/assertions/runtime_choice.h"

namespace oalens::analyzer {

namespace {

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// A statement that fails the test: raise, assert False, self.fail(...), pytest.fail(...).
bool fails(const FileModel& m, const Stmt& st) {
  if (st.kind == StmtKind::Raise) return true;
  if (st.kind == StmtKind::Assert && st.a != kNone) return m.expr(st.a).text == "False";
  if (st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) return false;
  const std::string_view callee = m.expr(m.child(st.a, 0)).text;
  return callee == "fail" || callee.ends_with(".fail");
}

}  // namespace

// The parameters that replace tolerance parameter `name` on some devices: `if tpu_atol is not
// None and uses_tpu(): atol = tpu_atol` (Keras 3's assertAllClose, 198 calls at master's tip
// passing `tpu_atol` or `tpu_rtol`), and literals set on some devices.
void addDeviceTolerances(const FileModel& m, FunctionId fid, const std::string& kind, std::string_view name,
                         std::vector<DeviceTolerance>& out) {
  const Function& f = m.functions[fid];
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone) continue;
    if (m.expr(st.a).kind != ExprKind::Name || m.expr(st.a).name != name) continue;
    // `rtol = 3e3 * rtol` (KFAC-JAX's assert_trees_all_close on a TPU): the call's own value, scaled.
    const Expr& value = m.expr(st.b);
    ExprId factor = kNone;
    if (value.kind == ExprKind::BinaryOp && value.name == "*" && value.childCount == 2)
      for (uint32_t side = 0; side < 2; ++side) {
        const Expr& self = m.expr(m.child(st.b, side));
        if (self.kind == ExprKind::Name && self.name == name && m.expr(m.child(st.b, 1 - side)).kind == ExprKind::Number)
          factor = m.child(st.b, 1 - side);
      }
    if ((value.kind == ExprKind::Number || factor != kNone) && st.parent != kNone && m.stmts[st.parent].kind == StmtKind::If &&
        !m.stmts[st.parent].isElif && m.stmts[st.parent].a != kNone) {
      // if jax.default_backend() == "gpu": atol = 1e-3 (Equinox's tree_allclose): the wrapper's
      // own value on that device, for every call.
      const std::string_view condition = m.expr(m.stmts[st.parent].a).text;
      if (!(runtimeChoicesIn(condition) & kByDevice)) continue;
      std::string label = "device";
      for (std::string_view device : {"gpu", "tpu", "cuda", "mps", "xla", "cpu"})
        if (condition.find(device) != std::string_view::npos || condition.find(upper(device)) != std::string_view::npos) {
          label = device;
          break;
        }
      out.push_back(
          {kind, {}, label, squeezed(condition, 120), std::string(m.expr(factor != kNone ? factor : st.b).text), factor != kNone});
      continue;
    }
    if (m.expr(st.b).kind != ExprKind::Name) continue;
    const std::string_view other = m.expr(st.b).name;
    bool isParam = false;
    for (const Param& p : f.params) isParam |= p.name == other && other != name && !p.varArgs && !p.kwArgs;
    if (!isParam || st.parent == kNone || m.stmts[st.parent].kind != StmtKind::If || m.stmts[st.parent].a == kNone) continue;
    const std::string_view condition = m.expr(m.stmts[st.parent].a).text;
    if (!(runtimeChoicesIn(condition) & kByDevice)) continue;
    // tpu_atol -> "tpu": the parameter's name without the tolerance's.
    std::string label(other);
    if (const size_t at = label.find(name); at != std::string::npos && label.size() > name.size()) {
      label.erase(at, name.size());
      while (!label.empty() && label.front() == '_') label.erase(0, 1);
      while (!label.empty() && label.back() == '_') label.pop_back();
    }
    if (label.empty()) label = std::string(other);
    out.push_back({kind, std::string(other), label, squeezed(condition, 120)});
  }
}

bool failsIn(const FileModel& m, FunctionId fid, StmtId head, StmtId end) {
  const StmtId blockEnd = afterBlock(m, fid, head, end);
  for (StmtId e = head + 1; e < blockEnd; ++e)
    if (m.stmts[e].function == fid && fails(m, m.stmts[e])) return true;
  return false;
}

// Whether a function that stores a check's result in `name` at statement `s` passes only when it
// holds: a later `if name: return` in the same block, and the function ending in a failure
// (PyTorch3D's TestCaseMixin.assertClose: `close = backend.allclose(...)`, `if close: return`,
// then a message built and `self.fail(err)`, 1,367 calls in its suite).
bool passesOnlyWhenStoredCheckHolds(const FileModel& m, FunctionId fid, StmtId s, std::string_view name) {
  const Function& f = m.functions[fid];
  const Stmt& assign = m.stmts[s];
  bool returnsWhenHolds = false;
  for (StmtId e = afterBlock(m, fid, s, f.endStmt); e < f.endStmt && !returnsWhenHolds; e = afterBlock(m, fid, e, f.endStmt)) {
    const Stmt& st = m.stmts[e];
    if (st.function != fid || st.depth < assign.depth) break;
    if (st.kind == StmtKind::Assign && st.a != kNone && m.expr(st.a).text == name) return false;  // rebound
    if (st.kind != StmtKind::If || st.isElif || st.a == kNone || m.expr(st.a).kind != ExprKind::Name || m.expr(st.a).name != name) continue;
    const StmtId body = e + 1, after = afterBlock(m, fid, e, f.endStmt);
    returnsWhenHolds = after == body + 1 && m.stmts[body].kind == StmtKind::Return &&
                       (m.stmts[body].a == kNone || m.expr(m.stmts[body].a).kind == ExprKind::NoneLit);
  }
  if (!returnsWhenHolds) return false;
  // The last statement of the function's own body fails.
  for (StmtId e = f.endStmt; e > f.firstStmt; --e) {
    const Stmt& last = m.stmts[e - 1];
    if (last.function != fid) continue;
    return last.depth == 0 && fails(m, last);
  }
  return false;
}

// Whether the check at `s` sits in a `try` whose handler swallows its failure and whose
// success is made a failure after it (an `else:` or a statement after the try that raises or
// fails): the function passes only when the values differ.
bool passesOnlyWhenTheCheckFails(const FileModel& m, FunctionId fid, StmtId s) {
  if (m.language != Language::Python) return false;
  StmtId t = m.stmts[s].parent;
  while (t != kNone && m.stmts[t].function == fid && m.stmts[t].kind != StmtKind::Try) t = m.stmts[t].parent;
  if (t == kNone || m.stmts[t].function != fid) return false;
  static const RE2 catchesAssertion(R"(^except\s*(:|\(?[^:]*\b(AssertionError|Exception|BaseException)\b))");
  const Stmt& tryStmt = m.stmts[t];
  const StmtId end = m.functions[fid].endStmt;
  auto returnsIn = [&](StmtId from, StmtId to) {
    for (StmtId r = from; r < to; ++r)
      if (m.stmts[r].function == fid && m.stmts[r].kind == StmtKind::Return) return true;
    return false;
  };
  bool swallowed = false, failsAfter = false;
  // A return after the check in the try, or in its else, ends the passing path before what
  // follows the try: `else: return` then `raise` is a check that passes when the values are close.
  StmtId e = afterBlock(m, fid, t, end);
  bool successReturns = returnsIn(s + 1, e);
  for (; e < end && m.stmts[e].function == fid && m.stmts[e].depth == tryStmt.depth && m.stmts[e].parent == tryStmt.parent;
       e = afterBlock(m, fid, e, end)) {
    const Stmt& clause = m.stmts[e];
    if (clause.kind == StmtKind::Except) {
      const re2::StringPiece text(clause.text.data(), clause.text.size());
      if (RE2::PartialMatch(text, catchesAssertion) && !failsIn(m, fid, e, end)) swallowed = true;
    } else if (clause.kind == StmtKind::Else) {
      failsAfter = failsAfter || failsIn(m, fid, e, end);
      successReturns = successReturns || returnsIn(e + 1, afterBlock(m, fid, e, end));
    } else if (clause.kind != StmtKind::Other || !clause.text.starts_with("finally")) {
      break;  // the first statement after the try
    }
  }
  for (; !failsAfter && !successReturns && e < end; e = afterBlock(m, fid, e, end)) {
    const Stmt& next = m.stmts[e];
    if (next.function != fid || next.depth < tryStmt.depth) break;
    if (next.depth == tryStmt.depth && next.parent == tryStmt.parent && fails(m, next)) failsAfter = true;
  }
  return swallowed && failsAfter;
}

// `self.assertAllClose(x[k], y[k], ...)` inside JaxTestCase.assertAllClose, over the entries
// of a dict or a sequence: a function calling itself checks what the rest of its body checks,
// not what its name matches elsewhere by method name (TensorFlow's assertAllClose, whose
// defaults JAX's are not). `super().name(...)` runs the base's method and is no such call.
bool callsItself(const FileModel& m, const Function& f, ExprId call) {
  if (m.expr(call).childCount == 0) return false;
  const ExprId callee = m.child(call, 0);
  const Expr& c = m.expr(callee);
  // A C++ method calls its class's methods unqualified, on the same object.
  if (f.cls == kNone || (m.language == Language::Cpp && c.kind == ExprKind::Name)) return c.kind == ExprKind::Name && c.name == f.name;
  if (c.kind != ExprKind::Attribute || c.name != f.name) return false;
  const ExprId receiver = m.child(callee, 0);
  return receiver != kNone && m.expr(receiver).kind == ExprKind::Name && isSelf(m.expr(receiver).name);
}

// A C++ call of the function's own name that the matcher resolved to a sibling overload (an
// entry with parameter types; its own is never chosen) forwards rather than recurses.
bool callsItself(const FileModel& m, const Function& f, ExprId call, const ApiSpec& resolved) {
  return callsItself(m, f, call) && (m.language != Language::Cpp || resolved.paramTypes.empty());
}

// An ordering API (`EXPECT_LE(a, b)`) checks a deviation only when its value measures one or
// its bound is a tolerance (`ASSERT_LE(acc, std::numeric_limits<uint8_t>::max())` checks a
// range): as the assertion finder decides for the call itself.
bool boundsADeviation(const FileModel& m, FunctionId fid, const AssertionFinder& finder, const ApiSpec& spec, ExprId call) {
  if (spec.category != Category::ErrorBound || spec.bound.empty()) return true;
  // A bound the caller gives is judged at each call (`AssertLess(actual, max)`).
  const CallArgs args = splitCall(m, call);
  const ExprId bound = argumentFor(m, spec, args, spec.bound);
  if (const std::string_view param = originParam(m, fid, bound, 0, false); !param.empty()) {
    // `EXPECT_LE(sweeps[b], max_sweeps)` of a `const rocblas_int max_sweeps`: a count kept under
    // its limit, so the helper's next check is the one to read; not an error an integer bounds
    // (a ULP distance under an `int max_ulps`).
    const ExprId actual = spec.actual.empty() ? kNone : argumentFor(m, spec, args, spec.actual);
    for (const Param& p : m.functions[fid].params)
      if (p.name == param && !p.pointer && namesAnIntegerScalarType(p.type) && !looksLikeError(m, actual)) return false;
    return true;
  }
  Assertion probe;
  finder.applySpec(m, probe, spec, call);
  return probe.isOa;
}

// `abs_error = eps * std::abs(k) * epsilons; ASSERT_NEAR(r, k, abs_error)`: a tolerance a C++
// helper scales from one of its parameters (XNNPACK's simd tests pass `epsilons` in units of the
// type's epsilon) is that parameter's, in its own unit; empty unless exactly one factor is one.
std::string_view scalingParam(const FileModel& m, FunctionId fid, StmtId at, ExprId e, int depth) {
  if (e == kNone || depth > kMaxOriginHops) return {};
  if (const std::string_view p = originParam(m, fid, e, 0, false); !p.empty()) return p;
  const ExprId bound = throughLocal(m, fid, at, e);
  if (bound != e) return scalingParam(m, fid, at, bound, depth + 1);
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::BinaryOp && x.name == "*" && m.childCount(e) == 2) {
    const std::string_view left = scalingParam(m, fid, at, m.child(e, 0), depth + 1);
    const std::string_view right = scalingParam(m, fid, at, m.child(e, 1), depth + 1);
    return left.empty() == right.empty() ? std::string_view{} : left.empty() ? right : left;
  }
  if (x.kind == ExprKind::Call) {
    const CallArgs args = splitCall(m, e);
    const std::string_view callee = args.callee == kNone ? std::string_view{} : m.expr(args.callee).name;
    if ((callee == "static_cast" || isPassThrough(callee)) && args.positional.size() == 1)
      return scalingParam(m, fid, at, args.positional[0], depth + 1);
    // The magnitude of a tolerance (`AT::abs(tol)`, `std::fabs(eps)`) is that tolerance; of a value
    // (`std::abs(k) * epsilons`) it is a scale, not the parameter scaled.
    if (namesAbsoluteValue(callee) && args.positional.size() == 1)
      if (const std::string_view p = scalingParam(m, fid, at, args.positional[0], depth + 1); namesAToleranceUnit(p)) return p;
  }
  if (x.kind == ExprKind::Other && m.childCount(e) == 1) return scalingParam(m, fid, at, m.child(e, 0), depth + 1);
  return {};
}

// `abs_err + rel_err * std::abs(expected)` (also through a local, either order): the check's bound
// made of an absolute and a relative tolerance, two parameters of the helper, as NumPy's
// `atol + rtol * |b|`; nullopt for any other expression.
std::optional<std::pair<std::string_view, std::string_view>> absolutePlusRelative(const FileModel& m, FunctionId fid, StmtId at, ExprId e) {
  if (e == kNone) return std::nullopt;
  const ExprId bound = throughLocal(m, fid, at, e);
  const Expr& x = m.expr(bound);
  if (x.kind != ExprKind::BinaryOp || x.name != "+" || m.childCount(bound) != 2) return std::nullopt;
  const auto magnitude = [&](ExprId c) {
    if (m.expr(c).kind != ExprKind::Call) return false;
    const CallArgs args = splitCall(m, c);
    const std::string_view callee = args.callee == kNone ? std::string_view{} : lastOf(m, args.callee);
    return namesAbsoluteValue(callee);
  };
  for (int i = 0; i < 2; ++i) {
    const std::string_view absolute = originParam(m, fid, m.child(bound, static_cast<uint32_t>(i)), 0, false);
    const ExprId product = m.child(bound, static_cast<uint32_t>(1 - i));
    if (absolute.empty() || m.expr(product).kind != ExprKind::BinaryOp || m.expr(product).name != "*" || m.childCount(product) != 2)
      continue;
    for (int j = 0; j < 2; ++j) {
      const std::string_view relative = originParam(m, fid, m.child(product, static_cast<uint32_t>(j)), 0, false);
      if (!relative.empty() && relative != absolute && magnitude(m.child(product, static_cast<uint32_t>(1 - j))))
        return std::pair{absolute, relative};
    }
  }
  return std::nullopt;
}

// The condition of an `if` of function `fid` that does not hold `at` and inside which local `e`
// (a name) is bound before `at`: a value the function chooses by that condition; "" if none.
std::string switchedUnderACondition(const FileModel& m, FunctionId fid, StmtId at, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Name) return {};
  const std::string_view name = m.expr(e).name;
  for (StmtId s = m.functions[fid].firstStmt; s < at && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Assign || st.a == kNone || m.expr(st.a).kind != ExprKind::Name ||
        m.expr(st.a).name != name)
      continue;
    // An `if` that holds the check too (`if (fast) { float tol = 1e-3f; EXPECT_NEAR(...); }`)
    // chooses whether to check, not the tolerance.
    for (StmtId p = st.parent; p != kNone && m.stmts[p].function == fid; p = m.stmts[p].parent) {
      if (m.stmts[p].kind != StmtKind::If) continue;
      bool holdsTheCheck = false;
      for (StmtId q = m.stmts[at].parent; q != kNone && !holdsTheCheck; q = m.stmts[q].parent) holdsTheCheck = q == p;
      // `if (dtype == f16) tol = 4e-3`: a default picked by dtype stays the API's default
      // (docs/oracles.md, settled cases).
      const ExprId condition = m.stmts[p].a;
      if (!holdsTheCheck && !(condition != kNone && (runtimeChoicesIn(m.expr(condition).text) & kByDtype)))
        return condition != kNone ? std::string(m.expr(condition).text) : std::string("a condition");
    }
  }
  return {};
}

std::string branchChoosingTheCheck(const FileModel& m, FunctionId fid, StmtId at) {
  // `if constexpr (c10::is_reduced_floating_point_v<T>)`: the data type chooses, as `dtype ==` does.
  static const RE2 typeTrait(R"(\bis_\w+\s*<|\bis_\w+_v\b|std::is_|\bsizeof\s*\(|scalar_type|ScalarType)");
  const StmtId end = m.functions[fid].endStmt;
  for (StmtId p = m.stmts[at].parent; p != kNone && m.stmts[p].function == fid; p = m.stmts[p].parent) {
    if (m.stmts[p].kind != StmtKind::If) continue;
    const StmtId other = nextSibling(m, p);
    if (other == kNone || m.stmts[other].kind != StmtKind::Else) continue;
    bool answers = false;
    for (StmtId q = other + 1; q < end && !answers; ++q) {
      if (m.stmts[q].function != fid) continue;
      if (!holdsStatement(m, other, q)) break;
      answers = m.stmts[q].kind == StmtKind::Return && m.stmts[q].a != kNone;
    }
    const ExprId condition = m.stmts[p].a;
    const std::string_view text = condition == kNone ? std::string_view{} : m.expr(condition).text;
    if (answers && !(runtimeChoicesIn(text) & kByDtype) && !RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), typeTrait))
      return condition != kNone ? std::string(text) : std::string("a preprocessor branch");
  }
  return {};
}

// The two parameters an error measure compares (errorMeasureOperands; in Python the size of
// their difference, through locals: `diff = abs(actual - expected); assert diff.max() < atol`),
// as (reference, computed).
std::optional<std::pair<std::string_view, std::string_view>> measuredParams(const FileModel& m, FunctionId fid, StmtId at, ExprId e) {
  if (m.language == Language::Python) return differenceOfParams(m, fid, at, e);
  const auto [computed, reference] = errorMeasureOperands(m, fid, at, e);
  if (computed == kNone) return deviationOfParams(m, fid, at, e);
  return paramsOfOperands(m, fid, computed, reference);
}

// `return ngraph::test::all_close(results_num, results_sym, rtol, atol);` (nGraph's
// autodiff_numeric_compare, numeric against symbolic derivatives): a C++ function answering with
// a closeness predicate's verdict on values it computes or is given.
bool answersWithAPredicate(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, const AssertionFinder& finder, ExprId call) {
  // `return std::equal(values.begin(), values.end(), ref.begin(), floatApprox);` (marian-dev's
  // compareApprox lambdas): a closeness predicate applied pair by pair.
  if (const auto ranged = finder.conditionCheck(m, fid, call);
      ranged && ranged->spec && ranged->mappedArgs && !ranged->negated && m.expr(ranged->call).kind != ExprKind::Call)
    return true;
  const ApiMatch match = matcher.match(m, fid, call);
  // An interval predicate handed a band (`IsInside(e - tol, e + tol, x)`) is read as a
  // closeness predicate by intervalPredicateSpec, with `tol` as the tolerance.
  return match.spec && match.spec->oa && match.spec->isPredicate() && match.spec->lowerBound.empty() &&
         !callsItself(m, m.functions[fid], call, *match.spec);
}

// `assert diff.max() < atol` after `diff = abs(actual - expected)`, or `if diff > atol: raise`, in
// a Python helper: a check of `actual` against `expected` within `atol` (error_bound_wrapper.h).
std::optional<ApiSpec> boundedDifference(const FileModel& m, FunctionId fid, StmtId s, const AssertionFinder::OaCheck& check,
                                         const ToleranceResolver& resolver) {
  if (m.language != Language::Python || check.spec || check.quality || check.errorSide == kNone || check.lowerSide != kNone)
    return std::nullopt;
  const std::string_view boundParam = originParam(m, fid, check.boundSide, 0, false);
  if (boundParam.empty()) return std::nullopt;
  const auto sides = differenceOfParams(m, fid, s, check.errorSide);
  if (!sides || boundParam == sides->first || boundParam == sides->second) return std::nullopt;
  ApiSpec w;
  w.oa = true;
  w.via = "error bound";
  nameDiscovered(m, m.functions[fid], w);
  markCheckSite(m, s, nullptr, w);
  boundMeasuredDifference(m, fid, resolver, check.errorSide, boundParam, *sides, w);
  return w;
}

// `if not almost: assertSequenceEqual(...) else: assert_almost_equal(...)` (Trax's `match`): a
// check under a flag parameter that defaults to False, run only where the flag is set; the flag,
// or "" when the check runs whatever the caller passes.
std::string_view switchingFlag(const FileModel& m, const Function& f, StmtId s) {
  for (StmtId p = m.stmts[s].parent; p != kNone && p >= f.firstStmt && p < f.endStmt; p = m.stmts[p].parent) {
    // The `if` an `else` belongs to: the statement before it at its depth, under the same parent.
    const bool inElse = m.stmts[p].kind == StmtKind::Else;
    StmtId head = m.stmts[p].kind == StmtKind::If ? p : kNone;
    for (StmtId q = p; inElse && q > f.firstStmt;)
      if (const Stmt& before = m.stmts[--q]; before.parent == m.stmts[p].parent && before.depth == m.stmts[p].depth) {
        head = before.kind == StmtKind::If ? q : kNone;
        break;
      }
    if (head == kNone || m.stmts[head].a == kNone) continue;
    ExprId c = m.stmts[head].a;
    const bool negated = m.expr(c).kind == ExprKind::Not && m.childCount(c) == 1;
    if (negated) c = m.child(c, 0);
    if (m.expr(c).kind != ExprKind::Name || negated != inElse) return {};
    for (const Param& param : f.params)
      if (param.name == m.expr(c).name && param.defaultValue != kNone && m.expr(param.defaultValue).text == "False") return param.name;
    return {};
  }
  return {};
}

namespace {

// The statements `if param is None: param = <value>` (or `if not param:`) of `f`, for a parameter
// defaulting to None: each assignment's statement, in order.
std::vector<StmtId> assignmentsWhenLeftOut(const FileModel& m, FunctionId fid, std::string_view param) {
  const Function& f = m.functions[fid];
  const Param* own = nullptr;
  for (const Param& p : f.params)
    if (p.name == param) own = &p;
  if (param.empty() || !own || own->defaultValue == kNone || m.expr(own->defaultValue).kind != ExprKind::NoneLit) return {};
  const std::string isNone = fmt::format("{} is None", param), negated = fmt::format("not {}", param);
  std::vector<StmtId> out;
  for (StmtId s = f.firstStmt; s + 1 < f.endStmt && s + 1 < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::If || st.a == kNone) continue;
    const std::string_view condition = m.expr(st.a).text;
    if (condition != isNone && condition != negated) continue;
    const Stmt& then = m.stmts[s + 1];
    if (then.parent == s && then.kind == StmtKind::Assign && then.a != kNone && then.b != kNone && m.expr(then.a).kind == ExprKind::Name &&
        m.expr(then.a).name == param)
      out.push_back(s + 1);
  }
  return out;
}

}  // namespace

// The parameter whose value `param` takes when a call leaves it at None: `if tinygrad_fxn is
// None: tinygrad_fxn = torch_fxn` (tinygrad's helper_test_op), `if npuf is None: npuf = uf`
// (MXNet's check_with_uniform); "" otherwise.
std::string_view fallbackParam(const FileModel& m, FunctionId fid, std::string_view param) {
  for (StmtId s : assignmentsWhenLeftOut(m, fid, param)) {
    const Expr& value = m.expr(m.stmts[s].b);
    if (value.kind != ExprKind::Name) continue;
    for (const Param& p : m.functions[fid].params)
      if (p.name == value.name && value.name != param) return value.name;
  }
  return {};
}

StmtId computedDefault(const FileModel& m, FunctionId fid, std::string_view param) {
  for (StmtId s : assignmentsWhenLeftOut(m, fid, param))
    if (m.expr(m.stmts[s].b).kind == ExprKind::Call) return s;
  return kNone;
}

}  // namespace oalens::analyzer
