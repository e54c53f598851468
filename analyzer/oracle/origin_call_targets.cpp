// Tracing a call the library under test does not make (origin_calls.cpp tries those first): a
// helper or class of the suite, a method of a value, another library's function, data moved.
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <utility>

#include "analyzer/model/name_index.h"
#include "analyzer/oracle/callee_lookups.h"
#include "analyzer/oracle/layout_conversion.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

using origin_names::convertedValue;
using origin_names::elementwiseOrReduction;
using origin_names::isPythonBuiltin;
using origin_names::movesData;
using origin_names::visibleFrom;

void OriginTracer::traceCallOutsideTheLibrary(CallSite& c) const {
  auto& [w, m, fn, at, e, depth, element, calledWith, key, args, dotted, viaImport, resolved, last, argKey, argumentItems] = c;
  const Expr& callee = m.expr(args.callee);
  auto traceArgs = [&](bool intoSuiteHelper = false) { traceArguments(c, intoSuiteHelper); };
  auto traceInputs = [&](bool intoSuiteHelper = false) { traceInputsOf(c, intoSuiteHelper); };
  // After a helper's returns (traced from item `before` on): its arguments are its inputs, unless a
  // field of a record it returned was read (`data.x` of `return Data(x, enc, dec)`): then only the
  // arguments that field's value reads. (c's members: clang 14 captures no structured binding.)
  const auto afterReturns = [&c, this](const FileModel& hm, FunctionId helper, size_t before, bool asInputs) {
    if (c.key.starts_with('.') && c.w.fieldSelected) {
      traceArgumentsReadBy(c, hm, helper, before);
      return;
    }
    c.argumentItems.clear();
    if (asInputs) traceInputsOf(c, true);
    else traceArguments(c, true);
    // `get_model_outputs(head, "predict", inputs)`, whose body runs `getattr(model, func_name)`:
    // another library's object handed in for a parameter the helper runs computes the value.
    if (hm.language != Language::Python) return;
    const std::vector<std::string_view> run = parametersRunBy(hm, helper);
    if (run.empty()) return;
    for (const std::string_view param : run) {
      const ExprId argument = argumentForParameter(hm.functions[helper], c.args, param);
      for (const CallSite::ArgumentItems& traced : c.argumentItems)
        for (size_t k = traced.from; traced.argument == argument && k < traced.to && k < c.w.out.items.size(); ++k)
          if (c.w.out.items[k].kind == OriginKind::OtherLib) c.w.out.items[k].calledAfter = true;
    }
  };
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
    std::vector<FunctionId> scratch;
    for (const FunctionId f : functionsNamed(m, callee.name, scratch)) {
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
        // `@tf.function`, `@jax.jit`: another library compiles the helper and runs it.
        if (const std::string_view compiler = lastDottedComponent(wraps);
            decoratorViaImport && !isLibrary(wraps) && (compiler == "function" || compiler == "jit" || compiler == "script"))
          w.out.helpersCompiledElsewhere.insert(std::string(F.name));
        if (wraps.empty() || !isLibrary(wraps)) continue;
        w.out.items.push_back({OriginKind::LibCall, wraps, argKey, {}});
        w.out.evidence.push_back(fmt::format("`{}` runs through {}, which decorates it", callee.name, wraps));
        traceArgs();
        return;
      }
      w.out.throughHelper = true;
      w.out.helpersRun.insert(std::string(F.name));
      w.out.evidence.push_back(fmt::format("`{}` returns from helper {} (line {})", callee.name, F.qualifiedName, F.range.start.line));
      const size_t outer = w.lambdaArguments.size(), outerHelper = w.helperArguments.size();
      bindFunctionArguments(w, m, fn, at, F, args);
      for (size_t i = 0; m.language == Language::Python && i < args.positional.size() && i < F.params.size(); ++i) {
        if (F.params[i].varArgs || F.params[i].kwArgs || F.params[i].keywordOnly) break;
        w.helperArguments.push_back({f, std::string(F.params[i].name), argumentsKey(w, m, fn, at, {args.positional[i]})});
      }
      w.selectKey = key;  // _get_problem(name)['minimum']: the entry of the dict it returns
      const size_t itemsBefore = w.out.items.size();
      const bool returned = traceHelper(w, m, f, depth + 1);
      w.selectKey.clear();
      w.lambdaArguments.resize(outer);
      w.helperArguments.resize(outerHelper);
      if (returned) {
        afterReturns(m, f, itemsBefore, true);
        return;
      }
    }
  }
  if (callee.kind == ExprKind::Attribute && dotted.rfind("self.", 0) == 0 && dotted.find('.', 5) == std::string::npos) {
    // self.true_std(t) with `def _true_std(t): ...` stored by setUp as self.true_std: the test's
    // own function, its returns traced as a helper's.
    if (!definesMethod(m, callee.name) && m.language == Language::Python)
      if (const FunctionId stored = storedLocalFunction(m, fn, callee.name); stored != kNone) {
        w.out.throughHelper = true;
        w.out.evidence.push_back(fmt::format("`{}` runs {}, a function the test class stores (line {})", dotted,
                                             m.functions[stored].qualifiedName, m.functions[stored].range.start.line));
        if (traceHelper(w, m, stored, depth + 1)) {
          traceInputs(true);
          return;
        }
      }
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
  // self.method(x), or a method picked by its spelled-out name (`getattr(self, "{}_gt".format(name))`):
  // what the test class's method returns. `shown` is how the call names it; false when no method
  // of that name returned a value.
  const auto traceOwnMethod = [&](std::string_view method, std::string_view shown, bool unqualified) {
    const ClassId ownClass = enclosingClass(m, fn);
    for (FunctionId f = 0; f < m.functions.size(); ++f) {
      const Function& F = m.functions[f];
      if (F.name != method || F.cls == kNone) continue;
      if (ownClass != kNone && F.cls != ownClass) continue;
      w.out.throughHelper = true;
      w.out.evidence.push_back(fmt::format("`{}` returns from method {}", shown, F.qualifiedName));
      w.selectKey = key;
      const size_t itemsBefore = w.out.items.size();
      if (traceHelper(w, m, f, depth + 1)) {
        afterReturns(m, f, itemsBefore, false);
        return true;
      }
    }
    // A method the test class inherits from a base class of the suite, in this module or another.
    if (ownClass != kNone && unqualified) {
      if (const auto [file, inherited] = inheritedMethod(m, ownClass, method, 0); file) {
        w.out.throughHelper = true;
        w.out.evidence.push_back(
            fmt::format("`{}` returns from method {} inherited from {}", shown, file->functions[inherited].qualifiedName, file->path));
        w.selectKey = key;
        const size_t itemsBefore = w.out.items.size();
        if (traceHelper(w, *file, inherited, depth + 1)) {
          afterReturns(*file, inherited, itemsBefore, false);
          return true;
        }
      }
    }
    return false;
  };
  if (callee.kind == ExprKind::Attribute && (dotted.rfind("self.", 0) == 0) &&
      traceOwnMethod(callee.name, dotted, dotted.find('.', 5) == std::string::npos))
    return;
  if (const std::string picked =
          callee.kind == ExprKind::Name || callee.kind == ExprKind::Call ? methodPickedByName(m, fn, at, args.callee) : std::string{};
      !picked.empty() && traceOwnMethod(picked, fmt::format("{} (self.{})", m.expr(args.callee).text.substr(0, 60), picked), true))
    return;
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
        w.selectKey = key;
        const size_t itemsBefore = w.out.items.size();
        if (traceHelper(w, *other, f, depth + 1)) {
          afterReturns(*other, f, itemsBefore, false);
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
      // Its parameters (after self) stand for what it is called with, as a helper's do: a call
      // inside on `x` runs on the caller's `x1`.
      const size_t outerHelper = w.helperArguments.size();
      const Function& R = m.functions[run];
      for (size_t i = 0, p = !R.params.empty() && R.params[0].name == "self" ? 1 : 0; i < calledWith->size() && p < R.params.size();
           ++i, ++p) {
        if (R.params[p].varArgs || R.params[p].kwArgs || R.params[p].keywordOnly) break;
        w.helperArguments.push_back({run, std::string(R.params[p].name), argumentsKey(w, m, fn, at, {(*calledWith)[i]})});
      }
      traceHelper(w, m, run, depth + 1);
      w.helperArguments.resize(outerHelper);
      traceInputs(true);
      for (ExprId a : *calledWith) traceExpr(w, m, fn, at, a, depth + 1);
      return;
    }
  // A class of this file that only holds fields (a dataclass or a NamedTuple of test data,
  // `JammedTestState(position=onp.load(f), ...)`): what it is built from is its value.
  if (callee.kind == ExprKind::Name && !viaImport && m.language == Language::Python)
    for (ClassId c = 0; c < m.classes.size(); ++c) {
      // A module's class, or one a function defines in its body (a `@tensorclass` or dataclass
      // of a test method's own), whatever class holds that method.
      if ((m.classes[c].parent != kNone && m.classes[c].enclosingFunction == kNone) || m.classes[c].name != callee.name) continue;
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
    // A field read off what the call builds (`_Inputs().expected`): a class of the suite's hands
    // it on (traceName's suite classes).
    if (key.starts_with('.')) w.selectKey = key;
    const bool outerSelected = std::exchange(w.fieldSelected, false);
    traceName(w, m, fn, at, callee.name, depth + 1);
    w.selectKey.clear();
    w.selectElement = -1;
    w.pendingArguments = nullptr;
    if (key.starts_with('.') && w.fieldSelected) return;  // the field the class stores, traced
    w.fieldSelected = outerSelected;
    callLibraryValues(w.out, before);
    // fn(x) in a helper handed the library's function as fn (bindFunctionArguments): its call.
    const bool boundFunction = std::any_of(w.lambdaArguments.begin(), w.lambdaArguments.end(),
                                           [&](const Walk::LambdaArgument& b) { return b.name == callee.name; });
    for (size_t i = before; boundFunction && i < w.out.items.size(); ++i)
      if (Origin& o = w.out.items[i]; o.kind == OriginKind::LibCall && o.moduleRef) {
        o.moduleRef = false;
        o.args = argKey;
      }
    for (size_t i = before; i < w.out.items.size(); ++i)
      if (w.out.items[i].kind == OriginKind::OtherLib) w.out.items[i].calledAfter = true;
    bool callsLibrary = false;
    for (size_t i = before; i < w.out.items.size(); ++i) callsLibrary |= computes(w.out.items[i]);
    // `x = random_tensor(...)` of the library's testing module, then `x(i, j, k)`: an object the
    // library (or its testing module) drew at random, called, runs the library (as its methods do).
    for (size_t i = before; i < w.out.items.size() && !callsLibrary; ++i)
      if (const Origin& o = w.out.items[i];
          o.kind == OriginKind::Data && origin_names::isRandom(o.api) && (isLibrary(o.api) || isLibrary(o.api.substr(0, o.api.find('.')))))
        callsLibrary = true;
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
    // repr(g) in a helper handed `repr`, whose attributes it also reads (`repr.group`,
    // `repr.character(g)`): an object of the library, called (its `__call__`), not a function
    // handed in to be compared against.
    bool handedIn = before < w.out.items.size() && !args.positional.empty() && m.language == Language::Python;
    for (size_t i = before; handedIn && i < w.out.items.size(); ++i)
      handedIn = w.out.items[i].kind == OriginKind::Data && w.out.items[i].parameter && w.out.items[i].api == callee.name;
    if (handedIn && attributeReadOf(m, fn, callee.name)) {
      w.out.items.push_back({OriginKind::LibCall, fmt::format("{}()", callee.name), argKey, {}});
      w.out.evidence.push_back(
          fmt::format("`{}` is an object the test is handed, whose attributes it reads: calling it runs the library", callee.name));
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
  // TestTransforms._img_provider(): a static or class method of a class of this file, called
  // through the class's name: what it returns or yields, as a helper's.
  if (callee.kind == ExprKind::Attribute && !viaImport && m.language == Language::Python && callee.childCount > 0 &&
      m.expr(m.child(args.callee, 0)).kind == ExprKind::Name)
    for (ClassId cls = 0; cls < m.classes.size(); ++cls) {
      if (m.classes[cls].name != m.expr(m.child(args.callee, 0)).name || m.classes[cls].enclosingFunction != kNone) continue;
      const FunctionId method = classMethod(m, cls, callee.name);
      if (method == kNone) break;
      w.out.throughHelper = true;
      w.out.evidence.push_back(fmt::format("`{}` returns from method {}", dotted, m.functions[method].qualifiedName));
      w.selectKey = key;
      const size_t itemsBefore = w.out.items.size();
      if (traceHelper(w, m, method, depth + 1)) {
        afterReturns(m, method, itemsBefore, true);
        return;
      }
      break;
    }
  if (callee.kind == ExprKind::Attribute && !viaImport) {
    // A method on a value: classify by the receiver. The entry goes first, so the outermost
    // call of a side is its first item.
    size_t self = w.out.items.size();
    w.out.items.push_back({OriginKind::OtherLib, fmt::format(".{}", methodApplied(m, args, last)), argKey, {}});
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
    if (ofAnotherClass && w.out.items[self].kind == OriginKind::OtherLib) {
      traceInputs();
    } else if (methodApplied(m, args, last) != last) {
      // `model.apply(variables, x, method=model.encode)`: the variables one output of
      // `init_with_output` gave are an input of this run, not the part of a result it is.
      std::set<std::string> selectors = w.out.selectors;
      traceArgs();
      w.out.selectors = std::move(selectors);
    } else {
      traceArgs();
    }
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
    // `tf.convert_to_tensor(value=v, dtype=...)`: the data handed by keyword.
    if (args.positional.empty())
      for (const auto& [name, value] : args.keywords)
        if (name == "value" || name == "values" || name == "x" || name == "input" || name == "data" || name == "tensor" ||
            name == "array" || name == "a" || name == "obj")
          traceExpr(w, m, fn, at, value, depth + 1);
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
      // `ref = functools.partial(matmul, mm_ref)` with `def matmul(impl_fn, x, y)` nested in the
      // test (JAX's Pallas tests): that function, its first parameters bound to what `partial` gives.
      if (const ExprId bound = args.positional[0]; m.language == Language::Python && m.expr(bound).kind == ExprKind::Name) {
        std::vector<FunctionId> sameName;
        for (const FunctionId h : functionsNamed(m, m.expr(bound).name, sameName)) {
          const Function& H = m.functions[h];
          if (H.name != m.expr(bound).name || H.cls != kNone || h == fn || !visibleFrom(m, H, fn)) continue;
          CallArgs given = args;
          given.positional.erase(given.positional.begin());
          w.out.throughHelper = true;
          w.out.evidence.push_back(fmt::format("`{}` is the function {} (line {})", H.name, H.qualifiedName, H.range.start.line));
          const size_t outer = w.lambdaArguments.size();
          bindFunctionArguments(w, m, fn, at, H, given);
          const bool returned = traceHelper(w, m, h, depth + 1);
          w.lambdaArguments.resize(outer);
          if (returned) return;
        }
      }
      traceExpr(w, m, fn, at, args.positional[0], depth + 1);
      return;
    }
    // `itertools.product(imgs, params)`, `itertools.chain(a, b)`: the values of its arguments,
    // combined or joined as they are; the test's loop reads them one by one.
    static const RE2 combining(R"(itertools\.(product|chain|zip_longest|permutations|combinations|repeat|islice|cycle))");
    if (RE2::FullMatch(re2::StringPiece(resolved.data(), resolved.size()), combining)) {
      w.out.evidence.push_back(fmt::format("`{}` only combines its arguments' values", m.expr(e).text.substr(0, 60)));
      for (ExprId a : args.positional) traceExpr(w, m, fn, at, a, depth + 1);
      return;
    }
    // Another library reading stored values (`np.load(tmp_path / "ref.npy")`, `json.load(f)`,
    // `torch.load(path)`, a reference image `Image.open(path)`, `safetensors.torch.load_file(path)`,
    // a file fetched from a model hub `hf_hub_download(repo_id, filename)`): data of the test's,
    // whatever the path's arithmetic.
    static const RE2 reading(
        R"(load|loads|loadtxt|genfromtxt|fromfile|loadmat|load_npz|load_file|safe_open|read_csv|read_json|read_pickle|open|imread|read_image|decode_image|hf_hub_download|snapshot_download|cached_download|download_url_to_file|load_state_dict_from_url|urlretrieve)");
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
        // Arithmetic only in the making of a named input (x = np.linspace(-1 + eps, 1 - eps, 11),
        // which the CUT is handed too) prepares data; written in the call's own arguments it
        // spells a function out.
        bool namedInputsOnly = true;
        for (ExprId a : args.positional) {
          const ExprKind k = m.expr(a).kind;
          namedInputsOnly &= k == ExprKind::Name || k == ExprKind::Attribute || k == ExprKind::Number;
        }
        w.out.items[self].argsArithmetic = w.out.arithmetic != arithmeticBefore && !namedInputsOnly;
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
    // Arithmetic written only in the arguments of another library's algorithm
    // (`np.fft.irfftn(re + 1j * im)`, `torch.linalg.solve(a + eye, b)`) prepares that
    // algorithm's inputs: the other library computes the oracle. Inside an elementwise operation
    // or a reduction (`np.exp(a - b)`, `np.sum(x * w)`), the author's formula is the computation.
    if (w.out.arithmetic != arithmeticBefore && !elementwiseOrReduction(last)) {
      w.out.items[self].argsArithmetic = true;
      w.out.arithmetic = arithmeticBefore;
      w.out.arithmeticAt = arithmeticAtBefore;
      w.out.evidence.push_back(
          fmt::format("`{}` is {} (another library) on inputs the test prepares with arithmetic", m.expr(e).text.substr(0, 80), resolved));
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
