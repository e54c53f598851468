// Origin tracer: follows a value in a test back to where it comes from, inside the test
// function and the helpers it calls (same file first, then any scanned module): assignments,
// tuple unpacking, augmented assignment, loop targets, comprehensions, `self.x` set in setUp
// or another method, return values of helper functions. Each origin is a literal, test data
// (random arrays, parameters), a call into the library under test, a call into another
// library, or unknown; arithmetic and loops met on the way are recorded, because they mark a
// hand-written re-implementation. Every trace is bounded in depth (kMaxTraceDepth) and in
// steps (kMaxSteps), and visited sets stop cycles.
#pragma once
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "analyzer/core/words.h"  // normalized
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

// The whole arguments in an argument text (Origin::args: normalized, each followed by a comma),
// split at the commas outside brackets; a nested call's own arguments stay inside its part.
std::vector<std::string> topLevelArguments(std::string_view args);

// Methods of arrays (`.sum`, `.reshape`, `.detach`, ...; written with their dot): they say
// nothing about which model or function produced the array.
bool isArrayMethod(std::string_view api);

// A call that makes an object into another library's array (`op.to_dense()`, `t.numpy()`): what
// is computed on its result, the array library computes.
bool madeIntoArray(const FileModel& m, ExprId e);

// The values a test's parameter takes by its decorators (`@pytest.mark.parametrize("p", [...])`,
// absl's `parameters`), one per case, or nullopt.
std::optional<std::vector<ExprId>> parametrizedValues(const FileModel& m, FunctionId fn, std::string_view param);

enum class OriginKind { Literal, Data, LibCall, OtherLib, Unknown };

// The reason of an Unknown origin where the trace ran out of its depth or step budget.
inline constexpr std::string_view kTraceTooDeep = "trace too deep";

struct Origin {
  OriginKind kind = OriginKind::Unknown;
  std::string api;  // resolved callee for calls ("nnlib.ops.softmax", "numpy.tanh")
  // Positional argument texts of that call, normalized, for SCUT_SAME vs SCUT_DIFF; a name changed
  // after an earlier read carries the line of its last change (`x@12`), and so does a changed
  // container handed as `**kw` or `*xs` (`*kw@12`): the same text, another value.
  std::string args;
  std::string reason;           // for Unknown: why
  bool closedForm = false;      // another library's function on numbers written in the call (-np.log(0.5))
  bool literalInputs = false;   // another library's function on literal data (np.polyval(c, np.linspace(0, 1, 5)))
  bool argsArithmetic = false;  // with arithmetic in its arguments (np.where(x >= 0, x, x * 0.1))
  bool moduleRef = false;       // a module of the library used as a value (a backend passed around)
  bool libraryValue = false;    // an attribute of the library's modules read as a value (a constant, or a function object)
  bool madeFromSizes = false;   // Data: made by a function of the library given sizes alone (`ot.unif(n)`)
  bool calledAfter = false;     // OtherLib: the object it built is called later (`m = torch.nn.Linear(...)`, then `m(x)`)
  std::string receiver = {};    // for a method: where its object was bound (file:line:name), when it is a name
  // The attribute through which it was reached, when an object's attribute was read as an
  // operand or an argument (`kernel.offset` in `x @ y + kernel.offset`): a parameter of that
  // object, unless the other side reads the same attribute as its result.
  std::string parameterOf = {};
  bool parameter = false;  // Data: a parameter of the test or helper (a fixture, a parametrized case)
};

struct OriginSet {
  std::vector<Origin> items;
  bool arithmetic = false;     // operators combine values on the way (a formula)
  bool loop = false;           // a loop or comprehension computes it
  bool frameworkLoop = false;  // a framework's loop applies a body (`lax.fori_loop`), not one the author writes
  // Where the arithmetic and loops were met: the binding (file:line) or helper being traced
  // then, "" directly in the expression. Those met under a binding the CUT's side follows too
  // prepare the inputs both share (a data helper), and make no formula of the oracle.
  std::set<std::string> arithmeticAt, loopAt;
  bool throughHelper = false;       // a test-suite helper computes it
  bool gradientOfLoss = false;      // a `.grad` read after a `loss.backward()`: the gradient of that loss
  bool backendLoop = false;         // built by iterating over backends of the library
  std::set<std::string> operators;  // arithmetic operators met on the way
  // Every operator met, also those that prepare a call's inputs or settings and make no formula
  // (`expiries + 1e-6` handed to the CUT): the same function run twice on inputs prepared with
  // different operators runs on different inputs.
  std::set<std::string> everyOperator;
  // Those of them applied to an array an object was made into (`a.to_dense() @ b.to_dense()`).
  std::set<std::string> arrayOperators;
  std::set<std::string> moves;  // data movements of another library met on the way (`transpose`)
  // The function a difference quotient evaluates twice ((f(x + h) - f(x - h)) / (2 * h)), when
  // the value is one: a numerical derivative of that function, not a formula of the author's.
  std::string differenceQuotientOf;
  std::set<std::string> applied;                   // functions a transform or map applied (`jax.grad(fun)(x)`: "fun")
  std::set<std::string> transforms;                // the transforms that applied them (`jax.grad`), resolved
  std::set<std::string> suiteClasses;              // classes of the test suite's modules instantiated on the way
  std::set<std::string> helpersRun;                // functions of the test's file called by name, their returns traced
  std::set<std::string> helpersCompiledElsewhere;  // those of them another library compiles (`@tf.function`)
  std::set<std::string> attributes;                // attribute names read from values on the way (`mvn.mean`: "mean")
  // Which part of a result the value is: a string key (`history['loss']`) or an unpacked
  // position (`loss, acc = model.evaluate(x, y)` gives `#0` and `#1`).
  std::set<std::string> selectors;
  std::set<std::string> bindings;  // file:line:name of every binding followed
  std::set<std::string> updates;   // file:line:name of every step of another library followed that changed a bound name in place
  std::vector<std::string> evidence;
  // Digests of the statements the value was traced through (bindings, helpers' returns,
  // setUp): the same list on two versions means the value is computed by the same code.
  std::vector<uint64_t> sources;

  bool has(OriginKind k) const;
  std::set<std::string> apis(OriginKind k) const;
};

// madeIntoArray, as the first origin of a traced operand (`.to_dense` where `a = sp.to_dense()`).
bool madeIntoArray(const Origin& o);

class OriginTracer {
 public:
  // `libraryPackages`: top-level packages of the library under test ("keras", "theano").
  OriginTracer(const Project& project, std::vector<std::string> libraryPackages);

  // `bound`: names standing for other expressions, as a mapped lambda's parameters stand for the
  // leaves of the structures mapped (tree_map(lambda a, b: allclose(a, -b), fwd, back)).
  using Bindings = std::vector<std::pair<std::string, ExprId>>;
  // `throughCallers`: a parameter of the check's own function, met as a value compared or an object
  // run (not an input handed on), is what the function's first caller passes (caller_arguments.cpp).
  OriginSet trace(const FileModel& m, FunctionId fn, StmtId at, ExprId e, const Bindings& bound = {}, bool throughCallers = false) const;

  bool isLibrary(const std::string& resolvedName) const;
  // Calls that build or run a graph rather than compute the tested function (theano.function,
  // K.variable, T.matrix, K.eval...): they are plumbing, not the function under test.
  static bool isInfrastructure(const std::string& resolvedName);
  // Calls that only configure (dtype, mode, symbolic input declarations) or convert values into
  // and out of the library's containers (theano._asarray, convert_to_numpy): they do not make a
  // side the code under test.
  static bool isConfiguration(const std::string& resolvedName);
  static bool computes(const Origin& o);
  // A class of the library built from values (`grids.GridArray(data, offset, grid)`): it holds
  // them; what it computes runs in its methods and calls, each an origin of its own.
  static bool buildsLibraryObject(const Origin& o);
  // The library class a class of the scanned module derives from, directly or through other
  // classes of the module; empty when it derives from none.
  std::string libraryBaseOf(const FileModel& m, FunctionId fn, std::string_view className, int depth) const;
  bool iteratesBackends(const FileModel& m, FunctionId fn, ExprId iterable) const;
  std::optional<std::vector<std::string>> parametrizedLibraryModules(const FileModel& m, FunctionId fn, std::string_view param) const;
  // Whether a C++ file is written inside, or uses, a namespace of the library under test
  // (cpp_library.cpp): where it is not, the types that need the library are not given.
  bool knowsCppLibrary(const FileModel& m) const;

 private:
  struct Walk;
  struct CallSite;
  // A call's arguments traced as its inputs; traceInputsOf also forgets the arithmetic met in
  // them, which prepares the data another computation is handed (`svc.fit(K, 2 * y - 1)`).
  void traceArguments(CallSite& c, bool intoSuiteHelper) const;
  void traceInputsOf(CallSite& c, bool intoSuiteHelper) const;
  void traceCallOutsideTheLibrary(CallSite& c) const;
  void traceExpr(Walk& w, const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth) const;
  void traceName(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const;
  void traceNameOnce(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const;
  // `op = top_hat` (or `op = lib.f if cond else lib.g`) before `at`: the library function the
  // local `name` stands for (the first of two a condition picks between), dotted as written and
  // resolved; empty strings for anything else.
  std::pair<std::string, std::string> libraryFunctionAliased(const FileModel& m, FunctionId fn, StmtId at, std::string_view name) const;
  // `str2optimizers[name][0](params)`: a callable picked from a module-level table by a key the test
  // is given, the kind most of the table's entries are at that position, or nullopt.
  std::optional<Origin> tablePick(const FileModel& m, FunctionId fn, ExprId callee, std::string& evidence) const;
  void traceCall(Walk& w, const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth) const;
  void bindFunctionArguments(Walk& w, const FileModel& m, FunctionId fn, StmtId at, const Function& helper, const CallArgs& args) const;
  bool appliesItsFunction(const std::string& resolved) const;
  bool changesItsFirstArgument(const FileModel& m, FunctionId fn, ExprId call, std::string_view name) const;
  // The arguments of a call as it sees their data (Origin::args): conversions and device moves
  // peeled off, a lambda's parameter read as its argument, a name changed since marked.
  std::string argumentsKey(const Walk& w, const FileModel& m, FunctionId fn, StmtId at, const std::vector<ExprId>& arguments) const;
  // Whether statement `s` of `f` calls an object of the library's class made in `f` for its
  // effect, handing it `name` as an argument: a write into `name`.
  bool libraryWritesInto(const FileModel& m, FunctionId f, StmtId s, std::string_view name) const;
  // Whether statement `s` of `f` hands `name`, bound at `binding` to an object of another
  // library's class (`d = mujoco.MjData(m)`), to a function of that same library called for its
  // effect (`mujoco.mj_step(m, d)`): the other library steps its own state, which holds the
  // step's result after it.
  bool otherLibraryStepsItsState(const FileModel& m, FunctionId f, StmtId binding, StmtId s, std::string_view name) const;
  void traceApplied(Walk& w, const FileModel& m, FunctionId fn, StmtId at, ExprId function, const std::vector<ExprId>& arguments,
                    int depth) const;
  bool traceHelper(Walk& w, const FileModel& m, FunctionId helper, int depth) const;
  // A record's construction (`TestData(x, enc, dec)`) or `_replace` reached for the field a
  // `.name` selectKey asks for: that field's value traced (record_fields.h); false when the call
  // builds no record known here.
  bool traceRecordField(CallSite& c) const;
  // `dotted` read through `from LIB import *` of the library at module level (its head bound
  // nowhere in the file, no builtin): the library's name for it, else "".
  std::string starImported(const FileModel& m, FunctionId fn, std::string_view dotted) const;
  // Whether a subscript's index (`index`), or a part of it, is computed by a comprehension of the
  // test, inline or through a local (`t[:, [f * n + i for f in fs for i in range(n)]]`).
  bool comprehensionIndex(const FileModel& m, FunctionId fn, StmtId at, ExprId index) const;
  // Whether a comprehension's element does arithmetic on a loop variable counting steps.
  static bool formulaOfItsTargets(const FileModel& m, ExprId comprehension);
  // After a record's field was read through `helper` (of file `hm`), called at `c`: the
  // arguments bound to the parameters that field's value reads (items from `itemsBefore` on).
  void traceArgumentsReadBy(CallSite& c, const FileModel& hm, FunctionId helper, size_t itemsBefore) const;
  // C++: a static method of a class of the suite inside the library's namespace
  // (`torchao::lut_test_case::generate(m, k, n)` of the tests' utilities header), its owner named
  // for the tests: its body traced, the tests' own code, not the library's. False (nothing
  // traced) where none is found or nothing of its body can be read. Free functions of a
  // namespace named for the tests are left to be read as before: followed into, size and
  // allocation helpers (`test_utils::product(dims)`) hid more of what both sides share than they
  // told.
  bool traceSuiteClassMethod(Walk& w, const FileModel& m, ExprId call, std::string_view dotted, int depth) const;
  // The method `name` a class inherits from a base class of the scanned code (its own module
  // or one it imports), with the file that defines it; {nullptr, kNone} when there is none.
  std::pair<const FileModel*, FunctionId> inheritedMethod(const FileModel& m, ClassId cls, std::string_view name, int depth) const;
  bool drawsRandom(const FileModel& m, FunctionId f, ExprId e) const;
  void traceBoundValue(Walk& w, const FileModel& m, FunctionId f, StmtId s, std::string_view name, int depth) const;
  bool traceSelfAttribute(Walk& w, const FileModel& m, FunctionId fn, std::string_view attr, int depth) const;
  // `dist.scipy_nbinom` where `dist = NegativeBinomial(...)` and that class of the scanned code
  // defines `scipy_nbinom` as a property (`@property`, `@lazy_property`, `@cached_property`):
  // what the property returns, traced in its file; false when the attribute is no such property.
  bool tracePropertyOfBuiltObject(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view object, std::string_view attr,
                                  int depth) const;
  bool traceComprehensionTarget(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const;

  // C++ (cpp_library.cpp): the call's origin when its name makes it the library's or another
  // library's (`std::exp`); nullopt when the test binds or defines it, or nothing tells.
  std::optional<Origin> cppLibraryCall(const FileModel& m, FunctionId fn, ExprId call, const CallArgs& args, std::string_view dotted,
                                       const std::string& argKey) const;
  bool boundInScope(const FileModel& m, FunctionId fn, std::string_view name) const;
  bool traceOutArguments(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const;
  bool traceWithTarget(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const;
  bool traceSharedUpdate(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const;
  // A parameter of a helper of the file (not a test, not a fixture): the argument its first caller
  // passes, traced where that call stands (caller_arguments.cpp); false when no call passes it.
  bool traceCallerArgument(Walk& w, const FileModel& m, FunctionId f, StmtId at, std::string_view name, int depth) const;
  void indexCppLibrary();

  // What Python's `with X as name` binds and which functions compile updates of shared
  // variables, read once for the project (indexBindingsOutsideTheNameIndex): a lookup per name
  // instead of a walk of the function's statements for every name the tracer meets.
  struct WithBinding {
    FunctionId function;
    StmtId stmt;
    ExprId item;
  };
  void indexBindingsOutsideTheNameIndex();
  std::unordered_map<const FileModel*, std::unordered_multimap<std::string_view, WithBinding>> withTargets_;
  std::unordered_map<const FileModel*, std::vector<bool>> updatingFunctions_;

  const Project& project_;
  std::vector<std::string> packages_;
  std::unordered_set<std::string> cppNamespaces_;     // namespaces the C++ tests open, less the suite's
  std::unordered_set<std::string> cppTestFunctions_;  // functions and classes the scanned C++ files define
  std::unordered_set<const FileModel*> cppInside_;    // C++ files inside or using one of those namespaces
};

// The top-level packages of the scanned tree that are not test suites: directories holding
// an __init__.py whose name is not tests/test*/docs/examples/benchmarks, at the top or in a
// source root (isSourceRoot), and directories whose python/ subdirectory is a package (Faiss's
// bindings, faiss/python/, are installed as `faiss`).
std::vector<std::string> inferLibraryPackages(const Project& project);
// The same choice among top-level directories known to hold an __init__.py (the diff gate reads
// them from a git tree, where only the changed files are scanned).
std::vector<std::string> libraryPackagesAmong(const std::vector<std::string>& packageDirs);
// Whether a top-level directory that is no package holds the library's packages: src/,
// python/, python-package/, lib/ (python/mxnet is imported as mxnet).
bool isSourceRoot(std::string_view dir);

}  // namespace oalens::analyzer
