// The OA-API catalogue: what each assertion API is called, which of its arguments hold the
// value under test, the oracle and each tolerance, and the API's defaults. Loaded from TOML
// (rules/catalogue/python.toml and cpp.toml are built into the binary; users add entries in
// .oalens.toml or [tool.oalens] of pyproject.toml). Schema errors name the file, the entry and
// the key. Each entry belongs to one language, and names are looked up per language: Python's
// `torch.allclose` and C++'s `torch::allclose` are different APIs with different defaults.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

enum class Category { AbsRel, Abs, Rounding, Ulp, ErrorBound, Exact };
std::string_view categoryName(Category c);
std::optional<Category> parseCategory(std::string_view s);

enum class ApiKind { Function, Method, Predicate };

// What a call checks when it does not compare arguments: the condition it is given
// (`DLIB_TEST(abs(a - b) < 1e-5)`, `HWY_ASSERT(IsNear(x, y, 0.1))`, read as `assert cond`), that
// condition's falsity, or nothing itself: it fails the test, so an `if (cond)` whose block
// calls it checks `!cond` (`if (!IsNear(a, b, eps)) HWY_ABORT(...)`, `if (err > tol) FAIL()`).
enum class ConditionCheck : uint8_t { None, Truth, Falsity, Abort };

// A tolerance a discovered wrapper replaces by another of its parameters on some devices
// (Keras 3's assertAllClose: `if tpu_atol is not None and uses_tpu(): atol = tpu_atol`). A call
// that passes `param` has a tolerance `kind@label` ("atol@tpu") besides `kind`.
struct DeviceTolerance {
  std::string kind, param, label, condition;
  // A value the wrapper sets itself on those devices (`if jax.default_backend() == "gpu": atol =
  // 1e-3`), for every call, when `param` is empty.
  std::string valueText;
  // `valueText` is a factor of the call's own tolerance (`if platform == "tpu": rtol = 3e3 * rtol`).
  bool scales = false;
};

struct ApiSpec {
  std::string id;
  Language language = Language::Python;
  // Qualified names as a callee's dotted name reads them: C++ `a::b::c` is kept as "a.b.c",
  // since the model writes a qualified identifier as the same chain as an attribute access.
  std::vector<std::string> names;
  ApiKind kind = ApiKind::Function;
  bool shortMatch = false;
  // C++: the entry's reading wins over every definition of its name the scan reads, overloads
  // included (TFLite's `ArrayFloatNear` builds its matcher list in a loop no rule reads).
  bool overridesDefinitions = false;
  // A discovered C++ function answering the share of elements within its tolerance
  // (share_within.h): no truth value, a measure a floor check bounds.
  bool shareWithin = false;
  Category category = Category::Exact;
  bool oa = false;
  std::vector<std::string> params;
  std::string actual, expected, bound;
  // A discovered Python helper's side parameter that, left out, takes another parameter's value
  // (`if tinygrad_fxn is None: tinygrad_fxn = torch_fxn`): side parameter -> that parameter.
  std::string actualFallback, expectedFallback;
  // Both sides the one function parameter, run on inputs wrapped or moved by this (`chainer.Variable`,
  // `cuda.to_gpu`) and on the inputs as given (applied_both_ways.h).
  std::string appliedWrapped;
  // An interval check's lower end (`IsInside(lo, hi, x)`: bound "hi", lowerBound "lo").
  std::string lowerBound;
  // SIMD checks whose values are integers or floats by their lanes (analyzer/assertions/simd_lanes.h):
  // the parameter holding the descriptor the lanes come from, or "values" for the compared values
  // themselves; integer lanes compare exactly. Empty: not such a check.
  std::string lanes;
  std::vector<std::pair<std::string, std::string>> tolerances;  // tolerance kind -> parameter
  std::map<std::string, std::string> defaults;                  // tolerance kind -> value text
  // Values of defaults written as names (a wrapper's `tol = kTol`), resolved where the wrapper
  // is defined; a default missing here is read from its text.
  std::map<std::string, double> defaultValues;
  std::map<std::string, std::string> categoryIf;  // parameter -> category name
  std::map<std::string, std::string> dtypeDefaults;
  bool defaultDepends = false;
  bool alwaysDepend = false;
  // A discovered C++ helper's own condition that switches its tolerance (`has_kleidi`): the
  // tolerance it leaves to its default is chosen at run time at each call (depend), not by dtype.
  std::string switchedBy;
  // Tolerance kinds a discovered wrapper picks by dtype when a call leaves them out and keeps
  // when given (`atol = atol or tol`, `atol = max(tolerance(dtype(x), atol), ...)`).
  std::vector<std::string> defaultsByDtype;
  // Parameters of a discovered wrapper that change its tolerances without being one (Kornia's
  // `low_tolerance=True` takes the square root of the dtype table's values): a call that gives
  // one has tolerances chosen at run time (depend).
  std::vector<std::string> toleranceSwitches;
  std::vector<DeviceTolerance> deviceTolerances;
  // An exact API that checks within a tolerance when one of these parameters is given (PyTorch's
  // TestCase.assertEqual is unittest's with atol/rtol, and before 1.6 a `prec`): the assertion
  // is then an OA one, reported as `oaIfId` when set.
  std::vector<std::string> oaIf;
  std::string oaIfId;
  // Decorators (by last name) that set this API's tolerances per dtype for the checks of the
  // test they decorate (PyTorch's precisionOverride and toleranceOverride,
  // analyzer/assertions/dtype_overrides.h): a call under one is an OA check with `atol@dtype`.
  std::vector<std::string> dtypeOverrideDecorators;
  bool negated = false;  // passes when the values differ (assertNotAlmostEqual)
  // A value that compares approximately with == (pytest.approx, Catch2's Approx): an OA
  // assertion as one side of an equality under an assertion, not as a call of its own.
  bool approx = false;
  // A method that answers whether two values are close (`a.isApprox(b)`): like a predicate,
  // an OA assertion only as the condition of an assertion.
  bool predicateMethod = false;
  // A decorator factory that makes the test it decorates a check (CuPy's
  // `@testing.numpy_cupy_allclose(rtol=1e-6)`: the test runs once with NumPy and once with CuPy
  // as its `xp`, and what the two runs return is compared): an assertion on the decorated test,
  // never a call of its own (analyzer/assertions/assertion_decorated.cpp).
  bool decorator = false;
  // A base test case that makes each test case deriving from it one check (Chainer's
  // `testing.FunctionTestCase`: its inherited test_forward compares what the test case's
  // `forward` returns with what its `forward_expected` returns, within
  // `self.check_forward_options`): the method computing the value under test, the one computing
  // the oracle, and the attribute holding the options dict, which starts empty
  // (analyzer/assertions/assertion_harness.cpp).
  std::vector<std::string> harness;
  bool isHarness() const { return harness.size() == 3; }
  // `checks = "condition" | "false_condition" | "abort"` (ConditionCheck above).
  ConditionCheck condition = ConditionCheck::None;
  // The positional argument holding that condition: 0, or 1 for a macro given the status it sets
  // first (cuGraph's `TEST_ASSERT(status, cond, message)`).
  uint8_t conditionArgument = 0;
  // A macro applying the predicate it is handed (predicateMacroSpec): the predicate's argument,
  // -1 for none, and the arguments it is applied to, in order.
  int8_t predicateArgument = -1;
  std::vector<uint8_t> predicateOperands;
  bool isPredicate() const { return kind == ApiKind::Predicate || predicateMethod; }
  // Chained calls that set a tolerance on an approx value or a matcher: tolerance kind ->
  // method name (Catch2: `Approx(x).epsilon(0.01).margin(1e-6)`).
  std::vector<std::pair<std::string, std::string>> setters;
  // C++ overloads of a discovered wrapper (wrapper_overloads.cpp): each parameter's declared
  // type, how many parameters have no default, and whether the entry stands for an overload
  // that checks nothing (a call resolved to it is no assertion). The matcher picks among the
  // entries of one name by the call's arguments (api_matcher.cpp).
  std::vector<std::string> paramTypes;
  uint32_t requiredParams = 0;
  bool checksNothing = false;
  bool discovered = false;  // a project wrapper found by the analyzer, not from a file
  // A C++ class built with a tolerance whose call operator compares two values
  // (comparator_classes.h): its construction alone checks nothing.
  bool comparator = false;
  // A C++ class whose operator== compares a member within a tolerance (approx_equality.h): an
  // equality macro given a value built as one compares within it.
  bool equalityOperator = false;
  // A discovered wrapper defined inside a function (a test's own `def close(a, b)`): the
  // tolerances it fixes are that test's choice, not a suite-wide default.
  bool local = false;
  // A discovered Python wrapper whose expected-value parameter defaults to None (Funsor's
  // `check_funsor(x, inputs, output, data=None)`): a call leaving it out compares no value.
  bool expectedOptional = false;
  // A discovered Python wrapper that computes the expected value itself when a call leaves it at
  // None (`if expected is None: expected = _reference(case)`): where it does ("path:line"), the
  // oracle of such a call (Assertion::oracleComputedAt).
  std::string expectedComputedAt;
  // C++: the class a discovered method is defined in (`UnitTestConvSolver` for its RunTest), empty
  // for a free function; a bare call reaches it only from that class's hierarchy (api_matcher.cpp).
  std::string ownerClass;
  // A C++ function that several source files each define (oneMath's `test` in every BLAS test
  // file): only its own file's calls reach it, as a lambda's.
  bool fileScoped = false;
  // A fileScoped entry of a header that files including it reach too (file_scoped.h:
  // definedInSeveralHeaders).
  bool includable = false;
  // The file a discovered C++ entry is defined in: a call from a file that defines a function of
  // its short name at its own level runs that one, not this (catalogue.cpp's matcher).
  std::string definedIn;
  // Other headers that define a function of the same qualified name which checks nothing (AMDMIGraphX's
  // GPU kernels' exact `migraphx::float_equal` beside the host's one-ULP one): a file that includes
  // one of them, and not `definedIn`, calls that one (api_matcher.cpp).
  std::vector<std::string> shadowedIn;
  std::vector<std::string> ownDefaults;  // tolerance kinds whose default the wrapper writes itself
  // Of those, the kinds the wrapper fixes in its body from no parameter of its own
  // (`assert_close(a, b, atol=1e-3, rtol=1e-3)` inside `def _assert_close(actual, expected)`): no call
  // can give another.
  std::vector<std::string> fixedTolerances;
  // Tolerances of the checks a discovered helper makes after the one that defines it, taken from
  // parameters of their own (nnabla's `function_tester` checks the forward pass within `atol_f`,
  // then the gradients within `atol_b`): name (`atol@atol_b`, the kind at the parameter) ->
  // parameter; defaults under the same name (later_checks.h).
  std::vector<std::pair<std::string, std::string>> laterTolerances;
  std::string via;  // for wrappers: the API the wrapper forwards to
  // For a discovered wrapper: where it compares (`path:line` of the statement holding its check),
  // then the sites of the wrapper that check goes through, innermost last.
  std::vector<std::string> checkSites;

  int paramIndex(std::string_view name) const;
  // Every field: equal digests, the same entry.
  uint64_t digest() const;
};

// A function a suite picks a tolerance with by dtype (JAX's `tolerance(dtype, tol)`: `tol` when
// given, else the dtype's entry of its table). A wrapper that rebinds a tolerance parameter
// through one (`atol = max(tolerance(_dtype(x), atol), ...)`) checks a call that leaves the
// parameter out with these values.
struct DtypePicker {
  std::vector<std::string> names;                    // qualified names the callee resolves to
  std::map<std::string, std::string> dtypeDefaults;  // as ApiSpec::dtypeDefaults
};

struct CatalogueError {
  std::string message;
};

class Catalogue {
 public:
  // Parses catalogue TOML; `table` is the dotted path of the table holding `api` ("" or "tool.oalens").
  static std::optional<CatalogueError> parseInto(Catalogue& out, std::string_view text, std::string_view sourceName,
                                                 std::string_view table = "");
  static Catalogue builtin();

  void add(ApiSpec spec);  // later entries with the same id replace earlier ones
  // More names for the entry `id` (a module's re-export of it); false when there is no such entry.
  bool addNames(std::string_view id, const std::vector<std::string>& names);
  const ApiSpec* byQualifiedName(std::string_view name, Language lang = Language::Python) const;
  const ApiSpec* byMethodName(std::string_view name, Language lang = Language::Python) const;
  const ApiSpec* byShortName(std::string_view name, Language lang = Language::Python) const;
  // Every entry of that last name (C++ functions of one name in several namespaces), the most
  // recently added first, as byShortName would pick.
  std::vector<const ApiSpec*> allByShortName(std::string_view name, Language lang) const;
  // A C++ member function by `Class.method`, whatever namespaces the class is in.
  const ApiSpec* byMember(std::string_view classDotMethod) const;
  // The overloads of a discovered C++ entry (every entry with its first name and parameter
  // types), the entry itself among them; empty when it has none.
  std::vector<const ApiSpec*> overloadsOf(const ApiSpec& spec) const;
  const ApiSpec* byId(std::string_view id) const;
  const DtypePicker* dtypePicker(std::string_view qualifiedName) const;
  const std::vector<ApiSpec>& apis() const { return apis_; }
  size_t size() const { return apis_.size(); }
  // A digest of every entry in order: equal catalogues match equal calls the same way.
  uint64_t digest() const;

 private:
  void reindex();
  void index(size_t i);
  void indexNames(size_t i, size_t firstName);  // entry i's names from firstName on
  std::vector<ApiSpec> apis_;
  std::vector<DtypePicker> pickers_;
  struct Index {
    std::unordered_map<std::string, size_t> qualified, method, shortName;
    std::unordered_map<std::string, std::vector<size_t>> allShortNames;
    // C++ members by their class and name, the namespaces left out ("Tester.Test").
    std::unordered_map<std::string, size_t> member;
  };
  std::unordered_map<std::string, std::vector<size_t>> overloads_;  // first name -> overload entries
  Index byLanguage_[2];                                             // indexed by Language
  std::unordered_map<std::string, size_t> id_;
};

}  // namespace oalens::analyzer
