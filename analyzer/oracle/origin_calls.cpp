// Tracing a call: into the library under test, another library, a constructor of test data,
// or a helper of the suite, whose return values are traced in turn.
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <utility>

#include "analyzer/assertions/applied_both_ways.h"
#include "analyzer/model/name_index.h"
#include "analyzer/oracle/changed_inputs.h"
#include "analyzer/oracle/layout_conversion.h"
#include "analyzer/oracle/moving_functions.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

using origin_names::isConstructor;
using origin_names::isRandom;
using origin_names::isShapeConstructor;
using origin_names::mapsItsFunction;

namespace {

// The body of a framework's loop construct and the values it is first applied to, by the
// construct's signature (Keras's and TensorFlow's `while_loop(cond, body, loop_vars)`, JAX's
// `fori_loop(lower, upper, body_fun, init_val)` and `scan(f, init, xs)`); kNone for another call.
std::pair<ExprId, std::vector<ExprId>> loopBodyOf(const FileModel& m, std::string_view last, const CallArgs& args) {
  const auto argument = [&](size_t position, std::string_view keyword) {
    for (const auto& [k, v] : args.keywords)
      if (k == keyword) return v;
    return position < args.positional.size() ? args.positional[position] : kNone;
  };
  const auto elements = [&](ExprId packed) {
    std::vector<ExprId> out;
    if (packed == kNone) return out;
    if (m.expr(packed).kind == ExprKind::List || m.expr(packed).kind == ExprKind::Tuple)
      for (uint32_t i = 0; i < m.childCount(packed); ++i) out.push_back(m.child(packed, i));
    else out.push_back(packed);
    return out;
  };
  if (last == "while_loop") return {argument(1, "body"), elements(argument(2, "loop_vars"))};
  if (last == "fori_loop") {
    std::vector<ExprId> carried{argument(0, "lower")};
    carried.push_back(argument(3, "init_val"));
    return {argument(2, "body_fun"), carried};
  }
  if (last == "scan") return {argument(0, "f"), {argument(1, "init"), argument(2, "xs")}};
  return {kNone, {}};
}

}  // namespace

// A transform that runs the function it is given (`jax.jit(f)`, `vmap(f)`, ...); another
// library's compiler too (`torch.compile(f)` over the library's code runs f as written), not the
// library's own, which is the code under test.
bool OriginTracer::appliesItsFunction(const std::string& resolved) const {
  const std::string_view last = lastDottedComponent(resolved);
  if (origin_names::appliesItsFunction(last) || (last == "compile" && !isLibrary(resolved))) return true;
  // A class of the library named for the transform (Objax's `Jit(f, vc)`, `Vectorize(f, vc)`,
  // `Parallel(f, vc)`): an object running its function another way.
  if (last.empty() || !std::isupper(static_cast<unsigned char>(last[0])) || !isLibrary(resolved)) return false;
  std::string lower(last);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower == "parallel" || (lower != "grad" && lower != "jacobian" && lower != "hessian" && origin_names::appliesItsFunction(lower));
}

// `self.variant` where no class of the file defines `variant`: a method the test framework gives
// the test case (chex's variants: jit, pmap, without jit), handed one function to run it.
static bool frameworkRunner(const FileModel& m, std::string_view dotted, const CallArgs& args) {
  return args.positional.size() == 1 && args.keywords.empty() && dotted.starts_with("self.") &&
         dotted.find('.', 5) == std::string_view::npos && !definesMethod(m, dotted.substr(5));
}

// `getattr(onp, op)`, `getattr(F, fname)`: a function picked by its name off a module the file
// imports; that module, else "".
static std::string modulePickedFrom(const FileModel& m, FunctionId fn, ExprId call) {
  if (call == kNone || m.expr(call).kind != ExprKind::Call) return {};
  const CallArgs args = splitCall(m, call);
  const Expr& callee = m.expr(args.callee);
  if (callee.kind != ExprKind::Name || callee.name != "getattr" || args.positional.size() != 2) return {};
  const Expr& object = m.expr(args.positional[0]);
  if (object.kind != ExprKind::Name) return {};
  bool viaImport = false;
  const std::string module = resolveDotted(m, fn, std::string(object.name), &viaImport);
  return viaImport ? module : std::string{};
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
  for (ExprId a : args.positional)
    if (!writtenSize(m, fn, at, a)) return false;
  for (const auto& [name, value] : args.keywords) {
    const ExprKind k = m.expr(value).kind;
    if (k != ExprKind::Number && k != ExprKind::String && k != ExprKind::NoneLit && k != ExprKind::Bool && !writtenSize(m, fn, at, value))
      return false;
  }
  const RE2 handed("[(,]\\s*(?:\\w+\\s*=\\s*)?" + RE2::QuoteMeta(std::string(m.expr(binding.a).name)) + "\\s*[,)]");
  const Function& f = m.functions[fn];
  for (StmtId s = at + 1; s < f.endStmt && s < m.stmts.size(); ++s)
    if (m.stmts[s].function == fn && RE2::PartialMatch(m.stmts[s].text, handed)) return true;
  return false;
}

// `intoSuiteHelper`: the call runs a helper of the suite, which computes with what it is handed
// (`clone_detach_and_grad(A.to_dense())`) as another library's function does; a layout
// conversion is handed on only to the library's calls and the objects it makes.
void OriginTracer::traceArguments(CallSite& c, bool intoSuiteHelper) const {
  auto& [w, m, fn, at, e, depth, element, calledWith, key, args, dotted, viaImport, resolved, last, argKey, argumentItems] = c;
  const size_t from = w.out.items.size();
  ++w.outsideReceiver;
  ++w.asInput;
  const bool handsOn = !(viaImport && !isLibrary(resolved)) && !intoSuiteHelper;
  const int preparingAt = std::exchange(w.preparingAt, handsOn ? static_cast<int>(w.within.size()) : -1);
  for (ExprId a : args.positional) {
    const size_t argumentFrom = w.out.items.size();
    w.handedOn += handsOn;
    traceExpr(w, m, fn, at, a, depth + 1);
    w.handedOn -= handsOn;
    w.noteParameter(m, a, argumentFrom);
    argumentItems.push_back({a, argumentFrom, w.out.items.size()});
  }
  // dtype=K.floatx() picks a type, device=device a place: they compute nothing. Other keyword
  // arguments configure the call (C=1. / (lam * n) for a solver's regularisation): arithmetic
  // there prepares a setting, not the value, and makes no formula of the oracle.
  for (const auto& kw : args.keywords) {
    if (kw.first == "dtype" || kw.first == "name" || kw.first == "device" || kw.first == "requires_grad" || kw.first == "layout") continue;
    const bool arithmetic = w.out.arithmetic;
    std::set<std::string> operators = w.out.operators, arithmeticAt = w.out.arithmeticAt;
    const size_t argumentFrom = w.out.items.size();
    traceExpr(w, m, fn, at, kw.second, depth + 1);
    argumentItems.push_back({kw.second, argumentFrom, w.out.items.size()});
    w.out.arithmetic = arithmetic;
    w.out.operators = std::move(operators);
    w.out.arithmeticAt = std::move(arithmeticAt);
  }
  w.preparingAt = preparingAt;
  --w.outsideReceiver;
  --w.asInput;
  w.notTheReceiver.emplace_back(from, w.out.items.size());
}

// The arguments as inputs another computation is handed: arithmetic on them prepares the data
// (`ref(K, 2 * y - 1)`, `svc.fit(K, 2 * y - 1)`) and makes no formula of the value.
void OriginTracer::traceInputsOf(CallSite& c, bool intoSuiteHelper) const {
  OriginSet& out = c.w.out;
  const bool arithmetic = out.arithmetic;
  std::set<std::string> operators = out.operators, arithmeticAt = out.arithmeticAt;
  traceArguments(c, intoSuiteHelper);
  out.arithmetic = arithmetic;
  out.operators = std::move(operators);
  out.arithmeticAt = std::move(arithmeticAt);
}

// The cases below, and traceCallOutsideTheLibrary's after them (origin_call_targets.cpp), are
// tried in order: the first that applies decides what the call contributes, each reading the
// call's parts read once at the head (CallSite). The order is the classification's precedence
// (docs/oracles.md).
void OriginTracer::traceCall(Walk& w, const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth) const {
  // An element of this call's result that a subscript reads: only a compiled function's outputs
  // list or a value called take it (below); no other list met on the way may.
  CallSite site{w, m, fn, at, e, depth};
  site.element = std::exchange(w.selectElement, -1);
  site.calledWith = std::exchange(w.pendingArguments, nullptr);
  site.key = std::exchange(w.selectKey, {});
  site.args = splitCall(m, e);
  const int element = site.element;
  const std::vector<ExprId>* calledWith = site.calledWith;
  CallArgs& args = site.args;
  const Expr& callee = m.expr(args.callee);
  site.dotted = dottedName(m, args.callee);
  const std::string& dotted = site.dotted;
  site.resolved = dotted.empty() ? std::string{} : resolveDotted(m, fn, dotted, &site.viaImport);
  if (!site.viaImport && !dotted.empty())
    if (std::string starred = starImported(m, fn, dotted); !starred.empty()) {
      site.resolved = std::move(starred);
      site.viaImport = true;
    }
  if (!site.viaImport && callee.kind == ExprKind::Name)
    if (auto [aliasDotted, aliased] = libraryFunctionAliased(m, fn, at, callee.name); !aliased.empty()) {
      site.dotted = std::move(aliasDotted);
      site.resolved = std::move(aliased);
      site.viaImport = true;
    }
  const bool viaImport = site.viaImport;
  const std::string& resolved = site.resolved;
  site.last = callee.kind == ExprKind::Attribute || callee.kind == ExprKind::Name ? callee.name : std::string_view{};
  const std::string_view last = site.last;
  if (site.key.starts_with('.') && traceRecordField(site)) return;
  // `getattr(jnp, dtype)`: a data type read off a module by its name picks a type, it computes nothing.
  if (callee.kind == ExprKind::Name && callee.name == "getattr" && args.positional.size() >= 2 &&
      m.expr(args.positional[1]).text.find("dtype") != std::string_view::npos) {
    w.out.items.push_back({OriginKind::Data, std::string(m.expr(e).text), {}, {}});
    return;
  }
  // `func = getattr(F, fname)`, F a module imported (NNabla's `nnabla.functions`, NumPy): a function
  // of that module picked by name, which the test hands to a harness to run. The library's when F
  // is the library's, another library's otherwise.
  if (const std::string module = modulePickedFrom(m, fn, e); !module.empty()) {
    w.out.items.push_back({isLibrary(module) ? OriginKind::LibCall : OriginKind::OtherLib, module + ".*", {}, {}});
    w.out.evidence.push_back(fmt::format("`{}` picks a function of {} by its name", m.expr(e).text.substr(0, 60), module));
    return;
  }
  // Arguments as the call sees their data: `f(x.cuda())` and `f(x)` run on the same input (a
  // device move or a conversion of the value is peeled off), so that the CPU run compared with
  // the GPU run is the same computation on the same inputs.
  site.argKey = argumentsKey(w, m, fn, at, args.positional);
  std::string& argKey = site.argKey;
  // f(**inputs), f(*xs): the container's contents as this call reads them.
  for (uint32_t i = 1; i < m.expr(e).childCount; ++i) {
    const ExprId a = m.child(e, i);
    const Expr& x = m.expr(a);
    const bool splat = (x.kind == ExprKind::Keyword && x.name.empty()) || x.kind == ExprKind::Starred;
    if (!splat || x.childCount == 0 || m.expr(m.child(a, 0)).kind != ExprKind::Name) continue;
    if (const uint32_t line = changedSinceUsed(m, fn, at, m.expr(m.child(a, 0)).name))
      argKey += fmt::format("*{}@{},", m.expr(m.child(a, 0)).name, line);
  }
  auto traceArgs = [&](bool intoSuiteHelper = false) { traceArguments(site, intoSuiteHelper); };

  if (callee.kind == ExprKind::Subscript) {
    // np.cast[dtype](x): a module's conversion, indexed by a type. Anything else indexed and called
    // (`mod.pyfuncs["multi_ops"](x, y)`, a table of functions) computes what the scan cannot see.
    const ExprId table = m.childCount(args.callee) > 0 ? m.child(args.callee, 0) : kNone;
    bool viaImport = false;
    if (const std::string dotted = table == kNone ? std::string{} : dottedName(m, table); !dotted.empty())
      resolveDotted(m, fn, dotted, &viaImport);
    std::string picked;
    if (std::optional<Origin> pick = viaImport || m.language != Language::Python ? std::nullopt : tablePick(m, fn, args.callee, picked)) {
      pick->args = argKey;
      w.out.items.push_back(std::move(*pick));
      w.out.evidence.push_back(std::move(picked));
    } else if (!viaImport) {
      w.out.items.push_back(
          {OriginKind::Unknown, {}, argKey, fmt::format("callee `{}` is not resolved", m.expr(args.callee).text.substr(0, 60))});
    }
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
  // getattr(onp, op)(x), getattr(backend, name)(x): that module's function, run on x.
  if (const std::string module = modulePickedFrom(m, fn, args.callee); !module.empty()) {
    w.out.items.push_back({isLibrary(module) ? OriginKind::LibCall : OriginKind::OtherLib, module + ".*", argKey, {}});
    traceArgs();
    return;
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
  // ops.while_loop(cond, body, loop_vars), lax.fori_loop(lo, hi, body, init), lax.scan(f, init, xs):
  // a framework's loop, its body applied again and again to what it carries (KerasHub's cached
  // decoding, a layer called one position at a time); what it returns is the body's.
  if (viaImport && !isLibrary(resolved))
    if (const auto [body, carried] = loopBodyOf(m, last, args); body != kNone) {
      w.out.evidence.push_back(fmt::format("`{}` applies its body in a loop", m.expr(e).text.substr(0, 60)));
      w.noteLoop();
      w.out.frameworkLoop = true;
      traceApplied(w, m, fn, at, body, carried, depth + 1);
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
  // Model.from_file(path), Tokenizer.from_pretrained(name), CLIP.from_preset("clip-vit-base"): read
  // from storage or built from a name, not wrapped.
  const bool named =
      !args.positional.empty() && std::ranges::all_of(args.positional, [&](ExprId a) { return m.expr(a).kind == ExprKind::String; });
  const bool reads = last == "from_file" || last == "from_files" || last == "from_path" || last == "from_disk" || last == "from_json" ||
                     last == "from_yaml" || last == "from_pretrained" || last == "from_checkpoint" || last == "from_config" || named;
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
  // The library's own call that hands its one value on: a conversion to another package's type
  // (tianshou.data.to_numpy(q), to_torch(x)), as NumPy's asarray does; a collective that gathers
  // every process's data, or copies one's to all (`y = idist.all_gather(y)`, then
  // accuracy_score(y, ...)), to the call that computes with it (not a reduction; compared itself,
  // before anything computed with it, it is the computation, and so is a collective over a named
  // axis of a mapped function, `lax.all_gather(x, 'x')`).
  if (!resolved.empty() && isLibrary(resolved) && m.language == Language::Python &&
      (args.positional.size() == 1 ||
       (!args.positional.empty() && (wrapsItsValue(last) || origin_names::convertsToAnotherPackage(last))))) {
    const bool converts = origin_names::convertsToAnotherPackage(last) || wrapsItsValue(last);
    const bool gathers = !w.out.items.empty() && (last == "all_gather" || last == "all_gather_object" || last == "broadcast");
    if (converts || gathers) {
      traceExpr(w, m, fn, at, args.positional[0], depth + 1);
      w.out.moves.insert(std::string(last));
      w.out.evidence.push_back(
          fmt::format("`{}` {}", m.expr(e).text.substr(0, 80),
                      converts ? "converts its value to another package's type" : "collects the processes' data and hands it on"));
      return;
    }
  }
  // gs.stack([gs.eye(3) for _ in range(n)]): the library's join of its own constants, or of
  // numbers, one per element, is a constant too (a stack of identities).
  if (!resolved.empty() && isLibrary(resolved) && m.language == Language::Python && !args.positional.empty() &&
      (last == "stack" || last == "concatenate" || last == "cat" || last == "hstack" || last == "vstack")) {
    const ExprId joined = args.positional[0];
    const Expr& j = m.expr(joined);
    std::vector<ExprId> elements;
    if (j.kind == ExprKind::List || j.kind == ExprKind::Tuple)
      for (uint32_t i = 0; i < j.childCount; ++i) elements.push_back(m.child(joined, i));
    else if (j.kind == ExprKind::Comprehension && j.childCount > 0) elements.push_back(m.child(joined, 0));
    const auto constant = [&](ExprId x) {
      if (isNumberLiteral(m, x)) return true;
      if (m.expr(x).kind != ExprKind::Call) return false;
      const std::string_view made = lastDottedComponent(m.expr(splitCall(m, x).callee).text);
      return isShapeConstructor(made) && made != "identity";
    };
    if (!elements.empty() && std::all_of(elements.begin(), elements.end(), constant)) {
      w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
      w.out.evidence.push_back(fmt::format("`{}` joins constants", m.expr(e).text.substr(0, 60)));
      return;
    }
  }
  // gs.array([r * gs.cos(t), 0.0]): the library's array type wrapped around values the test
  // writes out element by element hands those values on (a multi-backend library's backend
  // module builds its arrays so).
  if (!resolved.empty() && isLibrary(resolved) && m.language == Language::Python && args.positional.size() == 1 &&
      (last == "array" || last == "asarray" || last == "tensor" || last == "as_tensor" || last == "constant" ||
       last == "convert_to_tensor") &&
      (m.expr(args.positional[0]).kind == ExprKind::List || m.expr(args.positional[0]).kind == ExprKind::Tuple)) {
    traceExpr(w, m, fn, at, args.positional[0], depth + 1);
    w.out.moves.insert(std::string(last));
    w.out.evidence.push_back(fmt::format("`{}` wraps the values it is given in the library's array", m.expr(e).text.substr(0, 60)));
    return;
  }
  if (m.language == Language::Cpp && traceSuiteClassMethod(w, m, e, dotted, depth)) {
    traceArgs(true);
    return;
  }
  // cnn.torch_complex_from_reim(a.real + 1, a.imag + 1): a library function whose body only
  // moves what it is handed (moving_functions.h) hands its arguments on.
  if (!resolved.empty() && isLibrary(resolved) && m.language == Language::Python && !args.positional.empty() && args.keywords.empty() &&
      resolved.rfind('.') != std::string::npos) {
    if (const FileModel* lib = project_.moduleFile(std::string_view(resolved).substr(0, resolved.rfind('.')))) {
      std::vector<FunctionId> sameName;
      for (const FunctionId h : functionsNamed(*lib, last, sameName)) {
        const Function& H = lib->functions[h];
        if (H.cls != kNone || H.parent != kNone) continue;
        const std::vector<size_t> moved = parametersOnlyMoved(*lib, h);
        if (moved.empty() || std::any_of(moved.begin(), moved.end(), [&](size_t i) { return i >= args.positional.size(); })) continue;
        for (size_t i : moved) traceExpr(w, m, fn, at, args.positional[i], depth + 1);
        w.out.moves.insert(std::string(last));
        w.out.evidence.push_back(
            fmt::format("`{}` only moves the data it is handed ({}, line {})", resolved, lib->path, H.range.start.line));
        return;
      }
    }
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
  traceCallOutsideTheLibrary(site);
}

}  // namespace oalens::analyzer
