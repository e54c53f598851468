// Reading one helper's body for the check it makes on its parameters (wrapper_spec.h).
#include "analyzer/assertions/wrapper_spec.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <set>

#include "analyzer/core/words.h"

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/applied_both_ways.h"
#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/comparator_classes.h"
#include "analyzer/assertions/condition_macros.h"
#include "analyzer/assertions/counted_verdicts.h"
#include "analyzer/assertions/cpp_predicates.h"
#include "analyzer/assertions/declared_checks.h"
#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/assertions/dtype_rebinding.h"
#include "analyzer/assertions/error_bound_wrapper.h"
#include "analyzer/assertions/integer_values.h"
#include "analyzer/assertions/keyword_splat.h"
#include "analyzer/assertions/later_checks.h"
#include "analyzer/assertions/lent_names.h"
#include "analyzer/assertions/macro_arguments.h"
#include "analyzer/assertions/matcher_lists.h"
#include "analyzer/assertions/param_origin.h"
#include "analyzer/assertions/predicate_tolerances.h"
#include "analyzer/assertions/simd_lanes.h"
#include "analyzer/assertions/wrapper_body.h"
#include "analyzer/assertions/wrapper_overloads.h"
#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

// Whether parameter `name` of `f` defaults to `None` and the body checks with it only under
// `if name is not None:` (`check_funsor(x, inputs, output, data=None)`), with no path of its own
// for `if name is None:` (Theseus's `funcs=None`, a check either way).
static bool checksOnlyWhenGiven(const FileModel& m, const Function& f, std::string_view name) {
  if (name.empty() || !m.source || f.range.endByte > m.source->size() || f.range.startByte >= f.range.endByte) return false;
  const auto param = std::ranges::find_if(f.params, [&](const Param& p) { return p.name == name; });
  if (param == f.params.end() || param->defaultValue == kNone || m.expr(param->defaultValue).text != "None") return false;
  const std::string_view body = std::string_view(*m.source).substr(f.range.startByte, f.range.endByte - f.range.startByte);
  const std::string given = fmt::format("if {} is not None", name), missing = fmt::format("if {} is None", name);
  return body.find(given) != std::string_view::npos && body.find(missing) == std::string_view::npos;
}

namespace {

// `if (!within_eps(got[i], want[i], mag)) { log << ...; ok = false; }` in a C++ function that
// answers `return ok;` (oneMath's check_equal_matrix): the `if` decides the verdict as `return
// false;` would, for every element.
bool clearsAnsweredFlag(const FileModel& m, FunctionId fid, StmtId at) {
  const Function& f = m.functions[fid];
  for (StmtId r = f.firstStmt; r < f.endStmt; ++r) {
    const Stmt& ret = m.stmts[r];
    if (ret.function != fid || ret.kind != StmtKind::Return || ret.a == kNone || m.expr(ret.a).kind != ExprKind::Name) continue;
    if (setsFlagIn(m, fid, at, f.endStmt, m.expr(ret.a).name, "false")) return true;
  }
  return false;
}

// An empty answer: `std::nullopt`, `{}`, `nullptr`, `""`, `std::string()`.
bool answersNothing(const FileModel& m, ExprId e) {
  static const RE2 empty(R"(^(std::nullopt|nullopt|\{\s*\}|nullptr|NULL|""|std::string\(\)|std::nullopt_t\{\s*\})$)");
  const std::string_view t = m.expr(e).text;
  return RE2::FullMatch(re2::StringPiece(t.data(), t.size()), empty);
}

// `if (!CompareVals(got, want, thresh)) return Mismatch{i, got, want};` in a C++ function that
// answers `return std::nullopt;` otherwise (MatX's CompareOutput, which its test macro fails on
// when the answer holds a value): the function answers the first mismatch, so it is the negation
// of the check the `if` makes.
bool returnsMismatchRecord(const FileModel& m, FunctionId fid, StmtId head) {
  const Function& f = m.functions[fid];
  const Stmt& h = m.stmts[head];
  bool reports = false;
  for (StmtId e = head + 1; e < f.endStmt && !reports; ++e) {
    const Stmt& st = m.stmts[e];
    if (st.function != fid || st.depth <= h.depth) break;
    reports = st.parent == head && st.kind == StmtKind::Return && st.a != kNone && !answersNothing(m, st.a) &&
              m.expr(st.a).kind != ExprKind::Bool && m.expr(st.a).kind != ExprKind::Number;
  }
  if (!reports) return false;
  for (StmtId r = f.firstStmt; r < f.endStmt; ++r) {
    const Stmt& ret = m.stmts[r];
    if (ret.function == fid && ret.kind == StmtKind::Return && ret.a != kNone && answersNothing(m, ret.a)) return true;
  }
  return false;
}

// Whether function `fid` assigns `name` itself, and it is none of its parameters.
bool bindsLocal(const FileModel& m, FunctionId fid, std::string_view name) {
  const Function& f = m.functions[fid];
  if (std::ranges::any_of(f.params, [&](const Param& p) { return p.name == name; })) return false;
  // Also each name a tuple binds (`rtol, atol = 2e-2, 1e-2`).
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function == fid && st.kind == StmtKind::Assign && targetBinds(m, st.a, name)) return true;
  }
  return false;
}

// `const float atol = is_fp32 ? 1e-4f : 1e-3f;`: local `name` of `fid` bound once, by a
// conditional expression.
bool boundByAConditional(const FileModel& m, FunctionId fid, std::string_view name) {
  const Function& f = m.functions[fid];
  int bindings = 0;
  bool conditional = false;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Assign || !targetBinds(m, st.a, name)) continue;
    ++bindings;
    conditional = st.b != kNone && m.expr(st.b).kind == ExprKind::Conditional;
  }
  return bindings == 1 && conditional;
}

// The parts of a conjunction `a && (b && c)`, nested ones flattened, in order; `e` itself when it is
// no conjunction.
std::vector<ExprId> conjunctsOf(const FileModel& m, ExprId e) {
  if (m.expr(e).kind != ExprKind::BoolOp || m.expr(e).name != "and") return {e};
  std::vector<ExprId> parts;
  for (uint32_t i = 0; i < m.childCount(e); ++i)
    for (ExprId part : conjunctsOf(m, m.child(e, i))) parts.push_back(part);
  return parts;
}

}  // namespace

// Long: a wrapper's body is read statement by statement for the shapes a check can take (a
// mapped check, a predicate macro, a known check, a returned predicate, a compared local) and
// the first shape found fixes which parameters are the actual, the expected and the tolerances;
// the shapes share that bookkeeping, so they stay in one loop.
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
    bool negated = false;            // the wrapper passes when the values differ
    std::vector<ExprId> alsoChecks;  // the other parts of a conjunction of kept verdicts (their lines are check sites too)
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
    // How a C++ `if` ends, read once: an abort (or `return false`), a flag cleared that the function
    // answers with, a mismatch record returned.
    std::optional<std::string> abort;
    bool clearsFlag = false, mismatchRecord = false;
    if (!inner && st.kind == StmtKind::If && m.language == Language::Cpp) {
      abort = finder.abortIn(m, s);
      clearsFlag = clearsAnsweredFlag(m, fid, s);
      mismatchRecord = returnsMismatchRecord(m, fid, s);
    }
    if (!inner && st.kind == StmtKind::ExprStmt && m.expr(st.a).kind == ExprKind::Call) {
      ApiMatch match = matcher.match(m, fid, st.a);
      const AssertionForm form = assertionFormOf(match, m.language);
      std::optional<HandedCheck> handed = match.spec ? std::nullopt : checkHandedToMacro(m, fid, st.a, matcher);
      if (match.spec && match.spec->oa && !match.spec->isPredicate() && !callsItself(m, f, st.a, *match.spec) &&
          boundsADeviation(m, fid, finder, *match.spec, st.a) && !lanesAreIntegers(m, fid, splitCall(m, st.a), *match.spec)) {
        call = st.a;
        inner = match.spec;
        negated = inner->negated;
      } else if (handed && !handed->spec->isPredicate()) {
        call = st.a;
        inner = handed->spec;
        mappedArgs = std::move(handed->args);
        negated = inner->negated;
      } else if (form == AssertionForm::Matcher && m.language == Language::Cpp) {
        // `#define EXPECT_TENSOR_CLOSE(t1, t2) EXPECT_THAT((t1), IsCloseTo(t2))`: a matcher the
        // suite defines with MATCHER_P, read as the function `IsCloseTo(arg, other)`, applied
        // to the value EXPECT_THAT is given (its `arg`).
        const CallArgs args = splitCall(m, st.a);
        ExprId applied = args.positional.size() >= 2 ? args.positional[1] : kNone;
        bool notMatcher = false;
        while (applied != kNone && m.expr(applied).kind == ExprKind::Call && lastOf(m, m.child(applied, 0)) == "Not" &&
               !splitCall(m, applied).positional.empty()) {
          notMatcher = !notMatcher;
          applied = splitCall(m, applied).positional[0];
        }
        if (applied != kNone && m.expr(applied).kind == ExprKind::Call)
          if (ApiMatch inner2 = matcher.match(m, fid, applied); inner2.spec && inner2.spec->oa && inner2.spec->isPredicate() &&
                                                                !inner2.spec->params.empty() &&
                                                                inner2.spec->params.front() == kMatcherValueParam) {
            CallArgs withArg = splitCall(m, applied);
            withArg.positional.insert(withArg.positional.begin(), args.positional[0]);
            call = applied;
            inner = inner2.spec;
            mappedArgs = std::move(withArg);
            negated = inner->negated != notMatcher;
          }
      } else if (form == AssertionForm::Truth || form == AssertionForm::Falsity) {
        CallArgs args = splitCall(m, st.a);
        const size_t held = match.spec ? match.spec->conditionArgument : 0;
        if (held < args.positional.size())
          if (auto check = finder.conditionCheck(m, fid, args.positional[held]); check && check->spec) {
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
               (m.language == Language::Python ? failsIn(m, fid, s, f.endStmt) : abort.has_value() || clearsFlag || mismatchRecord)) {
      // if not _allclose(expected, value, rtol, atol): raise WrongValue(...) (PyTensor's
      // tests.unittest_tools.assert_allclose, 280 calls at its tip): the function passes when
      // the condition does not hold, the opposite of `assert <condition>`.
      // `if (!allClose(a[p], b[p], tol)) return false;` then `return true;` (Flashlight's
      // allParamsClose): the function answers with the check's verdict, a predicate its callers
      // assert (`ASSERT_TRUE(allParamsClose(a, b))`); its check of integers (`checkVector<int>(dims,
      // want, 4, 0)` before the values, MNN) is an exact one, passed over for the next.
      const bool answers = abort == std::optional<std::string>("return") || clearsFlag || mismatchRecord;
      const auto ofIntegers = [&](ExprId c) {
        const CallArgs a = splitCall(m, c);
        return holdsIntegers(m, fid, s, c) ||
               (a.positional.size() >= 2 && (holdsIntegers(m, fid, s, a.positional[0]) || holdsIntegers(m, fid, s, a.positional[1])));
      };
      std::optional<AssertionFinder::OaCheck> check = finder.conditionCheck(m, fid, st.a);
      if (m.language == Language::Cpp && !(check && check->spec)) check = finder.heldVerdictCheck(m, fid, s, st.a);
      if (check && check->spec && !check->spec->approx && !(answers && check->call != kNone && ofIntegers(check->call))) {
        call = check->call;
        inner = check->spec;
        mappedArgs = std::move(check->mappedArgs);
        negated = ((check->negated == inner->negated) != mismatchRecord) !=
                  (abort == std::optional<std::string>("return") && answersFailingStatus(m, s));
        returnsPredicate = answers;
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
    } else if (!inner && st.kind == StmtKind::Return && m.language == Language::Cpp && st.a != kNone &&
               m.expr(st.a).kind == ExprKind::Call && lastOf(m, m.child(st.a, 0)) == "ExplainMatchResult") {
      // `return ExplainMatchResult(IsNearWithTolerance(y, kTol), arg, result_listener);` (a gmock
      // matcher forwarding to another, Ceres's IsAlmostEqualTo): that matcher applied to `arg`.
      const CallArgs explained = splitCall(m, st.a);
      if (explained.positional.size() >= 2 && m.expr(explained.positional[0]).kind == ExprKind::Call)
        if (ApiMatch forwarded = matcher.match(m, fid, explained.positional[0]);
            forwarded.spec && forwarded.spec->oa && forwarded.spec->isPredicate() && !forwarded.spec->params.empty() &&
            forwarded.spec->params.front() == kMatcherValueParam) {
          CallArgs withValue = splitCall(m, explained.positional[0]);
          withValue.positional.insert(withValue.positional.begin(), explained.positional[1]);
          call = explained.positional[0];
          inner = forwarded.spec;
          mappedArgs = std::move(withValue);
          negated = inner->negated;
          returnsPredicate = true;
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
          negated = inner->negated;  // a status handed on stays one (`return CompareMat(a, b, eps);`)
          returnsPredicate = true;
        }
    }
    if (!inner && st.kind == StmtKind::Return)
      if (auto built = matcherListReturned(m, fid, s, matcher)) {
        call = built->call;
        inner = built->spec;
        mappedArgs = std::move(built->args);
        negated = inner->negated;
        returnsPredicate = true;
      }
    if (!inner && st.kind == StmtKind::Return && m.language == Language::Cpp && st.a != kNone && m.expr(st.a).kind == ExprKind::Name) {
      // `result = equals(a, b, size, tolerance, epsilon); ... return result;` (MNN's
      // TensorUtils::compareTensors, after converting both tensors): the predicate's answer,
      // kept in a local.
      // `const bool result = (close(arg.a, y.a, tol) && close(arg.v[0], y.v[0], tol)); return result;`
      // (Ceres's IsAlmostEqualToWithTolerance): every part of a conjunction must hold, its first
      // closeness predicate the check.
      ExprId value = throughLocal(m, fid, s, st.a);
      const bool conjunction = m.expr(value).kind == ExprKind::BoolOp && m.expr(value).name == "and";
      // `bool good_x = check_equal_vector(x, x_ref, ...); ...; bool good = good_x && good_y;
      // return good;` (oneMath's rot and swap tests): the first part's verdict, kept in its local.
      std::vector<ExprId> parts;
      if (conjunction)
        for (ExprId e : conjunctsOf(m, value))
          if (m.expr(e).kind == ExprKind::Name)
            if (const ExprId part = throughLocal(m, fid, s, e); m.expr(part).kind == ExprKind::Call) parts.push_back(part);
      if (conjunction && !parts.empty() && m.expr(m.child(value, 0)).kind != ExprKind::Call) {
        value = parts.front();
        alsoChecks.assign(parts.begin() + 1, parts.end());
      }
      // `int cmp_result = 0; if (fp32) cmp_result |= CompareData(a, b, n, 0.01, 1e-4); else ...;
      // return cmp_result;` (TNN's CompareBlob): the statuses folded into the local, nonzero where
      // any says the values differ; the first the check, the others check sites.
      if (!conjunction && m.expr(value).kind != ExprKind::Call) {
        std::vector<ExprId> folded;
        for (StmtId b = f.firstStmt; b < s; ++b)
          if (const Stmt& fold = m.stmts[b]; fold.function == fid && fold.kind == StmtKind::AugAssign && fold.op == "|=" &&
                                             fold.a != kNone && fold.b != kNone && m.expr(fold.a).text == m.expr(st.a).name &&
                                             m.expr(fold.b).kind == ExprKind::Call)
            folded.push_back(fold.b);
        if (!folded.empty()) {
          value = folded.front();
          alsoChecks.assign(folded.begin() + 1, folded.end());
        }
      }
      if (value != st.a && (m.expr(value).kind == ExprKind::Call || conjunction))
        if (auto check = finder.conditionCheck(m, fid, value); check && check->spec && check->spec->isPredicate() && !check->negated &&
                                                               (check->call == value || conjunction) &&
                                                               !callsItself(m, f, check->call, *check->spec)) {
          call = check->call;
          inner = check->spec;
          mappedArgs = std::move(check->mappedArgs);
          negated = inner->negated;
          returnsPredicate = true;
          // `if (sizeof(T) == 4) is_ok = check<float>(...); else is_ok = check<half>(...); return is_ok;`
          // (FasterTransformer's checkResult): the verdict of either branch; the earlier
          // assignments of the same predicate are check sites too.
          if (!conjunction && m.expr(st.a).kind == ExprKind::Name)
            for (StmtId b = f.firstStmt; b < s; ++b)
              if (const Stmt& bound = m.stmts[b]; bound.function == fid && bound.kind == StmtKind::Assign && bound.b != kNone &&
                                                  bound.b != value && m.expr(bound.a).kind == ExprKind::Name &&
                                                  m.expr(bound.a).name == m.expr(st.a).name && m.expr(bound.b).kind == ExprKind::Call)
                if (auto other = finder.conditionCheck(m, fid, bound.b); other && other->spec == inner && other->call == bound.b)
                  alsoChecks.push_back(bound.b);
        }
    }
    if (!inner && st.kind == StmtKind::Return && m.language == Language::Cpp)
      if (const ExprId counted = predicateOfCountedFailures(m, fid, s); counted != kNone)
        if (auto check = finder.conditionCheck(m, fid, counted); check && check->spec && check->spec->isPredicate() && !check->negated &&
                                                                 check->call == counted && !callsItself(m, f, check->call, *check->spec)) {
          call = check->call;
          inner = check->spec;
          mappedArgs = std::move(check->mappedArgs);
          negated = inner->negated;
          returnsPredicate = true;
        }
    if (!inner && st.kind == StmtKind::Return && m.language == Language::Cpp && f.cls == kNone && st.a != kNone &&
        m.expr(st.a).kind == ExprKind::BoolOp && m.expr(st.a).name == "and") {
      // `return a.func == b.func && ... && float_match(a.value[0], b.value[0]) && float_match(a.value[1], ...);`
      // (Halide's events_match): exact comparisons of some fields beside closeness predicates of
      // others, written in the return. Every part must hold: the first closeness predicate is the
      // check, the others are check sites too. Not in a method: a class's `equals` answering with its
      // members' (GTSAM's) would become one more candidate of every `x.equals(y)` on an object of
      // unknown class (139 GTSAM records moved to another class's entry, their tolerances lost).
      for (ExprId part : conjunctsOf(m, st.a)) {
        if (m.expr(part).kind != ExprKind::Call) continue;
        auto check = finder.conditionCheck(m, fid, part);
        if (!check || !check->spec || !check->spec->isPredicate() || check->negated || check->call != part ||
            callsItself(m, f, check->call, *check->spec))
          continue;
        if (inner) {
          alsoChecks.push_back(part);
          continue;
        }
        call = check->call;
        inner = check->spec;
        mappedArgs = std::move(check->mappedArgs);
        negated = inner->negated;
        returnsPredicate = true;
      }
    }
    if (!inner) continue;
    CallArgs args = mappedArgs ? std::move(*mappedArgs) : splitCall(m, call);
    // `return FloatNear(tol);` (MuJoCo's two-argument `MjNear(double_tol, float_tol)`): gmock's
    // matcher given its tolerance only, the form `Pointwise` applies to pairs of elements. The
    // helper makes such a matcher: no sides of its own, the tolerance its callers give.
    const bool pairMatcher = m.language == Language::Cpp && returnsPredicate && inner->isPredicate() && inner->actual.empty() &&
                             !inner->expected.empty() && inner->paramIndex(inner->expected) == 0 && args.keywords.empty() &&
                             args.positional.size() + 1 == inner->params.size();
    if (pairMatcher) args.positional.insert(args.positional.begin(), kNone);
    // `return tensors_are_close(arg, other, /*rtol=*/0, /*atol=*/0);` (ExecuTorch's IsEqualTo): a
    // closeness predicate given zero for every tolerance parameter it is passed compares exactly
    // (not `check_grad(m, z, 0)`, whose 0 is no tolerance).
    bool zeroTolerances = m.language == Language::Cpp && inner->isPredicate() && inner->params.size() >= args.positional.size();
    int tolerancesGiven = 0;
    for (size_t i = 2; zeroTolerances && i < args.positional.size(); ++i)
      if (namedAsTolerance(inner->params[i])) {
        zeroTolerances = isZeroLiteral(m, args.positional[i]);
        ++tolerancesGiven;
      }
    if (zeroTolerances && tolerancesGiven > 0) continue;
    // `GKO_ASSERT_MTX_NEAR(expected, result, 0)` in every check of a helper (Ginkgo's
    // test_filter_approx): the suite's closeness check given zero for each tolerance it takes
    // compares exactly, as the same call in a test does (a catalogued API so called stays OA).
    if (m.language == Language::Cpp && inner->discovered && !inner->tolerances.empty()) {
      bool allZero = true;
      int given = 0;
      for (const auto& [kind, param] : inner->tolerances)
        if (const ExprId v = argumentFor(m, *inner, args, param); v != kNone) {
          allZero &= isZeroLiteral(m, v);
          ++given;
        }
      if (allZero && given > 0) continue;
    }
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
    // EXPECT_LE((double)AT1::abs(val1 - val2), (double)AT3::abs(tol)) (Kokkos Kernels' EXPECT_NEAR_KK):
    // a bound made of one parameter named as a tolerance, cast or taken in magnitude, is that parameter.
    // Only where the bounded value is a deviation the caller's values make (below); else the bound
    // stays the helper's own expression (cuVS's `ASSERT_LE(d, 1.2 * eps * std::pow(2.0, ratio))`
    // of a distance it computes itself).
    bool boundFromScaledParam = false;
    if (expectedParam.empty() && m.language == Language::Cpp && inner->category == Category::ErrorBound && inner->expected.empty())
      if (const std::string_view scaled = scalingParam(m, fid, s, expectedArg, 0); namesAToleranceUnit(scaled)) {
        expectedParam = scaled;
        boundFromScaledParam = true;
      }
    // expectSmall(err, tol) { EXPECT_LT(std::abs(err), tol); }: the size of the deviation a
    // caller passes (`expectSmall(a - b, 1e-4)`) is bounded.
    if (actualParam.empty() && inner->category == Category::ErrorBound) actualParam = sizeOfParam(m, fid, actualArg);
    // auto error = miopen::rms_range(ref_out, output); EXPECT_TRUE(error < threshold) (MIOpen's
    // test::CompareTensor): an error measure of two parameters bounded by a third compares the
    // two within that bound, an absolute tolerance.
    std::optional<std::pair<std::string_view, std::string_view>> measured;
    if (actualParam.empty() && inner->category == Category::ErrorBound && !expectedParam.empty())
      measured = measuredParams(m, fid, s, actualArg);
    // EXPECT_LT(aerr, tol) after `aerr = std::abs(left[i] - right[i])`: the local reads both
    // parameters, a deviation of them rather than one parameter's value.
    if (!measured && m.language == Language::Cpp && inner->category == Category::ErrorBound && !expectedParam.empty())
      if ((measured = deviationOfParams(m, fid, s, actualArg))) actualParam = {};
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
    if (boundFromScaledParam && actualParam.empty() && !measured) expectedParam = {};
    // Both sides may come from one parameter: assert_list_pairwise(z_list) compares its elements.
    // Both from the method's own object (`assert_allclose(self.res, test)` where `test` is
    // computed from `self`): the caller passes neither.
    // A C++ helper that computes both sides itself and checks them (a tester's `Test(kernel)`
    // comparing the kernel's output with a reference loop, a gradient check comparing numeric
    // with analytic gradients) is a check wherever it is called: its call is the OA call site,
    // with the tolerance it writes inside (customized at each call: assertion_tolerances.cpp). It must
    // take something to check.
    // Forwarding to a check that names no sides of its own (a tensor's `isEqualImpl(other, tol)`
    // comparing itself with `other` element by element) makes a check of the same kind.
    const bool forwardsSelfContained = m.language == Language::Cpp && inner->discovered && inner->actual.empty() &&
                                       inner->expected.empty() && inner->bound.empty() && (!f.params.empty() || f.cls != kNone);
    const bool selfContained = forwardsSelfContained || computesBothSides(m, f, actualParam, expectedParam);
    if (!selfContained && !pairMatcher && (actualParam.empty() || expectedParam.empty() || (isSelf(actualParam) && isSelf(expectedParam))))
      continue;

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
    if (call != kNone) markCheckExpr(m, call, inner, w);
    else markCheckSite(m, s, inner, w);
    for (ExprId also : alsoChecks) addCheckExpr(m, also, w);
    if (returnsPredicate) {
      if (w.kind == ApiKind::Method) w.predicateMethod = true;
      else w.kind = ApiKind::Predicate;
    }
    w.actual = std::string(actualParam);
    if (inner->expected.empty()) w.bound = std::string(expectedParam);
    else w.expected = std::string(expectedParam);
    if (m.language == Language::Python) {
      w.actualFallback = std::string(fallbackParam(m, fid, w.actual));
      w.expectedFallback = std::string(fallbackParam(m, fid, w.expected));
      w.expectedOptional = w.expectedFallback.empty() && checksOnlyWhenGiven(m, m.functions[fid], w.expected);
      if (const StmtId computed = w.expectedFallback.empty() ? computedDefault(m, fid, w.expected) : kNone; computed != kNone)
        w.expectedComputedAt = fmt::format("{}:{}", m.path, m.stmts[computed].range.start.line);
      // Handed on to a helper that runs it both ways (`forward_cpu(op)` calling `check_forward(op, ...)`).
      if (actualParam == expectedParam)
        w.appliedWrapped =
            inner->appliedWrapped.empty() ? wrappingOneApplication(m, fid, actualArg, expectedArg, actualParam) : inner->appliedWrapped;
    }
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
      // `forward_cpu(op)` calling `check_forward(op, x)`, whose check has `atol=1e-4` written in:
      // fixed for this wrapper's calls too.
      if (inner->discovered && std::ranges::find(inner->fixedTolerances, kind) != inner->fixedTolerances.end() &&
          std::ranges::none_of(inner->tolerances, [&](const auto& t) { return t.first == kind && !t.second.empty(); }))
        w.fixedTolerances.push_back(kind);
    };
    const ExprId splat = splats.empty() ? kNone : splats.back();
    // A tolerance written at the inner call (`atol=1e-5`, `atol=atol or 1e-5`'s fallback): the
    // wrapper's default, with its value where the call stands.
    auto takeWrittenDefault = [&](const std::string& kind, ExprId written) {
      w.defaults[kind] = std::string(m.expr(written).text);
      w.ownDefaults.push_back(kind);
      const bool fixed = originParam(m, fid, written, 0, false).empty() && !readsAParameter(m, f, written, true);
      if (fixed) w.fixedTolerances.push_back(kind);
      const ResolvedValue r = resolver.resolve(m, fid, s, written);
      if (r.value) w.defaultValues[kind] = *r.value;
      // `if self.dtype == numpy.float16: atol = 5e-4 else: atol = 1e-7`, then the check with
      // `atol=atol` (Chainer's check_forward): a local the helper chooses at run time. So is C++'s
      // `float atol = (computeType == TYPE_FP32) ? 1e-6f : 1e-3f;` (FasterTransformer's checkResult).
      // A local the helper binds itself: not a parameter rebound (`atol = max(tolerance(dtype(x), atol),
      // ...)`, JAX's: a call leaving that one out takes the API's default by dtype), nor a name an
      // enclosing function gives a nested one.
      // Not C++'s `if (dtype == f16) tol = 4e-3;` (a default picked by dtype stays the helper's,
      // switchedUnderACondition), only one conditional expression.
      if (fixed && r.provenance == Provenance::Depend && m.expr(written).kind == ExprKind::Name &&
          bindsLocal(m, fid, m.expr(written).name) && (m.language == Language::Python || boundByAConditional(m, fid, m.expr(written).name)))
        w.alwaysDepend = true;
      // `rtol, atol = {torch.float32: (5e-4, 5e-5), ...}[x.dtype]` (DeepSpeed's kernel tests): a
      // tolerance the helper looks up by the data's dtype and no caller gives, its purpose to
      // choose one by dtype (as assertAllCloseAccordingToType's): chosen at each call.
      if (m.language == Language::Python && m.expr(written).kind == ExprKind::Name && boundFromADtypeTable(m, fid, m.expr(written).name))
        w.alwaysDepend = true;
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
      // `if floats: kwargs = {"atol": ..., "rtol": ...} else: kwargs = {"rtol": table.get(dtype, tol)}`,
      // then `assert_allclose(x, y, **kwargs)` (tinygrad's `_assert_eq`): a tolerance the helper
      // binds in branches of its own is chosen at each call (depend), as one set under a branch is.
      if (v == kNone && splat != kNone && splatted.empty() && m.language == Language::Python && !innerParam.empty())
        if (const std::optional<SplatDict> branches = splatDict(m, fid, s, splat, true))
          if (const SplatEntry* entry = branches->find(innerParam); entry && entry->condition != kNone) w.alwaysDepend = true;
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
      // Scaled from a parameter named as a tolerance (`epsilons`), not from a size (`10 * k`,
      // a bound that grows with the problem: the call's value of `k` is no tolerance).
      if (fromParam.empty() && v != kNone && m.language == Language::Cpp)
        if (const std::string_view scaled = scalingParam(m, fid, s, v, 0); namesAToleranceUnit(scaled)) fromParam = scaled;
      // EXPECT_NEAR(a, b, abs_err + rel_err * std::abs(a)) (MACE's Expector::Near): the absolute
      // tolerance from one parameter, a relative one from the other, as NumPy's allclose reads them.
      if (fromParam.empty() && v != kNone && kind == "atol" && inner->category == Category::Abs)
        if (const auto mixed = absolutePlusRelative(m, fid, s, v)) {
          fromParam = mixed->first;
          w.category = Category::AbsRel;
          w.tolerances.emplace_back("rtol", std::string(mixed->second));
          if (const ExprId def = paramDefault(f, mixed->second); def != kNone && m.expr(def).kind != ExprKind::NoneLit)
            takeParamDefault(m, f, resolver, w, "rtol", def);
        }
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
        // `options = {}; if self.dtype == numpy.float16: options = {'atol': 1e-4}`, then
        // `assert_allclose(x, y, **options)` (Chainer's check_forward): a tolerance the helper
        // sets under a branch the check is not in is chosen at each call (depend).
        for (const SplatDict& d : splatted)
          if (const SplatEntry* entry = d.find(innerParam); entry && entry->value == v && entry->condition != kNone) w.alwaysDepend = true;
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
    // `#define CHECK_APPROX(a, b) CHECK(a == approx(b))`: an approximate value's tolerances are
    // its setters', left to their defaults (the approximate value's own, or those its factory fixes).
    if (inner->approx)
      for (const auto& setter : inner->setters) {
        const std::string& kind = setter.first;  // a structured binding is not captured by clang 14
        if (std::ranges::none_of(w.tolerances, [&](const auto& t) { return t.first == kind; })) {
          w.tolerances.emplace_back(kind, std::string{});
          inheritDefault(kind);
        }
      }
    // A C++ helper may check special values with a tolerance of its own before checking the
    // rest with one its caller gives (`test_unary(f, ref, epsilons)`): the caller's is the
    // helper's tolerance, so the first check that takes one wins.
    // A check in one branch of a build switch, another in the other (MuJoCo's `MjNear`, `FloatNear`
    // or `DoubleNear` by `#ifdef mjUSESINGLE`): which tolerance runs is the build's choice.
    if (m.language == Language::Cpp && !w.alwaysDepend &&
        std::ranges::any_of(w.tolerances, [](const auto& t) { return !t.second.empty(); }))
      if (std::string by = branchChoosingTheCheck(m, fid, s); !by.empty()) {
        w.alwaysDepend = true;
        w.switchedBy = std::move(by);
      }
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
    inheritLaterTolerances(m, fid, *inner, argument, resolver, w);
    addLaterCheckTolerances(m, fid, s, matcher, finder, resolver, w);
    return w;
  }
  return ownTolerance ? ownTolerance : exactCheck;
}

}  // namespace oalens::analyzer
