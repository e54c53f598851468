// What origin_tracer.cpp, origin_name_trace.cpp, origin_calls.cpp and origin_call_targets.cpp (the
// tracing of a call: the library under test, another library, a constructor of test data, a helper
// of the suite) share: the state of one trace, and the names that tell what kind of call a callee
// is.
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/oracle/origin_tracer.h"

namespace oalens::analyzer {

// Whether a class of the file defines a method of that name.
inline bool definesMethod(const FileModel& m, std::string_view name) {
  return std::any_of(m.functions.begin(), m.functions.end(), [&](const Function& f) { return f.cls != kNone && f.name == name; });
}

// One call being traced, its parts read once (OriginTracer::traceCall): the element or key a
// subscript reads of its result, the arguments a stored value is called with, its callee's
// dotted and resolved names, and its arguments as it sees their data (Origin::args).
struct OriginTracer::CallSite {
  Walk& w;
  const FileModel& m;
  FunctionId fn;
  StmtId at;
  ExprId e;
  int depth;
  int element = -1;
  const std::vector<ExprId>* calledWith = nullptr;
  std::string key = {};
  CallArgs args = {};
  std::string dotted = {};
  bool viaImport = false;
  std::string resolved = {};
  std::string_view last = {};
  std::string argKey = {};
  // The origins each argument gave when traceArguments traced it: [from, to) of w.out.items.
  struct ArgumentItems {
    ExprId argument;
    size_t from, to;
  };
  std::vector<ArgumentItems> argumentItems = {};
};

struct OriginTracer::Walk {
  OriginSet out;
  // Where the trace started (the check's function): only its own parameters are traced to its
  // callers; a helper entered on the way is handed its arguments by the call being traced.
  const FileModel* rootFile = nullptr;
  FunctionId rootFunction = kNone;
  // Above 0 while tracing a call's arguments or an operator's operands: a parameter met there is
  // an input the helper computes with (test-supplied data), not the object or result it compares.
  int asInput = 0;
  std::set<std::pair<const FileModel*, uint64_t>> visited;  // (file, function<<32 | name hash) cut cycles
  // Whether each name traced made a value of the library (a symbolic input, a model): a method
  // called on it again is the library's, though the name is not traced twice.
  std::map<std::pair<const FileModel*, uint64_t>, bool> libraryMade;
  bool revisitedLibrary = false;
  // Above 0 while tracing what is not a method's receiver (a call's arguments, an attribute read
  // as an operand): a library value met again there says nothing of whose method it is.
  int outsideReceiver = 0;
  // Above 0 while tracing a value handed as an argument to a call of the library under test or
  // of an object it made (not another library's function, not a helper of the suite, not an
  // operand): a layout conversion met there hands its input on (layout_conversion.h).
  int handedOn = 0;
  // While tracing the arguments, positional or keyword, of a call of the library under test: how
  // many bindings were being traced then (`within`'s size), else -1. Operators written in those
  // arguments themselves, not under a binding they name nor in a helper's body, prepare the
  // inputs the test hands the library (OriginSet::everyOperator); what a name stands for is
  // traced to different depths on two sides (one through `jax.jit`), so it is left out.
  int preparingAt = -1;
  int helperBodies = 0;
  // The element of a compiled function's outputs a subscript reads (`outs = f(x); outs[1]` with
  // `f = theano.function([x], [a, b])`), or -1: taken by the outputs list, if one is reached.
  int selectElement = -1;
  // The key a subscript reads (`problem['minimum']`), unquoted, or empty: a dict literal reached
  // while tracing the value gives only that entry, where one is written. `.x` for an attribute
  // read off a record (`data.x`): a record construction reached gives only that field.
  std::string selectKey;
  // Set when a record construction (record_fields.h) gave the field a `.name` selectKey asked
  // for: the attribute read is that argument, not a view of the record.
  bool fieldSelected = false;
  // The arguments a stored value is called with (`f = jax.vmap(lambda a, b: ...); f(x, y)`):
  // a function transform reached while tracing the value applies its function to them.
  const std::vector<ExprId>* pendingArguments = nullptr;
  // The element of a helper's returned tuple that an unpacking reads (`a, b = _pair()`), or -1.
  struct Unpacked {
    int position = -1;
    uint32_t arity = 0;
    // `a, (b, c) = f()`: c is element 1 of element 1 (inner empty: the element itself).
    std::vector<std::pair<int, uint32_t>> inner;
  } unpacked;
  // The C++ class of the suite whose static helper is being traced (`lut_test_case::generate`), in
  // which an unqualified call names another of its methods (`_generate_master(m, k)`).
  const FileModel* suiteClassFile = nullptr;
  ClassId suiteClass = kNone;
  // The bindings and helpers being traced, innermost last (OriginSet::arithmeticAt).
  std::vector<std::string> within;
  void noteArithmetic() {
    out.arithmetic = true;
    out.arithmeticAt.insert(within.empty() ? std::string() : within.back());
  }
  void noteLoop() {
    out.loop = true;
    out.loopAt.insert(within.empty() ? std::string() : within.back());
  }
  // Item ranges [from, to) that say nothing about whose object a method's receiver is: a call's
  // arguments (`d.div_(2 * kernel.alpha)` is still a method of d's library), and an object's
  // attribute read as an operand of arithmetic (`(x @ y + kernel.offset).pow(2)`: a parameter).
  std::vector<std::pair<size_t, size_t>> notTheReceiver;
  // Whether item `item`, traced since item `start`, tells whose object the value is.
  bool receiverEvidence(size_t item, size_t start) const {
    for (const auto& [from, to] : notTheReceiver)
      if (from >= start && item >= from && item < to) return false;
    return true;
  }
  // The attribute an operand reads (`kernel.offset`, `-kernel.alpha`, `model.weights[:, j]`), or
  // kNone.
  static ExprId attributeRead(const FileModel& m, ExprId operand) {
    while ((m.expr(operand).kind == ExprKind::UnaryOp || m.expr(operand).kind == ExprKind::Subscript) && m.expr(operand).childCount >= 1)
      operand = m.child(operand, 0);
    return m.expr(operand).kind == ExprKind::Attribute ? operand : kNone;
  }
  // Items [from, end) were reached through `operand`: when it reads an object's attribute, they
  // are that attribute's (Origin::parameterOf).
  void noteParameter(const FileModel& m, ExprId operand, size_t from) {
    const ExprId attribute = attributeRead(m, operand);
    if (attribute == kNone) return;
    for (size_t i = from; i < out.items.size(); ++i)
      if (out.items[i].parameterOf.empty()) out.items[i].parameterOf = std::string(m.expr(attribute).name);
  }
  // The first binding a trace followed since it was last cleared: which object a method runs on.
  std::string firstBinding;
  int hops = 0;
  // Paths cut at kMaxTraceDepth: each leaves an unknown origin, and they are bounded too (a C++
  // lambda nesting 4,000 lambdas left one per return statement at every visit: 1.2 GB).
  int deepEnds = 0;
  // Parameters of a lambda being traced as applied (jax.vmap(lambda p: ...)(points)): the
  // argument each one is bound to, innermost last.
  struct LambdaArgument {
    std::string name;
    FunctionId fn = kNone;
    StmtId at = kNone;
    ExprId value = kNone;
    FunctionId helper = kNone;  // the value names this function of the file (a helper handed on)
  };
  std::vector<LambdaArgument> lambdaArguments;
  // Data parameters of a helper of the file being traced into (`def call(td): return module(td)`
  // called as `call(data.clone())`): the caller's argument as a call's key reads it (Origin::args),
  // so that the helper's run and a direct one on the same data read as the same inputs.
  struct HelperArgument {
    FunctionId helper = kNone;
    std::string name;
    std::string key;
  };
  std::vector<HelperArgument> helperArguments;
};

// The first statement of `f` from `from` up to `end` that calls the object `name` holds, or kNone.
StmtId calledBetween(const FileModel& m, FunctionId f, StmtId from, StmtId end, std::string_view name);

namespace origin_names {

// An array, tensor or container built from its arguments (`np.array`, `zeros_like`, `astype`).
bool isConstructor(std::string_view last);
// A constructor whose arguments are a shape, not values (`np.zeros(shape)`).
bool isShapeConstructor(std::string_view last);
// A draw of random data (`np.random.*`, `rng.normal`, `RandomState`).
bool isRandom(std::string_view resolved);
// A function that draws initial parameters, by its name (`init_fn`, `init_params`, `net_init`).
bool initializes(std::string_view name);
// A builtin that computes on its arguments (`abs`, `sum`, `max`, ...).
bool isPythonBuiltin(std::string_view name);
// An operation that only moves data, in any array library: layout (reshape, view, permute,
// flip), selection (take, narrow), joining (stack, concatenate), copies, casts and device
// moves. It hands its operand's origin on and computes nothing (docs/oracles.md).
bool movesData(std::string_view last);
// An elementwise operation or a reduction of any array library (`exp`, `where`, `sum`, `matmul`):
// a formula written around or inside it is the author's computation, not input preparation.
bool elementwiseOrReduction(std::string_view last);
// A function named for converting one value to another package's type (`to_numpy`, `to_torch`,
// `as_numpy`, `to_tensor`): a conversion, whichever library defines it.
bool convertsToAnotherPackage(std::string_view last);
// A function transform that applies its function (`jax.vmap(f)(x)`, `jax.jit(f)(x)`), or a map
// that applies it to the leaves or items of its arguments (`tree_map(f, a, b)`, `map(f, xs)`).
bool appliesItsFunction(std::string_view last);
bool mapsItsFunction(std::string_view last);

// The names a Python lambda's parameter text binds (`a, *b, c=1` -> a, b, c), in order.
std::vector<std::string_view> lambdaParameters(std::string_view text);

// The value a conversion, copy or device move is called on (`x.asnumpy()`, `y.cuda()`,
// `t.to(device)`), or kNone for any other call (origin_calls.cpp).
ExprId convertedValue(const FileModel& m, FunctionId fn, ExprId call);

// Whether function `f` is callable by name from `caller`: Python closures see the functions of
// every enclosing function (`_run` and `_run_finite_diff`, both inside one test).
bool visibleFrom(const FileModel& m, const Function& f, FunctionId caller);

}  // namespace origin_names

// The parameters of Python function `helper` that it runs: calls (`model(x)`), calls a method of
// (`model.predict(x)`, not an array's `.float()`), or calls through `getattr` (`func =
// getattr(model, func_name)`, then `func(**inputs)`): an object handed in for them is run, not
// only held (origin_call_parts.cpp).
std::vector<std::string_view> parametersRunBy(const FileModel& m, FunctionId helper);

// The argument `args` passes for parameter `name` of `helper`, by keyword or by position (a
// method's `self` bound); kNone when it passes none (record_fields.cpp).
ExprId argumentForParameter(const Function& helper, const CallArgs& args, std::string_view name);

// A statement the value was traced through: its text goes into the digest of where the value
// comes from (origin_tracer.cpp).
void noteSource(OriginSet& out, const Stmt& st);

// Where `name` sits in an unpacking target (`a, (b, c) = ...`): its position, and inside nested
// tuples its position in each, with that tuple's arity (`(m, (g, d)), t = ...`: g is element 0 of
// element 1 of element 0); nullopt when the target does not bind it. Of two places the last
// binds, as in Python (`a, a = 1, 2`).
struct TargetPosition {
  int position = -1;
  std::vector<std::pair<int, uint32_t>> inner;  // (index, arity of the tuple indexed), outermost first
};
inline bool nestedPosition(const FileModel& m, ExprId target, std::string_view name, std::vector<std::pair<int, uint32_t>>& path,
                           int depth = 0) {
  const Expr& t = m.expr(target);
  if (t.kind == ExprKind::Name) return t.name == name;
  if ((t.kind != ExprKind::Tuple && t.kind != ExprKind::List) || depth > 8) return false;
  for (uint32_t i = t.childCount; i-- > 0;) {
    path.emplace_back(static_cast<int>(i), t.childCount);
    if (nestedPosition(m, m.child(target, i), name, path, depth + 1)) return true;
    path.pop_back();
  }
  return false;
}
inline std::optional<TargetPosition> positionIn(const FileModel& m, ExprId target, std::string_view name) {
  const Expr& t = m.expr(target);
  if (t.kind != ExprKind::Tuple && t.kind != ExprKind::List) return std::nullopt;
  std::vector<std::pair<int, uint32_t>> path;
  if (!nestedPosition(m, target, name, path)) return std::nullopt;
  return TargetPosition{path.front().first, std::vector<std::pair<int, uint32_t>>(path.begin() + 1, path.end())};
}

// The element of a tuple value an unpacking position takes, through the nested tuples of the
// value that match the target's (as far as they do: a call's result there is read whole).
inline ExprId elementAt(const FileModel& m, ExprId tuple, int position, const std::vector<std::pair<int, uint32_t>>& inner) {
  ExprId element = m.child(tuple, static_cast<uint32_t>(position));
  for (const auto& [index, arity] : inner) {
    const Expr& el = m.expr(element);
    if ((el.kind != ExprKind::Tuple && el.kind != ExprKind::List) || el.childCount != arity) break;
    element = m.child(element, static_cast<uint32_t>(index));
  }
  return element;
}

// A library attribute read as a value and then called (f = lib.softmax; f(x)) is a call of the
// library, not the constant it reads as until then.
inline void callLibraryValues(OriginSet& out, size_t from) {
  for (size_t i = from; i < out.items.size(); ++i)
    if (out.items[i].libraryValue) {
      out.items[i].kind = OriginKind::LibCall;
      out.items[i].libraryValue = false;
    }
}

}  // namespace oalens::analyzer
