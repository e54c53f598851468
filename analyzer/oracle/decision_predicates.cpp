// The predicates of the oracle types' decision table (decision_predicates.h), and the summaries
// of a traced value it reads (oracle_decision.h).
#include "analyzer/oracle/decision_predicates.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cctype>
#include <iterator>

#include "analyzer/core/words.h"
#include "analyzer/oracle/origin_walk.h"
#include "analyzer/oracle/round_trip.h"
#include "analyzer/oracle/same_model.h"

namespace oalens::analyzer::oracle_decision {

// Methods that run a model; on any receiver they mean "the same model again".
bool isModelMethod(std::string_view api) {
  static constexpr std::string_view k[] = {".predict",           ".predict_on_batch",   ".predict_proba", ".predict_classes", ".evaluate",
                                           ".predict_generator", ".evaluate_generator", ".forward",       ".transform",       ".call",
                                           ".__call__",          ".get_weights",        ".test_on_batch"};
  for (auto n : k)
    if (api == n) return true;
  return false;
}

// Whether the two sides' functions of one name live in modules named for different backends
// (`theano_backend.conv1d` against `tensorflow_backend.conv1d`, `ops_cuda.f` against `ops_cpu.f`),
// not in two modules of one backend (`parallel.hmm_filter` against `serial.hmm_filter`: the
// library's other implementation, RI).
bool backendsDiffer(const std::set<std::string>& oracle, const std::set<std::string>& cut) {
  static const RE2 backend(
      R"((?i)(^|[._])(backends?|[a-z0-9]*_backend|tensorflow|tf|theano|cntk|jax|torch|pytorch|numpy|np|mxnet|cupy|triton|cuda|cpu|gpu|mps|xla|tpu|metal|opencl|mkl|onnx)([._]|$))");
  const auto modulesOf = [](const std::set<std::string>& apis) {
    std::set<std::string> m;
    for (const auto& api : apis)
      if (const size_t dot = api.rfind('.'); dot != std::string::npos && dot > 0) m.insert(api.substr(0, dot));
    return m;
  };
  const std::set<std::string> om = modulesOf(oracle), cm = modulesOf(cut);
  for (const auto& o : om)
    for (const auto& c : cm)
      if (o != c && RE2::PartialMatch(o, backend) && RE2::PartialMatch(c, backend)) return true;
  return false;
}

Core coreOf(const OriginSet& s) {
  Core c;
  std::multiset<std::string> unresolvedInputs;
  for (const auto& o : s.items) {
    if (o.kind == OriginKind::Unknown && o.api.empty() && !o.args.empty()) unresolvedInputs.insert(o.args);
    const bool method = !o.api.empty() && o.api[0] == '.';
    if (c.primary.empty() && method && !isArrayMethod(o.api) && !OriginTracer::isInfrastructure(o.api) &&
        (o.kind == OriginKind::LibCall || isModelMethod(o.api))) {
      c.primary = o.api;
      c.primaryInputs = o.args;
    }
    // Making an object into an array (`._sp24_to_dense()`) converts; it computes nothing of its own.
    if (o.kind != OriginKind::LibCall || o.moduleRef || madeIntoArray(o)) continue;
    const bool valueCall = !o.api.empty() && o.api.back() == ')';  // f(x) with f = compile(...)
    if (!o.args.empty()) c.inputs.insert(o.args);
    if (!valueCall && OriginTracer::isInfrastructure(o.api)) continue;
    if (c.primary.empty() && !valueCall && !isArrayMethod(o.api)) {
      c.primary = o.api;
      c.primaryInputs = o.args;
    }
    if (valueCall) continue;
    c.full.insert(o.api);
    c.last.insert(std::string(lastDottedComponent(o.api)));
  }
  // A side that calls nothing the scan resolves but a function with no name, looked up in a table
  // (`kernels["relu"](x)`): what that call is handed is its input, so another library's function
  // of it computes what it computes, no closed form. (A named callee the scan cannot resolve, a
  // test's parameter `auto_class(model)`, builds as often as it computes.)
  if (c.inputs.empty() && c.full.empty()) c.inputs = std::move(unresolvedInputs);
  return c;
}

std::string firstUnknownReason(const OriginSet& s) {
  for (const auto& o : s.items)
    if (o.kind == OriginKind::Unknown && !o.reason.empty()) return o.reason;
  return "the oracle's origin could not be traced";
}

// Whether every origin is of the kinds given; the library's conversions and configuration calls
// (`jnp.array([2., 6.])`, `x.asnumpy()`) pass their data through and are left out.
bool allOf(const OriginSet& s, std::initializer_list<OriginKind> kinds) {
  bool any = false;
  for (const auto& o : s.items) {
    if (o.kind == OriginKind::LibCall && !o.moduleRef && OriginTracer::isConfiguration(o.api)) continue;
    if (std::find(kinds.begin(), kinds.end(), o.kind) == kinds.end()) return false;
    any = true;
  }
  return any;
}

// Whether a function's name says it performs an operator's operation (`tree_sub` for `-`,
// `batch_matmul` for `@`), by a word of its name.
bool namesTheOperation(std::string_view function, const std::string& op) {
  static const RE2 add(R"((^|[._])(add|plus|sum2?)($|_))"), sub(R"((^|[._])(sub|subtract|minus)($|_))"),
      mul(R"((^|[._])(mul|multiply|times|scale)($|_))"), div(R"((^|[._])(div|divide|true_divide)($|_))"),
      matmul(R"((^|[._])(matmul|dot|mm|bmm|vdot|mv|matvec|gemm|gemv)($|_))"), pow(R"((^|[._])(pow|power)($|_))");
  const RE2* words = op == "+"    ? &add
                     : op == "-"  ? &sub
                     : op == "*"  ? &mul
                     : op == "/"  ? &div
                     : op == "@"  ? &matmul
                     : op == "**" ? &pow
                                  : nullptr;
  const std::string_view last = lastDottedComponent(function);
  return words && !last.empty() && RE2::PartialMatch(re2::StringPiece(last.data(), last.size()), *words);
}

// Two different parts of results (h['loss'] against h['weighted_mse'], the loss and a metric
// unpacked from one evaluate): outputs of different functions, even of one run.
bool differentParts(const OriginSet& cut, const OriginSet& oracle) {
  if (cut.selectors.empty() || oracle.selectors.empty() || cut.selectors == oracle.selectors) return false;
  // A key named by a constant against another named one may be the same key; where both sides
  // write theirs, those decide (`y[i]` of the first output against the first output: one part).
  const auto written = [](const OriginSet& s) {
    std::set<std::string> keys;
    for (const std::string& k : s.selectors)
      if (k[0] != '?') keys.insert(k);
    return keys;
  };
  const std::set<std::string> c = written(cut), o = written(oracle);
  if (!c.empty() && !o.empty()) return c != o;
  return !c.empty() || !o.empty();
}

// Whether a call's arguments (normalized texts, each followed by a comma) share one with any of
// the CUT's library calls: np.maximum(x, 0.0) against relu(x) runs on the CUT's input.
const Origin* handedCallableCall(const OriginSet& s) {
  std::string wrapped;  // the callable the library wrapped first, when it did
  for (const Origin& o : s.items) {
    if (o.kind == OriginKind::Unknown && !o.api.empty() && !o.args.empty() && o.api.find('.') == std::string::npos && o.api.back() != ')')
      return wrapped.empty() || wrapped == o.api ? &o : nullptr;
    const std::vector<std::string> handed = topLevelArguments(o.args);
    if (wrapped.empty() && (o.kind == OriginKind::LibCall || o.kind == OriginKind::OtherLib) && handed.size() == 1) {
      wrapped = handed[0];
      continue;
    }
    if (o.kind == OriginKind::Data && !wrapped.empty() && o.api == wrapped) continue;
    return nullptr;
  }
  return nullptr;
}

namespace {

// The names an argument hands over: itself, the elements of a list or tuple written out
// (`layer([f1, f2, f3])`), a row of a name (`np.dot(f1[0], f2[0])` reads `f1`).
void argumentNames(std::string_view part, std::set<std::string>& out, int depth = 0) {
  out.emplace(part);
  if (part.size() >= 2 && depth < 3 && ((part.front() == '[' && part.back() == ']') || (part.front() == '(' && part.back() == ')'))) {
    for (const std::string& element : topLevelArguments(part.substr(1, part.size() - 2))) argumentNames(element, out, depth + 1);
    return;
  }
  const size_t open = part.find('[');
  if (open == std::string_view::npos || open == 0 || part.back() != ']') return;
  const std::string_view base = part.substr(0, open);
  if (std::all_of(base.begin(), base.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }))
    out.emplace(base);
}

}  // namespace

bool sharesAnInput(const std::multiset<std::string>& cutInputs, const std::string& args) {
  std::set<std::string> mine, theirs;
  for (const std::string& part : topLevelArguments(args)) argumentNames(part, mine);
  for (const std::string& inputs : cutInputs)
    for (const std::string& one : topLevelArguments(inputs)) argumentNames(one, theirs);
  return std::any_of(theirs.begin(), theirs.end(), [&](const std::string& one) { return mine.count(one) > 0; });
}

// Arithmetic or loops of the oracle's own: met directly in its expression, or under a binding
// or helper the CUT's side does not follow. What both sides follow prepares the inputs they
// share (gen_unique_vector(n) feeding the CUT and np.sort alike) and is no formula.
bool ownOf(const std::set<std::string>& oracleAt, const std::set<std::string>& cutAt) {
  for (const std::string& where : oracleAt)
    if (where.empty() || !cutAt.count(where)) return true;
  return false;
}

// The first call met tracing a side, the one that computes its value last; nullptr when none.
const Origin* outermostCall(const OriginSet& s) {
  for (const Origin& o : s.items)
    if (o.kind == OriginKind::Unknown || o.kind == OriginKind::OtherLib || (o.kind == OriginKind::LibCall && OriginTracer::computes(o)))
      return &o;
  return nullptr;
}

// The distinctive words of a function's name (`MulticlassPrecisionRecallCurve`: multiclass,
// precision, recall, curve; `soft_dtw`: soft, dtw), lower-cased; words every metric or step
// shares and single letters say nothing of which function it is.
std::set<std::string> distinctiveWords(std::string_view name) {
  static const std::set<std::string, std::less<>> generic = {
      "get",    "compute", "calc",   "calculate", "eval", "evaluate", "run",      "apply",  "call",    "forward",   "score",
      "scores", "loss",    "metric", "metrics",   "fn",   "func",     "function", "test",   "ref",     "reference", "naive",
      "np",     "numpy",   "torch",  "jax",       "tf",   "value",    "values",   "result", "results", "from",      "to",
      "of",     "and",     "the",    "with",      "by",   "op",       "impl",     "sample", "samples"};
  std::set<std::string> words;
  std::string word;
  const auto flush = [&] {
    if (word.size() > 1 && !generic.count(word)) words.insert(word);
    word.clear();
  };
  // A capital starts a word unless it continues an acronym (`SDR`, `CHRF` stay whole).
  for (const char c : wordsSeparated(name)) {
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      flush();
      continue;
    }
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  flush();
  return words;
}

bool namedOtherLibraryRun(const Origin& o) {
  return o.kind == OriginKind::OtherLib && !o.closedForm && !o.api.empty() && o.api[0] != '.' && o.api.find('.') != std::string::npos &&
         o.api.find("::") == std::string::npos;
}

// Whether another library's function is named for the function the CUT's side computes: every
// distinctive word of its name is one of the CUT's (`sklearn.metrics.precision_recall_curve`
// against `MulticlassPrecisionRecallCurve`, `tslearn...soft_dtw` against `SoftDTW`).
// Not a method (`.diagonal` of any array), nor a primitive of the array libraries formulas are
// written with (`math.log` against `log_prob`); a name of one short word says too little.
bool namesTheCutsFunction(const OriginSet& cut, std::string_view otherApi) {
  static const RE2 arrayLibrary(R"(^(math|cmath|numpy|torch|jax|tensorflow|builtins|operator|functools|itertools)\.)");
  if (otherApi.empty() || otherApi[0] == '.' || RE2::PartialMatch(re2::StringPiece(otherApi.data(), otherApi.size()), arrayLibrary))
    return false;
  const std::set<std::string> other = distinctiveWords(lastDottedComponent(otherApi));
  if (other.empty() || (other.size() == 1 && other.begin()->size() < 4)) return false;
  // The library's functions and classes the CUT's side calls or is handed (a metric class given
  // to the suite's tester).
  for (const Origin& x : cut.items) {
    if (x.kind != OriginKind::LibCall) continue;
    const std::set<std::string> own = distinctiveWords(lastDottedComponent(x.api));
    if (std::includes(own.begin(), own.end(), other.begin(), other.end())) return true;
  }
  return false;
}

// Whether two origins are one call: the same kind, callee and argument texts.
bool sameCall(const Origin& x, const Origin& y) { return x.kind == y.kind && x.api == y.api && x.args == y.args; }

// Whether a side makes the call `x` too.
bool makes(const OriginSet& s, const Origin& x) {
  return std::any_of(s.items.begin(), s.items.end(), [&](const Origin& y) { return sameCall(x, y); });
}

// Whether every computing call of the oracle is one the CUT's side makes too, or an array's
// reduction of the formula (`.sum(0)`): no function of the library runs for the oracle alone.
bool computesOnlyWhatTheCutMakes(const OriginSet& cut, const OriginSet& oracle) {
  return std::all_of(oracle.items.begin(), oracle.items.end(),
                     [&](const Origin& x) { return !OriginTracer::computes(x) || isArrayMethod(x.api) || makes(cut, x); });
}

// The library call through which the CUT runs every origin of an oracle that holds an
// unresolved callee, or "" when the CUT does not hold them all.
std::string libraryRunOf(const OriginSet& cut, const OriginSet& oracle) {
  if (!oracle.has(OriginKind::Unknown) || !computesWithLibrary(cut)) return {};
  // The library call is given the unresolved function itself (batch(kernel_fn, 2)), not data
  // the function made (Split(2)(m) of a matrix from an unresolved constructor).
  const auto takes = [](const Origin& c, const Origin& o) {
    return o.kind == OriginKind::Unknown && !o.api.empty() && sharesAnInput({c.args}, o.api + ",");
  };
  for (const Origin& c : cut.items) {
    if (!OriginTracer::computes(c) || makes(oracle, c)) continue;
    // The function given to the library need not be called on the CUT's side; every other
    // origin of the oracle must be the CUT's too.
    const bool all = std::all_of(oracle.items.begin(), oracle.items.end(), [&](const Origin& o) { return takes(c, o) || makes(cut, o); });
    if (all && std::any_of(oracle.items.begin(), oracle.items.end(), [&](const Origin& o) { return takes(c, o); })) return c.api;
  }
  return {};
}

// Whether a side takes a derivative (`jacobian`, `grad`, `hessian`).
static bool takesDerivative(const OriginSet& s) {
  static const RE2 derivative(R"((?:filter_)?(?:grad|jacfwd|jacrev|jacobian|hessian)(?:ient)?)");
  return std::any_of(s.transforms.begin(), s.transforms.end(), [](const std::string& t) {
    const std::string_view last = lastDottedComponent(t);
    return RE2::FullMatch(re2::StringPiece(last.data(), last.size()), derivative);
  });
}

bool differentiatesOnly(const OriginSet& cut, const OriginSet& oracle) { return takesDerivative(cut) && !takesDerivative(oracle); }

// Not against a derivative: a loop of differences of perturbed runs against `jacrev(f)` is a
// finite difference, the same function on other inputs (SCUT_DIFF); nor a framework's loop
// applying the library's function one slice at a time (`lax.fori_loop`).
bool authorsLoopAround(const OriginSet& cut, const OriginSet& oracle) {
  return oracle.loop && !oracle.frameworkLoop && oracle.arithmetic && !cut.loop && !cut.arithmetic && !takesDerivative(cut);
}

}  // namespace oalens::analyzer::oracle_decision
