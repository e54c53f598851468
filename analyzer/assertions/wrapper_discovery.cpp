#include "analyzer/assertions/wrapper_discovery.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "analyzer/core/diagnostics.h"
#include "analyzer/core/parallel.h"
#include "analyzer/core/words.h"

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/condition_macros.h"
#include "analyzer/assertions/cpp_predicates.h"
#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/assertions/dtype_rebinding.h"
#include "analyzer/assertions/error_bound_wrapper.h"
#include "analyzer/assertions/keyword_splat.h"
#include "analyzer/assertions/lent_names.h"
#include "analyzer/assertions/param_origin.h"
#include "analyzer/assertions/runtime_choice.h"

namespace oalens::analyzer {

namespace {

// Transitive wrappers deeper than this are not seen in real suites (the deepest seen is 3).
constexpr int kMaxRounds = 5;

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

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
    if (m.expr(st.b).kind == ExprKind::Number && st.parent != kNone && m.stmts[st.parent].kind == StmtKind::If &&
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
      out.push_back({kind, {}, label, squeezed(condition, 120), std::string(m.expr(st.b).text)});
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

// A statement that fails the test: raise, assert False, self.fail(...), pytest.fail(...).
bool fails(const FileModel& m, const Stmt& st) {
  if (st.kind == StmtKind::Raise) return true;
  if (st.kind == StmtKind::Assert && st.a != kNone) return m.expr(st.a).text == "False";
  if (st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) return false;
  const std::string_view callee = m.expr(m.child(st.a, 0)).text;
  return callee == "fail" || callee.ends_with(".fail");
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
  if (!originParam(m, fid, argumentFor(m, spec, args, spec.bound), 0, false).empty()) return true;
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
  }
  if (x.kind == ExprKind::Other && m.childCount(e) == 1) return scalingParam(m, fid, at, m.child(e, 0), depth + 1);
  return {};
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

// The two parameters an error measure compares (errorMeasureOperands; in Python the size of
// their difference, through locals: `diff = abs(actual - expected); assert diff.max() < atol`),
// as (reference, computed).
std::optional<std::pair<std::string_view, std::string_view>> measuredParams(const FileModel& m, FunctionId fid, StmtId at, ExprId e) {
  if (m.language == Language::Python) return differenceOfParams(m, fid, at, e);
  const auto [computed, reference] = errorMeasureOperands(m, fid, at, e);
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
  boundMeasuredDifference(m, fid, resolver, check.errorSide, boundParam, *sides, w);
  return w;
}

// Long: a wrapper's body is read statement by statement for the shapes a check can take (a
// mapped check, a predicate macro, a known check, a returned predicate, a compared local) and
// the first shape found fixes which parameters are the actual, the expected and the tolerances;
// the shapes share that bookkeeping, so they stay in one loop.
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

std::optional<ApiSpec> wrapperSpec(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, const AssertionFinder& finder,
                                   const ToleranceResolver& resolver) {
  const Function& f = m.functions[fid];
  std::optional<ApiSpec> ownTolerance;  // a C++ helper's first check, when no check takes a tolerance
  // A Python helper's first exact check, when no closeness check follows: the shape or type
  // checks a helper makes before comparing the values (`assert actual.shape == expected.shape`).
  std::optional<ApiSpec> exactCheck;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone) continue;
    ExprId call = kNone;
    const ApiSpec* inner = nullptr;
    std::optional<CallArgs> mappedArgs;  // a check mapped over structures gets its arguments from the mapping
    bool returnsPredicate = false;
    bool negated = false;  // the wrapper passes when the values differ
    for (ExprId mapping : AssertionFinder::mappingCalls(m, s))
      if (auto check = finder.mappedCheck(m, fid, mapping); check && check->spec->oa) {
        call = mapping;
        inner = check->spec;
        mappedArgs = std::move(check->args);
        negated = inner->negated;
        break;
      }
    if (!inner && st.kind == StmtKind::ExprStmt)
      if (auto check = finder.predicateMacroCheck(m, fid, st.a)) {
        call = st.a;
        inner = check->spec;
        mappedArgs = std::move(check->args);
        negated = inner->negated;
      }
    if (!inner && st.kind == StmtKind::ExprStmt && m.expr(st.a).kind == ExprKind::Call) {
      ApiMatch match = matcher.match(m, fid, st.a);
      const AssertionForm form = assertionFormOf(match, m.language);
      if (match.spec && match.spec->oa && !match.spec->isPredicate() && !callsItself(m, f, st.a, *match.spec) &&
          boundsADeviation(m, fid, finder, *match.spec, st.a)) {
        call = st.a;
        inner = match.spec;
        negated = inner->negated;
      } else if (form == AssertionForm::Truth || form == AssertionForm::Falsity) {
        CallArgs args = splitCall(m, st.a);
        if (!args.positional.empty())
          if (auto check = finder.conditionCheck(m, fid, args.positional[0]); check && check->spec) {
            call = check->call;
            inner = check->spec;
            mappedArgs = std::move(check->mappedArgs);
            // self.assertFalse(np.allclose(a, b)): the values must differ.
            negated = (check->negated != inner->negated) != (form == AssertionForm::Falsity);
          }
      }
      // EXPECT_EQ(kTfLiteOk, ValidateGoldens(..., tolerance)): a helper that asserts inside
      // and answers with a status checks when it is called, whatever its status is compared with.
      if (!inner && m.language == Language::Cpp && (match.spec || match.generic))
        for (ExprId arg : splitCall(m, st.a).positional)
          if (arg != kNone && m.expr(arg).kind == ExprKind::Call)
            if (ApiMatch nested = matcher.match(m, fid, arg); nested.spec && nested.spec->discovered && nested.spec->oa &&
                                                              !nested.spec->isPredicate() && !callsItself(m, f, arg, *nested.spec)) {
              call = arg;
              inner = nested.spec;
              negated = inner->negated;
              break;
            }
    } else if (!inner && st.kind == StmtKind::Assert) {
      if (auto check = finder.conditionCheck(m, fid, st.a); check && check->spec && !check->spec->approx) {
        call = check->call;
        inner = check->spec;
        mappedArgs = std::move(check->mappedArgs);
        negated = check->negated != inner->negated;
      } else if (check && !check->negated) {
        if (auto w = boundedDifference(m, fid, s, *check, resolver)) return w;
      }
    } else if (!inner && st.kind == StmtKind::If &&
               (m.language == Language::Python ? failsIn(m, fid, s, f.endStmt) : finder.abortIn(m, s).has_value())) {
      // if not _allclose(expected, value, rtol, atol): raise WrongValue(...) (PyTensor's
      // tests.unittest_tools.assert_allclose, 280 calls at its tip): the function passes when
      // the condition does not hold, the opposite of `assert <condition>`.
      if (auto check = finder.conditionCheck(m, fid, st.a); check && check->spec && !check->spec->approx) {
        call = check->call;
        inner = check->spec;
        mappedArgs = std::move(check->mappedArgs);
        negated = check->negated == inner->negated;
      } else if (check && check->negated) {  // if diff > atol: raise ...
        if (auto w = boundedDifference(m, fid, s, *check, resolver)) return w;
      }
    } else if (!inner && st.kind == StmtKind::Assign && m.language == Language::Python && st.b != kNone &&
               m.expr(st.a).kind == ExprKind::Name) {
      // close = np.allclose(a, b, atol=atol); if close: return; ...; self.fail(...)
      if (auto check = finder.conditionCheck(m, fid, st.b); check && check->spec && check->spec->isPredicate() && !check->negated &&
                                                            check->call == st.b &&
                                                            passesOnlyWhenStoredCheckHolds(m, fid, s, m.expr(st.a).name)) {
        call = check->call;
        inner = check->spec;
        negated = inner->negated;
      }
    } else if (!inner && st.kind == StmtKind::Return &&
               (m.language == Language::Python ||
                (m.expr(st.a).kind == ExprKind::Call &&
                 (callsItself(m, f, st.a) || f.cls != kNone || answersWithAPredicate(m, fid, matcher, finder, st.a))))) {
      // return assert_close(actual, expected, atol=prec) (Pyro's tests.common.assert_equal, 737
      // calls at its tip): the check runs as the function returns. In C++ an overload that
      // converts its arguments and answers with its sibling's verdict (`auto av = a.as_vec();
      // return allclose(av, bv, rtol, atol);`), or a method answering with another method's
      // (`return isEqualImpl(other, false, tol);`); other C++ returns are read as predicates below.
      if (m.expr(st.a).kind == ExprKind::Call)
        if (ApiMatch match = matcher.match(m, fid, st.a);
            match.spec && match.spec->oa && !match.spec->isPredicate() && !callsItself(m, f, st.a, *match.spec)) {
          call = st.a;
          inner = match.spec;
          negated = inner->negated;
        }
      // return np.allclose(a, b, atol=tol): a predicate of the suite's own, OA as a condition.
      if (!inner)
        if (auto check = finder.conditionCheck(m, fid, st.a); check && check->spec && check->spec->isPredicate() && !check->negated) {
          call = check->call;
          inner = check->spec;
          mappedArgs = std::move(check->mappedArgs);
          returnsPredicate = true;
        }
    }
    if (!inner && st.kind == StmtKind::Return && m.language == Language::Cpp && st.a != kNone && m.expr(st.a).kind == ExprKind::Name) {
      // `result = equals(a, b, size, tolerance, epsilon); ... return result;` (MNN's
      // TensorUtils::compareTensors, after converting both tensors): the predicate's answer,
      // kept in a local.
      const ExprId value = throughLocal(m, fid, s, st.a);
      if (value != st.a && m.expr(value).kind == ExprKind::Call)
        if (auto check = finder.conditionCheck(m, fid, value); check && check->spec && check->spec->isPredicate() && !check->negated &&
                                                               check->call == value && !callsItself(m, f, value, *check->spec)) {
          call = check->call;
          inner = check->spec;
          mappedArgs = std::move(check->mappedArgs);
          returnsPredicate = true;
        }
    }
    if (!inner) continue;
    CallArgs args = mappedArgs ? std::move(*mappedArgs) : splitCall(m, call);
    // An argument the call does not write out may be an entry of a dict it splats, the last
    // splat first (torchmetrics' run_class_metric_test: `common_kwargs = {"metric_class":
    // metric_class, "reference_metric": reference_metric, "atol": atol or self.atol, ...}`,
    // then `_class_test(rank=0, world_size=1, **common_kwargs, **kwargs_update)`).
    const std::vector<ExprId> splats = mappedArgs || !args.hasStarArgs ? std::vector<ExprId>{} : keywordSplats(m, call);
    std::vector<SplatDict> splatted;
    for (ExprId e : splats)
      if (std::optional<SplatDict> d = splatDict(m, fid, s, e)) splatted.push_back(std::move(*d));
    auto argument = [&](std::string_view param) {
      ExprId v = argumentFor(m, *inner, args, param);
      for (auto d = splatted.rbegin(); v == kNone && !param.empty() && d != splatted.rend(); ++d)
        if (const SplatEntry* entry = d->find(param)) v = entry->value;
      return v;
    };
    ExprId actualArg = argument(inner->actual);
    ExprId expectedArg = argument(inner->expected.empty() ? inner->bound : inner->expected);
    std::string_view actualParam = originParam(m, fid, actualArg, 0, true);
    std::string_view expectedParam = originParam(m, fid, expectedArg, 0, true);
    // expectSmall(err, tol) { EXPECT_LT(std::abs(err), tol); }: the size of the deviation a
    // caller passes (`expectSmall(a - b, 1e-4)`) is bounded.
    if (actualParam.empty() && inner->category == Category::ErrorBound) actualParam = sizeOfParam(m, fid, actualArg);
    // auto error = miopen::rms_range(ref_out, output); EXPECT_TRUE(error < threshold) (MIOpen's
    // test::CompareTensor): an error measure of two parameters bounded by a third compares the
    // two within that bound, an absolute tolerance.
    std::optional<std::pair<std::string_view, std::string_view>> measured;
    if (actualParam.empty() && inner->category == Category::ErrorBound && !expectedParam.empty())
      measured = measuredParams(m, fid, s, actualArg);
    // assertAlmostEqual(torch.sum(torch.abs(actual - expected)).item(), 0.0, delta=delta)
    // (Captum's assertTensorAlmostEqual, 437 calls in its suite): the size of the difference of
    // two parameters held against zero compares those two parameters.
    if (actualParam.empty() && expectedParam.empty())
      for (const auto& [difference, zero] : {std::pair{actualArg, expectedArg}, std::pair{expectedArg, actualArg}})
        if (isZeroLiteral(m, zero))
          if (const auto [left, right] = differenceOperands(m, difference); left != kNone) {
            const std::string_view leftParam = originParam(m, fid, left, 0, false);
            const std::string_view rightParam = originParam(m, fid, right, 0, false);
            if (!leftParam.empty() && !rightParam.empty() && leftParam != rightParam) {
              actualParam = leftParam;
              expectedParam = rightParam;
            }
          }
    // Both sides may come from one parameter: assert_list_pairwise(z_list) compares its elements.
    // Both from the method's own object (`assert_allclose(self.res, test)` where `test` is
    // computed from `self`): the caller passes neither.
    // A C++ helper that computes both sides itself and checks them (a tester's `Test(kernel)`
    // comparing the kernel's output with a reference loop, a gradient check comparing numeric
    // with analytic gradients) is a check wherever it is called: its call is the OA call site,
    // with the tolerance it writes inside as its default. It must take something to check.
    // Forwarding to a check that names no sides of its own (a tensor's `isEqualImpl(other, tol)`
    // comparing itself with `other` element by element) makes a check of the same kind.
    const bool forwardsSelfContained = m.language == Language::Cpp && inner->discovered && inner->actual.empty() &&
                                       inner->expected.empty() && inner->bound.empty() && (!f.params.empty() || f.cls != kNone);
    const bool selfContained = forwardsSelfContained || computesBothSides(m, f, actualParam, expectedParam);
    if (!selfContained && (actualParam.empty() || expectedParam.empty() || (isSelf(actualParam) && isSelf(expectedParam)))) continue;

    ApiSpec w;
    w.oa = true;
    // try: <check> except AssertionError: return, then raise: Keras's assertNotAllClose.
    w.negated = negated != passesOnlyWhenTheCheckFails(m, fid, s);
    w.category = inner->category;
    // An exact predicate the wrapper gives a tolerance (`eqx.tree_equal(x, y, rtol=rtol)`)
    // checks by that tolerance's category.
    if (!inner->oa)
      for (const auto& [param, cat] : inner->categoryIf)
        if (argument(param) != kNone)
          if (auto c = parseCategory(cat)) w.category = *c;
    w.via = inner->via.empty() ? inner->id : inner->via;
    w.defaultDepends = inner->defaultDepends;
    // What the callee picks by dtype: for a default left to it, and for dtypes a table passed
    // on leaves out.
    w.dtypeDefaults = inner->dtypeDefaults;
    w.alwaysDepend = inner->alwaysDepend;
    w.switchedBy = inner->switchedBy;
    // Its category is fixed then: the parameters that chose it are given by the wrapper.
    if (inner->oa) w.categoryIf = inner->categoryIf;
    // Exact unless a call sets the flag the check runs under (`match(x, y, almost=True)`).
    if (const std::string_view flag = m.language == Language::Python ? switchingFlag(m, f, s) : std::string_view{}; !flag.empty()) {
      w.categoryIf[std::string(flag)] = std::string(categoryName(w.category));
      w.oa = false;
      w.oaIf = {std::string(flag)};
      w.category = Category::Exact;
    }
    nameDiscovered(m, f, w);
    if (returnsPredicate) {
      if (w.kind == ApiKind::Method) w.predicateMethod = true;
      else w.kind = ApiKind::Predicate;
    }
    w.actual = std::string(actualParam);
    if (inner->expected.empty()) w.bound = std::string(expectedParam);
    else w.expected = std::string(expectedParam);
    if (measured) {
      boundMeasuredDifference(m, fid, resolver, actualArg, expectedParam, *measured, w);
      return w;
    }
    // expectTiny(d) { ASSERT_LE(std::abs(d), 1e-6f); }: a bound the helper writes itself is the
    // bound of every call.
    if (inner->expected.empty() && expectedParam.empty() && inner->category == Category::ErrorBound && expectedArg != kNone) {
      w.defaults["bound"] = std::string(m.expr(expectedArg).text);
      w.ownDefaults.push_back("bound");
      if (ResolvedValue r = resolver.resolve(m, fid, s, expectedArg); r.value) w.defaultValues["bound"] = *r.value;
    }
    if (!inner->lowerBound.empty()) w.lowerBound = std::string(originParam(m, fid, argument(inner->lowerBound), 0, true));
    // A tolerance the wrapper leaves to what it calls takes that callee's default.
    auto inheritDefault = [&](const std::string& kind) {
      if (auto d = inner->defaults.find(kind); d != inner->defaults.end()) {
        w.defaults[kind] = d->second;
        if (auto dv = inner->defaultValues.find(kind); dv != inner->defaultValues.end()) w.defaultValues[kind] = dv->second;
        // A callee's `self.atol`, run on this method's object through `super()` or `self`, is
        // this class's own when it sets one (torchmetrics' RetrievalMetricTester sets 1e-6 for
        // MetricTester's checks); a calling test class's own still comes first (assertion_finder).
        if (const std::string_view attr = selfAttributeName(d->second); !attr.empty() && f.cls != kNone)
          if (ResolvedValue r = resolver.resolveSelfAttribute(m, fid, attr); r.value) w.defaultValues[kind] = *r.value;
      }
      if (std::ranges::find(inner->defaultsByDtype, kind) != inner->defaultsByDtype.end()) w.defaultsByDtype.push_back(kind);
    };
    const ExprId splat = splats.empty() ? kNone : splats.back();
    // A tolerance written at the inner call (`atol=1e-5`, `atol=atol or 1e-5`'s fallback): the
    // wrapper's default, with its value where the call stands.
    auto takeWrittenDefault = [&](const std::string& kind, ExprId written) {
      w.defaults[kind] = std::string(m.expr(written).text);
      w.ownDefaults.push_back(kind);
      if (ResolvedValue r = resolver.resolve(m, fid, s, written); r.value) w.defaultValues[kind] = *r.value;
    };
    for (const auto& [kind, innerParam] : inner->tolerances) {
      // kw = {}; if atol: kw["atol"] = atol; np.testing.assert_allclose(a, b, **kw)
      ExprId v = argument(innerParam);
      if (v == kNone && splat != kNone) {
        // def assert_allclose(a, b, **kwargs): np.testing.assert_allclose(a, b, **kwargs): the
        // callers' keyword reaches the check under its own name, and only as a keyword.
        if (auto forwarded = forwardedKeyword(m, fid, s, splat, innerParam); forwarded && !innerParam.empty()) {
          w.tolerances.emplace_back(kind, innerParam);
          if (forwarded->defaultValue == kNone) {
            inheritDefault(kind);
          } else {  // kwargs.setdefault("rtol", 1e-4)
            w.defaults[kind] = std::string(m.expr(forwarded->defaultValue).text);
            w.ownDefaults.push_back(kind);
            if (ResolvedValue r = resolver.resolve(m, fid, s, forwarded->defaultValue); r.value) w.defaultValues[kind] = *r.value;
          }
          continue;
        }
      }
      // atol=atol or tol (JAX's _CheckAgainstNumpy): the first of two parameters the caller
      // gives, when the first has no default of its own (`atol=None`).
      if (v != kNone && m.expr(v).kind == ExprKind::BoolOp && m.expr(v).name == "or") {
        const std::string_view first = originParam(m, fid, m.child(v, 0), 0, false);
        const std::string_view second = originParam(m, fid, m.child(v, 1), 0, false);
        const ExprId firstDefault = first.empty() ? kNone : paramDefault(f, first);
        const bool firstLeftOut = !first.empty() && (firstDefault == kNone || m.expr(firstDefault).kind == ExprKind::NoneLit);
        if (firstLeftOut && !second.empty() && first != second) {
          w.tolerances.emplace_back(kind, std::string(first));
          w.tolerances.emplace_back(kind, std::string(second));
          if (const ExprId def = paramDefault(f, second); def != kNone && m.expr(def).kind != ExprKind::NoneLit) {
            takeParamDefault(m, f, resolver, w, kind, def);
          } else {
            inheritDefault(kind);
          }
          continue;
        }
        // atol=atol or self.atol, rtol=rtol or 1e-5: the caller's when given, else the value
        // written second.
        if (firstLeftOut && second.empty()) {
          w.tolerances.emplace_back(kind, std::string(first));
          takeWrittenDefault(kind, m.child(v, 1));
          continue;
        }
      }
      std::string_view fromParam = v == kNone ? std::string_view{} : originParam(m, fid, v, 0, false);
      if (fromParam.empty() && v != kNone && m.language == Language::Cpp) fromParam = scalingParam(m, fid, s, v, 0);
      // def assertAllClose(x, y, *, atol=None): def close(a, b): self._close(a, b, atol=atol),
      // mapped over two trees (JAX MD's test_util): the nested check's tolerance is the
      // parameter of this function it captures.
      if (fromParam.empty() && v == kNone && innerParam.empty() && m.language == Language::Python)
        if (auto d = inner->defaults.find(kind); d != inner->defaults.end())
          for (const Param& p : f.params)
            if (p.name == d->second && !isSelf(p.name)) fromParam = p.name;
      if (!fromParam.empty()) {
        w.tolerances.emplace_back(kind, std::string(fromParam));
        addDeviceTolerances(m, fid, kind, fromParam, w.deviceTolerances);
        {
          std::vector<std::string_view> notSwitches{w.actual, w.expected};
          for (const auto& [k, p] : w.tolerances) notSwitches.push_back(p);
          for (std::string& p : parametersSwitching(m, fid, fromParam, notSwitches))
            if (std::ranges::find(w.toleranceSwitches, p) == w.toleranceSwitches.end()) w.toleranceSwitches.push_back(std::move(p));
        }
        ExprId keptIn = kNone;
        const DtypeRebinding rebinding = rebindingByDtype(m, fid, fromParam, &keptIn);
        if (rebinding == DtypeRebinding::Always) w.alwaysDepend = true;
        const ExprId def = paramDefault(f, fromParam);
        if (def != kNone && m.expr(def).kind != ExprKind::NoneLit) {
          takeParamDefault(m, f, resolver, w, kind, def);
        } else {
          inheritDefault(kind);
          // Only a parameter left at None is replaced: a default of its own is a value given.
          // The callee's default is not what applies then, so it is not the text either.
          if (rebinding == DtypeRebinding::WhenNotGiven) {
            if (std::ranges::find(w.defaultsByDtype, kind) == w.defaultsByDtype.end()) w.defaultsByDtype.push_back(kind);
            w.defaults[kind] = def == kNone ? "None" : std::string(m.expr(def).text);
            w.defaultValues.erase(kind);
            // Through a catalogued picker, the values are known per dtype (the float32 one
            // stands for them, as `defaults` does for a catalogued API).
            if (const DtypePicker* picker = dtypePickerIn(m, fid, matcher, keptIn))
              if (const DtypeTable* table = dtypeDefaultsOf(picker->dtypeDefaults, kind))
                if (auto float32 = table->find("float32"); float32 != table->end()) {
                  w.dtypeDefaults = picker->dtypeDefaults;
                  w.defaults[kind] = fmt::format("{:g}", float32->second);
                  w.defaultValues[kind] = float32->second;
                }
          }
        }
        continue;
      }
      w.tolerances.emplace_back(kind, std::string{});
      if (v != kNone) {
        takeWrittenDefault(kind, v);
        // float tol = kTol; if (has_kleidi) tol = kTolKleidiAI; EXPECT_NEAR(out, ref, tol)
        // (torchao's kernel tests): a tolerance the helper switches under a condition is chosen
        // by its configuration at each call (depend), as a flag switching a table is.
        if (m.language == Language::Cpp)
          if (std::string by = switchedUnderACondition(m, fid, s, v); !by.empty()) {
            w.alwaysDepend = true;
            w.switchedBy = std::move(by);
          }
      } else {
        inheritDefault(kind);
      }
    }
    // A C++ helper may check special values with a tolerance of its own before checking the
    // rest with one its caller gives (`test_unary(f, ref, epsilons)`): the caller's is the
    // helper's tolerance, so the first check that takes one wins.
    const bool takesTolerance = std::ranges::any_of(w.tolerances, [](const auto& t) { return !t.second.empty(); });
    if (m.language == Language::Cpp && !takesTolerance) {
      // The first check, unless it is exact and a closeness check follows (sizes compared before
      // the values: MIOpen's ThresholdChecks, `ASSERT_EQ(range_distance(ref), range_distance(out))`
      // before `ASSERT_LT(rms_range(ref, out), threshold)`).
      if (!ownTolerance || (ownTolerance->category == Category::Exact && w.category != Category::Exact)) ownTolerance = std::move(w);
      continue;
    }
    if (m.language == Language::Python && w.category == Category::Exact) {
      if (!exactCheck) exactCheck = std::move(w);
      continue;
    }
    return w;
  }
  return ownTolerance ? ownTolerance : exactCheck;
}

// C++ functions of one file that share a qualified name: overloads (`Test(f16_fn)`,
// `Test(f32_fn)`, `Test(u8_fn)` of a tester), by name. Macros are never overloads: two
// definitions of one are the branches of an #if (KALDI_ASSERT checking, or `(void)(cond)` under
// NDEBUG), and the one that checks is the one tests are written against.
std::unordered_map<std::string_view, std::vector<FunctionId>> cppOverloads(const FileModel& m) {
  std::unordered_map<std::string_view, std::vector<FunctionId>> byName, out;
  if (m.language != Language::Cpp) return out;
  for (FunctionId f = 0; f < m.functions.size(); ++f)
    if (!m.functions[f].isTestCase && !m.functions[f].isMacro) byName[m.functions[f].qualifiedName].push_back(f);
  for (auto& [name, fs] : byName)
    if (fs.size() > 1) out.emplace(name, std::move(fs));
  return out;
}

// An overload's entry tells it from its siblings: its parameter types, in its id too.
void signOverload(const FileModel& m, const Function& f, ApiSpec& w) {
  w.paramTypes.clear();
  w.requiredParams = 0;
  std::string signature;
  for (const Param& p : f.params) {
    if (p.varArgs) continue;
    w.paramTypes.emplace_back(p.type);
    if (p.defaultValue == kNone) ++w.requiredParams;
    signature += (signature.empty() ? "" : ",") + std::string(p.type);
  }
  w.id += "(" + signature + ")";
  (void)m;
}

// The entry of an overload that is no check (a tester's `Test(u8_fn)` compares exactly): a
// call the matcher resolves to it is no assertion, not its OA sibling's.
ApiSpec overloadThatChecksNothing(const FileModel& m, const Function& f) {
  ApiSpec w;
  nameDiscovered(m, f, w);
  w.checksNothing = true;
  signOverload(m, f, w);
  return w;
}

// Whether a declaration's parameter type and a definition's are one type, spelled with or
// without namespaces (`std::vector<float>` in the header, `vector<float>` under `using
// namespace std`; `ngraph::runtime::Tensor` and `runtime::Tensor`).
bool sameSpelledType(std::string_view declared, std::string_view defined) {
  auto plain = [](std::string_view t) {
    std::string out;
    for (size_t i = 0; i < t.size(); ++i) {
      if (t.substr(i).starts_with("std::")) i += 4;
      else if (!std::isspace(static_cast<unsigned char>(t[i]))) out += t[i];
    }
    return out;
  };
  const std::string a = plain(declared), b = plain(defined);
  const auto qualifies = [](std::string_view longer, std::string_view shorter) {
    return longer.size() > shorter.size() + 2 && longer.ends_with(shorter) && longer.substr(longer.size() - shorter.size() - 2, 2) == "::";
  };
  return a == b || qualifies(a, b) || qualifies(b, a);
}

// A declaration with defaults and the file that holds it (its default expressions are that file's).
using DeclaredIn = std::pair<const FileModel*, const FileModel::DeclaredDefaults*>;

}  // namespace

// The fewest arguments a call of an overload's definition may give when a declaration elsewhere
// (a header) gives its trailing parameters defaults the definition does not repeat: the
// declaration of the same name, or of a name it ends in (`ngraph::test::close_f` declared,
// `test::close_f` defined under `using namespace ngraph`), with the same types; that
// declaration's full name and the tolerance defaults it gives count too.
void takeDeclaredDefaults(const std::vector<DeclaredIn>& declared, const Function& f, const ToleranceResolver& resolver, ApiSpec& w) {
  const std::string_view name = f.qualifiedName;
  for (const auto& [file, d] : declared) {
    const std::string_view q = d->qualifiedName;
    const bool sameName = q == name || (q.size() > name.size() + 1 && q.ends_with(name) && q[q.size() - name.size() - 1] == '.');
    if (!sameName || d->paramTypes.size() != w.paramTypes.size() || d->required >= w.requiredParams) continue;
    if (!std::equal(d->paramTypes.begin(), d->paramTypes.end(), w.paramTypes.begin(), sameSpelledType)) continue;
    w.requiredParams = d->required;
    // Defined as `bits::close_bits` under `using namespace suite`, declared in namespace
    // suite::bits: callers spell the declared name.
    if (std::ranges::find(w.names, d->qualifiedName) == w.names.end()) w.names.push_back(d->qualifiedName);
    // The tolerance defaults the declaration gives (`int tolerance_bits = DEFAULT_BITS`), valued
    // where it stands.
    std::vector<std::string_view> params;
    for (const Param& p : f.params)
      if (!p.varArgs) params.push_back(p.name);
    for (const auto& [kind, param] : w.tolerances) {
      const auto at = std::ranges::find(params, param);
      if (param.empty() || at == params.end() || w.defaults.contains(kind)) continue;
      const size_t i = static_cast<size_t>(at - params.begin());
      if (i >= d->defaults.size() || d->defaults[i] == kNone) continue;
      w.defaults[kind] = std::string(file->expr(d->defaults[i]).text);
      w.ownDefaults.push_back(kind);
      if (ResolvedValue r = resolver.resolve(*file, kNone, 0, d->defaults[i]); r.value) w.defaultValues[kind] = *r.value;
    }
  }
}

// The name an entry is called by, without its module or class (`testing.assert_close` ->
// `assert_close`, `fl::allClose` -> `allClose`, a lambda's `floatApprox@path` -> `floatApprox`).
// Whether function f's own statements or decorators name one of `names`.
static bool namesAnyOf(const FileModel& m, FunctionId f, const RE2& names) {
  const Function& F = m.functions[f];
  for (ExprId d : F.decorators)
    if (RE2::PartialMatch(m.expr(d).text, names)) return true;
  for (StmtId s = F.firstStmt; s < F.endStmt && s < m.stmts.size(); ++s)
    if (m.stmts[s].function == f && RE2::PartialMatch(m.stmts[s].text, names)) return true;
  return false;
}

// Whether an import of the file names one of `names`, whatever local name it binds.
static bool importsAnyOf(const FileModel& m, const RE2& names) {
  return std::ranges::any_of(m.imports, [&](const Import& i) {
    return RE2::PartialMatch(i.name, names) || RE2::PartialMatch(i.module, names) || RE2::PartialMatch(i.alias, names);
  });
}

static std::string lastNameOf(std::string_view id) {
  id = id.substr(0, std::min(id.find('@'), id.size()));
  const size_t cut = id.find_last_of(".:");
  return std::string(cut == std::string_view::npos ? id : id.substr(cut + 1));
}

Catalogue discoverWrappers(const Project& project, const Catalogue& catalogue, const ToleranceResolver& resolver, unsigned threads,
                           const Catalogue* knownWrappers) {
  Catalogue wrappers = knownWrappers ? *knownWrappers : Catalogue{};
  std::unordered_map<std::string_view, std::vector<DeclaredIn>> declaredByName;
  for (const FileModel& file : project.files)
    for (const FileModel::DeclaredDefaults& d : file.declaredDefaults) {
      const std::string_view q = d.qualifiedName;
      declaredByName[q.substr(q.rfind('.') == std::string_view::npos ? 0 : q.rfind('.') + 1)].emplace_back(&file, &d);
    }
  const size_t n = project.files.size();
  std::vector<std::vector<bool>> known(n);
  for (size_t fi = 0; fi < n; ++fi) known[fi].assign(project.files[fi].functions.size(), false);
  // After the first round, a file is read again only when its text names an entry the round
  // before added or changed: the matcher finds entries by name, so a file naming none of them
  // finds what it found before (dlib: five rounds over every function were a tenth of a scan).
  // Functions of several files may give entries of one id (`ynn::TestImpl` in each of XNNPACK's
  // subgraph tests): the last one read wins, so each of them is read in every round, as before.
  std::unique_ptr<RE2> namesChanged;
  std::vector<std::vector<std::string>> idOf(n);
  for (size_t fi = 0; fi < n; ++fi) idOf[fi].resize(project.files[fi].functions.size());
  std::unordered_set<std::string> contested;
  std::vector<bool> holdsContested(n, false);
  for (int round = 0; round < kMaxRounds; ++round) {
    ApiMatcher matcher(catalogue, wrappers);
    AssertionFinder finder(matcher, resolver);
    // Files are independent within a round; results merge in file order, so the catalogue
    // (and every report built on it) is the same whatever the thread count.
    std::vector<std::vector<ApiSpec>> found(n);
    parallelFor(n, threadCount(threads, n), [&](size_t fi, unsigned) {
      const FileModel& m = project.files[fi];
      if (namesChanged && !holdsContested[fi] && (!m.source || !RE2::PartialMatch(*m.source, *namesChanged))) return;
      const auto overloads = cppOverloads(m);
      // Each function by its own text, unless the file imports a changed name under another
      // (`from m import close as near`) or has overloads, which are decided together.
      const bool everyFunction = !namesChanged || !overloads.empty() || importsAnyOf(m, *namesChanged);
      std::vector<bool> isWrapper(overloads.empty() ? 0 : m.functions.size(), false);
      for (FunctionId f = 0; f < m.functions.size(); ++f) {
        if (m.functions[f].isTestCase) continue;
        if (!everyFunction && !contested.count(idOf[fi][f]) && !namesAnyOf(m, f, *namesChanged)) continue;
        auto spec = wrapperSpec(m, f, matcher, finder, resolver);
        if (!spec) spec = conditionMacroSpec(m, f, finder);
        if (!spec) spec = approxPredicateSpec(m, f, finder, resolver);
        if (!spec) spec = closenessPredicateSpec(m, f, finder, resolver);
        if (!spec) spec = intervalPredicateSpec(m, f, finder, resolver);
        if (!spec) spec = flagPredicateSpec(m, f, finder, resolver);
        if (!spec) spec = closenessAssertionSpec(m, f, matcher, resolver);
        if (!spec) spec = declaredClosenessSpec(m, f, resolver);
        if (spec && overloads.count(m.functions[f].qualifiedName)) {
          signOverload(m, m.functions[f], *spec);
          if (const auto d = declaredByName.find(m.functions[f].name); d != declaredByName.end())
            takeDeclaredDefaults(d->second, m.functions[f], resolver, *spec);
          isWrapper[f] = true;
        }
        // A wrapper found in an earlier round is read again: what it calls may have become a
        // wrapper since (JaxTestCase._CheckAgainstNumpy calls `self.assertAllClose`, which
        // matched TensorFlow's entry by method name until the suite's own was found).
        if (!spec) continue;
        // The catalogue's entry wins for a library's own definition of a catalogued API
        // (Theano's unittest_tools.assert_allclose): its defaults are the documented ones.
        if (catalogue.byQualifiedName(spec->id, spec->language)) continue;
        idOf[fi][f] = spec->id;
        if (known[fi][f])
          if (const ApiSpec* before = wrappers.byId(spec->id); before && before->digest() == spec->digest()) continue;
        known[fi][f] = true;
        found[fi].push_back(std::move(*spec));
      }
      for (const auto& [name, siblings] : overloads) {
        if (std::ranges::none_of(siblings, [&](FunctionId g) { return isWrapper[g]; })) continue;
        for (FunctionId g : siblings) {
          if (isWrapper[g]) continue;
          ApiSpec shadow = overloadThatChecksNothing(m, m.functions[g]);
          if (const ApiSpec* before = wrappers.byId(shadow.id); before && before->digest() == shadow.digest()) continue;
          found[fi].push_back(std::move(shadow));
        }
      }
    });
    size_t added = 0;
    std::set<std::string> changed;
    for (auto& perFile : found)
      for (auto& spec : perFile) {
        changed.emplace(lastNameOf(spec.id));
        for (const std::string& name : spec.names) changed.emplace(lastNameOf(name));
        wrappers.add(std::move(spec));
        ++added;
      }
    // Names lent to other modules (re-exports, a module chosen at run time) are not listed here:
    // after any, every file is read again.
    const size_t lent = addReexportedNames(project, catalogue, wrappers) + addRuntimeChosenNames(project, catalogue, wrappers);
    if (added + lent == 0) break;
    std::unordered_map<std::string_view, int> producers;
    for (const auto& ids : idOf)
      for (const std::string& id : ids)
        if (!id.empty()) ++producers[id];
    contested.clear();
    for (const auto& [id, count] : producers)
      if (count > 1) contested.emplace(id);
    for (size_t fi = 0; fi < n; ++fi)
      holdsContested[fi] = std::ranges::any_of(idOf[fi], [&](const std::string& id) { return contested.count(id) > 0; });
    namesChanged.reset();
    if (lent == 0 && !changed.empty()) {
      std::string alternatives;
      for (const std::string& name : changed) alternatives += (alternatives.empty() ? "" : "|") + RE2::QuoteMeta(name);
      RE2::Options options;
      options.set_max_mem(64 << 20);
      namesChanged = std::make_unique<RE2>("(?:" + alternatives + ")", options);
      if (!namesChanged->ok()) namesChanged.reset();  // too many names for one pattern: read every file
    }
  }
  return wrappers;
}

}  // namespace oalens::analyzer
