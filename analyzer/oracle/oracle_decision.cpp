// The decision table of the oracle types (oracle_decision.h), kept in one function, `decide`, so
// that its precedence reads top to bottom; the predicates its rows ask are in
// decision_predicates.cpp.
#include "analyzer/oracle/oracle_decision.h"

#include "analyzer/oracle/built_objects.h"
#include "analyzer/oracle/decision_predicates.h"
#include "analyzer/oracle/other_library_run.h"
#include "analyzer/oracle/same_model.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <iterator>

#include "analyzer/oracle/origin_walk.h"
#include "analyzer/oracle/round_trip.h"

namespace oalens::analyzer::oracle_decision {

// The decision table of the oracle types (docs/oracles.md), in its order of precedence: the
// first row that holds decides. Kept in one function so that the precedence reads top to bottom.
Decision decide(const OriginSet& cut, const OriginSet& sharedOracle, Language language) {
  // The oracle as it computes on its own: arithmetic and loops that only prepare inputs the CUT
  // shares are left out of its flags; an object's parameters it reads into its own formula
  // (`kernel.alpha`, when the CUT does not read alpha as its result) are data, not the object's
  // computation.
  OriginSet oracle = sharedOracle;
  for (Origin& o : oracle.items) {
    const std::string_view last = lastDottedComponent(o.api);
    const bool instance = !last.empty() && std::isupper(static_cast<unsigned char>(last[0]));  // kernel = RQKernel(...)
    if (!o.parameterOf.empty() && !cut.attributes.count(o.parameterOf) && o.kind == OriginKind::LibCall && instance)
      o.kind = OriginKind::Data;
  }
  // The same operators and the same other libraries' calls on both sides, each in a function of
  // its own (`jnp.sum(f(x) ** 2)` in two loss helpers, one of the CUT and one of a reference): a
  // harness both sides are reduced by, not a formula of the oracle's.
  const bool mirrored = !oracle.operators.empty() && oracle.operators == cut.operators && !oracle.arithmeticAt.count("") &&
                        !oracle.apis(OriginKind::OtherLib).empty() && oracle.apis(OriginKind::OtherLib) == cut.apis(OriginKind::OtherLib) &&
                        oracle.throughHelper && cut.throughHelper;
  oracle.arithmetic = oracle.arithmetic && ownOf(oracle.arithmeticAt, cut.arithmeticAt) && !mirrored;
  oracle.loop = oracle.loop && ownOf(oracle.loopAt, cut.loopAt);
  const bool oracleLib = computesWithLibrary(oracle);
  Core o = coreOf(oracle), a = coreOf(cut);
  // Another library's model run on what the library under test makes for the CUT too (Lingvo's
  // layer given the variables the Praxis layer initialised, regrouped in the library's containers):
  // differential testing.
  if (const std::string model = anotherLibrarysObjectRun(oracle);
      oracleLib && !model.empty() && !oracle.arithmetic && !oracle.loop && computesOnlyWhatTheCutMakes(cut, withBuildsAsData(oracle)))
    return {"DT", fmt::format("another library's {} runs on what the library under test makes for the CUT too", model)};
  // The test's own function run directly against what the library made of it (`tf_func(x)`
  // against `tf2jax.convert_functional(tf_func, x)(x)`, `tf_func` written with TensorFlow's ops):
  // where the function calls only another library, that library computes the reference.
  for (const Origin& x : cut.items) {
    if (x.kind != OriginKind::LibCall) continue;
    const std::vector<std::string> handed = topLevelArguments(x.args);
    if (handed.empty() || !oracle.helpersRun.count(handed[0]) || cut.helpersRun.count(handed[0])) continue;
    if (!oracleLib && !oracle.has(OriginKind::LibCall) &&
        (oracle.has(OriginKind::OtherLib) || oracle.helpersCompiledElsewhere.count(handed[0])))
      return {"DT", fmt::format("another library runs {}, the test's function {} is handed", handed[0], x.api)};
    break;
  }
  // A numerical derivative is the function it evaluates, at perturbed inputs: the CUT's own
  // function (one the CUT differentiates, or the same library calls) makes a
  // metamorphic relation, another library's function a differential test; what else it
  // evaluates is decided as any other value.
  if (!oracle.differenceQuotientOf.empty()) {
    const std::string& f = oracle.differenceQuotientOf;
    // The quotient's function named, or reached through a local the function was transformed
    // into (`val = jax.jit(jax.value_and_grad(loss))`, the CUT `jax.grad(loss)`).
    const bool cutsFunction =
        cut.applied.count(std::string(lastDottedComponent(f))) > 0 ||
        std::any_of(oracle.applied.begin(), oracle.applied.end(), [&](const std::string& g) { return cut.applied.count(g) > 0; });
    if (cutsFunction || (oracleLib && !o.full.empty() && std::includes(a.full.begin(), a.full.end(), o.full.begin(), o.full.end())))
      return {"SCUT_DIFF", fmt::format("the oracle is a difference quotient of {}, the CUT's function, on perturbed inputs", f)};
    if (!oracleLib && oracle.has(OriginKind::OtherLib))
      return {"DT", fmt::format("the oracle is a difference quotient of {}, computed by another library", f)};
  }
  // The catalogue's order kept with the quotient first (`assert_allclose(fin_dif, imp_dif)`):
  // the same relation, read from the other side.
  if (const std::string& f = cut.differenceQuotientOf;
      !f.empty() && oracle.differenceQuotientOf.empty() &&
      std::any_of(cut.applied.begin(), cut.applied.end(), [&](const std::string& g) { return oracle.applied.count(g) > 0; }))
    return {"SCUT_DIFF",
            fmt::format("one side is a difference quotient of {}, the function the other differentiates, on perturbed inputs", f)};
  // eqx.filter_hessian(f)(x) against jax.hessian(f)(x): another package's transform computes
  // the same derivative of the same function, or of the test's own rewrite of it (`objax.Grad(loss,
  // vars)` against `jax.grad(jloss)`, both functions the test defines).
  if (!oracle.transforms.empty() && computesWithLibrary(cut)) {
    static const RE2 derivative(R"((?:filter_)?(grad|value_and_grad|jacfwd|jacrev|jacobian|hessian|jvp|vjp|linearize)(?:ient)?)");
    const auto kindOf = [](const std::string& t) {
      std::string kind, last(lastDottedComponent(t));
      // A class of the library that differentiates (Objax's `objax.Grad(loss, vars)`) names its kind too.
      std::transform(last.begin(), last.end(), last.begin(), [](unsigned char c) { return std::tolower(c); });
      return RE2::FullMatch(last, derivative, &kind) ? kind : std::string{};
    };
    // A plain name: a function the test defines (`jloss`), not a library's (`bij.forward`).
    const auto testFunction = [](std::string_view f) {
      return !f.empty() && f.find('.') == std::string_view::npos && (std::isalpha(static_cast<unsigned char>(f[0])) || f[0] == '_');
    };
    const bool oracleDifferentiatesTestFunction = std::any_of(oracle.applied.begin(), oracle.applied.end(), testFunction);
    const auto package = [](const std::string& t) { return t.substr(0, t.find('.')); };
    // The CUT's transform: one it applies, or the library's own it calls (`filter_hessian`).
    // Of the same function: the oracle's transform applies a function the CUT's applies too, or
    // hands its own transform first (`filter_hessian(f)`).
    std::set<std::string> cutTransforms;
    if (std::any_of(oracle.applied.begin(), oracle.applied.end(), [&](const std::string& f) { return cut.applied.count(f) > 0; }))
      cutTransforms = cut.transforms;
    for (const Origin& x : cut.items) {
      const std::vector<std::string> handed = topLevelArguments(x.args);
      if (x.kind == OriginKind::LibCall && !x.api.empty() && x.api[0] != '.' && !handed.empty() &&
          (oracle.applied.count(handed[0]) || (oracleDifferentiatesTestFunction && testFunction(handed[0]) && !kindOf(x.api).empty())))
        cutTransforms.insert(x.api);
    }
    for (const std::string& o : oracle.transforms)
      for (const std::string& c : cutTransforms)
        if (package(o) != package(c) && !kindOf(o).empty() && kindOf(o) == kindOf(c))
          return {"DT", fmt::format("{} of another package computes the same derivative as {}", o, c)};
    // jnp.log(jax.grad(bijector.forward)(x)) against bijector.forward_log_det_jacobian(x): the
    // derivative of another function of the library, worked on by arithmetic or another
    // library's function: the author derives the CUT's quantity from its definition.
    const auto differentiates = std::find_if(oracle.transforms.begin(), oracle.transforms.end(), [&](const std::string& t) {
      // A derivative alone: `value_and_grad`, `jvp` and `vjp` also give the function's value.
      const std::string kind = kindOf(t);
      return kind == "grad" || kind == "jacfwd" || kind == "jacrev" || kind == "jacobian" || kind == "hessian";
    });
    const bool workedOn = oracle.arithmetic || std::any_of(oracle.items.begin(), oracle.items.end(), [&](const Origin& x) {
                            return x.kind == OriginKind::OtherLib && !oracle.transforms.count(x.api);
                          });
    const bool sameFunction =
        std::any_of(oracle.applied.begin(), oracle.applied.end(), [&](const std::string& f) { return cut.applied.count(f) > 0; });
    if (differentiates != oracle.transforms.end() && workedOn && cutTransforms.empty() && !sameFunction && cut.transforms.empty() &&
        cut.differenceQuotientOf.empty())
      return {"NI", fmt::format("the author derives it from {} of another function of the library", *differentiates)};
  }
  // Both sides call one callable the test is handed (`unroll_fn`, parametrized over the library's
  // unrolls): whatever it is, it is the code under test, run on the same positional inputs (one
  // side passing an option more by keyword, another mode of it) or on others.
  if (const Origin* c = handedCallableCall(cut), *r = handedCallableCall(oracle); c && r && c->api == r->api)
    return c->args == r->args
               ? Decision{"SCUT_SAME", fmt::format("both sides call {}, a callable the test is handed, on the same inputs", c->api)}
               : Decision{"SCUT_DIFF", fmt::format("both sides call {}, a callable the test is handed, on different inputs", c->api)};
  // A data movement is transparent (it hands its operand's origin on), unless it is the very
  // function under test: np.transpose(x) against the library's transpose is another library
  // computing the same function.
  if (!oracleLib)
    for (const std::string& move : oracle.moves)
      if (a.last.count(move)) return {"DT", fmt::format("another library computes the same function ({})", move)};
  // A reference implementation the suite writes as a class of its own (an LSTM in a support
  // module), run by the oracle and not by the CUT: the author's algorithm.
  for (const std::string& c : oracle.suiteClasses)
    if (!cut.suiteClasses.count(c))
      return {"NI", fmt::format("the oracle runs {}, an implementation the test suite writes", lastDottedComponent(c))};
  // mlp(x) against noinline(mlp)(x), filter_jit(f)(x) against f(x): one side runs the other's
  // callable object through a library wrapper, on the same arguments: the same code run another way.
  // Not where the oracle runs as another library's functions made it (`tf.function(jax2tf.convert(f))`
  // against the library's conversion of it back): that library computes the reference. A model of
  // another library's classes (`torch.nn.Sequential(...)`) against what the library made of it
  // stays the same model run two ways.
  const auto anotherLibraryRuns = [](const OriginSet& s) {
    bool made = false;
    for (const Origin& x : s.items) {
      if (x.kind == OriginKind::LibCall) return false;
      if (x.kind != OriginKind::OtherLib) continue;
      const std::string_view last = lastDottedComponent(x.api);
      if (last.empty() || std::isupper(static_cast<unsigned char>(last[0]))) return false;
      made = true;
    }
    return made;
  };
  if (!oracle.arithmetic && !cut.arithmetic)
    for (const auto& [plain, wrapped] : {std::pair<const OriginSet*, const OriginSet*>{&cut, &oracle}, {&oracle, &cut}})
      if (const std::string wrapper = wrapperOfTheSameCall(*plain, *wrapped); !wrapper.empty())
        return plain == &oracle && anotherLibraryRuns(oracle)
                   ? Decision{"DT", fmt::format("another library runs the function {} converts", wrapper)}
                   : Decision{"SCUT_SAME", fmt::format("one side runs the other's function through {}, on the same inputs", wrapper)};
  if (!oracle.arithmetic && !cut.arithmetic)
    for (const auto& [plain, wrapped] : {std::pair<const OriginSet*, const OriginSet*>{&cut, &oracle}, {&oracle, &cut}})
      if (const std::string transform = transformOfTheSameObject(*plain, *wrapped); !transform.empty())
        return plain == &oracle && anotherLibraryRuns(oracle)
                   ? Decision{"DT", fmt::format("another library runs the model {} converts", transform)}
                   : Decision{"SCUT_SAME", fmt::format("one side runs what {} made of the other's model, on the same inputs", transform)};
  // The same model method applied last on both sides: predict before and after a save/load
  // round trip or a pickle, a model built twice from one config.
  if (!o.primary.empty() && o.primary == a.primary && o.primary[0] == '.' && (computesWithLibrary(cut) || isModelMethod(o.primary))) {
    // tfp_bij.forward(x) against BijectorFromTFP(tfp_bij).forward(x): the oracle's object is
    // another library's, built without the library under test, which computes it.
    const auto primaryItem = [](const OriginSet& s, const std::string& api) {
      return std::find_if(s.items.begin(), s.items.end(), [&](const Origin& x) { return x.api == api; });
    };
    if (!oracleLib && computesWithLibrary(cut) && primaryItem(oracle, o.primary)->kind == OriginKind::OtherLib &&
        primaryItem(cut, a.primary)->kind == OriginKind::LibCall)
      return {"DT", fmt::format("the oracle runs {} of an object another library builds", o.primary)};
    if (differentParts(cut, oracle))
      return {"RI", fmt::format("the oracle is another output of {} ({} against {}), computed by a different function", o.primary,
                                *oracle.selectors.begin(), *cut.selectors.begin())};
    // Instances of two classes of the library (a VGP's predict_f against an SVGP's): different
    // models, each built for its side; not a class and its compiled variant (`JitTraceEnum_ELBO`
    // of `TraceEnum_ELBO`).
    const std::string oracleClass = classRunning(oracle, o.primary), cutClass = classRunning(cut, a.primary);
    const std::string_view oracleName = lastDottedComponent(oracleClass), cutName = lastDottedComponent(cutClass);
    if (!oracleName.empty() && !cutName.empty() && oracleName != cutName && !compiledVariant(oracleName, cutName))
      return {"RI", fmt::format("the oracle runs {} of a {}, the CUT of a {}: different models", o.primary, oracleName, cutName)};
    // Two objects built apart of different parts (a Dense model and a Conv2D one, each
    // `model = Sequential()` filled by `model.add(...)`): the same method of different models,
    // unless one was made from the other.
    const std::string oracleObject = receiverOf(oracle, o.primary), cutObject = receiverOf(cut, a.primary);
    if (!oracleObject.empty() && !cutObject.empty() && oracleObject != cutObject && o.full != a.full && !remadeFromAnother(oracle) &&
        !remadeFromAnother(cut))
      return {"RI", fmt::format("the oracle runs {} of another object (bound at {}), built apart from the CUT's", o.primary,
                                oracleObject.substr(oracleObject.find(':') + 1))};
    // A method given no arguments (kernel(x[0]).evaluate_kernel()) runs on what made its object.
    // Arithmetic on one side only (`post.variance + noise` against the posterior given the noise)
    // transforms that side's output: a relation between two runs, not the same run twice.
    const bool sameArithmetic = oracle.operators == cut.operators && oracle.arithmeticAt.count("") == cut.arithmeticAt.count("");
    if (o.primaryInputs == a.primaryInputs && (!o.primaryInputs.empty() || o.inputs == a.inputs) && sameArithmetic)
      return {"SCUT_SAME", fmt::format("both sides run {} of the same model on the same inputs", o.primary)};
    if (authorsLoopAround(cut, oracle))
      return {"NI", fmt::format("the author's loop recomputes what {} computes, with arithmetic of its own", o.primary)};
    return {"SCUT_DIFF", fmt::format("both sides run {} of the same model on different inputs", o.primary)};
  }
  if (oracleLib && oracle.throughHelper && (oracle.arithmetic || oracle.loop) && oracle.has(OriginKind::OtherLib))
    return {"NI", "a test helper re-implements it by hand from the library's outputs"};
  // A formula the author writes out of the library's primitives ((x - m) / sqrt(v + eps) * g + b
  // for a batch norm): three operators or more combine two primitives or more, where another
  // function of the library would be one call, maybe rescaled (ops.sum(x) / x.size, an identity
  // such as 0.5 * (tanh(x / 2) + 1) for a sigmoid).
  // A graph of nothing but the author's arithmetic on symbolic inputs, against a named function
  // of the library, is such a formula too, and so is arithmetic over two primitives or more of
  // which the CUT uses none (inv(sqrt(var + eps)) against a batch norm's own inverse std).
  if (const Core oc = coreOf(oracle), ac = coreOf(cut);
      oracleLib &&
      ((oracle.operators.size() >= 3 && (oc.full.size() >= 2 || (oc.full.empty() && !ac.full.empty()))) ||
       (oracle.arithmetic && !oracle.operators.empty() && oc.full.size() >= 2 &&
        std::none_of(oc.full.begin(), oc.full.end(), [&](const std::string& f) { return ac.full.count(f) > 0; }))) &&
      !differentParts(cut, oracle) && oc.full != ac.full)
    return {"NI", fmt::format("the author writes the formula out of the library's primitives ({})", fmt::join(oracle.operators, " "))};
  // A loop of the oracle's own that accumulates arithmetic over the library's values (the
  // minimum image over periodic shifts, an average over actions): the author's algorithm.
  if (const Core oc = coreOf(oracle), ac = coreOf(cut);
      oracleLib && oracle.loop && oracle.arithmetic && !oracle.operators.empty() && !differentParts(cut, oracle) && oc.full != ac.full)
    return {"NI", fmt::format("the author's loop computes it with {} over the library's values", fmt::join(oracle.operators, " "))};
  // torch.mm(filtering_mean, trans_obs) where the filtering mean is what the CUT is handed
  // (`model._forecast(3, model._filter(y))`): the library calls the oracle makes are the CUT's
  // own inputs, and what computes the oracle from them is another library's, written by the author.
  if (const Origin* outer = outermostCall(oracle); oracleLib && outer && outer->kind == OriginKind::OtherLib) {
    const bool sharedOnly = computesOnlyWhatTheCutMakes(cut, oracle);
    // The steps: another library's functions (torch.mm) of the oracle's own, not its classes,
    // methods of unknown objects, function transforms, loops over combinations or random draws.
    std::set<std::string> others;
    long steps = 0;
    for (const Origin& x : oracle.items) {
      const std::string_view last = lastDottedComponent(x.api);
      if (x.kind != OriginKind::OtherLib || x.api.empty() || x.api[0] == '.' || last.empty() ||
          !std::islower(static_cast<unsigned char>(last[0])) || x.api.rfind("itertools.", 0) == 0 || x.api.rfind("functools.", 0) == 0 ||
          origin_names::appliesItsFunction(last) || origin_names::isRandom(x.api) || makes(cut, x))
        continue;  // a step the CUT's side takes too prepares both
      ++steps;
      others.insert(x.api);
    }
    if (sharedOnly && steps >= 2) {
      // Functions only nested in one another, no arithmetic between them (`exp(logpdf(x, m, u,
      // inv(v)))`): another library's function on inputs it prepares, not a formula; unless the
      // outer function is an arithmetic step itself (`np.divide(np.exp(z), np.sum(...))`,
      // `torch.mm(torch.mm(m, t), t)`), which composes one.
      static const RE2 arithmeticStep(
          R"((^|\.)(divide|true_divide|multiply|add|subtract|power|pow|mm|bmm|matmul|dot|einsum|tensordot|inner|outer|kron|sum|mean|prod|cumsum|exp|log|sqrt|square|negative|where|maximum|minimum|clip)$)");
      if (!oracle.arithmetic && !oracle.loop && !RE2::PartialMatch(outer->api, arithmeticStep))
        return {"DT", fmt::format("another library's {} computes it from what the CUT is given, its inputs prepared with {}", outer->api,
                                  fmt::join(others, ", "))};
      return {"NI", fmt::format("the author computes it with {} from what the CUT is given", fmt::join(others, ", "))};
    }
    // tfp_bijector.inverse_log_det_jacobian(y) with y = bijector.forward(x) the CUT is handed
    // too: one call of another library on the CUT's own inputs computes the same function.
    // A function the CUT's side does not call, not a constant made in its shape, a function
    // transform, map or loop, a serialization, a random draw, nor an einsum (one permutes indices
    // as often as it contracts); or a method of an object that library builds for the oracle alone
    // (`tfb.Sigmoid()`, `scipy.stats.logistic()`). Not over a transform of the library's function
    // (`log(grad(bij.forward)(x))`: the author's derivation).
    static const RE2 notTheSameFunction(
        R"((^|\.)(zeros|ones|full|empty|eye)(_like)?$|(^|\.)(einsum|map_structure|fori_loop|while_loop|scan|dumps|dump)$)");
    const std::string_view outerLast = lastDottedComponent(outer->api);
    const auto ownObject = [&] {
      for (auto it = oracle.items.begin() + (outer - oracle.items.data()) + 1; it != oracle.items.end(); ++it) {
        const std::string_view last = lastDottedComponent(it->api);
        const bool builds = it->api[0] != '.' || std::isupper(static_cast<unsigned char>(last[0]));  // `tfb.Sigmoid` read as `.Sigmoid`
        if (it->kind == OriginKind::OtherLib && !last.empty() && builds && !makes(cut, *it)) return true;
      }
      return false;
    };
    const bool function = !outer->api.empty() && outer->api[0] != '.' && !outerLast.empty() &&
                          std::islower(static_cast<unsigned char>(outerLast[0])) && !RE2::PartialMatch(outer->api, notTheSameFunction) &&
                          outer->api.rfind("itertools.", 0) != 0 && outer->api.rfind("functools.", 0) != 0 &&
                          !origin_names::appliesItsFunction(outerLast) && !origin_names::mapsItsFunction(outerLast) &&
                          !origin_names::isRandom(outer->api);
    const bool method = !outer->api.empty() && outer->api[0] == '.' && !isArrayMethod(outer->api) && ownObject();
    if (sharedOnly && steps <= 1 && !oracle.arithmetic && !oracle.loop && oracle.applied.empty() && !makes(cut, *outer) &&
        (function || method))
      return {"DT", fmt::format("another library's {} computes it from what the CUT is given", outer->api)};
  }
  if (oracleLib) {
    if (o.full.empty() && o.inputs.empty()) return {"D", "the oracle only passes data through the library's plumbing (a round trip)"};
    // Same inputs: the same argument texts, or the same variables with the same arithmetic
    // around them (a graph compiled twice, a helper that runs the function in another mode).
    auto runsOn = [](const OriginSet& s, const std::string& inputs) {
      for (const auto& x : s.items)
        if (x.kind == OriginKind::LibCall && !x.api.empty() && x.api.back() == ')' && !inputs.empty() && x.args == inputs) return true;
      return false;
    };
    // Arithmetic on one side only (x + 5 inside, 2 * f(x) outside) makes different inputs; so
    // does the same operator in different places (mvn.mean + 1 against (mvn + 1).mean).
    const bool sameInputs = oracle.operators == cut.operators && oracle.everyOperator == cut.everyOperator &&
                            oracle.arithmeticAt.count("") == cut.arithmeticAt.count("") &&
                            (o.inputs == a.inputs || (!o.primaryInputs.empty() && o.primaryInputs == a.primaryInputs) ||
                             runsOn(oracle, a.primaryInputs) || runsOn(cut, o.primaryInputs) ||
                             ((oracle.throughHelper || cut.throughHelper) && !oracle.bindings.empty() && oracle.bindings == cut.bindings));
    // (a @ b).to_dense() against a.to_dense() @ b.to_dense(): the array library evaluates, on the
    // arrays the CUT's objects are made into, the expression the CUT evaluates on the objects.
    if (!o.full.empty() && o.full == a.full && language == Language::Python && oracle.arithmetic && !oracle.loop &&
        !oracle.arrayOperators.empty() && cut.arrayOperators.empty() &&
        std::includes(cut.operators.begin(), cut.operators.end(), oracle.operators.begin(), oracle.operators.end()))
      return {"DT", fmt::format("the array library evaluates the CUT's expression ({}) on arrays the library's objects are made into",
                                fmt::join(oracle.arrayOperators, " "))};
    if (!o.full.empty() && o.full == a.full) {
      // One side run on arrays a backend object made or read back (`nx.from_numpy(a, M)`,
      // `nx.to_numpy(Gb)`), the other on NumPy's (POT's backend tests): another backend of the
      // library computes the oracle.
      const auto onBackend = [](const OriginSet& s) {
        return std::any_of(s.items.begin(), s.items.end(), [](const Origin& x) {
          const std::string_view last = lastDottedComponent(x.api);
          return x.api.starts_with(".") && (last == "from_numpy" || last == "to_numpy");
        });
      };
      if (onBackend(oracle) != onBackend(cut))
        return {"DT", fmt::format("one side runs {} on another backend's arrays", a.primary.empty() ? *o.full.begin() : a.primary)};
      if (differentParts(cut, oracle))
        return {"RI", fmt::format("the oracle is another output of {} ({} against {}), computed by a different function", *o.full.begin(),
                                  *oracle.selectors.begin(), *cut.selectors.begin())};
      // `jacobian(_sphere)(point)` against `r * gs.cos(theta) * gs.cos(phi)`: the CUT differentiates
      // a function of the library's primitives, the oracle writes its derivative out of the same
      // primitives by hand (geomstats' autodiff tests): the author's formula.
      if (differentiatesOnly(cut, oracle) && oracle.arithmetic && !oracle.loop)
        return {"NI", fmt::format("the author writes out the derivative {} takes", *cut.transforms.begin())};
      // `[super(Layer, layer).call(x * layer.alpha[i]) * layer.gamma[i] for i in range(n)]` against
      // the layer run once on the batch: a loop of the author's, with arithmetic of its own around
      // the library's parts, spells out what the one call computes.
      if (authorsLoopAround(cut, oracle))
        return {"NI", fmt::format("the author's loop recomputes what {} computes, with arithmetic of its own", *o.full.begin())};
      if (sameInputs)
        return {"SCUT_SAME", fmt::format("both sides compute {} on the same inputs; only flags or modes differ", *o.full.begin())};
      return {"SCUT_DIFF", fmt::format("both sides compute {} on different inputs (a metamorphic relation)", *o.full.begin())};
    }
    if (o.full.empty() && a.full.empty()) {
      if (differentParts(cut, oracle))
        return {"RI", fmt::format("the oracle is another output of the same run ({} against {}), computed by a different function",
                                  *oracle.selectors.begin(), *cut.selectors.begin())};
      if (sameInputs) return {"SCUT_SAME", "both sides run the same compiled function on the same inputs"};
      return {"SCUT_DIFF", "both sides run the same compiled function on different inputs"};
    }
    if (!o.last.empty() && o.last == a.last && backendsDiffer(o.full, a.full))
      return {"DT", fmt::format("the oracle computes {} with another backend of the library", *o.last.begin())};
    // The outermost calls are one function of two backends (theano_backend.conv1d against
    // tensorflow_backend.conv1d), whatever else either side calls to prepare its inputs.
    const auto libraryFunction = [](const std::string& api) { return !api.empty() && api[0] != '.' && api.back() != ')'; };
    if (libraryFunction(o.primary) && libraryFunction(a.primary) && o.primary != a.primary &&
        lastDottedComponent(o.primary) == lastDottedComponent(a.primary) && backendsDiffer({o.primary}, {a.primary}))
      return {"DT",
              fmt::format("the oracle computes {} with another backend of the library ({})", lastDottedComponent(o.primary), o.primary)};
    // `emd2(a, b, M, potentials_init=warm)` against `emd2(a, b, M)`: one function on the same
    // positional inputs, one side also computing what it passes by keyword (a warm start, an
    // option): the same function in another mode.
    if (!o.primary.empty() && o.primary == a.primary && !o.primaryInputs.empty() && o.primaryInputs == a.primaryInputs &&
        oracle.operators == cut.operators && !differentParts(cut, oracle) &&
        (std::includes(o.full.begin(), o.full.end(), a.full.begin(), a.full.end()) ||
         std::includes(a.full.begin(), a.full.end(), o.full.begin(), o.full.end())))
      return {"SCUT_SAME", fmt::format("both sides call {} on the same inputs; only what one side passes besides differs", o.primary)};
    // The CUT's function applied last to an input the library transformed first (f(inverse(p))
    // against f(p)) is a metamorphic relation; the CUT's function used inside another function
    // of the library (a functional form reading the module's parameters, a combinator of the
    // CUT's layers) is that other function computing it.
    if (!a.full.empty() && std::includes(o.full.begin(), o.full.end(), a.full.begin(), a.full.end()) &&
        (o.primary.empty() || a.full.count(o.primary)))
      return {"SCUT_DIFF", fmt::format("the oracle applies {} to a transformed input", *a.full.begin())};
    // The author's arithmetic on values the CUT is handed too (model_trace.nodes[k]["log_prob"] -
    // guide_trace.nodes[k]["log_prob"] against the costs the library computes from both traces):
    // no function of the library runs for the oracle alone (an array's reduction, `.sum(0)`, is
    // part of the formula), so the formula is the author's. Not in C++, where the operators on
    // the library's types are the library's own functions (dlib's matrix `*`).
    const bool sharedComputation =
        std::any_of(oracle.items.begin(), oracle.items.end(), [](const Origin& x) { return OriginTracer::computes(x); }) &&
        computesOnlyWhatTheCutMakes(cut, oracle);
    // With the operators the CUT's graph is built with (`c.data + 1` against the constant folded
    // from `c + 1`), it evaluates the very expression the CUT does.
    if (language == Language::Python && oracle.arithmetic && !oracle.operators.empty() && sharedComputation) {
      if (!oracle.loop && std::includes(cut.operators.begin(), cut.operators.end(), oracle.operators.begin(), oracle.operators.end()))
        return {"DT", fmt::format("plain arithmetic evaluates the same expression as the library ({})", fmt::join(oracle.operators, " "))};
      return {"NI", fmt::format("the author's arithmetic ({}) on values the CUT is given too", fmt::join(oracle.operators, " "))};
    }
    // A loop of the test that calls the library per element and combines the results (sums,
    // averages, arithmetic) is the author's algorithm; one that only maps a function over the
    // elements and stacks them is that function's.
    const bool combines = oracle.arithmetic || std::any_of(oracle.items.begin(), oracle.items.end(), [](const Origin& x) {
                            const std::string_view last = lastDottedComponent(x.api);
                            return x.kind != OriginKind::LibCall &&
                                   (last == "sum" || last == "mean" || last == "average" || last == "prod" || last == "cumsum");
                          });
    if (language == Language::Python && oracle.loop && !cut.loop && combines)
      return {"NI", "a loop written in the test combines the library's results per element into the oracle"};
    return {"RI", fmt::format("the oracle uses {}, a different function of the library under test",
                              o.full.empty() ? "the library" : *o.full.begin())};
  }
  if (oracle.has(OriginKind::OtherLib)) {
    // Another library's function on numbers: the same function as the CUT is differential
    // testing; in a formula it is part of a re-implementation; alone it is a closed-form
    // constant (-np.log(0.5) as an expected loss).
    bool allClosed = true, sameAsCut = false;
    Core a = coreOf(cut);
    // Arithmetic on the CUT's literal inputs inside another library's call (np.where(x >= 0, x,
    // x * 0.1) against leaky_relu(x)) spells the CUT's function out.
    for (const auto& x : oracle.items)
      if (x.kind == OriginKind::OtherLib && x.literalInputs && x.argsArithmetic && sharesAnInput(a.inputs, x.args))
        return {"NI", "the oracle is a formula assembled by the test author on the CUT's inputs"};
    for (const auto& x : oracle.items) {
      if (x.kind != OriginKind::OtherLib) continue;
      // On literal data, a closed form unless the CUT runs on the same inputs (expit(x)
      // against the library's sigmoid(x) is differential testing; np.polyval at the points
      // an interpolation is evaluated at is the ground truth).
      // An object built from literals and then run (`np.poly1d([1, 0, 0])(x)`) computes on what it is handed.
      allClosed &= (x.closedForm || (x.literalInputs && !sharesAnInput(a.inputs, x.args))) && !x.calledAfter;
      sameAsCut |= a.last.count(std::string(lastDottedComponent(x.api))) > 0;
    }
    if (allClosed && !sameAsCut && !oracle.arithmetic && !oracle.loop) return {"D", "the oracle is a closed-form constant"};
    // Arithmetic on closed forms and literals alone (`2 / 15.0 * math.pi`, `np.finfo(np.float32).max`
    // beside literals): a constant too, when nothing of the test's data or the CUT's inputs is in it.
    const auto sharesWithCut = [&] {
      if (std::any_of(oracle.bindings.begin(), oracle.bindings.end(), [&](const std::string& b) { return cut.bindings.count(b) > 0; }))
        return true;
      // A literal the CUT is given too (`_y0 * math.exp(-0.5)` against a solve from `y0=_y0`):
      // the analytic solution of the CUT's problem, not a constant of its own.
      return std::any_of(oracle.items.begin(), oracle.items.end(), [&](const Origin& o) {
        return o.kind == OriginKind::Literal && o.api != "0" && o.api != "1" && o.api != "0.0" && o.api != "1.0" &&
               std::any_of(cut.items.begin(), cut.items.end(),
                           [&](const Origin& c) { return c.kind == OriginKind::Literal && c.api == o.api; });
      });
    };
    if (allClosed && !sameAsCut && !oracle.loop && !oracle.has(OriginKind::Data) && !oracle.has(OriginKind::Unknown) && !sharesWithCut())
      return {"D", "the oracle is arithmetic on closed-form constants"};
    // A matrix product the CUT takes too is the other library's matmul evaluating the same
    // expression (`torch.diag(d1) @ a @ torch.diag(d2)` against `d1_op @ dense_op @ d2_op`), not
    // arithmetic the author spells out; one the CUT does not write stays the author's formula
    // (`torch.diagonal(a.mT @ a @ a)` against a function of the library).
    const bool onlyMatmul = oracle.operators.size() == 1 && *oracle.operators.begin() == "@" && cut.operators.count("@") > 0;
    // A loss both sides differentiate with the same operators (`(out ** 2).sum() / out.numel()`)
    // is the test's harness around another library's function, not a formula of the author's
    // standing in for the CUT.
    if (language == Language::Python && oracle.gradientOfLoss && cut.gradientOfLoss && oracle.arithmetic && !onlyMatmul && !oracle.loop &&
        !oracle.operators.empty() &&
        std::includes(cut.operators.begin(), cut.operators.end(), oracle.operators.begin(), oracle.operators.end()))
      if (const auto run = std::find_if(oracle.items.begin(), oracle.items.end(), namedOtherLibraryRun); run != oracle.items.end())
        return {
            "DT",
            fmt::format("the oracle is computed by {} (another library); the loss around it ({}) is the one the CUT's gradient is taken of",
                        run->api, fmt::join(oracle.operators, " "))};
    if ((oracle.arithmetic && !onlyMatmul) || oracle.loop) {
      // numpy evaluating the very same expression as the library graph is differential
      // testing; a formula the author assembled differently is a naive re-implementation.
      Core a = coreOf(cut);
      std::set<std::string> otherOps;
      for (const auto& o : oracle.items)
        if (o.kind == OriginKind::OtherLib) otherOps.insert(std::string(lastDottedComponent(o.api)));
      const bool sameOps = !otherOps.empty() && !oracle.loop && cut.arithmetic == oracle.arithmetic &&
                           std::includes(a.last.begin(), a.last.end(), otherOps.begin(), otherOps.end());
      if (sameOps) return {"DT", fmt::format("another library evaluates the same expression ({})", fmt::join(otherOps, ", "))};
      // A reference that loops, converts or averages around another library's function named
      // for the CUT's (a metric per class through scikit-learn's of that name): that library
      // computes it; the author's code only feeds it.
      for (const auto& o : oracle.items)
        if (o.kind == OriginKind::OtherLib && !o.closedForm && namesTheCutsFunction(cut, o.api))
          return {"DT", fmt::format("another library's {} computes the function the CUT computes; the test only feeds it", o.api)};
      return {"NI", oracle.throughHelper ? "a test helper re-implements it with hand-written logic"
                                         : "the oracle is a formula assembled by the test author"};
    }
    std::string api;
    for (const auto& o : oracle.items)
      if (o.kind == OriginKind::OtherLib) api = o.api;
    // `TensorDict({"obs": obs}, [3])`, `jraph.GraphsTuple(nodes=..., ...)`, `torch.FloatTensor(loaded)`:
    // objects of another library's classes built around the test's data and not run compute
    // nothing; they hold that data.
    const bool onlyBuilt = std::all_of(oracle.items.begin(), oracle.items.end(), [](const Origin& x) {
      if (x.kind != OriginKind::OtherLib) return true;
      std::string_view last = lastDottedComponent(x.api);
      // A class's factory (`mujoco.MjModel.from_xml_string(xml)`) builds one as its constructor does.
      if (last.starts_with("from_") && x.api.size() > last.size() + 1)
        last = lastDottedComponent(std::string_view(x.api).substr(0, x.api.size() - last.size() - 1));
      // TensorFlow's raw ops are functions named in CamelCase (`tf.raw_ops.MatrixTriangularSolve`).
      const bool rawOp = x.api.find(".raw_ops.") != std::string::npos;
      return !x.api.empty() && x.api[0] != '.' && !last.empty() && std::isupper(static_cast<unsigned char>(last[0])) && !x.calledAfter &&
             !rawOp;
    });
    if (onlyBuilt && !sameAsCut)
      return {"D", fmt::format("the oracle is the test's data held in {} (another library's object, not run)", api)};
    return {"DT", fmt::format("the oracle is computed by {} (another library)", api)};
  }
  if (oracle.loop || oracle.arithmetic) {
    if (oracle.loop) return {"NI", "the oracle is accumulated by a loop written in the test"};
    // numpy arithmetic evaluating the library graph's own expression (v ** -.5 for a graph
    // built as v ** -.5) is differential testing, not a re-implementation, whatever the data.
    // Not on literals alone, unless the CUT builds a graph of them (`0.5 * 9.81` against a torque
    // the CUT computes from `0.5 * 9.81 / 150`: a constant the author worked out).
    const bool buildsGraph =
        std::any_of(cut.items.begin(), cut.items.end(), [](const Origin& x) { return OriginTracer::isInfrastructure(x.api); });
    if (!oracle.loop && computesWithLibrary(cut) && !oracle.operators.empty() && (buildsGraph || !allOf(oracle, {OriginKind::Literal})) &&
        std::includes(cut.operators.begin(), cut.operators.end(), oracle.operators.begin(), oracle.operators.end()))
      return {"DT",
              fmt::format("numpy arithmetic evaluates the same expression as the library graph ({})", fmt::join(oracle.operators, " "))};
    // One operator of the array library against the library's function of that operation
    // (`a - b` against `tree_sub(a, b)`, `x @ w` against `matmul(x, w)`): another library computes
    // it. Operators the CUT's side meets too prepare the shared inputs; literals alone stay D.
    std::set<std::string> ownOperators;
    std::set_difference(oracle.operators.begin(), oracle.operators.end(), cut.operators.begin(), cut.operators.end(),
                        std::inserter(ownOperators, ownOperators.end()));
    if (const std::string op = ownOperators.size() == 1 ? *ownOperators.begin() : std::string{};
        !op.empty() && !allOf(oracle, {OriginKind::Literal}) && computesWithLibrary(cut) && namesTheOperation(coreOf(cut).primary, op))
      return {"DT", fmt::format("the array library's `{}` computes what {} computes", op, coreOf(cut).primary)};
    // Arithmetic of the oracle's own on the very inputs the CUT is given spells the CUT's
    // computation out; on other literals it is a fixed value.
    if (allOf(oracle, {OriginKind::Literal}) &&
        (!computesWithLibrary(cut) ||
         std::none_of(oracle.bindings.begin(), oracle.bindings.end(), [&](const std::string& b) { return cut.bindings.count(b) > 0; })))
      return {"D", "the oracle is arithmetic on literals"};
    // The arithmetic made an input the CUT is handed as it is (`mean0 = mu * torch.ones(shape)`,
    // then `build(mean0)` and the samples' mean against `mean0`): the test's own input, read back.
    const bool onlyInSharedInputs =
        !oracle.arithmeticAt.empty() && std::all_of(oracle.arithmeticAt.begin(), oracle.arithmeticAt.end(), [&](const std::string& at) {
          return !at.empty() &&
                 std::any_of(cut.bindings.begin(), cut.bindings.end(), [&](const std::string& b) { return b.starts_with(at + ":"); });
        });
    if (allOf(oracle, {OriginKind::Literal}) && onlyInSharedInputs)
      return {"D", "the oracle is an input the CUT is handed too, made from literals"};
    if (allOf(oracle, {OriginKind::Literal})) return {"NI", "the oracle is the author's arithmetic on the CUT's own inputs"};
    if (oracle.has(OriginKind::Unknown) && !oracle.has(OriginKind::Data)) return {"UNKNOWN", firstUnknownReason(oracle)};
    // Stored or test data only rescaled (`np.array(image) / 255.0`), none of it the CUT's input:
    // the data, not a formula. On the CUT's inputs (`x * (x > 0)`) it spells the CUT out.
    if (language == Language::Python && oracle.has(OriginKind::Data) && allOf(oracle, {OriginKind::Literal, OriginKind::Data}) &&
        std::all_of(oracle.operators.begin(), oracle.operators.end(), [](const std::string& op) { return op == "*" || op == "/"; }) &&
        std::none_of(oracle.bindings.begin(), oracle.bindings.end(), [&](const std::string& b) { return cut.bindings.count(b) > 0; }))
      return {"D", "the oracle is test data, rescaled"};
    return {"NI", "the oracle is computed by hand-written arithmetic or a loop in the test"};
  }
  if (allOf(oracle, {OriginKind::Literal})) return {"D", "the oracle is a literal"};
  if (allOf(oracle, {OriginKind::Literal, OriginKind::Data}))
    return {"D", "the oracle is test-supplied data (the untransformed input or a defined array)"};
  // A function the scan cannot see into, run alone as the oracle and through the library as the
  // CUT (kernel_fn against batch(kernel_fn)): the same computation, the library only changes how
  // it runs.
  if (const std::string wrapper = libraryRunOf(cut, oracle); !wrapper.empty())
    return {"SCUT_SAME", fmt::format("the CUT runs the oracle's own computation through {}: the same function run another way", wrapper)};
  // One function the scan cannot see into (a helper's parameter, predictor(t, x) against
  // predictor(t2, x)) computes both sides: the same code under test, on the same inputs or not.
  // The CUT's side may take a part of what that function returns (`kernel(X).diag()` against
  // `kernel(X, diag=True)`).
  const Origin* unresolved = outermostCall(oracle);
  const Origin* cutCall = outermostCall(cut);
  if (unresolved && cutCall && unresolved->kind == OriginKind::Unknown && cutCall->kind != OriginKind::Unknown && !unresolved->api.empty())
    for (const Origin& x : cut.items)
      if (x.kind == OriginKind::Unknown && x.api == unresolved->api) {
        cutCall = &x;
        break;
      }
  if (unresolved && cutCall && unresolved->kind == OriginKind::Unknown && cutCall->kind == OriginKind::Unknown &&
      unresolved->api == cutCall->api && !unresolved->api.empty() && unresolved->reason.rfind("callee ", 0) == 0) {
    // A class the scan cannot see into, built from the test's values and met on both sides, with
    // nothing else computing the oracle (`NestedMap(a=x)` read back after an update of it): the
    // oracle is the data it holds; the CUT is what ran on it.
    const std::string_view last = lastDottedComponent(unresolved->api);
    const bool onlyHeld = !last.empty() && std::isupper(static_cast<unsigned char>(last[0])) && !oracle.arithmetic && !oracle.loop &&
                          std::all_of(oracle.items.begin(), oracle.items.end(), [&](const Origin& x) {
                            return x.kind == OriginKind::Literal || x.kind == OriginKind::Data || &x == unresolved;
                          });
    if (onlyHeld) return {"D", fmt::format("the oracle is the test's data held in {} (a class the scan cannot see into)", unresolved->api)};
    if (unresolved->args == cutCall->args && oracle.operators == cut.operators)
      return {"SCUT_SAME", fmt::format("both sides call {} on the same inputs", unresolved->api)};
    // `torch.compile(fn)(compile_input)` against `fn(eager_input)`, each input its own copy of the
    // test's: the function compiled against it run eagerly, the same code run another way.
    const auto compiles = [](const OriginSet& s) {
      return std::any_of(s.transforms.begin(), s.transforms.end(), [](const std::string& t) {
        const std::string_view last = lastDottedComponent(t);
        return last == "compile" || last == "jit" || last == "script" || last == "trace" || last == "function";
      });
    };
    if (compiles(cut) != compiles(oracle) && oracle.operators == cut.operators)
      return {"SCUT_SAME", fmt::format("one side runs {} compiled, the other as written", unresolved->api)};
    return {"SCUT_DIFF", fmt::format("both sides call {} on different inputs (a metamorphic relation)", unresolved->api)};
  }
  return {"UNKNOWN", firstUnknownReason(oracle)};
}

}  // namespace oalens::analyzer::oracle_decision
