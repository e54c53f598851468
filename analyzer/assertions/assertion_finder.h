// Assertion finder: walks a file's statements and reports every assertion (assert statements,
// assertion calls by catalogue or by name) and whether it approximates the oracle: a closeness
// API, a closeness predicate under assert/assertTrue/np.all, pytest.approx in a comparison, or
// an error bound (`assert abs(a - b) < tol`, assertLess(err, tol), assertGreater(tol, err)).
// Tolerances are resolved here too, so each record is complete when it leaves the finder.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/assertion.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

class AssertionFinder {
 public:
  AssertionFinder(const ApiMatcher& matcher, const ToleranceResolver& resolver) : matcher_(matcher), resolver_(resolver) {}
  const ApiMatcher& matcher() const { return matcher_; }

  std::vector<Assertion> find(const FileModel& m) const;

  // The OA check inside a boolean condition (assert/assertTrue argument), if any.
  struct OaCheck {
    const ApiSpec* spec = nullptr;  // a closeness predicate or pytest.approx
    ExprId call = kNone;
    ExprId errorSide = kNone;  // for error bounds: the bounded error expression
    ExprId boundSide = kNone;
    ExprId compare = kNone;
    ExprId approxOther = kNone;  // for `x == approx(y)`: x
    ExprId lowerSide = kNone;    // for intervals `lo < x <= hi`: lo (boundSide is hi)
    bool negated = false;
    bool quality = false;  // a bound on a trained model's quality (loss, accuracy): the labels are the oracle
    // A predicate mapped over structures (tree_all(tree_map(np.allclose, a, b))): the arguments
    // it receives, which `call` does not spell.
    std::optional<CallArgs> mappedArgs;
    // Tolerances set by chained calls on an approx value: `Approx(y).epsilon(0.01)` -> (rtol, 0.01).
    std::vector<std::pair<std::string, ExprId>> setterValues;
    // Two ranges compared element by element through a closeness comparator
    // (`std::equal(a.begin(), a.end(), b.begin(), close)`): the containers compared.
    ExprId rangeActual = kNone, rangeExpected = kNone;
    // A value compared with an expected one widened by a tolerance (`x >= e - 1e-6`).
    ExprId bandValue = kNone, bandExpected = kNone, bandTolerance = kNone;
    bool bandFactor = false;  // the tolerance is a factor written as one number (`1.1 * ref`)
  };
  std::optional<OaCheck> conditionCheck(const FileModel& m, FunctionId scope, ExprId cond) const;
  // A C++ condition naming a local that holds a predicate's verdict (`bool ok = close(a, b, tol);
  // if (!ok) FAIL();`, `auto failure = bench.compare(x, name, tol); if (failure) FAIL();`): that
  // predicate's check, negated as the condition negates the local; nullopt for anything else.
  std::optional<OaCheck> heldVerdictCheck(const FileModel& m, FunctionId scope, StmtId at, ExprId cond) const;
  std::optional<OaCheck> rangeComparatorCheck(const FileModel& m, FunctionId scope, const CallArgs& args, std::string_view last) const;
  std::optional<OaCheck> comparatorCheck(const FileModel& m, FunctionId scope, ExprId call) const;
  // `std::all_of(v.begin(), v.end(), [](auto s) { return float_equal(f(s), g(s)); })`: the check the
  // lambda returns, holding for every element (negated for `none_of`).
  std::optional<OaCheck> everyElementCheck(const FileModel& m, FunctionId scope, const CallArgs& args, std::string_view last) const;
  struct LocalComparator {
    const ApiSpec* spec = nullptr;
    ExprId tolerance = kNone;  // the construction's first argument
  };
  std::optional<LocalComparator> localComparator(const FileModel& m, FunctionId scope, std::string_view name) const;
  std::pair<ExprId, ExprId> comparedThrough(const FileModel& m, const CallArgs& args, size_t at) const;

  // Fills category, actual/expected and tolerances of an assertion made by `spec` at `call`.
  void applySpec(const FileModel& m, Assertion& a, const ApiSpec& spec, ExprId call) const;
  // A value kept on one side of `expected` widened by `tolerance` (a band's bound).
  void applyBand(const FileModel& m, Assertion& a, ExprId value, ExprId expected, ExprId tolerance, bool factor = false) const;
  // A tolerance written at the call (`rtol=1e-5`, a bound's side): resolved where the call stands.
  void addWrittenTolerance(const FileModel& m, Assertion& a, const std::string& name, ExprId written) const;
  // The same with the arguments given: a check mapped over trees binds its arguments from the
  // mapping call and a `partial` (assertion_mapped.cpp).
  void applySpec(const FileModel& m, Assertion& a, const ApiSpec& spec, ExprId call, const CallArgs& args) const;

  // A catalogued check mapped over the leaves of structures by `call` (tree_map(check, a, b),
  // tree_map(partial(check, rtol=r), a, b), tree_map(lambda x, y: check(x, y), a, b)), with the
  // arguments it receives: the leaves stand for a lambda's parameters.
  struct MappedCheck {
    const ApiSpec* spec = nullptr;
    CallArgs args;
  };
  std::optional<MappedCheck> mappedCheck(const FileModel& m, FunctionId scope, ExprId call) const;
  // GoogleTest's EXPECT_PRED2(pred, a, b) as pred(a, b), EXPECT_PRED_FORMAT2(format, a, b) as
  // format("a", "b", a, b): the predicate or formatter when it is OA, with those arguments.
  std::optional<MappedCheck> predicateMacroCheck(const FileModel& m, FunctionId scope, ExprId call) const;
  // tree_map(np.allclose, a, b), tree_map(partial(np.isclose, atol=t), a, b) or
  // tree_map(lambda x, y: np.all(np.isclose(x, y)), a, b), as a condition under tree_all.
  std::optional<OaCheck> mappedPredicateCheck(const FileModel& m, FunctionId scope, ExprId call) const;
  // The calls among a statement's own expressions that map something over structures.
  static std::vector<ExprId> mappingCalls(const FileModel& m, StmtId s);

 private:
  // An assertion at statement `s` with its place, function and test case filled.
  static Assertion newAssertion(const FileModel& m, StmtId s);
  // The assertion belongs to function `f` (kNone: the module): its function and test case.
  static void placeIn(const FileModel& m, Assertion& a, FunctionId f);
  void fromCall(const FileModel& m, StmtId s, ExprId call, std::vector<Assertion>& out) const;
  // The one call a macro that is no check is handed as its argument (`CALL_SUBTEST(f(x, tol))`), read as a statement.
  void fromStatementMacroArgument(const FileModel& m, StmtId s, ExprId call, std::vector<Assertion>& out) const;
  // jax.tree_util.tree_map(np.testing.assert_allclose, a, b), tree.map_structure(partial(
  // assert_allclose, rtol=1e-5), a, b), jax.tree.map(lambda x, y: assert_allclose(x, y), a, b):
  // one check of every leaf. False when `call` maps no assertion.
  bool fromMappedCall(const FileModel& m, StmtId s, ExprId call, std::vector<Assertion>& out) const;
  bool fromPredicateMacro(const FileModel& m, FunctionId scope, ExprId call, Assertion& a) const;
  void fromAssert(const FileModel& m, StmtId s, std::vector<Assertion>& out) const;
  // `if (!IsNear(a, b, eps)) HWY_ABORT(...)`, `if (std::abs(a - b) > tol) { FAIL() << ...; }`,
  // `if (err > tol) throw ...` in C++: the test fails when the condition holds, so the `if`
  // checks its negation (assertion_aborting.cpp). Only OA checks are kept: an `if` around an
  // abort that bounds no deviation (`if (!file) abort()`) guards, it does not check a value.
  void fromAbortingIf(const FileModel& m, StmtId s, std::vector<Assertion>& out) const;
  void fromReturnedVerdict(const FileModel& m, StmtId s, std::vector<Assertion>& out) const;
  void fromAccumulatedFlag(const FileModel& m, StmtId s, std::vector<Assertion>& out) const;

 public:
  // The aborting call (a catalogued `checks = "abort"` API) or `throw` among the statements of
  // the block `head` opens, kNone-free: the API's id, "throw", or nullopt.
  std::optional<std::string> abortIn(const FileModel& m, StmtId head) const;
  // `++num_errors;` in the block of `head`, where the file later fails on that count (`if
  // (num_errors) { ...; exit(1); }`, `EXPECT_EQ(num_errors, 0)`, `return num_errors;` from
  // main): the failure deferred, its name; nullopt otherwise.
  std::optional<std::string> countedFailureIn(const FileModel& m, StmtId head) const;

 private:
  // A failure written directly in the block of `head` (abortIn without counted failures).
  std::optional<std::string> failureIn(const FileModel& m, StmtId head) const;
  std::optional<std::string> laterFailureOnCount(const FileModel& m, StmtId head, const std::string& counter) const;

 public:
  // `Approx(y).epsilon(e).margin(m)` -> the call `Approx(y)`, with (kind, value) of each
  // setter the base API declares; `call` itself when it is no such chain.
  ExprId peelSetters(const FileModel& m, FunctionId scope, ExprId call, std::vector<std::pair<std::string, ExprId>>& values) const;

 private:
  // For a matcher call of two arguments that is no OA check itself (`TensorEq(FloatNear(1e-6),
  // want)`): the index of the one that is an element matcher given its tolerances only, the
  // other the expected value; -1 when neither or both are.
  int pairMatcherArgument(const FileModel& m, FunctionId scope, ExprId call) const;
  // The call of a share-within helper (share_within.h) that `measured`, or the local it names
  // before statement `s`, is, with the helper's entry; nullopt otherwise.
  struct ShareCall {
    ExprId call = kNone;
    const ApiSpec* spec = nullptr;
  };
  std::optional<ShareCall> shareWithinCall(const FileModel& m, FunctionId scope, StmtId s, ExprId measured) const;
  // `@testing.numpy_cupy_allclose(rtol=1e-6)` on function `f`: one check of what the test
  // returns, run with CuPy against its run with NumPy (assertion_decorated.cpp).
  void fromDecorators(const FileModel& m, FunctionId f, std::vector<Assertion>& out) const;
  // `class TestReLU(testing.FunctionTestCase)`: one check of what `forward` returns against what
  // `forward_expected` returns, made by the base test case (assertion_harness.cpp).
  void fromHarnessClasses(const FileModel& m, std::vector<Assertion>& out) const;
  // The harness class `c` derives from, through the file's own classes.
  const ApiSpec* harnessOf(const FileModel& m, ClassId c, int depth) const;
  // What function `f` returns: its last `return`'s value, kNone when it returns nothing.
  static ExprId returnedValue(const FileModel& m, FunctionId f);
  void fromCondition(const FileModel& m, Assertion& a, ExprId cond) const;
  // The same with the condition's check already read (conditionCheck).
  void fromCheck(const FileModel& m, Assertion& a, const OaCheck& check) const;
  void applyErrorBound(const FileModel& m, Assertion& a, ExprId errorSide, ExprId boundSide, ExprId lowerSide = kNone) const;
  // EXPECT_THAT(actual, FloatNear(expected, tol)), CHECK_THAT(x, WithinAbs(y, eps)),
  // EXPECT_THAT(v, Pointwise(FloatNear(tol), ref)) (assertion_matchers.cpp).
  void fromMatcher(const FileModel& m, Assertion& a, ExprId actual, ExprId matcher) const;
  // `x == Approx(y).epsilon(e)` and `CHECK_EQ(x, Approx(y))`: the approx value on either side of
  // two compared values, with the setters chained on it; `negated` for `!=` and `_NE`.
  std::optional<OaCheck> approxComparison(const FileModel& m, FunctionId scope, ExprId l, ExprId r, bool negated) const;
  void applySetters(const FileModel& m, Assertion& a, const std::vector<std::pair<std::string, ExprId>>& values) const;

  const ApiMatcher& matcher_;
  const ToleranceResolver& resolver_;
};

// An expression that measures a deviation: a difference, abs/norm of something, err/diff names.
bool looksLikeError(const FileModel& m, ExprId e, int depth = 0);
// Whether a subtraction appears anywhere inside e (the two sides of a deviation).
bool containsDifference(const FileModel& m, ExprId e, int depth = 0);
// `a.sub(b)`, `torch.sub(a, b)`, `np.subtract(a, b)`: a difference written as a call, its operands.
std::optional<std::pair<ExprId, ExprId>> subtractionOperands(const FileModel& m, ExprId e);
// The last name a callee is written with (`np.testing.assert_allclose` -> `assert_allclose`,
// `check` -> `check`); empty for any other callee (a call's result, a subscript).
std::string_view lastOf(const FileModel& m, ExprId callee);
// A call's last name that reduces a boolean array to one truth (`all`, `any`, `np.alltrue`), or
// reads its one element out (`allclose(a, b).item<bool>()` in C++, `.all().item()`).
bool isReduction(std::string_view last);
// Whether an absolute value or a norm is taken anywhere inside e: abs(a - b), np.linalg.norm(d).
bool containsAbsoluteValue(const FileModel& m, ExprId e, int depth = 0);
// A value that reads as a tolerance: a float literal or constant, a tol/eps/threshold name.
bool looksLikeBound(const FileModel& m, ExprId e);
// The statement that last bound `name` (an assignment with a value) in `fid` before statement
// `at`, or kNone; the value it bound, or kNone; and `e`, or what the local `e` names was bound to
// (`bool good = ...; EXPECT_TRUE(good)`).
StmtId localBindingStmt(const FileModel& m, FunctionId fid, StmtId at, std::string_view name);
ExprId localBinding(const FileModel& m, FunctionId fid, StmtId at, std::string_view name);
ExprId throughLocal(const FileModel& m, FunctionId fid, StmtId at, ExprId e);
// 0, 0.0, 0.f, -0.0: a zero written out (false for kNone).
bool isZeroLiteral(const FileModel& m, ExprId e);
// `EXPECT_EQ(cond, true)`, `ASSERT_EQ(false, cond)`: in C++, an equality with a bool literal
// checks the condition (true) or its falsity (false); nullopt for any other pair of arguments.
std::optional<std::pair<ExprId, bool>> conditionComparedWithBool(const FileModel& m, const CallArgs& args);
// Whether `call` gives one of `spec`'s `oa_if` parameters by keyword (not as None).
bool givesOaIfParameter(const FileModel& m, const ApiSpec& spec, ExprId call);

ExprId argumentFor(const FileModel& m, const ApiSpec& spec, const CallArgs& args, std::string_view param);
ThresholdProvenance thresholdProvenanceOf(const Assertion& a, const ApiSpec* spec);
// The tolerance `kind` at `spec`'s default (its resolved value, else its text's number).
Tolerance defaultTolerance(const ApiSpec& spec, const std::string& kind, std::string note);

}  // namespace oalens::analyzer
