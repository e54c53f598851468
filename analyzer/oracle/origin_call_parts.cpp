// The parts of a call that traceCall reads: a function applied to arguments (a lambda's body or a
// function object's call), the key of its arguments, a method a test class inherits from a base of
// the suite, and the functions a call hands a helper as arguments.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "analyzer/assertions/assertion_finder.h"  // localBindingStmt
#include "analyzer/model/name_index.h"
#include "analyzer/oracle/changed_inputs.h"
#include "analyzer/oracle/layout_conversion.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

using origin_names::convertedValue;
using origin_names::isShapeConstructor;
using origin_names::movesData;
using origin_names::visibleFrom;

namespace {

// A C++ call `ns::owner::f`, its owner named for the tests (`lut_test_case`).
bool ownedBySuite(std::string_view dotted) {
  const size_t dot = dotted.rfind('.');
  if (dot == std::string_view::npos) return false;
  std::string owner(lastDottedComponent(dotted.substr(0, dot)));
  for (char& c : owner) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return owner.find("test") != std::string::npos;
}

// A copy of the same values, also on another device or with other autograd flags: `x.to("cuda")`,
// `.detach()`, `.requires_grad_(True)`, `.contiguous()`, `x.copy()`, MXNet's `x.as_in_context(ctx)`;
// the receiver, or kNone.
ExprId copiedValue(const FileModel& m, FunctionId fn, ExprId e) {
  if (const ExprId converted = convertedValue(m, fn, e); converted != kNone) return converted;
  if (m.expr(e).kind != ExprKind::Call || m.expr(e).childCount == 0) return kNone;
  const ExprId method = m.child(e, 0);
  if (m.expr(method).kind != ExprKind::Attribute) return kNone;
  const std::string_view name = m.expr(method).name;
  if (name == "detach" || name == "requires_grad_" || name == "contiguous" || name == "clone" || name == "cpu" || name == "cuda" ||
      name == "to" || name == "as_in_context" || name == "as_in_ctx" || name == "copyto")
    return m.child(method, 0);
  // `x.copy()` (NumPy's, MXNet's), given nothing: the same values again.
  if (name == "copy" && m.childCount(e) == 1) return m.child(method, 0);
  return kNone;
}

// Whether `e` is a copy or a part of another name's values (`x.to("cuda")`, `src[::2]`,
// `src.astype(np.float64)[::2]`), not of a value made in place (`np.asarray([...]).astype(...)`).
bool ofAnotherName(const FileModel& m, FunctionId fn, ExprId e) {
  bool copiedOrPart = false;
  for (int steps = 0; steps < 12; ++steps) {
    if (const ExprId inner = copiedValue(m, fn, e); inner != kNone) {
      e = inner;
      copiedOrPart = true;
    } else if (m.expr(e).kind == ExprKind::Subscript && m.expr(e).childCount >= 2) {
      e = m.child(e, 0);
      copiedOrPart = true;
    } else {
      break;
    }
  }
  return copiedOrPart && m.expr(e).kind == ExprKind::Name;
}

// The data an argument is, as a key: device moves and copies peeled off, also inside a
// subscript's base (`src.to("cuda")[::3]` is `src[::3]`), and through a local that holds such a
// copy, or a part, of another name's values (`x_cuda = x.to("cuda").detach()` is `x`, `rows =
// src[::2]` is `src[::2]`): the same input on a CPU and a GPU is one input.
std::string copiedDataKey(const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth = 0) {
  for (int peeled = 0; peeled < 8; ++peeled) {
    const ExprId inner = copiedValue(m, fn, e);
    if (inner == kNone) break;
    e = inner;
  }
  const Expr& x = m.expr(e);
  if (depth < 4 && x.kind == ExprKind::Subscript && x.childCount >= 2)
    if (const std::string_view base = m.expr(m.child(e, 0)).text; x.text.starts_with(base))
      return copiedDataKey(m, fn, at, m.child(e, 0), depth + 1) + std::string(x.text.substr(base.size()));
  if (depth < 4 && x.kind == ExprKind::Name && fn != kNone)
    // localBindingStmt gives an assignment to the name itself, with a value.
    if (const StmtId binding = localBindingStmt(m, fn, at, x.name); binding != kNone && ofAnotherName(m, fn, m.stmts[binding].b))
      return copiedDataKey(m, fn, binding, m.stmts[binding].b, depth + 1);
  return std::string(x.text);
}

}  // namespace

bool OriginTracer::traceSuiteClassMethod(Walk& w, const FileModel& m, ExprId call, std::string_view dotted, int depth) const {
  if (!ownedBySuite(dotted)) return false;
  const std::string_view ownerLast = lastDottedComponent(dotted.substr(0, dotted.rfind('.')));
  for (const FileModel& other : project_.files) {
    if (other.language != Language::Cpp) continue;
    for (FunctionId f = 0; f < other.functions.size(); ++f) {
      const Function& F = other.functions[f];
      if (F.name != lastDottedComponent(dotted) || F.cls == kNone ||
          !endsWithDotted(cppDottedName(F.qualifiedName), fmt::format("{}.{}", ownerLast, F.name)))
        continue;
      w.out.evidence.push_back(
          fmt::format("`{}` returns from the suite's {} in {}", m.expr(call).text.substr(0, 60), F.qualifiedName, other.path));
      const OriginSet before = w.out;
      const FileModel* outerFile = std::exchange(w.suiteClassFile, &other);
      const ClassId outerClass = std::exchange(w.suiteClass, F.cls);
      const bool returned = traceHelper(w, other, f, depth + 1);
      w.suiteClassFile = outerFile;
      w.suiteClass = outerClass;
      const bool unread = std::all_of(w.out.items.begin() + static_cast<long>(before.items.size()), w.out.items.end(),
                                      [](const Origin& o) { return o.kind == OriginKind::Unknown; });
      if (returned && !unread) return true;
      w.out = before;
    }
  }
  return false;
}

// The value of `function` applied to `arguments`: a lambda's body with its parameters bound to
// them, or a function object's call (another library's function computes, the library's is a
// call of the library); the arguments are traced as its inputs.
void OriginTracer::traceApplied(Walk& w, const FileModel& m, FunctionId fn, StmtId at, ExprId function,
                                const std::vector<ExprId>& arguments, int depth) const {
  const Expr& f = m.expr(function);
  if (f.kind == ExprKind::Name || f.kind == ExprKind::Attribute) w.out.applied.insert(std::string(lastDottedComponent(f.text)));
  if (f.kind == ExprKind::Lambda && f.childCount > 0) {
    // grad(lambda a, x: loss(a, x, True)): the lambda only calls loss, which is the function applied.
    if (const ExprId body = m.child(function, 0); m.expr(body).kind == ExprKind::Call) {
      const Expr& called = m.expr(splitCall(m, body).callee);
      if (called.kind == ExprKind::Name || called.kind == ExprKind::Attribute)
        w.out.applied.insert(std::string(lastDottedComponent(called.text)));
    }
    const size_t outer = w.lambdaArguments.size();
    const std::vector<std::string_view> parameters = origin_names::lambdaParameters(f.name);
    for (size_t index = 0; index < parameters.size() && index < arguments.size(); ++index)
      w.lambdaArguments.push_back({std::string(parameters[index]), fn, at, arguments[index]});
    traceExpr(w, m, fn, at, m.child(function, 0), depth + 1);
    w.lambdaArguments.resize(outer);
    return;
  }
  // jit(jacrev(f))(x): transforms stacked on one function are that function, applied.
  if (f.kind == ExprKind::Call) {
    const CallArgs inner = splitCall(m, function);
    bool innerViaImport = false;
    const std::string innerName = resolveDotted(m, fn, dottedName(m, inner.callee), &innerViaImport);
    if (!inner.positional.empty() && innerViaImport && appliesItsFunction(innerName)) {
      w.out.transforms.insert(innerName);
      traceApplied(w, m, fn, at, inner.positional[0], arguments, depth + 1);
      return;
    }
    // grad(partial(loss, solver=s))(x): the function partial binds, its bound arguments first.
    if (!inner.positional.empty() && innerViaImport && innerName == "functools.partial") {
      std::vector<ExprId> all(inner.positional.begin() + 1, inner.positional.end());
      all.insert(all.end(), arguments.begin(), arguments.end());
      traceApplied(w, m, fn, at, inner.positional[0], all, depth + 1);
      return;
    }
  }
  bool viaImport = false;
  std::string dotted = dottedName(m, function);
  std::string resolved = dotted.empty() ? std::string{} : resolveDotted(m, fn, dotted, &viaImport);
  if (!viaImport && f.kind == ExprKind::Name)
    if (auto [aliasDotted, aliased] = libraryFunctionAliased(m, fn, at, f.name); !aliased.empty()) {
      dotted = std::move(aliasDotted);
      resolved = std::move(aliased);
      viaImport = true;
    }
  const std::string_view last = lastDottedComponent(resolved);
  if (viaImport && !isLibrary(resolved) && (isShapeConstructor(last) || movesData(last))) {
    // tree_map(jnp.zeros_like, x): fixed values whatever the shape; tree_map(jnp.stack, ...) moves data.
    if (isShapeConstructor(last)) w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
    else
      for (ExprId a : arguments) traceExpr(w, m, fn, at, a, depth + 1);
    return;
  }
  if (f.kind == ExprKind::Name) {
    // jax.vmap(_solve)(xs) with `def _solve(tf): ...` in the test: the helper's return values.
    for (FunctionId h = 0; h < m.functions.size(); ++h) {
      const Function& H = m.functions[h];
      if (H.name != f.name || H.cls != kNone || !visibleFrom(m, H, fn) || !callableByName(m, H)) continue;
      w.out.throughHelper = true;
      w.out.evidence.push_back(fmt::format("`{}` returns from helper {} (line {})", f.name, H.qualifiedName, H.range.start.line));
      if (traceHelper(w, m, h, depth + 1)) {
        for (ExprId a : arguments) traceExpr(w, m, fn, at, a, depth + 1);
        return;
      }
    }
  }
  if (viaImport) {
    // The arguments it is applied to are its inputs: jit(f)(x) runs f on x as f(x) does.
    w.out.items.push_back(
        {isLibrary(resolved) ? OriginKind::LibCall : OriginKind::OtherLib, resolved, argumentsKey(w, m, fn, at, arguments), {}});
  } else {
    const size_t before = w.out.items.size();
    // torch.jit.script(MyModule())(x) with `class MyModule` of this file (also one defined in the
    // test): the instance made there is called with the arguments, which runs its forward.
    if (f.kind == ExprKind::Call && f.childCount > 0 && m.expr(m.child(function, 0)).kind == ExprKind::Name)
      w.pendingArguments = &arguments;
    traceExpr(w, m, fn, at, function, depth + 1);
    w.pendingArguments = nullptr;
    callLibraryValues(w.out, before);
    // `torch.compile(fn)(x)` with `fn` a parameter of the helper: a function the scan cannot see
    // into, applied, as `fn(x)` is (not the data a parameter holds).
    const bool onlyAParameter = f.kind == ExprKind::Name && w.out.items.size() > before &&
                                std::all_of(w.out.items.begin() + static_cast<std::ptrdiff_t>(before), w.out.items.end(),
                                            [](const Origin& o) { return o.kind == OriginKind::Data && o.parameter; });
    if (onlyAParameter) {
      w.out.items.resize(before);
      w.out.items.push_back({OriginKind::Unknown, std::string(f.name), argumentsKey(w, m, fn, at, arguments),
                             fmt::format("callee `{}` is not resolved", f.name)});
    }
  }
  for (ExprId a : arguments) traceExpr(w, m, fn, at, a, depth + 1);
}

std::string OriginTracer::argumentsKey(const Walk& w, const FileModel& m, FunctionId fn, StmtId at,
                                       const std::vector<ExprId>& arguments) const {
  std::string key;
  for (ExprId a : arguments) {
    ExprId data = a;
    for (int peeled = 0; peeled < 8; ++peeled) {
      const ExprId value = convertedValue(m, fn, data);
      if (value == kNone) break;
      data = value;
    }
    // conv(x, adj.t()) against conv(x, edge_index), adj made from edge_index: one graph in two
    // layouts (layout_conversion.h).
    data = inputBeforeLayout(m, fn, at, data);
    // A parameter of a lambda being applied stands for its argument (vec_eval(ts[1:], ts[:-1])),
    // read where the lambda is called: a change made to it before then is seen there.
    FunctionId readIn = fn;
    StmtId readAt = at;
    if (m.expr(data).kind == ExprKind::Name)
      for (size_t i = w.lambdaArguments.size(); i > 0; --i)
        if (w.lambdaArguments[i - 1].name == m.expr(data).name) {
          // Not a lambda's own parameter standing for data it is not yet called with (kNone).
          if (const Walk::LambdaArgument& bound = w.lambdaArguments[i - 1]; bound.value != kNone) {
            data = bound.value;
            readIn = bound.fn;
            readAt = bound.at;
          }
          break;
        }
    if (m.expr(data).kind == ExprKind::Name) {
      const auto bound = std::find_if(w.helperArguments.rbegin(), w.helperArguments.rend(),
                                      [&](const Walk::HelperArgument& h) { return h.helper == fn && h.name == m.expr(data).name; });
      if (bound != w.helperArguments.rend()) {
        key += bound->key;
        continue;
      }
    }
    const std::string copied = copiedDataKey(m, readIn, readAt, data);
    key += normalized(copied);
    // A name read through the copy it holds is that copy's data, whichever binding of it
    // (`input_` bound in both branches of an `if`) the key was made from.
    if (m.expr(data).kind == ExprKind::Name && copied == m.expr(data).text)
      if (const uint32_t line = changedSinceUsed(m, readIn, readAt, m.expr(data).name)) key += fmt::format("@{}", line);
    key += ",";
  }
  return key;
}

std::pair<const FileModel*, FunctionId> OriginTracer::inheritedMethod(const FileModel& m, ClassId cls, std::string_view name,
                                                                      int depth) const {
  if (depth > 4 || cls >= m.classes.size()) return {nullptr, kNone};
  for (ExprId base : m.classes[cls].bases) {
    const std::string dotted = dottedName(m, base);
    if (dotted.empty()) continue;
    // A base class of the same module, else one imported from another scanned module.
    const FileModel* file = nullptr;
    std::string_view className = lastDottedComponent(dotted);
    std::string resolved;  // outlives the loop's use of className, which may point into it
    for (ClassId c = 0; c < m.classes.size() && !file; ++c)
      if (m.classes[c].name == dotted && m.classes[c].parent == kNone) file = &m;
    if (!file) {
      bool viaImport = false;
      resolved = resolveDotted(m, m.classes[cls].enclosingFunction, dotted, &viaImport);
      if (!viaImport || resolved.rfind('.') == std::string::npos) continue;
      file = project_.moduleFile(std::string_view(resolved).substr(0, resolved.rfind('.')));
      className = lastDottedComponent(resolved);
    }
    if (!file) continue;
    for (ClassId c = 0; c < file->classes.size(); ++c) {
      if (file->classes[c].name != className || file->classes[c].parent != kNone) continue;
      for (FunctionId f = 0; f < file->functions.size(); ++f)
        if (file->functions[f].cls == c && file->functions[f].name == name) return {file, f};
      if (auto found = inheritedMethod(*file, c, name, depth + 1); found.first) return found;
    }
  }
  return {nullptr, kNone};
}

std::vector<std::string_view> parametersRunBy(const FileModel& m, FunctionId helper) {
  const Function& f = m.functions[helper];
  std::vector<std::string_view> run;
  const auto isParam = [&](ExprId e) -> std::string_view {
    const Expr& x = m.expr(e);
    if (x.kind != ExprKind::Name || x.name == "self" || x.name == "cls") return {};
    for (const Param& p : f.params)
      if (p.name == x.name && !p.varArgs && !p.kwArgs) return x.name;
    return {};
  };
  // `getattr(model, name)`: the parameter whose attribute it reads, or "".
  const auto gotFrom = [&](ExprId e) -> std::string_view {
    const Expr& x = m.expr(e);
    if (x.kind != ExprKind::Call || x.childCount < 2 || m.expr(m.child(e, 0)).text != "getattr") return {};
    return isParam(m.child(e, 1));
  };
  const auto note = [&](std::string_view p) {
    if (!p.empty() && std::ranges::find(run, p) == run.end()) run.push_back(p);
  };
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != helper) continue;
    for (ExprId e = st.firstExpr; e < st.endExpr && e < m.exprs.size(); ++e) {
      if (m.expr(e).kind != ExprKind::Call || m.expr(e).childCount == 0) continue;
      const ExprId callee = m.child(e, 0);
      const Expr& c = m.expr(callee);
      if (c.kind == ExprKind::Name) {
        note(isParam(callee));
        // `func = getattr(model, name)`, then `func(...)`.
        if (const StmtId bound = localBindingStmt(m, helper, s, c.name); bound != kNone && m.stmts[bound].b != kNone)
          note(gotFrom(m.stmts[bound].b));
      } else if (c.kind == ExprKind::Attribute && c.childCount > 0 && !isArrayMethod("." + std::string(c.name))) {
        note(isParam(m.child(callee, 0)));
      } else if (c.kind == ExprKind::Call) {
        note(gotFrom(callee));
      }
    }
  }
  return run;
}

// `loss(segment_mm_reference, x, w)` with `def loss(fn, x, w): return fn(x, w)`: a function the
// call hands the helper is what the helper's parameter calls. Only functions are bound (a name of
// the module's or an imported one); data arguments are traced as the call's inputs.
void OriginTracer::bindFunctionArguments(Walk& w, const FileModel& m, FunctionId fn, StmtId at, const Function& helper,
                                         const CallArgs& args) const {
  // The function an argument names: an imported one (kNone, traced as the import), one of this
  // file (its id), or none (data).
  const auto namedFunction = [&](ExprId a) -> std::optional<FunctionId> {
    const Expr& x = m.expr(a);
    if (x.kind != ExprKind::Name && x.kind != ExprKind::Attribute) return std::nullopt;
    const std::string dotted = dottedName(m, a);
    if (dotted.empty() || dotted.rfind("self.", 0) == 0) return std::nullopt;
    bool viaImport = false;
    resolveDotted(m, fn, dotted, &viaImport);
    if (viaImport) return kNone;
    if (x.kind != ExprKind::Name) return std::nullopt;
    for (FunctionId f = 0; f < m.functions.size(); ++f)
      if (m.functions[f].name == x.name && m.functions[f].cls == kNone && visibleFrom(m, m.functions[f], fn) &&
          callableByName(m, m.functions[f]))
        return f;
    return std::nullopt;
  };
  // `create_tensor([3 * 2] * 8, torch.float)`: numbers written at the call, which the helper only
  // wraps or converts: the parameter holds those literals, not data the test draws.
  const auto literalOnly = [&](ExprId a) {
    std::vector<ExprId> stack{a};
    bool any = false;
    for (int guard = 0; !stack.empty() && guard < 256; ++guard) {
      const ExprId e = stack.back();
      stack.pop_back();
      const Expr& x = m.expr(e);
      if (x.kind == ExprKind::Number) {
        any = true;
        continue;
      }
      if (x.kind != ExprKind::List && x.kind != ExprKind::Tuple && x.kind != ExprKind::BinaryOp && x.kind != ExprKind::UnaryOp)
        return false;
      for (uint32_t i = 0; i < x.childCount; ++i) stack.push_back(m.child(e, i));
    }
    return any && stack.empty();
  };
  const auto bind = [&](std::string_view param, ExprId value) {
    if (const std::optional<FunctionId> f = namedFunction(value)) w.lambdaArguments.push_back({std::string(param), fn, at, value, *f});
    else if (m.language == Language::Python && literalOnly(value)) w.lambdaArguments.push_back({std::string(param), fn, at, value, kNone});
  };
  size_t param = 0;
  for (ExprId a : args.positional) {
    while (param < helper.params.size() && (helper.params[param].keywordOnly || helper.params[param].kwArgs)) ++param;
    if (param >= helper.params.size() || helper.params[param].varArgs) break;
    bind(helper.params[param].name, a);
    ++param;
  }
  for (const auto& [keyword, value] : args.keywords)
    for (const Param& p : helper.params)
      if (p.name == keyword && !p.varArgs && !p.kwArgs) bind(p.name, value);
}

}  // namespace oalens::analyzer
