// Tracing a name to the value it holds: a parameter, a binding of the function or the module,
// an import, a value changed in place since (origin_bindings.cpp reads the other places).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <string>
#include <vector>

#include "analyzer/assertions/assertion_finder.h"  // localBindingStmt
#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/oracle/changed_inputs.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/oracle/origin_walk.h"
#include "analyzer/oracle/updated_values.h"

namespace oalens::analyzer {

// How deep in a trace a function's name may stand for what it returns: the compared value, a
// `partial` of it, or a local holding that `partial` (`ref = partial(_reference_fn, ...)` handed
// to a harness); never where it is handed to the library under test (`ops.minimize(loss, x0)`:
// the library's input, not a value compared).
constexpr int kFunctionValueDepth = 5;

// The calls of a chain of methods rooted at `name` when one of them changes it in place, by
// PyTorch's convention of a trailing underscore (`t.mul_(2).add_(1)`); else none.
static std::vector<ExprId> inPlaceCalls(const FileModel& m, ExprId call, std::string_view name) {
  std::vector<ExprId> calls;
  bool inPlace = false;
  ExprId link = call;
  for (int hops = 0; hops < 16 && m.expr(link).kind == ExprKind::Call && m.expr(link).childCount > 0; ++hops) {
    const ExprId callee = m.child(link, 0);
    if (m.expr(callee).kind != ExprKind::Attribute || m.expr(callee).childCount == 0) return {};
    const std::string_view method = m.expr(callee).name;
    inPlace |= namesAnInPlaceOperation(method);
    calls.push_back(link);
    link = m.child(callee, 0);
  }
  const bool rooted = m.expr(link).kind == ExprKind::Name && m.expr(link).name == name;
  return rooted && inPlace ? calls : std::vector<ExprId>{};
}

// quantize_(model, config): a function of the library named with a trailing underscore changes
// its first argument in place, by PyTorch's convention; what the name holds after is its result.
bool OriginTracer::changesItsFirstArgument(const FileModel& m, FunctionId fn, ExprId call, std::string_view name) const {
  if (m.expr(call).kind != ExprKind::Call) return false;
  const CallArgs ca = splitCall(m, call);
  if (ca.positional.empty() || m.expr(ca.positional[0]).kind != ExprKind::Name || m.expr(ca.positional[0]).name != name) return false;
  const std::string dotted = dottedName(m, ca.callee);
  const std::string_view last = lastDottedComponent(dotted);
  if (!namesAnInPlaceOperation(last)) return false;
  bool viaImport = false;
  const std::string resolved = resolveDotted(m, fn, dotted, &viaImport);
  return viaImport && isLibrary(resolved);
}

void OriginTracer::traceName(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const {
  // A parameter of a lambda traced as applied: the argument it is bound to.
  for (size_t i = w.lambdaArguments.size(); i > 0; --i) {
    const Walk::LambdaArgument& bound = w.lambdaArguments[i - 1];
    if (bound.name != name) continue;
    const Walk::LambdaArgument argument = bound;
    // The argument is read where the lambda was applied, without the bindings made since.
    std::vector<Walk::LambdaArgument> inner(w.lambdaArguments.begin() + static_cast<long>(i - 1), w.lambdaArguments.end());
    w.lambdaArguments.resize(i - 1);
    if (argument.helper == kNone && argument.value == kNone) {
      w.out.items.push_back({OriginKind::Data, std::string(name), {}, {}});
      w.out.items.back().parameter = true;
      w.out.evidence.push_back(fmt::format("`{}` is a parameter of the lambda: the data it is called with", name));
    } else if (argument.helper != kNone) {
      // A function of the file handed to a helper (`hvp(reference_loss, t)`): what it returns.
      w.out.throughHelper = true;
      w.out.evidence.push_back(fmt::format("`{}` is {}, handed to the helper", name, m.functions[argument.helper].qualifiedName));
      traceHelper(w, m, argument.helper, depth + 1);
    } else {
      traceExpr(w, m, argument.fn, argument.at, argument.value, depth + 1);
    }
    w.lambdaArguments.insert(w.lambdaArguments.end(), inner.begin(), inner.end());
    return;
  }
  // Keyed by where the name is read too: `y = y[:, None]` reads the y bound before it.
  uint64_t key = (uint64_t(fn) << 32) ^ std::hash<std::string_view>{}(name) ^ (uint64_t(at) * 0x9e3779b97f4a7c15ull);
  if (!w.visited.insert({&m, key}).second) {
    // Traced already on this side: what it was is still known (a method called on it asks).
    if (auto it = w.libraryMade.find({&m, key}); it != w.libraryMade.end() && w.outsideReceiver == 0) w.revisitedLibrary |= it->second;
    return;
  }
  const size_t itemsBefore = w.out.items.size();
  traceNameOnce(w, m, fn, at, name, depth);
  bool made = false;
  for (size_t i = itemsBefore; i < w.out.items.size(); ++i)
    made |= w.out.items[i].kind == OriginKind::LibCall && !w.out.items[i].moduleRef && w.receiverEvidence(i, itemsBefore);
  w.libraryMade[{&m, key}] = made;
}

// Long: the places a name may get its value (a bound lambda argument, a parameter, a binding in
// the function or the module, an import) are tried in order, each with the walk's state; the
// first that binds it is followed.
void OriginTracer::traceNameOnce(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const {
  if (traceComprehensionTarget(w, m, fn, at, name, depth)) return;
  if (m.language == Language::Python && traceSharedUpdate(w, m, fn, at, name, depth)) return;
  // The enclosing scopes: a function's own, then those it is nested in; a method of a class
  // defined inside a function reads that function's names too (`self.conv = conv` in a test's
  // own `class MyModule`).
  const auto enclosing = [&](FunctionId f) {
    const Function& F = m.functions[f];
    if (F.parent != kNone) return F.parent;
    return F.cls != kNone && F.cls < m.classes.size() ? m.classes[F.cls].enclosingFunction : kNone;
  };
  for (FunctionId f = fn; f != kNone; f = enclosing(f)) {
    const Function& F = m.functions[f];
    // The latest binding ahead of the use; a loop target binds from its iterable.
    StmtId binding = kNone;
    std::vector<StmtId> augments, fills;
    // Only the statements that may bind or fill the name matter (analyzer/model/name_index.h).
    std::vector<StmtId> scratch;
    for (StmtId s : statementsBinding(m, f, name, scratch)) {
      if (f == fn && s >= at && binding != kNone) break;
      // `y = np.asarray(y)`: the value reads the name as it was before this statement binds it.
      if (f == fn && s == at && m.stmts[s].kind == StmtKind::Assign) continue;
      const Stmt& st = m.stmts[s];
      const Expr& t = m.expr(st.a);
      // `R, (s, E) = system()`: one level of nesting.
      const bool binds = (t.kind == ExprKind::Name && t.name == name) || positionIn(m, st.a, name).has_value();
      if (!binds) {
        if (f == fn && s >= at) continue;
        // xs.append(v), xs[i] = v, xs.extend(vs), model.add(layer): the contents come from v.
        if (st.kind == StmtKind::ExprStmt && t.kind == ExprKind::Call) {
          ExprId calleeId = m.child(st.a, 0);
          const Expr& callee = m.expr(calleeId);
          if ((callee.kind == ExprKind::Attribute &&
               (callee.name == "append" || callee.name == "extend" || callee.name == "insert" || callee.name == "add") &&
               m.expr(m.child(calleeId, 0)).kind == ExprKind::Name && m.expr(m.child(calleeId, 0)).name == name) ||
              !inPlaceCalls(m, st.a, name).empty() || changesItsFirstArgument(m, f, st.a, name))
            fills.push_back(s);
        } else if ((st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign) && t.kind == ExprKind::Subscript &&
                   m.expr(m.child(st.a, 0)).kind == ExprKind::Name && m.expr(m.child(st.a, 0)).name == name) {
          fills.push_back(s);
        }
        continue;
      }
      // try: mean = d.mean / except NotImplementedError: mean = None, then `if mean is not None:
      // assert_allclose(..., mean)`: a fallback None is never what is compared; the value before it is.
      const bool fallbackNone = st.kind == StmtKind::Assign && binding != kNone && st.b != kNone && m.expr(st.b).kind == ExprKind::NoneLit;
      if ((st.kind == StmtKind::Assign || st.kind == StmtKind::For) && !fallbackNone) binding = s;
      else if (st.kind == StmtKind::AugAssign && (f != fn || s < at)) augments.push_back(s);
    }
    if (binding != kNone) {
      const Stmt& b = m.stmts[binding];
      w.out.bindings.insert(fmt::format("{}:{}:{}", m.path, b.range.start.line, name));
      if (w.firstBinding.empty()) w.firstBinding = fmt::format("{}:{}:{}", m.path, b.range.start.line, name);
      w.out.evidence.push_back(
          fmt::format("`{}` <- line {}: {}", name, b.range.start.line, b.text.substr(0, std::min<size_t>(b.text.find('\n'), 100))));
      if (b.kind == StmtKind::For && iteratesBackends(m, f, b.b)) w.out.backendLoop = true;
      // Arithmetic and loops met from here on are under this binding (OriginSet::arithmeticAt).
      w.within.push_back(fmt::format("{}:{}", m.path, b.range.start.line));
      {
        const bool arithmeticBefore = w.out.arithmetic;
        const auto arithmeticAtBefore = w.out.arithmeticAt;
        const auto operatorsBefore = w.out.operators;
        const size_t before = w.out.items.size();
        noteSource(w.out, b);
        traceBoundValue(w, m, f, binding, name, depth + 1);
        // `torch_bn = torch.nn.BatchNorm1d(3)`, run on data (`torch_bn(x)`) before `torch_bn.bias` is
        // read: another library's module computed what its attributes hold since.
        if (m.language == Language::Python && b.kind == StmtKind::Assign && f == fn)
          if (const StmtId run = calledBetween(m, f, binding + 1, at, name); run != kNone) {
            bool marked = false;
            for (size_t i = before; i < w.out.items.size(); ++i)
              if (Origin& o = w.out.items[i]; o.kind == OriginKind::OtherLib && !o.calledAfter) {
                o.calledAfter = true;
                o.closedForm = false;
                marked = true;
              }
            if (marked) w.out.evidence.push_back(fmt::format("`{}` is run at line {}", name, m.stmts[run].range.start.line));
          }
        bool onlyData = w.out.items.size() > before, anyRandom = false;
        for (size_t i = before; i < w.out.items.size(); ++i) {
          const Origin& o = w.out.items[i];
          onlyData &= o.kind == OriginKind::Data || o.kind == OriginKind::Literal;
          anyRandom |= o.kind == OriginKind::Data;
        }
        if (onlyData && anyRandom && drawsRandom(m, f, m.stmts[binding].b)) {  // x = np.random.rand(5) + 0.1: defining test data
          w.out.arithmetic = arithmeticBefore;
          w.out.arithmeticAt = arithmeticAtBefore;
          w.out.operators = operatorsBefore;
        }
      }
      // The statements of `f` after the binding, up to the use (to a helper's end), that `updates`
      // says change the name in place.
      const auto gatherFills = [&](const auto& updates) {
        for (StmtId s = binding + 1; s < (f == fn ? at : F.endStmt) && s < m.stmts.size(); ++s)
          if (m.stmts[s].function == f && updates(s) && std::find(fills.begin(), fills.end(), s) == fills.end()) fills.push_back(s);
        std::sort(fills.begin(), fills.end());
      };
      // `d = mujoco.MjData(m)`, then `mujoco.mj_step(m, d)`: another library steps its own state.
      std::vector<StmtId> stateSteps;
      if (m.language == Language::Python && b.kind == StmtKind::Assign && (makesAVariable(m, b.b) || allocatesABuffer(m, b.b))) {
        // A variable updated by calls made for their effect holds their results: looked for only
        // after a variable's binding (rare); also a buffer a call names as the one it writes
        // (`torch.add(a, b, out=c)`, `y = f(x, out=c)`; an object built otherwise, such as a log
        // handed as `out=`, keeps what it was built from).
        gatherFills([&](StmtId s) { return updatesTheVariable(m, s, name) || writesByKeyword(m, s, name); });
      } else if (m.language == Language::Python && b.kind == StmtKind::Assign) {
        // `copy_impl(kv_cache, qkv, batch)` with `copy_impl = BlockedRotaryEmbeddings(...)`, then
        // `qkv` compared: the library under test, called for its effect on what it is handed,
        // writes its result into it (DeepSpeed's kernels).
        gatherFills([&](StmtId s) {
          if (otherLibraryStepsItsState(m, f, binding, s, name)) {
            stateSteps.push_back(s);
            return true;
          }
          return f == fn && libraryWritesInto(m, f, s, name);
        });
      }
      std::vector<OptimizerStep> stepped;
      if (m.language == Language::Python && b.kind == StmtKind::Assign && f == fn) {
        stepped = optimizerSteps(m, f, binding, at, name);
        for (const OptimizerStep& o : stepped)
          if (std::find(fills.begin(), fills.end(), o.step) == fills.end()) fills.push_back(o.step);
        std::sort(fills.begin(), fills.end());
      }
      for (StmtId s : fills) {
        if (s < binding) continue;
        const Stmt& st = m.stmts[s];
        noteSource(w.out, st);
        if (st.kind == StmtKind::AugAssign) w.noteArithmetic();
        w.out.evidence.push_back(fmt::format("`{}` filled at line {}", name, st.range.start.line));
        // An optimizer stepped in a loop repeats its own update: no algorithm of the test's.
        const auto stepping = std::find_if(stepped.begin(), stepped.end(), [&](const OptimizerStep& o) { return o.step == s; });
        const bool steps = stepping != stepped.end();
        // So does another library stepping its own state, once per pass of the test's loop.
        const bool stepsState = std::find(stateSteps.begin(), stateSteps.end(), s) != stateSteps.end();
        if (stepsState) w.out.updates.insert(fmt::format("{}:{}:{}", m.path, st.range.start.line, name));
        for (StmtId p = st.parent; !steps && !stepsState && p != kNone && p >= binding; p = m.stmts[p].parent)
          if (m.stmts[p].kind == StmtKind::For) {
            w.noteLoop();
            if (iteratesBackends(m, f, m.stmts[p].b)) w.out.backendLoop = true;
          }
        if (std::vector<ExprId> inPlace = inPlaceCalls(m, st.a, name); st.kind == StmtKind::ExprStmt && !inPlace.empty()) {
          // t.mul_(-0.5).div_(l ** 2).exp_(): computed in place, a formula of the test's; one
          // operation of the value alone (`t.square_()`) is no more a formula than torch.square(t).
          // `x.requires_grad_(True)`, `x.share_memory_()`: flags set on the value, no number changed.
          const auto changesNoNumber = [&](ExprId call) {
            const std::string_view method = m.expr(m.child(call, 0)).name;
            return method == "requires_grad_" || method == "share_memory_" || method == "detach_" || method == "retain_grad";
          };
          std::erase_if(inPlace, changesNoNumber);
          bool combines = inPlace.size() > 1;
          for (ExprId call : inPlace)
            for (ExprId v : splitCall(m, call).positional) {
              combines = true;
              traceExpr(w, m, f, s, v, depth + 1);
            }
          if (combines) w.noteArithmetic();
        } else if (steps) {
          // What the optimizer is: the class it was built from, run by its steps.
          bool viaImport = false;
          const std::string dotted = dottedName(m, stepping->optimizerClass);
          const std::string optimizer = dotted.empty() ? std::string{} : resolveDotted(m, f, dotted, &viaImport);
          if (!optimizer.empty() && isLibrary(optimizer)) {
            w.out.items.push_back({OriginKind::LibCall, optimizer, {}, {}});
          } else if (!optimizer.empty() && viaImport && project_.moduleFile(optimizer.substr(0, optimizer.rfind('.'))) == nullptr) {
            w.out.items.push_back({OriginKind::OtherLib, optimizer, {}, {}});
            w.out.items.back().calledAfter = true;
          }
          if (!optimizer.empty()) {
            w.out.evidence.push_back(fmt::format("`{}` stepped by {}", name, optimizer));
          } else {
            // `str2optimizers[name][0]([p1])`: a class picked from a table, traced with the call.
            const size_t before = w.out.items.size();
            traceExpr(w, m, f, s, stepping->construction, depth + 1);
            for (size_t i = before; i < w.out.items.size(); ++i)
              if (w.out.items[i].kind == OriginKind::OtherLib) w.out.items[i].calledAfter = true;
          }
        } else if (st.kind == StmtKind::ExprStmt && (changesItsFirstArgument(m, f, st.a, name) || updatesTheVariable(m, s, name))) {
          traceExpr(w, m, f, s, st.a, depth + 1);  // the library's call, on what the name held before
        } else if (st.kind == StmtKind::ExprStmt) {
          CallArgs ca = splitCall(m, st.a);
          for (ExprId v : ca.positional) traceExpr(w, m, f, s, v, depth + 1);
        } else {
          traceExpr(w, m, f, s, st.b, depth + 1);
        }
      }
      // `jacobians = []` handed to the library to fill (`g.transform_to(p, jacobians=jacobians)`):
      // what the call puts in.
      if (const ExprId bound = m.stmts[binding].b; m.language == Language::Python && fills.empty() && bound != kNone &&
                                                   (m.expr(bound).kind == ExprKind::List || m.expr(bound).kind == ExprKind::Dict) &&
                                                   m.expr(bound).childCount == 0 && f == fn)
        traceOutArguments(w, m, fn, at, name, depth + 1);
      for (StmtId s : augments) {
        if (s < binding) continue;
        w.noteArithmetic();
        noteSource(w.out, m.stmts[s]);
        for (StmtId p = m.stmts[s].parent; p != kNone && p > binding; p = m.stmts[p].parent)
          if (m.stmts[p].kind == StmtKind::For || m.stmts[p].kind == StmtKind::While) w.noteLoop();
        w.out.evidence.push_back(fmt::format("`{}` updated at line {}", name, m.stmts[s].range.start.line));
        traceExpr(w, m, f, s, m.stmts[s].b, depth + 1);
      }
      w.within.pop_back();
      return;
    }
    for (const Param& p : F.params) {
      if (p.name != name) continue;
      if (auto modules = parametrizedLibraryModules(m, f, name)) {
        // @pytest.mark.parametrize('k', [KTH, KTF]): the test runs once per backend module; over
        // classes or functions (`[dist.Gamma, dist.Beta]`), once per callable, which computes.
        Origin ref{OriginKind::LibCall, modules->front(), {}, {}};
        const std::string_view last = lastDottedComponent(modules->front());
        ref.moduleRef =
            project_.moduleFile(modules->front()) != nullptr || last.empty() || !std::isupper(static_cast<unsigned char>(last[0]));
        w.out.items.push_back(ref);
        w.out.evidence.push_back(
            fmt::format("`{}` is parametrized over the library's modules, classes or functions ({})", name, fmt::join(*modules, ", ")));
        return;
      }
      // `coords[:, 1] = height - coords[:, 1]` in a helper handed `coords`: the arithmetic written
      // into it, besides what it was handed (a value stored whole under a key is only kept).
      for (StmtId s : fills) {
        const Stmt& st = m.stmts[s];
        if (m.language != Language::Python || st.kind != StmtKind::Assign || st.b == kNone || (f == fn && s >= at) ||
            m.expr(st.b).kind != ExprKind::BinaryOp)
          continue;
        noteSource(w.out, st);
        w.noteArithmetic();
        w.out.evidence.push_back(fmt::format("`{}` filled at line {}", name, st.range.start.line));
        traceExpr(w, m, f, s, st.b, depth + 1);
      }
      if (traceCallerArgument(w, m, f, at, name, depth)) return;
      // `@pytest.mark.parametrize("mu", (-1.0, 0.0, 1.0))`: a number the test writes, once per case.
      if (const auto values = m.language == Language::Python ? parametrizedValues(m, f, name) : std::nullopt;
          values && !values->empty() && std::all_of(values->begin(), values->end(), [&](ExprId v) { return isNumberLiteral(m, v); })) {
        std::vector<std::string_view> numbers;
        for (ExprId v : *values) numbers.push_back(m.expr(v).text);
        w.out.items.push_back({OriginKind::Literal, std::string(numbers.front()), {}, {}});
        w.out.evidence.push_back(
            fmt::format("`{}` is a parameter of {} given the numbers {}", name, F.qualifiedName, fmt::join(numbers, ", ")));
        return;
      }
      w.out.items.push_back({OriginKind::Data, std::string(name), {}, {}});
      w.out.items.back().parameter = true;
      w.out.evidence.push_back(fmt::format("`{}` is a parameter of {}: test-supplied data", name, F.qualifiedName));
      return;
    }
  }
  // Module level, then a name imported from a scanned module. `NAME = None` beside an import of
  // NAME is the fallback of an optional import (except ImportError: KTF = None): the import
  // is what a test that runs sees.
  const auto importsName = [&] {
    for (const Import& imp : m.imports)
      if (imp.alias == name && imp.scope == kNone) return true;
    return false;
  };
  // `x: int` at module level binds no value (the statement's value is kNone).
  if (StmtId s = moduleLevelAssignment(m, name);
      s != kNone && m.stmts[s].b != kNone && !(m.expr(m.stmts[s].b).text == "None" && importsName())) {
    w.out.evidence.push_back(fmt::format("`{}` <- module line {}", name, m.stmts[s].range.start.line));
    noteSource(w.out, m.stmts[s]);
    traceExpr(w, m, kNone, s, m.stmts[s].b, depth + 1);
    return;
  }
  // A function's name standing for what it returns (kFunctionValueDepth).
  const bool functionValue = m.language == Language::Python && depth <= kFunctionValueDepth && w.handedOn == 0;
  // A class of the suite named as a value (`(cls, kwargs) = settings["model"]`, then `cls(**kwargs)`)
  // or built (`SampleConvNet()`): an object of a class, as one of another library's is; not a
  // reference the suite implements (that is a class of a suite module called by its import).
  const auto suiteClass = [&](const FileModel& where, std::string_view cls, const std::string& full) {
    if (where.language != Language::Python) return false;
    for (ClassId id = 0; id < where.classes.size(); ++id) {
      const ClassDef& c = where.classes[id];
      // A class the test function (or one enclosing it) defines in its body (`@tensorclass class
      // Transition:` inside the test) is visible there as a module's is.
      const auto enclosesTheTest = [&] {
        for (FunctionId f = fn; &where == &m && f != kNone; f = m.functions[f].parent)
          if (f == c.enclosingFunction) return true;
        return false;
      };
      const bool local = c.enclosingFunction != kNone;
      if ((c.parent != kNone && !local) || (local && !enclosesTheTest()) || c.name != cls) continue;
      // `case.expected` of `case = _Inputs()`: what a method (`__init__` first) stores on the
      // object under that name, the object's field (its parameters the test's data).
      if (w.selectKey.starts_with('.')) {
        const std::string target = "self" + w.selectKey;
        StmtId stored = kNone;
        for (FunctionId f = 0; f < where.functions.size(); ++f) {
          const Function& F = where.functions[f];
          if (F.cls != id) continue;
          for (StmtId s = F.firstStmt; s < F.endStmt && s < where.stmts.size(); ++s) {
            const Stmt& st = where.stmts[s];
            if (st.function == f && st.kind == StmtKind::Assign && st.a != kNone && st.b != kNone && where.expr(st.a).text == target &&
                (stored == kNone || F.name == "__init__")) {
              stored = s;
              break;
            }
          }
        }
        if (stored != kNone) {
          const Stmt& st = where.stmts[stored];
          w.fieldSelected = true;
          w.out.evidence.push_back(fmt::format("`{}` of {} is stored by {} (line {})", w.selectKey.substr(1), cls,
                                               where.functions[st.function].qualifiedName, st.range.start.line));
          const std::string outer = std::exchange(w.selectKey, {});
          traceExpr(w, where, st.function, stored, st.b, depth + 1);
          w.selectKey = outer;
          return true;
        }
      }
      // An object of the test file's own class read whole holds what the test gave it (a
      // dataclass of inputs, a stub); one of a suite module's class is built as that module's
      // classes are when called (traceCallOutsideTheLibrary).
      if (&where == &m) {
        w.out.items.push_back({OriginKind::Data, full, {}, {}});
        w.out.evidence.push_back(fmt::format("`{}` is a class of the test's file (test data)", cls));
        return true;
      }
      w.out.items.push_back({OriginKind::OtherLib, full, {}, {}});
      w.out.evidence.push_back(fmt::format("`{}` is {}, a class of the test suite ({})", cls, full, where.path));
      return true;
    }
    return false;
  };
  for (const Import& imp : m.imports) {
    if (imp.alias == name && imp.name.empty() && !imp.star) {
      // `import trax.tf_numpy.numpy as lnp` used as a value (`getattr(lnp, op)(x)`, `fn(onp, axis)(x)`
      // with `fn` returning `module.vsplit`): the library's module, or another library's (`onp`);
      // `import a.b` binds `a`. Not the suite's own modules.
      const std::string module = imp.module.starts_with(std::string(name) + ".") ? std::string(name) : imp.module;
      if (isLibrary(module)) {
        Origin ref{OriginKind::LibCall, module, {}, {}};
        ref.moduleRef = true;
        w.out.items.push_back(ref);
        return;
      }
      if (project_.moduleFile(module) == nullptr) {
        w.out.items.push_back({OriginKind::OtherLib, module, {}, {}});
        w.out.evidence.push_back(fmt::format("`{}` is the module {} of another library", name, module));
        return;
      }
      continue;
    }
    if (imp.alias != name || imp.name.empty()) continue;
    std::string full = imp.module + "." + std::string(imp.name);
    if (isLibrary(full)) {
      Origin ref{OriginKind::LibCall, full, {}, {}};
      ref.moduleRef = true;
      w.out.items.push_back(ref);
      return;
    }
    if (const FileModel* other = project_.moduleFile(imp.module)) {
      if (StmtId s = moduleLevelAssignment(*other, imp.name); s != kNone) {
        noteSource(w.out, other->stmts[s]);
        traceExpr(w, *other, kNone, s, other->stmts[s].b, depth + 1);
        return;
      }
      // `reference_metric=partial(_average_metric_wrapper, ...)` with the function imported from
      // the suite's helpers: what it returns, as for a function of the test's own file below.
      if (functionValue)
        for (FunctionId h = 0; h < other->functions.size(); ++h) {
          const Function& H = other->functions[h];
          if (H.name != imp.name || H.cls != kNone || H.parent != kNone) continue;
          w.out.throughHelper = true;
          w.out.evidence.push_back(fmt::format("`{}` is the function {} of {} (line {}), handed on to be called", name, H.qualifiedName,
                                               imp.module, H.range.start.line));
          if (traceHelper(w, *other, h, depth + 1)) return;
        }
      if (suiteClass(*other, imp.name, full)) return;
    } else if (functionValue && std::islower(static_cast<unsigned char>(imp.name[0]))) {
      // `reference_metric=partial(sklearn_ami, ...)` after `from sklearn.metrics import
      // adjusted_mutual_info_score as sklearn_ami`: another library's function handed on to be
      // called computes the oracle.
      w.out.items.push_back({OriginKind::OtherLib, full, {}, {}});
      w.out.evidence.push_back(fmt::format("`{}` is {}, another library's function handed on to be called", name, full));
      return;
    }
  }
  // C++: `std::vector<float> out; layer.forward(in, out);` or `Predict(x, &out)`: a variable
  // declared without a value is filled by the calls it is passed to.
  if (m.language == Language::Cpp && traceOutArguments(w, m, fn, at, name, depth)) return;
  if (m.language == Language::Python && traceWithTarget(w, m, fn, at, name, depth)) return;
  // `reference_metric=_reference_ms_ssim`: a function of the test's file handed on as a value
  // (to a helper that calls it) stands for what it returns; only as the compared value itself,
  // or the function a `partial` of it binds (a model function handed to the library's inference
  // deeper in the trace is the library's input, not a value compared).
  std::vector<FunctionId> sameName;
  if (functionValue)
    for (const FunctionId h : functionsNamed(m, name, sameName)) {
      const Function& H = m.functions[h];
      if (H.name != name || H.cls != kNone || h == fn || !origin_names::visibleFrom(m, H, fn)) continue;
      w.out.throughHelper = true;
      w.out.evidence.push_back(
          fmt::format("`{}` is the function {} (line {}), handed on to be called", name, H.qualifiedName, H.range.start.line));
      if (traceHelper(w, m, h, depth + 1)) return;
    }
  // `from escnn.nn import *` then `FieldType(gs, irreps)` as a value: the library's, as an
  // explicit import of it would be.
  if (const std::string starred = starImported(m, fn, name); !starred.empty()) {
    Origin ref{OriginKind::LibCall, starred, {}, {}};
    ref.moduleRef = true;
    w.out.items.push_back(ref);
    return;
  }
  if (suiteClass(m, name, std::string(name))) return;
  // `from test_gluon import *` (MXNet's GPU tests) then `gluon.rnn.LSTM(...)`: a name a star import
  // of a module of the suite brings in is what that module binds it to (its own imports too).
  if (m.language == Language::Python && depth < 20)
    for (const Import& imp : m.imports) {
      if (!imp.star || imp.scope != kNone) continue;
      const FileModel* other = project_.moduleFile(imp.module);
      if (!other || other == &m) continue;
      const bool binds = std::ranges::any_of(other->imports, [&](const Import& i) { return !i.star && i.alias == name; }) ||
                         moduleLevelAssignment(*other, name) != kNone ||
                         std::ranges::any_of(other->classes, [&](const ClassDef& c) { return c.parent == kNone && c.name == name; });
      if (!binds) continue;
      w.out.evidence.push_back(fmt::format("`{}` comes from `from {} import *`", name, imp.module));
      traceName(w, *other, kNone, static_cast<StmtId>(other->stmts.size()), name, depth + 1);
      return;
    }
  w.out.items.push_back({OriginKind::Unknown, {}, {}, fmt::format("`{}` is not bound in the scanned code", name)});
}

bool OriginTracer::tracePropertyOfBuiltObject(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view object,
                                              std::string_view attr, int depth) const {
  if (m.language != Language::Python || fn == kNone) return false;
  const StmtId binding = localBindingStmt(m, fn, at, object);
  if (binding == kNone || m.stmts[binding].kind != StmtKind::Assign || m.stmts[binding].b == kNone) return false;
  const ExprId made = m.stmts[binding].b;
  if (m.expr(made).kind != ExprKind::Call) return false;
  const std::string dotted = dottedName(m, splitCall(m, made).callee);
  if (dotted.empty()) return false;
  bool viaImport = false;
  const std::string resolved = resolveDotted(m, fn, dotted, &viaImport);
  const std::string_view className = lastDottedComponent(resolved);
  const FileModel* file = &m;
  if (viaImport && resolved.find('.') != std::string::npos)
    file = project_.moduleFile(std::string_view(resolved).substr(0, resolved.rfind('.')));
  if (!file) return false;
  for (ClassId c = 0; c < file->classes.size(); ++c) {
    if (file->classes[c].parent != kNone || file->classes[c].name != className) continue;
    for (FunctionId f = 0; f < file->functions.size(); ++f) {
      const Function& F = file->functions[f];
      if (F.cls != c || F.name != attr) continue;
      const bool property = std::any_of(F.decorators.begin(), F.decorators.end(), [&](ExprId d) {
        const std::string_view last = lastDottedComponent(file->expr(d).text);
        return last == "property" || last == "lazy_property" || last == "cached_property";
      });
      if (!property) return false;
      // Only a property that hands back another library's object (`return nbinom(n=..., p=...)`,
      // a SciPy twin of the distribution); one computing with the library's own values
      // (`weight_mu + weight_sigma * eps`) is the library's, a view of the object.
      bool handsBack = false;
      for (StmtId s = F.firstStmt; s < F.endStmt; ++s) {
        const Stmt& st = file->stmts[s];
        if (st.function != f || st.kind != StmtKind::Return) continue;
        if (st.a == kNone || file->expr(st.a).kind != ExprKind::Call) return false;
        bool imported = false;
        const std::string written = dottedName(*file, splitCall(*file, st.a).callee);
        const std::string callee = resolveDotted(*file, f, written, &imported);
        // `jnp.broadcast_to(self._high, shape)`: the object's own value, moved; a view of it.
        if (!imported || isLibrary(callee) || origin_names::movesData(lastDottedComponent(written))) return false;
        handsBack = true;
      }
      if (!handsBack) return false;
      w.out.evidence.push_back(fmt::format("`{}.{}` is a property of {} ({}:{})", object, attr, className, file->path, F.range.start.line));
      return traceHelper(w, *file, f, depth + 1);
    }
    return false;
  }
  return false;
}

std::string OriginTracer::starImported(const FileModel& m, FunctionId fn, std::string_view dotted) const {
  if (m.language != Language::Python) return {};
  const std::string_view head = dotted.substr(0, dotted.find('.'));
  const Import* star = nullptr;
  for (const Import& imp : m.imports)
    if (imp.star && imp.scope == kNone && isLibrary(imp.module) && !star) star = &imp;
  // Python's own constructors and functions (`list(...)`, `range(15)`) are no name a star import
  // brings in, unless the file rebinds them.
  static constexpr std::string_view kBuiltins[] = {"list",  "range",   "tuple",  "dict",   "set",   "frozenset", "int",
                                                   "float", "complex", "bool",   "iter",   "next",  "type",      "hasattr",
                                                   "print", "slice",   "filter", "object", "super", "callable",  "id"};
  const bool builtin = std::ranges::find(kBuiltins, head) != std::end(kBuiltins);
  if (!star || head.empty() || builtin || origin_names::isPythonBuiltin(head) || definedAtModuleLevel(m, head) ||
      moduleLevelAssignment(m, head) != kNone)
    return {};
  for (FunctionId f = fn; f != kNone; f = m.functions[f].parent) {
    for (const Param& p : m.functions[f].params)
      if (p.name == head) return {};
    std::vector<StmtId> scratch;
    if (!statementsBinding(m, f, head, scratch).empty()) return {};
  }
  for (const Import& imp : m.imports)
    if (!imp.star && imp.alias == head) return {};
  return star->module + "." + std::string(dotted);
}

}  // namespace oalens::analyzer
