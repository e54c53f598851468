// Tracing a call: into the library under test, another library, a constructor of test data,
// or a helper of the suite, whose return values are traced in turn.
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <utility>

#include "analyzer/model/name_index.h"
#include "analyzer/oracle/changed_inputs.h"
#include "analyzer/oracle/layout_conversion.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

using origin_names::convertedValue;
using origin_names::isConstructor;
using origin_names::isPythonBuiltin;
using origin_names::isRandom;
using origin_names::isShapeConstructor;
using origin_names::mapsItsFunction;
using origin_names::movesData;
using origin_names::visibleFrom;

// A transform that runs the function it is given (`jax.jit(f)`, `vmap(f)`, ...); another
// library's compiler too (`torch.compile(f)` over the library's code runs f as written), not the
// library's own, which is the code under test.
bool OriginTracer::appliesItsFunction(const std::string& resolved) const {
  const std::string_view last = lastDottedComponent(resolved);
  return origin_names::appliesItsFunction(last) || (last == "compile" && !isLibrary(resolved));
}

// Whether a class of the file defines a method of that name.
static bool definesMethod(const FileModel& m, std::string_view name) {
  return std::any_of(m.functions.begin(), m.functions.end(), [&](const Function& f) { return f.cls != kNone && f.name == name; });
}

// `self.variant` where no class of the file defines `variant`: a method the test framework gives
// the test case (chex's variants: jit, pmap, without jit), handed one function to run it.
static bool frameworkRunner(const FileModel& m, std::string_view dotted, const CallArgs& args) {
  return args.positional.size() == 1 && args.keywords.empty() && dotted.starts_with("self.") &&
         dotted.find('.', 5) == std::string_view::npos && !definesMethod(m, dotted.substr(5));
}

// One function over 400 lines: the cases below are tried in order, the first that applies
// decides what the call contributes, and each reads the call's parts computed at the head (the
// callee, its resolved name, the arguments, a pending element or argument list). The order is the
// classification's precedence (docs/oracles.md); split into steps, each would take all of them.
// The function a module-level name holds once decorators applied by hand are peeled off
// (`f = wrap_a(wrap_b(g))` -> `g`, each wrapper given the function alone); "" for anything else.
static std::string functionWrappedAtModuleLevel(const FileModel& m, std::string_view name) {
  const StmtId s = moduleLevelAssignment(m, name);
  if (s == kNone || m.stmts[s].b == kNone) return {};
  ExprId cur = m.stmts[s].b;
  int wrappers = 0;
  for (; wrappers < 4 && m.expr(cur).kind == ExprKind::Call; ++wrappers) {
    const CallArgs args = splitCall(m, cur);
    if (args.positional.size() != 1 || !args.keywords.empty() || args.hasStarArgs) return {};
    cur = args.positional[0];
  }
  if (wrappers == 0 || (m.expr(cur).kind != ExprKind::Name && m.expr(cur).kind != ExprKind::Attribute)) return {};
  return dottedName(m, cur);
}

// `getattr(onp, op)`, onp imported as another library's module (`import numpy as onp`): that
// module, else "".
static std::string otherLibraryModuleRead(const FileModel& m, FunctionId fn, ExprId call) {
  const CallArgs args = splitCall(m, call);
  const Expr& callee = m.expr(args.callee);
  if (callee.kind != ExprKind::Name || callee.name != "getattr" || args.positional.size() < 2) return {};
  const Expr& object = m.expr(args.positional[0]);
  if (object.kind != ExprKind::Name) return {};
  bool viaImport = false;
  const std::string module = resolveDotted(m, fn, std::string(object.name), &viaImport);
  return viaImport && module != object.name ? module : std::string{};
}

// An integer written out (`10`, `-1`), a tuple or list of them, or a name the function or its
// module binds to one, once: a size or a count.
static bool writtenSize(const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth = 0) {
  if (e == kNone || fn == kNone || depth > 3) return false;
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Number: return x.text.find_first_of(".eEjJxX") == std::string_view::npos;
    case ExprKind::UnaryOp: return x.childCount == 1 && writtenSize(m, fn, at, m.child(e, 0), depth + 1);
    case ExprKind::Tuple:
    case ExprKind::List:
      for (uint32_t i = 0; i < x.childCount; ++i)
        if (!writtenSize(m, fn, at, m.child(e, i), depth + 1)) return false;
      return x.childCount > 0;
    case ExprKind::Name: {
      std::vector<StmtId> scratch;
      StmtId binding = kNone;
      for (StmtId s : statementsBinding(m, fn, x.name, scratch)) {
        if (s >= at) break;
        if (binding != kNone) return false;  // bound twice: not one value
        binding = s;
      }
      if (binding == kNone) binding = moduleLevelAssignment(m, x.name);
      if (binding == kNone) return false;
      const Stmt& st = m.stmts[binding];
      return st.kind == StmtKind::Assign && st.a != kNone && st.b != kNone && m.expr(st.a).kind == ExprKind::Name &&
             writtenSize(m, fn, binding, st.b, depth + 1);
    }
    default: return false;
  }
}

// `q = ot.unif(n)`, then `ot.emd(a, q, M)`: a function of the library given sizes alone, its
// keywords literals, whose value the test names and hands to another call, makes the test's
// data (uniform weights) rather than compute a result; written inline (`wigner_3j(1, 2, 3)`) it
// is a computation on integers like any other.
static bool madeFromSizesAlone(const FileModel& m, FunctionId fn, StmtId at, ExprId call, std::string_view last, const CallArgs& args) {
  if (last.empty() || !std::islower(static_cast<unsigned char>(last[0])) || args.positional.empty() || args.hasStarArgs) return false;
  if (fn == kNone || fn >= m.functions.size() || at == kNone || at >= m.stmts.size()) return false;
  const Stmt& binding = m.stmts[at];
  if (binding.kind != StmtKind::Assign || binding.b != call || binding.a == kNone || m.expr(binding.a).kind != ExprKind::Name) return false;
  const RE2 handed("[(,]\\s*(?:\\w+\\s*=\\s*)?" + RE2::QuoteMeta(std::string(m.expr(binding.a).name)) + "\\s*[,)]");
  bool handedOn = false;
  const Function& f = m.functions[fn];
  for (StmtId s = at + 1; !handedOn && s < f.endStmt && s < m.stmts.size(); ++s)
    handedOn = m.stmts[s].function == fn && RE2::PartialMatch(m.stmts[s].text, handed);
  if (!handedOn) return false;
  for (ExprId a : args.positional)
    if (!writtenSize(m, fn, at, a)) return false;
  for (const auto& [name, value] : args.keywords) {
    const ExprKind k = m.expr(value).kind;
    if (k != ExprKind::Number && k != ExprKind::String && k != ExprKind::NoneLit && k != ExprKind::Bool && !writtenSize(m, fn, at, value))
      return false;
  }
  return true;
}

void OriginTracer::traceCall(Walk& w, const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth) const {
  // An element of this call's result that a subscript reads: only a compiled function's outputs
  // list or a value called take it (below); no other list met on the way may.
  const int element = std::exchange(w.selectElement, -1);
  const std::vector<ExprId>* calledWith = std::exchange(w.pendingArguments, nullptr);
  const std::string key = std::exchange(w.selectKey, {});
  CallArgs args = splitCall(m, e);
  const Expr& callee = m.expr(args.callee);
  std::string dotted = dottedName(m, args.callee);
  bool viaImport = false;
  std::string resolved = dotted.empty() ? std::string{} : resolveDotted(m, fn, dotted, &viaImport);
  std::string_view last = callee.kind == ExprKind::Attribute || callee.kind == ExprKind::Name ? callee.name : std::string_view{};
  // `getattr(jnp, dtype)`: a data type read off a module by its name picks a type, it computes nothing.
  if (callee.kind == ExprKind::Name && callee.name == "getattr" && args.positional.size() >= 2 &&
      m.expr(args.positional[1]).text.find("dtype") != std::string_view::npos) {
    w.out.items.push_back({OriginKind::Data, std::string(m.expr(e).text), {}, {}});
    return;
  }
  // Arguments as the call sees their data: `f(x.cuda())` and `f(x)` run on the same input (a
  // device move or a conversion of the value is peeled off), so that the CPU run compared with
  // the GPU run is the same computation on the same inputs.
  std::string argKey = argumentsKey(w, m, fn, at, args.positional);
  // f(**inputs), f(*xs): the container's contents as this call reads them.
  for (uint32_t i = 1; i < m.expr(e).childCount; ++i) {
    const ExprId a = m.child(e, i);
    const Expr& x = m.expr(a);
    const bool splat = (x.kind == ExprKind::Keyword && x.name.empty()) || x.kind == ExprKind::Starred;
    if (!splat || x.childCount == 0 || m.expr(m.child(a, 0)).kind != ExprKind::Name) continue;
    if (const uint32_t line = changedSinceUsed(m, fn, at, m.expr(m.child(a, 0)).name))
      argKey += fmt::format("*{}@{},", m.expr(m.child(a, 0)).name, line);
  }
  // `intoSuiteHelper`: the call runs a helper of the suite, which computes with what it is handed
  // (`clone_detach_and_grad(A.to_dense())`) as another library's function does; a layout
  // conversion is handed on only to the library's calls and the objects it makes.
  auto traceArgs = [&](bool intoSuiteHelper = false) {
    const size_t from = w.out.items.size();
    ++w.outsideReceiver;
    const bool handsOn = !(viaImport && !isLibrary(resolved)) && !intoSuiteHelper;
    for (ExprId a : args.positional) {
      const size_t argumentFrom = w.out.items.size();
      w.handedOn += handsOn;
      traceExpr(w, m, fn, at, a, depth + 1);
      w.handedOn -= handsOn;
      w.noteParameter(m, a, argumentFrom);
    }
    // dtype=K.floatx() picks a type, device=device a place: they compute nothing. Other keyword
    // arguments configure the call (C=1. / (lam * n) for a solver's regularisation): arithmetic
    // there prepares a setting, not the value, and makes no formula of the oracle.
    for (const auto& kw : args.keywords) {
      if (kw.first == "dtype" || kw.first == "name" || kw.first == "device" || kw.first == "requires_grad" || kw.first == "layout")
        continue;
      const bool arithmetic = w.out.arithmetic;
      std::set<std::string> operators = w.out.operators, arithmeticAt = w.out.arithmeticAt;
      traceExpr(w, m, fn, at, kw.second, depth + 1);
      w.out.arithmetic = arithmetic;
      w.out.operators = std::move(operators);
      w.out.arithmeticAt = std::move(arithmeticAt);
    }
    --w.outsideReceiver;
    w.notTheReceiver.emplace_back(from, w.out.items.size());
  };
  // The arguments as inputs another computation is handed: arithmetic on them prepares the data
  // (`ref(K, 2 * y - 1)`, `svc.fit(K, 2 * y - 1)`) and makes no formula of the value.
  auto traceInputs = [&](bool intoSuiteHelper = false) {
    const bool arithmetic = w.out.arithmetic;
    std::set<std::string> operators = w.out.operators, arithmeticAt = w.out.arithmeticAt;
    traceArgs(intoSuiteHelper);
    w.out.arithmetic = arithmetic;
    w.out.operators = std::move(operators);
    w.out.arithmeticAt = std::move(arithmeticAt);
  };

  if (callee.kind == ExprKind::Subscript) {  // np.cast[dtype](x): a conversion
    traceArgs();
    return;
  }
  if (callee.kind == ExprKind::Call) {
    // jax.vmap(f)(x), jax.jit(f)(x): f applied to x, batched or compiled.
    const CallArgs transform = splitCall(m, args.callee);
    if (!transform.positional.empty()) {
      bool transformViaImport = false;
      const std::string transformName = resolveDotted(m, fn, dottedName(m, transform.callee), &transformViaImport);
      if (transformViaImport && appliesItsFunction(transformName)) {
        w.out.transforms.insert(transformName);
        w.out.evidence.push_back(fmt::format("`{}` applies its function", m.expr(args.callee).text.substr(0, 60)));
        traceApplied(w, m, fn, at, transform.positional[0], args.positional, depth + 1);
        return;
      }
      // self.variant(bij.forward)(x): a framework's runner called at once runs its function.
      if (frameworkRunner(m, dottedName(m, transform.callee), transform)) {
        w.out.evidence.push_back(fmt::format("`{}` applies its function", m.expr(args.callee).text.substr(0, 60)));
        // self.variant(bijector.forward)(x) is bijector.forward(x): that method of the object.
        bool moduleFunction = false;  // self.variant(ops.relu): a module's function, applied
        if (const std::string dotted = dottedName(m, transform.positional[0]); !dotted.empty())
          resolveDotted(m, fn, dotted, &moduleFunction);
        if (const ExprId f = transform.positional[0];
            !moduleFunction && m.expr(f).kind == ExprKind::Attribute && m.expr(f).childCount > 0) {
          const size_t self = w.out.items.size();
          w.out.items.push_back({OriginKind::OtherLib, fmt::format(".{}", m.expr(f).name), argKey, {}});
          // Where its object was bound, as for any method (`block.forward` against `bij.forward`).
          std::string bindingBefore = std::exchange(w.firstBinding, {});
          traceExpr(w, m, fn, at, m.child(f, 0), depth + 1);
          if (m.expr(m.child(f, 0)).kind == ExprKind::Name) w.out.items[self].receiver = w.firstBinding;
          if (bindingBefore.empty()) bindingBefore = w.firstBinding;
          w.firstBinding = std::move(bindingBefore);
          bool onLibrary = false;
          for (size_t i = self + 1; i < w.out.items.size(); ++i) onLibrary |= computes(w.out.items[i]);
          if (onLibrary) w.out.items[self].kind = OriginKind::LibCall;
          traceArgs();
          return;
        }
        traceApplied(w, m, fn, at, transform.positional[0], args.positional, depth + 1);
        return;
      }
    }
  }
  if (callee.kind == ExprKind::Call) {  // function([x], y)(v): run a graph compiled on the spot
    size_t before = w.out.items.size();
    traceExpr(w, m, fn, at, args.callee, depth + 1);
    callLibraryValues(w.out, before);
    bool callsLibrary = false;
    std::string module;
    for (size_t i = before; i < w.out.items.size(); ++i) {
      callsLibrary |= computes(w.out.items[i]);
      if (w.out.items[i].moduleRef) module = w.out.items[i].api;
    }
    if (!module.empty()) w.out.items.push_back({OriginKind::LibCall, module + ".*", argKey, {}});  // getattr(backend, name)(x)
    else if (callsLibrary) w.out.items.push_back({OriginKind::LibCall, "graph()", argKey, {}});
    else if (const std::string other = otherLibraryModuleRead(m, fn, args.callee); !other.empty())
      w.out.items.push_back({OriginKind::OtherLib, other + ".*", argKey, {}});  // getattr(onp, op)(x)
    traceArgs();
    return;
  }
  // f = jax.vmap(g) called later as f(x): g applied to the arguments of that call.
  if (calledWith && viaImport && appliesItsFunction(resolved) && !args.positional.empty()) {
    w.out.transforms.insert(resolved);
    w.out.evidence.push_back(fmt::format("`{}` applies its function", m.expr(e).text.substr(0, 60)));
    // The arguments are read where the value is called, which the transform precedes.
    traceApplied(w, m, fn, at, args.positional[0], *calledWith, depth + 1);
    return;
  }
  // f = self.variant(g) called later as f(x): the test framework's variant of g, applied there,
  // when g is a module's function or a transform of one (`jax.vmap(partial(vtrace, ...))`); a
  // bound method (`self.variant(dist.logprob)`) stays the framework's method of the test case.
  const auto moduleFunctionOrTransform = [&](ExprId g) {
    if (m.expr(g).kind == ExprKind::Call) return true;
    bool module = false;
    if (const std::string name = dottedName(m, g); !name.empty()) resolveDotted(m, fn, name, &module);
    return module;
  };
  if (calledWith && frameworkRunner(m, dotted, args) && moduleFunctionOrTransform(args.positional[0])) {
    w.out.evidence.push_back(fmt::format("`{}` applies its function", m.expr(e).text.substr(0, 60)));
    traceApplied(w, m, fn, at, args.positional[0], *calledWith, depth + 1);
    return;
  }
  // jvp(f, (x, y), (dx, dy)) and linearize(f, x, y): f at the primals, with its derivative.
  if (viaImport && (last == "jvp" || last == "linearize" || last == "vjp") && args.positional.size() >= 2 && !isLibrary(resolved)) {
    std::vector<ExprId> primals(args.positional.begin() + 1, args.positional.end());
    if (const ExprId packed = args.positional[1];
        last == "jvp" && (m.expr(packed).kind == ExprKind::Tuple || m.expr(packed).kind == ExprKind::List)) {
      primals.clear();
      for (uint32_t i = 0; i < m.childCount(packed); ++i) primals.push_back(m.child(packed, i));
    } else if (last == "jvp") {
      primals = {packed};
    }
    w.out.evidence.push_back(fmt::format("`{}` applies its function", m.expr(e).text.substr(0, 60)));
    traceApplied(w, m, fn, at, args.positional[0], primals, depth + 1);
    return;
  }
  // tree_map(f, a, b), map(f, xs): f applied to the leaves or items of its arguments.
  if ((viaImport || (callee.kind == ExprKind::Name && callee.name == "map")) && mapsItsFunction(last) && args.positional.size() >= 2) {
    w.out.evidence.push_back(fmt::format("`{}` applies its function to each leaf", m.expr(e).text.substr(0, 60)));
    traceApplied(w, m, fn, at, args.positional[0], std::vector<ExprId>(args.positional.begin() + 1, args.positional.end()), depth + 1);
    return;
  }
  // np.where(isnan(y), inf, y): masking invalid values is input preparation, a selection from
  // the two branches. A mask that compares the data (`x >= 0`) makes a piecewise formula, which
  // is computation like any other call of another library.
  const auto masksInvalid = [&](ExprId condition) {
    const std::string_view text = m.expr(condition).text;
    return text.find("isnan") != std::string_view::npos || text.find("isinf") != std::string_view::npos ||
           text.find("isfinite") != std::string_view::npos || text.find(".inf") != std::string_view::npos ||
           text.find(".nan") != std::string_view::npos;
  };
  if (viaImport && last == "where" && args.positional.size() == 3 && !isLibrary(resolved) && masksInvalid(args.positional[0])) {
    traceExpr(w, m, fn, at, args.positional[1], depth + 1);
    traceExpr(w, m, fn, at, args.positional[2], depth + 1);
    w.out.moves.insert("where");
    return;
  }
  // Random inputs and array constructors: test data, or whatever their arguments are.
  if (!resolved.empty() && isRandom(resolved)) {
    w.out.items.push_back({OriginKind::Data, resolved, {}, {}});
    return;
  }
  // A draw of a generator made in the same expression (`np.random.default_rng(0).random(shape)`).
  if (resolved.empty() && callee.kind == ExprKind::Attribute && isRandom(last)) {
    const ExprId receiver = m.child(args.callee, 0);
    if (m.expr(receiver).kind == ExprKind::Call) {
      const std::string maker = dottedName(m, m.child(receiver, 0));
      if (!maker.empty() && isRandom(resolveDotted(m, fn, maker))) {
        w.out.items.push_back({OriginKind::Data, fmt::format("{}().{}", resolveDotted(m, fn, maker), last), {}, {}});
        return;
      }
    }
  }
  // x.new_zeros(x.shape), x.new_full(shape, 0.5): fixed values of x's type and device, whatever x holds.
  if (callee.kind == ExprKind::Attribute && !viaImport && last.starts_with("new_") && isShapeConstructor(last)) {
    if (last == "new_full" && args.positional.size() >= 2) traceExpr(w, m, fn, at, args.positional[1], depth + 1);
    else w.out.items.push_back({OriginKind::Literal, std::string(last), {}, {}});
    return;
  }
  if (isShapeConstructor(last) && viaImport && !isLibrary(resolved)) {
    // np.zeros(shape), np.ones_like(x), np.eye(n): the values are fixed whatever the shape.
    if ((last == "full" || last == "full_like") && args.positional.size() >= 2) traceExpr(w, m, fn, at, args.positional[1], depth + 1);
    else w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
    return;
  }
  if (isConstructor(last) && !isLibrary(resolved)) {
    if (callee.kind == ExprKind::Attribute && !viaImport)
      traceExpr(w, m, fn, at, m.child(args.callee, 0), depth + 1);  // x.astype(...), y.reshape(...)
    // onp.arange(77) against the library's arange(77): the constructor is the function under test.
    if (viaImport) w.out.moves.insert(std::string(last));
    if (last == "astype" || last == "cast") return;  // the argument is a dtype
    traceArgs();
    if (args.positional.empty() && args.keywords.empty()) w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
    return;
  }
  // The library's constant constructors (Se2.identity(), eye_like(n, x)) and wrappers of data in
  // its own types (Boxes.from_tensor(t), Quaternion.from_coeffs(1, 0, 0, 0)) compute nothing
  // under test: their values are fixed, or their arguments' (docs/oracles.md).
  // `identity` counts as a class's constructor (So2.identity(batch, device)) or called without
  // values, not as a module's function of data (ops.identity(a)).
  const auto classConstructor = [&] {
    const size_t dot = resolved.rfind('.');
    if (dot == std::string::npos) return false;
    const std::string_view owner = lastDottedComponent(std::string_view(resolved).substr(0, dot));
    return !owner.empty() && std::isupper(static_cast<unsigned char>(owner[0]));
  };
  if (!resolved.empty() && isLibrary(resolved) &&
      ((isShapeConstructor(last) && last != "identity") || last == "eye_like" ||
       (last == "identity" && (args.positional.empty() || classConstructor())))) {
    w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
    w.out.evidence.push_back(fmt::format("`{}` is a constant of the library", m.expr(e).text.substr(0, 80)));
    return;
  }
  // Model.from_file(path), Tokenizer.from_pretrained(name): read from storage, not wrapped.
  const bool reads = last == "from_file" || last == "from_files" || last == "from_path" || last == "from_disk" || last == "from_json" ||
                     last == "from_yaml" || last == "from_pretrained" || last == "from_checkpoint" || last == "from_config";
  if (!resolved.empty() && isLibrary(resolved) && last.starts_with("from_") && !args.positional.empty() && !reads) {
    w.out.evidence.push_back(fmt::format("`{}` wraps its argument in the library's type", m.expr(e).text.substr(0, 80)));
    traceArgs();
    return;
  }
  // conv(x, to_torch_csc_tensor(edge_index)): the library's own conversion of an input handed on
  // to a call is that input in another layout (layout_conversion.h).
  if (!resolved.empty() && isLibrary(resolved) && w.handedOn > 0 && convertsLayout(last) && !args.positional.empty()) {
    traceExpr(w, m, fn, at, args.positional[0], depth + 1);
    w.out.moves.insert(std::string(last));
    w.out.evidence.push_back(fmt::format("`{}` hands its input on in another layout", m.expr(e).text.substr(0, 80)));
    return;
  }
  if (m.language == Language::Cpp && traceSuiteClassMethod(w, m, e, dotted, depth)) {
    traceArgs(true);
    return;
  }
  // A call of the library under test.
  if (!resolved.empty() && isLibrary(resolved)) {
    // ot.unif(n), a grid of (64, 64) points: a function given sizes alone makes the test's data
    // (uniform weights, a mesh) rather than compute a result from inputs.
    if (m.language == Language::Python && madeFromSizesAlone(m, fn, at, e, last, args)) {
      w.out.items.push_back({OriginKind::Data, resolved, argKey, {}});
      w.out.items.back().madeFromSizes = true;
      w.out.evidence.push_back(fmt::format("`{}` makes data from sizes alone", m.expr(e).text.substr(0, 80)));
      return;
    }
    w.out.items.push_back({OriginKind::LibCall, resolved, argKey, {}});
    w.out.evidence.push_back(fmt::format("`{}` calls {} (library under test)", m.expr(e).text.substr(0, 80), resolved));
    // theano.function(inputs, [a, b, ...]) read at element k: only a graph of that output.
    // The outputs may be a list written out, or one first in a sum of lists ([out, mean] + grads).
    ExprId outputs = args.positional.size() >= 2 ? args.positional[1] : kNone;
    while (outputs != kNone && m.expr(outputs).kind == ExprKind::BinaryOp && m.expr(outputs).name == "+" && m.expr(outputs).childCount == 2)
      outputs = m.child(outputs, 0);
    if (element >= 0 && last == "function" && outputs != kNone && m.expr(outputs).kind == ExprKind::List &&
        static_cast<uint32_t>(element) < m.expr(outputs).childCount) {
      w.out.evidence.push_back(fmt::format("output {} of the compiled function", element));
      traceExpr(w, m, fn, at, args.positional[0], depth + 1);
      traceExpr(w, m, fn, at, m.child(outputs, static_cast<uint32_t>(element)), depth + 1);
      return;
    }
    traceArgs();
    return;
  }
  // C++: a name the test neither binds nor defines, inside the library's namespace.
  if (std::optional<Origin> o = cppLibraryCall(m, fn, e, args, dotted, argKey)) {
    const std::string_view text = m.expr(e).text.substr(0, 80);
    w.out.evidence.push_back(
        o->kind == OriginKind::Literal ? fmt::format("`{}` builds a {} from its elements", text, dotted)
        : isConfiguration(o->api)
            ? fmt::format("`{}` converts its argument", text)
            : fmt::format("`{}` calls {} ({})", text, dotted, o->kind == OriginKind::LibCall ? "library under test" : "another library"));
    w.out.items.push_back(std::move(*o));
    traceArgs();
    return;
  }
  // A class of the test module deriving from the library's (class ExampleLoss(losses.Loss)):
  // instances run the library's machinery with the test's overrides.
  if (callee.kind == ExprKind::Name) {
    if (std::string base = libraryBaseOf(m, fn, callee.name, 0); !base.empty()) {
      w.out.items.push_back({OriginKind::LibCall, resolved.empty() ? std::string(callee.name) : resolved, argKey, {}});
      w.out.evidence.push_back(fmt::format("`{}` builds {}, a test class deriving from {} (library under test)",
                                           m.expr(e).text.substr(0, 80), callee.name, base));
      traceArgs();
      return;
    }
  }
  // A helper function of the scanned code: follow its return values.
  if (callee.kind == ExprKind::Name) {
    // A static helper of the suite's class calls its other methods unqualified (`return
    // _generate_master(m, k)`).
    const ClassId ownClass = w.suiteClassFile == &m ? w.suiteClass : kNone;
    for (FunctionId f = 0; f < m.functions.size(); ++f) {
      const Function& F = m.functions[f];
      if (F.name != callee.name || (F.cls != kNone && F.cls != ownClass) || !callableByName(m, F)) continue;
      if (!visibleFrom(m, F, fn)) continue;
      // A function the library compiles or wraps (`@xla.compile_in_graph_mode`): its calls run
      // through the library, which is then what the value comes from.
      for (ExprId d : F.decorators) {
        const ExprId named = m.expr(d).kind == ExprKind::Call && m.expr(d).childCount > 0 ? m.child(d, 0) : d;
        const std::string decorator = dottedName(m, named);
        bool decoratorViaImport = false;
        const std::string wraps = decorator.empty() ? std::string{} : resolveDotted(m, fn, decorator, &decoratorViaImport);
        if (wraps.empty() || !isLibrary(wraps)) continue;
        w.out.items.push_back({OriginKind::LibCall, wraps, argKey, {}});
        w.out.evidence.push_back(fmt::format("`{}` runs through {}, which decorates it", callee.name, wraps));
        traceArgs();
        return;
      }
      w.out.throughHelper = true;
      w.out.evidence.push_back(fmt::format("`{}` returns from helper {} (line {})", callee.name, F.qualifiedName, F.range.start.line));
      const size_t outer = w.lambdaArguments.size();
      bindFunctionArguments(w, m, fn, at, F, args);
      w.selectKey = key;  // _get_problem(name)['minimum']: the entry of the dict it returns
      const bool returned = traceHelper(w, m, f, depth + 1);
      w.selectKey.clear();
      w.lambdaArguments.resize(outer);
      if (returned) {
        traceInputs(true);
        return;
      }
    }
  }
  if (callee.kind == ExprKind::Attribute && dotted.rfind("self.", 0) == 0 && dotted.find('.', 5) == std::string::npos) {
    // self.fast(x) with self.fast = compile(f) set in setUp: a call of a stored value.
    if (!definesMethod(m, callee.name)) {
      size_t before = w.out.items.size();
      if (traceSelfAttribute(w, m, fn, callee.name, depth + 1)) {
        callLibraryValues(w.out, before);
        bool callsLibrary = false;
        for (size_t i = before; i < w.out.items.size(); ++i) callsLibrary |= computes(w.out.items[i]);
        if (callsLibrary) w.out.items.push_back({OriginKind::LibCall, fmt::format("self.{}()", callee.name), argKey, {}});
        traceArgs();
        return;
      }
    }
  }
  if (callee.kind == ExprKind::Attribute && (dotted.rfind("self.", 0) == 0)) {
    FunctionId owner = fn;
    while (owner != kNone && m.functions[owner].cls == kNone) owner = m.functions[owner].parent;
    for (FunctionId f = 0; f < m.functions.size(); ++f) {
      const Function& F = m.functions[f];
      if (F.name != callee.name || F.cls == kNone) continue;
      if (owner != kNone && F.cls != m.functions[owner].cls) continue;
      w.out.throughHelper = true;
      w.out.evidence.push_back(fmt::format("`{}` returns from method {}", dotted, F.qualifiedName));
      w.selectKey = key;
      if (traceHelper(w, m, f, depth + 1)) {
        traceArgs(true);
        return;
      }
    }
    // A method the test class inherits from a base class of the suite, in this module or another.
    if (owner != kNone && m.functions[owner].cls != kNone && dotted.find('.', 5) == std::string::npos) {
      if (const auto [file, method] = inheritedMethod(m, m.functions[owner].cls, callee.name, 0); file) {
        w.out.throughHelper = true;
        w.out.evidence.push_back(
            fmt::format("`{}` returns from method {} inherited from {}", dotted, file->functions[method].qualifiedName, file->path));
        if (traceHelper(w, *file, method, depth + 1)) {
          traceArgs(true);
          return;
        }
      }
    }
  }
  // TensorFlow's test case runs the tensors it is given (`self.evaluate(loss)`, in graph mode by
  // running the graph): their value, not a model's evaluation, when the suite defines no method
  // of that name.
  if (callee.kind == ExprKind::Attribute && dotted == "self.evaluate" && !args.positional.empty()) {
    w.out.evidence.push_back(fmt::format("`{}` runs what it is given", m.expr(e).text.substr(0, 60)));
    for (ExprId a : args.positional) traceExpr(w, m, fn, at, a, depth + 1);
    return;
  }
  if (viaImport) {
    // Imported from another scanned module (a test-suite reference module).
    std::string_view mod = std::string_view(resolved).substr(0, resolved.rfind('.'));
    if (const FileModel* other = project_.moduleFile(mod)) {
      for (FunctionId f = 0; f < other->functions.size(); ++f) {
        const Function& F = other->functions[f];
        if (F.parent != kNone || F.cls != kNone || F.name != lastDottedComponent(resolved)) continue;
        w.out.throughHelper = true;
        w.out.evidence.push_back(fmt::format("`{}` returns from {} in {}", last, F.qualifiedName, other->path));
        if (traceHelper(w, *other, f, depth + 1)) {
          traceArgs(true);
          return;
        }
      }
      // `ref_attention_for_test = disable_tf32(maybe_use_cpu_ref(ref_attention))` in the suite's
      // utils (xformers): decorators applied by hand wrap a function, and calling the result runs
      // it; the library's function is the library's call.
      if (const std::string wrapped = functionWrappedAtModuleLevel(*other, lastDottedComponent(resolved)); !wrapped.empty()) {
        const std::string inner = resolveDotted(*other, kNone, wrapped);
        if (isLibrary(inner)) {
          w.out.items.push_back({OriginKind::LibCall, inner, argKey, {}});
          w.out.evidence.push_back(
              fmt::format("`{}` is {} of the suite's {} wrapped by its decorators: {}", last, wrapped, other->path, inner));
          traceArgs();
          return;
        }
      }
    }
  }
  // Parameters an initializer draws (`_, params = init_fn(key, shape)`) handed to a computation
  // as its argument are test data, as a random draw is; what they were drawn for is not computed.
  if (callee.kind == ExprKind::Name && !viaImport && w.outsideReceiver > 0 && origin_names::initializes(callee.name)) {
    w.out.items.push_back({OriginKind::Data, fmt::format("{}()", callee.name), argKey, {}});
    w.out.evidence.push_back(fmt::format("`{}` draws initial parameters (test data)", m.expr(e).text.substr(0, 60)));
    return;
  }
  // An instance of a class of this file, called (`m_true = SlowLinear(a, b); m_true(x)`): what its
  // forward or __call__ returns, as a helper's; the constructor's arguments configure it.
  if (callee.kind == ExprKind::Name && !viaImport && calledWith && m.language == Language::Python)
    for (ClassId c = 0; c < m.classes.size(); ++c) {
      if (m.classes[c].name != callee.name) continue;
      FunctionId run = classMethod(m, c, "forward");
      if (run == kNone) run = classMethod(m, c, "__call__");
      if (run == kNone) run = classMethod(m, c, "call");
      if (run == kNone) break;
      w.out.throughHelper = true;
      w.out.evidence.push_back(fmt::format("`{}` is called: it runs {}", callee.name, m.functions[run].qualifiedName));
      traceHelper(w, m, run, depth + 1);
      traceInputs(true);
      for (ExprId a : *calledWith) traceExpr(w, m, fn, at, a, depth + 1);
      return;
    }
  // A class of this file that only holds fields (a dataclass or a NamedTuple of test data,
  // `JammedTestState(position=onp.load(f), ...)`): what it is built from is its value.
  if (callee.kind == ExprKind::Name && !viaImport && m.language == Language::Python)
    for (ClassId c = 0; c < m.classes.size(); ++c) {
      if (m.classes[c].parent != kNone || m.classes[c].name != callee.name) continue;
      const bool holdsOnly = std::none_of(m.functions.begin(), m.functions.end(), [&](const Function& f) { return f.cls == c; });
      if (!holdsOnly) break;
      w.out.evidence.push_back(fmt::format("`{}` holds the values it is built from", callee.name));
      for (ExprId a : args.positional) traceExpr(w, m, fn, at, a, depth + 1);
      for (const auto& kw : args.keywords) traceExpr(w, m, fn, at, kw.second, depth + 1);
      return;
    }
  // A call of a value: f(x) where f = theano.function(...), model.predict(x) on a library model.
  if (callee.kind == ExprKind::Name && !isPythonBuiltin(callee.name) && !viaImport) {
    size_t before = w.out.items.size();
    w.selectElement = element;
    w.pendingArguments = &args.positional;
    traceName(w, m, fn, at, callee.name, depth + 1);
    w.selectElement = -1;
    w.pendingArguments = nullptr;
    callLibraryValues(w.out, before);
    // fn(x) in a helper handed the library's function as fn (bindFunctionArguments): its call.
    const bool boundFunction = std::any_of(w.lambdaArguments.begin(), w.lambdaArguments.end(),
                                           [&](const Walk::LambdaArgument& b) { return b.name == callee.name; });
    for (size_t i = before; boundFunction && i < w.out.items.size(); ++i)
      if (Origin& o = w.out.items[i]; o.kind == OriginKind::LibCall && o.moduleRef) {
        o.moduleRef = false;
        o.args = argKey;
      }
    bool callsLibrary = false;
    for (size_t i = before; i < w.out.items.size(); ++i) callsLibrary |= computes(w.out.items[i]);
    if (callsLibrary) {
      w.out.items.push_back({OriginKind::LibCall, fmt::format("{}()", callee.name), argKey, {}});
      traceArgs();
      return;
    }
    // np_func bound to np.cumsum: calling it runs another library's function.
    bool functionObject = false;
    for (size_t i = before; i < w.out.items.size(); ++i) {
      Origin& o = w.out.items[i];
      if (o.kind == OriginKind::Literal && o.api.find('.') != std::string::npos && !o.api.empty() &&
          std::islower(static_cast<unsigned char>(lastDottedComponent(o.api)[0]))) {
        o.kind = OriginKind::OtherLib;
        o.args = argKey;
        functionObject = true;
      }
    }
    if (functionObject) {
      traceArgs();
      return;
    }
  }
  if (callee.kind == ExprKind::Attribute && !viaImport && (movesData(last) || last == "set" || (w.handedOn > 0 && convertsLayout(last))) &&
      !isLibrary(resolved)) {
    // x.view(-1, 3), y.unsqueeze(0), z.flip(-1): the receiver's data, moved. Its arguments are
    // shapes, axes or devices, except the values JAX's `x.at[i].set(v)` puts in.
    traceExpr(w, m, fn, at, m.child(args.callee, 0), depth + 1);
    if (last == "set")
      for (ExprId a : args.positional) traceExpr(w, m, fn, at, a, depth + 1);
    w.out.moves.insert(std::string(last));
    w.out.evidence.push_back(fmt::format("`.{}` only moves data", last));
    return;
  }
  if (const ExprId value = convertedValue(m, fn, e); value != kNone) {
    // x.asnumpy(), y.as_in_context(ctx): a conversion or a copy of the receiver computes nothing.
    traceExpr(w, m, fn, at, value, depth + 1);
    return;
  }
  if (callee.kind == ExprKind::Attribute && !viaImport) {
    // A method on a value: classify by the receiver. The entry goes first, so the outermost
    // call of a side is its first item.
    size_t self = w.out.items.size();
    w.out.items.push_back({OriginKind::OtherLib, fmt::format(".{}", last), argKey, {}});
    const bool revisitedBefore = std::exchange(w.revisitedLibrary, false);
    std::string bindingBefore = std::exchange(w.firstBinding, {});
    const int outside = std::exchange(w.outsideReceiver, 0);
    const int handed = std::exchange(w.handedOn, 0);
    traceExpr(w, m, fn, at, m.child(args.callee, 0), depth + 1);
    w.outsideReceiver = outside;
    w.handedOn = handed;
    bool onLibrary = std::exchange(w.revisitedLibrary, revisitedBefore);
    if (m.expr(m.child(args.callee, 0)).kind == ExprKind::Name) w.out.items[self].receiver = w.firstBinding;
    if (bindingBefore.empty()) bindingBefore = w.firstBinding;
    w.firstBinding = std::move(bindingBefore);
    for (size_t i = self + 1; i < w.out.items.size(); ++i) {
      // On anything the library made, a symbolic input included (`a = T.tensor3(); a.sum(0)`):
      // the library's method.
      onLibrary |= w.out.items[i].kind == OriginKind::LibCall && !w.out.items[i].moduleRef && w.receiverEvidence(i, self + 1);
      // An instance a library class draws at random (`th.SE2.rand(n)`), or one its function makes
      // from sizes alone (`sphere = ico_sphere(0)`): the test's data, but the library's object,
      // whose methods are the library's.
      if (const Origin& x = w.out.items[i]; x.kind == OriginKind::Data && isLibrary(x.api) && w.receiverEvidence(i, self + 1)) {
        const std::string_view owner = lastDottedComponent(std::string_view(x.api).substr(0, x.api.rfind('.')));
        onLibrary |= (!owner.empty() && std::isupper(static_cast<unsigned char>(owner[0]))) || x.madeFromSizes;
      }
      if (w.out.items[i].moduleRef && i == self + 1) {  // backend.softmax(x) with backend a module of the library
        w.out.items[self].api = w.out.items[i].api + "." + std::string(last);
        onLibrary = true;
      }
    }
    // C++ inside the library's namespace: the test's objects are the library's (a layer, a
    // tree, a tensor) unless they come from another library (a std::vector).
    if (!onLibrary && m.language == Language::Cpp && knowsCppLibrary(m)) {
      bool fromOther = false;
      for (size_t i = self + 1; i < w.out.items.size(); ++i)
        fromOther |= w.out.items[i].kind == OriginKind::OtherLib && !w.out.items[i].api.empty() && w.out.items[i].api[0] != '.';
      onLibrary = !fromOther;
    }
    // A method of an object the test is handed (a pytest fixture, a field of a parametrized
    // case: `case.manifold.proju(x, u)`) that computes on what it is given: a suite hands its
    // tests the library's objects, so the method is the library's. Not an array's method
    // (`x.sum(0)` of a parametrized array), nor one that reads the object alone (`d.items()`,
    // `m.toarray()`).
    if (!onLibrary && m.language == Language::Python && self + 1 < w.out.items.size() && !args.positional.empty() &&
        !isArrayMethod(w.out.items[self].api)) {
      bool handedIn = true;
      for (size_t i = self + 1; i < w.out.items.size(); ++i)
        handedIn &= w.out.items[i].kind == OriginKind::Data && w.out.items[i].parameter;
      if (handedIn) {
        onLibrary = true;
        w.out.evidence.push_back(fmt::format("`.{}` is a method of an object the test is handed: the library's", last));
      }
    }
    // A method of an array the library's object was made into (`op.to_dense().conjugate()`,
    // `t.numpy().sum()`): the array library's, NumPy computing on the library's result.
    if (onLibrary && m.language == Language::Python && madeIntoArray(m, m.child(args.callee, 0)) && !movesData(last)) {
      onLibrary = false;
      w.out.evidence.push_back(
          fmt::format("`.{}` is the array's method, after `.{}()`", last, m.expr(splitCall(m, m.child(args.callee, 0)).callee).name));
    }
    if (onLibrary) w.out.items[self].kind = OriginKind::LibCall;
    // A method of a constant (So2.identity().matrix(), np.array([1., 2.]).sum()) is a constant:
    // a closed form, unless the CUT computes the same function.
    bool onConstant = self + 1 < w.out.items.size();
    for (size_t i = self + 1; i < w.out.items.size(); ++i) onConstant &= w.out.items[i].kind == OriginKind::Literal;
    if (onConstant && args.positional.empty()) {
      w.out.items[self].kind = OriginKind::OtherLib;
      w.out.items[self].closedForm = true;
    }
    // A method of an object another library's class built (`svm.SVC(C=c).fit(K, 2 * y - 1)`):
    // that class computes; arithmetic on the data handed to it prepares its inputs.
    bool ofAnotherClass = false;
    for (size_t i = self + 1; i < w.out.items.size(); ++i) {
      const std::string_view cls = lastDottedComponent(w.out.items[i].api);
      ofAnotherClass |= w.out.items[i].kind == OriginKind::OtherLib && !cls.empty() && std::isupper(static_cast<unsigned char>(cls[0])) &&
                        w.receiverEvidence(i, self + 1);
    }
    if (ofAnotherClass && w.out.items[self].kind == OriginKind::OtherLib) traceInputs();
    else traceArgs();
    return;
  }
  // dtype(-3.36) with `dtype` a test's parameter (JAX MD's tests run once per float type): the
  // type converts its argument and computes nothing.
  if (callee.kind == ExprKind::Name && !viaImport && args.positional.size() == 1 &&
      (callee.name == "dtype" || callee.name.ends_with("_dtype"))) {
    w.out.evidence.push_back(fmt::format("`{}` converts its argument to a data type", m.expr(e).text.substr(0, 60)));
    traceExpr(w, m, fn, at, args.positional[0], depth + 1);
    return;
  }
  if (callee.kind == ExprKind::Name && isPythonBuiltin(callee.name)) {
    if (callee.name == "sum" || callee.name == "pow") w.noteArithmetic();
    traceArgs();
    return;
  }
  // An input handed to a call in another layout (`conv(x, to_torch_csc_tensor(edge_index))`) is
  // that input; a conversion compared itself is computed.
  if (viaImport && (movesData(last) || (w.handedOn > 0 && convertsLayout(last)))) {
    // np.stack([a, b]), jnp.broadcast_to(x, shape), torch.flip(x, dims): the first argument's
    // data (a list of arrays for a join), moved; the rest are shapes and axes.
    if (!args.positional.empty()) traceExpr(w, m, fn, at, args.positional[0], depth + 1);
    w.out.moves.insert(std::string(last));
    w.out.evidence.push_back(fmt::format("`{}` only moves data", resolved));
    return;
  }
  if (viaImport) {
    // A class of another scanned module of the suite (a reference LSTM in tests/rnn_support.py):
    // its instances compute by the author's code, as a helper function does.
    if (const FileModel* other = project_.moduleFile(std::string_view(resolved).substr(0, resolved.rfind('.')))) {
      for (const ClassDef& c : other->classes)
        if (c.parent == kNone && c.name == last) {
          w.out.throughHelper = true;
          w.out.suiteClasses.insert(resolved);
          w.out.evidence.push_back(
              fmt::format("`{}` builds {}, a class of the test suite ({})", m.expr(e).text.substr(0, 60), last, other->path));
          break;
        }
    }
    // `partial(_reference_fn, ignore_index=...)`: the function, some of its arguments bound (a
    // setting each), called later by whoever it is handed to.
    if (resolved == "functools.partial" && !args.positional.empty()) {
      w.out.evidence.push_back(fmt::format("`{}` binds arguments of its function", m.expr(e).text.substr(0, 60)));
      traceExpr(w, m, fn, at, args.positional[0], depth + 1);
      return;
    }
    // Another library reading stored values (`np.load(tmp_path / "ref.npy")`, `json.load(f)`,
    // `torch.load(path)`, a reference image `Image.open(path)`): data of the test's, whatever
    // the path's arithmetic.
    static const RE2 reading(
        R"(load|loads|loadtxt|genfromtxt|fromfile|loadmat|load_npz|read_csv|read_json|read_pickle|open|imread|read_image|decode_image)");
    if (RE2::FullMatch(re2::StringPiece(last.data(), last.size()), reading)) {
      w.out.items.push_back({OriginKind::Data, resolved, argKey, {}});
      w.out.evidence.push_back(fmt::format("`{}` reads stored data ({}): test data", m.expr(e).text.substr(0, 60), resolved));
      return;
    }
    size_t self = w.out.items.size();
    w.out.items.push_back({OriginKind::OtherLib, resolved, argKey, {}});
    const bool arithmeticBefore = w.out.arithmetic;
    const std::set<std::string> arithmeticAtBefore = w.out.arithmeticAt;
    traceArgs();
    // Numbers written in the call (-np.log(0.5)), or arguments whose every origin is a literal
    // (np.polyval([1., 2.], np.linspace(0, 1, 5))): a value fixed by the test, computed on
    // literals, as closed a form as np.log(2) (docs/oracles.md).
    bool literalArgs = !args.positional.empty();
    for (ExprId a : args.positional) {
      const Expr& ax = m.expr(a);
      const bool number = ax.kind == ExprKind::Number || (ax.kind == ExprKind::UnaryOp && m.expr(m.child(a, 0)).kind == ExprKind::Number);
      literalArgs &= number;
    }
    if (!literalArgs && self + 1 < w.out.items.size()) {
      // Literal data, maybe with arithmetic on it (cos(pi / 4)): a closed form unless the CUT
      // runs on the very same inputs (then another library computes what the CUT computes, or
      // with arithmetic the author spells the CUT's function out; decide()).
      bool allLiteral = true;
      for (size_t i = self + 1; i < w.out.items.size(); ++i) allLiteral &= w.out.items[i].kind == OriginKind::Literal;
      if (allLiteral) {
        w.out.items[self].literalInputs = true;
        w.out.items[self].argsArithmetic = w.out.arithmetic != arithmeticBefore;
        w.out.arithmetic = arithmeticBefore;
        w.out.arithmeticAt = arithmeticAtBefore;
        w.out.evidence.push_back(fmt::format("`{}` is {} on literal data", m.expr(e).text.substr(0, 80), resolved));
        return;
      }
    }
    if (literalArgs) {  // -np.log(0.5), math.sqrt(2): a closed-form constant, unless the CUT is that function
      w.out.items[self].closedForm = true;
      w.out.arithmetic = arithmeticBefore;
      w.out.arithmeticAt = arithmeticAtBefore;
      w.out.evidence.push_back(fmt::format("`{}` is {} on numbers (a closed-form value)", m.expr(e).text.substr(0, 80), resolved));
      return;
    }
    w.out.evidence.push_back(fmt::format("`{}` is {} (another library)", m.expr(e).text.substr(0, 80), resolved));
    return;
  }
  w.out.items.push_back({OriginKind::Unknown, dotted, argKey,
                         fmt::format("callee `{}` is not resolved", dotted.empty() ? std::string(m.expr(args.callee).text) : dotted)});
  traceArgs();
}

}  // namespace oalens::analyzer
