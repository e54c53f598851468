// Oracle classifier: for each OA assertion, traces both compared values to their origins,
// decides which side is the code under test (the side that calls the library under test),
// and names the oracle's type from the oracle side's origins:
//   D          literals, arithmetic on literals, array constructors on literals, test data
//   DT         another library computing the same thing; another backend of the library
//   NI         a formula or loop written by the test author (inline or in a test helper)
//   RI         a different function of the library under test
//   SCUT_SAME  the same library function(s) on the same inputs (a flag or mode differs)
//   SCUT_DIFF  the same library function(s) on different inputs (metamorphic)
//   UNKNOWN    with the reason
// Each decision carries the evidence chain that produced it.
#include "analyzer/oracle/oracle_classifier.h"

#include "analyzer/assertions/applied_both_ways.h"
#include "analyzer/oracle/decision_predicates.h"
#include "analyzer/oracle/other_library_run.h"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <re2/re2.h>
#include <xxhash.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <unordered_map>

#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/core/diagnostics.h"
#include "analyzer/core/parallel.h"
#include "analyzer/oracle/built_objects.h"
#include "analyzer/oracle/oracle_decision.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/oracle/origin_walk.h"
#include "analyzer/oracle/reading_snapshot.h"
#include "analyzer/oracle/round_trip.h"
#include "analyzer/oracle/same_class_runs.h"
#include "analyzer/oracle/training_targets.h"

namespace oalens::analyzer {

// Methods of arrays say nothing about which model or function produced the array.
bool isArrayMethod(std::string_view api) {
  static constexpr std::string_view k[] = {".sum",     ".mean",    ".max",       ".min",        ".std",     ".var",
                                           ".dot",     ".reshape", ".transpose", ".astype",     ".flatten", ".ravel",
                                           ".squeeze", ".round",   ".clip",      ".cumsum",     ".prod",    ".argmax",
                                           ".argmin",  ".all",     ".any",       ".copy",       ".item",    ".tolist",
                                           ".numpy",   ".eval",    ".get_value", ".append",     ".T",       ".double",
                                           ".float",   ".half",    ".int",       ".long",       ".cpu",     ".cuda",
                                           ".detach",  ".to",      ".clone",     ".contiguous", ".view",    ".block_until_ready"};
  for (auto n : k)
    if (api == n) return true;
  return false;
}

namespace {

using oracle_decision::allOf;
using oracle_decision::coreOf;
using oracle_decision::decide;
using oracle_decision::Decision;
using oracle_decision::isModelMethod;

// Evidence chains longer than this stop helping a reader; the decision is always kept.
constexpr size_t kMaxEvidence = 10;

// The oracle's expression and the statements it was traced through, white space aside and in
// no particular order (a helper moved above another keeps its digest).
uint64_t sourceDigest(std::string_view expression, std::vector<uint64_t> sources) {
  const std::string text = normalized(expression);
  sources.push_back(XXH3_64bits(text.data(), text.size()));
  std::sort(sources.begin(), sources.end());
  sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
  return XXH3_64bits(sources.data(), sources.size() * sizeof(uint64_t));
}

// Whether the oracle runs a model through an inference runtime (onnxruntime, TensorFlow Lite's
// interpreter) after the test exported one before `at`.
bool exportedAndRun(const FileModel& m, FunctionId fn, StmtId at, const OriginSet& oracle) {
  static const RE2 runtime(R"(^(onnxruntime|tensorflow\.lite|tflite_runtime)\.)");
  if (fn == kNone || at == kNone || fn >= m.functions.size() ||
      std::none_of(oracle.items.begin(), oracle.items.end(), [](const Origin& x) { return RE2::PartialMatch(x.api, runtime); }))
    return false;
  for (StmtId s = m.functions[fn].firstStmt; s < at && s < m.stmts.size(); ++s)
    if (m.stmts[s].function == fn &&
        (m.stmts[s].text.find("export(") != std::string_view::npos || m.stmts[s].text.find("TFLiteConverter") != std::string_view::npos))
      return true;
  return false;
}

// Records a decision on the assertion, after the evidence so far (`ev`, its first line kept when
// it is cut).
void record(Assertion& a, const Decision& d, const OriginSet& oracle, std::vector<std::string> ev) {
  a.oracleType = d.type;
  a.oracleReason = d.why;
  a.oracleSource = sourceDigest(a.expectedText, oracle.sources);
  if (ev.size() > kMaxEvidence - 1) ev.erase(ev.begin() + 1, ev.end() - static_cast<long>(kMaxEvidence - 2));
  ev.push_back(fmt::format("decision {}: {}", d.type, d.why));
  a.evidence = std::move(ev);
}

// The last name of a compared expression (`self.expected[k]` -> expected, `out.sum()` -> out).
std::string comparedName(std::string_view text) {
  static const RE2 name(R"(^(?:[A-Za-z_][A-Za-z0-9_]*\.)*([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?$)");
  std::string last;
  if (!RE2::FullMatch(text, name, &last)) return {};
  for (char& c : last) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return last;
}

bool namedAsExpected(std::string_view text) {
  static const RE2 expected(R"((^|_)(expected|expect|exp|desired|ref|reference|truth|true|gold|golden|gt|target|targets)(_|$|[0-9]))");
  const std::string n = comparedName(text);
  return !n.empty() && RE2::PartialMatch(n, expected);
}

// A word for the expected value anywhere in `text` (`self.expected_loss_values()`, `ref_out[0]`).
bool mentionsExpectedValue(std::string_view text) {
  static const RE2 word(R"((?i)(expect|desired|ref|truth|gold|target|(^|[^a-z])gt([^a-z]|$)))");
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), word);
}

bool namedAsComputed(std::string_view text) {
  static const RE2 computed(R"((^|_)(actual|result|results|res|out|output|outputs|got|value|computed)(_|$|[0-9]))");
  const std::string n = comparedName(text);
  return !n.empty() && RE2::PartialMatch(n, computed) && !namedAsExpected(text);
}

// OALENS_DEBUG_LINE=LINE or PATH:LINE prints both sides' origins of the assertions there.
void printOriginsWhenAsked(const Assertion& a, const OriginSet& actual, const OriginSet& oracle) {
  if (const char* where = std::getenv("OALENS_DEBUG_LINE");
      where && (std::to_string(a.range.start.line) == where || fmt::format("{}:{}", a.file, a.range.start.line) == where)) {
    for (const OriginSet* set : {&actual, &oracle}) {
      fprintf(stderr, "%s: arith %d loop %d helper %d ops", set == &actual ? "CUT" : "ORACLE", set->arithmetic, set->loop,
              set->throughHelper);
      for (auto& o : set->operators) fprintf(stderr, " %s", o.c_str());
      fprintf(stderr, " at");
      for (auto& o : set->arithmeticAt) fprintf(stderr, " [%s]", o.c_str());
      fprintf(stderr, " every");
      for (auto& o : set->everyOperator) fprintf(stderr, " %s", o.c_str());
      fprintf(stderr, "\n");
      for (const Origin& o : set->items)
        fprintf(stderr, "  kind %d api %s args %s closed %d lit %d\n", int(o.kind), o.api.c_str(), o.args.c_str(), o.closedForm,
                o.literalInputs);
    }
  }
}

// The CUT's and the oracle's roles exchanged: their origins, expressions and texts.
void swapRoles(Assertion& a, OriginSet& actual, OriginSet& oracle) {
  std::swap(actual, oracle);
  std::swap(a.actualExpr, a.expectedExpr);
  std::swap(a.actualText, a.expectedText);
  a.swapped = !a.swapped;
}

using FilesByPath = std::unordered_map<std::string_view, const FileModel*>;

// The assignment at `site` ("path:line", Assertion::oracleComputedAt) and the file holding it.
std::optional<std::pair<const FileModel*, StmtId>> computedOracle(const FilesByPath& files, std::string_view site) {
  const size_t colon = site.rfind(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto file = files.find(site.substr(0, colon));
  if (file == files.end()) return std::nullopt;
  const uint32_t line = static_cast<uint32_t>(std::atoi(std::string(site.substr(colon + 1)).c_str()));
  const FileModel& m = *file->second;
  for (StmtId s = 0; s < m.stmts.size(); ++s)
    if (m.stmts[s].range.start.line == line && m.stmts[s].kind == StmtKind::Assign && m.stmts[s].b != kNone && m.stmts[s].function != kNone)
      return std::pair{&m, s};
  return std::nullopt;
}

// The oracle type from the two sides' origins, with the evidence so far, the oracle's, and the
// decision.
void decideWithEvidence(Assertion& a, const OriginSet& actual, const OriginSet& oracle, std::vector<std::string> ev) {
  for (const auto& e : oracle.evidence) ev.push_back("oracle: " + e);
  record(a, decide(actual, oracle, a.language), oracle, std::move(ev));
}

// A round trip's decision (round_trip.h), the oracle side made the oracle if it was not.
bool decideRoundTrip(const FileModel& m, Assertion& a, OriginSet& actual, OriginSet& oracle, std::vector<std::string>& ev) {
  const Sides sides{a.actualText, a.expectedText, coreOf(actual).primary, coreOf(oracle).primary};
  std::optional<RoundTrip> trip = handedBack(sides, actual, oracle);
  if (!trip) trip = storedAndReadBack(m, a.functionId, a.stmt, sides, actual, oracle);
  if (!trip) trip = restoredFromAnother(m, a.functionId, a.stmt, sides);
  if (!trip) trip = snapshotBeforeACall(m, a.functionId, a.stmt, sides);
  if (!trip) trip = readingBeforeCallsOnItsObject(m, a.functionId, a.stmt, sides);
  if (!trip) trip = snapshotBeforeARebuild(m, a.functionId, a.stmt, sides);
  if (!trip) trip = operandsMethodCombined(m, a.functionId, a.stmt, sides);
  if (!trip) trip = copyComparedWithItsOriginal(m, a.functionId, a.stmt, sides);
  if (!trip) trip = indexedAgainstItsData(m, a.functionId, a.stmt, sides);
  if (!trip) {
    // The same call run again on inputs changed in between refines a decision of SCUT_SAME only
    // (classifyOne): it may as well be a measurement of what changed them.
    trip = sameCallTwice(m, a.functionId, a.stmt, sides);
    if (trip && trip->type != "SCUT_SAME" && trip->type != "D") trip.reset();
  }
  if (!trip) trip = sameClassRunAgain(m, a.functionId, a.stmt, sides);
  if (!trip) trip = restoredModelRunAgain(m, a.functionId, a.stmt, sides);
  if (const std::string through = trip ? std::string{} : targetOfHandedFunction(m, a.functionId, a.stmt, a.expectedText, oracle);
      !through.empty())
    trip = RoundTrip{false, "D",
                     fmt::format("the oracle `{}` is a target the test hands to the CUT inside `{}`", handedName(a.expectedText), through)};
  if (!trip) return false;
  if (trip->swapSides) swapRoles(a, actual, oracle);
  record(a, Decision{trip->type, trip->reason}, oracle, std::move(ev));
  return true;
}

// Whether each side reads a parameter of the function the check is in that the other does not.
bool eachSideHasAParameterOfItsOwn(const OriginSet& actual, const OriginSet& oracle) {
  const auto parameters = [](const OriginSet& s) {
    std::set<std::string> names;
    for (const Origin& o : s.items)
      if (o.kind == OriginKind::Data && o.parameter) names.insert(o.api);
    return names;
  };
  const std::set<std::string> a = parameters(actual), o = parameters(oracle);
  const auto hasOwn = [](const std::set<std::string>& x, const std::set<std::string>& y) {
    return std::ranges::any_of(x, [&](const std::string& n) { return !y.contains(n); });
  };
  return hasOwn(a, o) && hasOwn(o, a);
}

// Long: the CUT's and the oracle's origins are traced and compared, and the evidence lines are
// written as each step finds them, in the order `explain` prints them.
void classifyOne(const OriginTracer& tracer, const FileModel& m, Assertion& a, const TrainingSites& training, const FilesByPath& files) {
  std::vector<std::string> ev;
  if (a.form == "decorator") {
    // The decorator runs the test with NumPy and with CuPy and compares the results.
    a.oracleType = "DT";
    a.oracleReason = "the decorator runs the test with numpy and with cupy: numpy's result is the oracle";
    a.oracleSource = sourceDigest(a.expectedText, {});
    a.evidence = {a.expectedText.empty()
                      ? std::string("the test returns what is compared")
                      : fmt::format("the test returns `{}`, run with cupy (CUT) and numpy (oracle)", a.expectedText.substr(0, 60)),
                  fmt::format("decision DT: {}", a.oracleReason)};
    return;
  }
  if (a.form == "harness" && a.expectedExpr != kNone) {
    // A base test case compares what two methods return (Chainer's forward and
    // forward_expected): each side is traced in its own method, and the roles are the harness's.
    auto returnStatement = [&](ExprId e) {
      for (StmtId s = 0; s < m.stmts.size(); ++s)
        if (m.stmts[s].kind == StmtKind::Return && m.stmts[s].a == e) return s;
      return kNone;
    };
    const StmtId actualAt = a.actualExpr == kNone ? kNone : returnStatement(a.actualExpr);
    const StmtId oracleAt = returnStatement(a.expectedExpr);
    OriginSet actual = actualAt == kNone ? OriginSet{} : tracer.trace(m, m.stmts[actualAt].function, actualAt, a.actualExpr);
    OriginSet oracle = oracleAt == kNone ? OriginSet{} : tracer.trace(m, m.stmts[oracleAt].function, oracleAt, a.expectedExpr);
    ev.push_back(
        fmt::format("the base test case compares `{}` (CUT) with `{}` (oracle)", a.actualText.substr(0, 60), a.expectedText.substr(0, 60)));
    decideWithEvidence(a, actual, oracle, std::move(ev));
    return;
  }
  if (a.actualExpr == kNone && a.expectedExpr == kNone) {
    a.oracleType = "UNKNOWN";
    a.oracleReason = "no compared values were found";
    a.evidence = {a.oracleReason};
    return;
  }
  if (a.expectedExpr == kNone && a.qualityBound) {
    // A bound on a trained model's quality: the metric compares its predictions with the labels,
    // test data (docs/oracles.md).
    a.oracleType = "D";
    a.oracleReason = "the oracle is the labels a quality metric measures the predictions against (test data)";
    a.oracleSource = sourceDigest("labels", {});
    a.evidence = {fmt::format("`{}` bounds a trained model's quality", a.actualText), "decision D: " + a.oracleReason};
    return;
  }
  if (a.expectedExpr == kNone && !a.oracleComputedAt.empty())
    if (const auto computed = computedOracle(files, a.oracleComputedAt)) {
      // `_assert_correct(out, case)`, whose helper computes `expected = _reference(case)` when it is
      // left out: that computation is the oracle, its parameters what the helper's callers hand it.
      const auto& [wm, at] = *computed;
      OriginSet actual = a.actualExpr == kNone ? OriginSet{} : tracer.trace(m, a.functionId, a.stmt, a.actualExpr);
      OriginSet oracle = tracer.trace(*wm, wm->stmts[at].function, at, wm->stmts[at].b);
      ev.push_back(fmt::format("the call leaves the oracle to its helper, which computes `{}` ({})",
                               squeezed(wm->expr(wm->stmts[at].b).text, 60), a.oracleComputedAt));
      for (const auto& e : actual.evidence) ev.push_back("CUT: " + e);
      decideWithEvidence(a, actual, oracle, std::move(ev));
      return;
    }
  if (a.expectedExpr == kNone) {
    // An error bound on one value (assert abs(x) < eps): the oracle is the implied zero.
    a.oracleType = "D";
    a.oracleReason = "the oracle is the constant 0 of an error bound";
    a.oracleSource = sourceDigest("0", {});
    a.evidence = {fmt::format("`{}` is compared with a bound: the oracle is the constant 0", a.actualText), "decision D"};
    return;
  }
  if (!a.sameFunctionBoth.empty() && a.actualExpr != kNone) {
    // One function handed to a helper that runs it through two paths, one side's parameter
    // defaulting to the other's (`helper_test_op(shapes, torch_fxn, tinygrad_fxn=None)`,
    // `check_with_uniform(uf, ..., npuf=None)`): where the parameters name another library, that
    // library computes the same function (differential testing); otherwise the same function
    // runs twice, another way.
    // A parameter named for a library: `torch_fxn`, `npuf` (NumPy's), `ref_numpy`, `tf_fn` (the
    // names are listed "actual, expected").
    static const RE2 otherLibrary(R"((?i)(torch|numpy|scipy|tensorflow|jax)|(^|, )(np|onp)[a-z_]|(^|, )tf_|_(np|tf)(,|$))");
    const bool crossLibrary = RE2::PartialMatch(a.sameFunctionBoth, otherLibrary);
    a.oracleType = crossLibrary ? "DT" : "SCUT_SAME";
    a.oracleReason =
        crossLibrary
            ? fmt::format("the helper runs the one function `{}` through another library ({}) and the library under test",
                          a.expectedText.substr(0, 40), a.sameFunctionBoth)
            : fmt::format("the helper runs the one function `{}` twice, through {}", a.expectedText.substr(0, 40), a.sameFunctionBoth);
    a.oracleSource = sourceDigest(a.expectedText, {});
    a.evidence = {fmt::format("the call leaves a side to the helper's fallback: both run `{}`", a.expectedText.substr(0, 60)),
                  fmt::format("decision {}: {}", a.oracleType, a.oracleReason)};
    return;
  }
  if (a.actualExpr != kNone && m.expr(a.actualExpr).text == m.expr(a.expectedExpr).text) {
    // One list compared pairwise with itself (assert_list_pairwise(z_list)).
    OriginSet both = tracer.trace(m, a.functionId, a.stmt, a.actualExpr);
    ev = both.evidence;
    a.oracleSource = sourceDigest(a.actualText, both.sources);
    // A tuple written in the test, compared element by element (`assert_items_equal((v1, v2,
    // v3))` of one function made three ways): the same computation run differently.
    const Expr& compared = m.expr(a.actualExpr);
    const bool written = (compared.kind == ExprKind::Tuple || compared.kind == ExprKind::List) && compared.childCount >= 2;
    // A helper given one value that computes both sides from it (runs an augmentation twice with
    // the same parameters; compares a Jacobian's slices with its first): one computation, one input.
    const bool parts = !a.via.empty() && both.has(OriginKind::LibCall);
    if (both.backendLoop || both.loop || written || parts) {
      a.oracleType = both.backendLoop ? "DT" : "SCUT_SAME";
      a.oracleReason = both.backendLoop ? "elements computed by different backends are compared pairwise"
                       : both.loop      ? "elements of one loop are compared pairwise"
                       : written        ? "the elements of a tuple the test writes are compared pairwise"
                                        : "a helper computes both compared values from the one value it is given";
      ev.push_back(fmt::format("{}: decision {}", a.oracleReason, a.oracleType));
    } else {
      a.oracleType = "UNKNOWN";
      a.oracleReason = "a value compared with itself, with no loop that would make its elements differ";
      ev.push_back(a.oracleReason);
    }
    if (ev.size() > kMaxEvidence) ev.erase(ev.begin(), ev.end() - kMaxEvidence);
    a.evidence = std::move(ev);
    return;
  }
  // A check mapped by a lambda over structures (tree_map(lambda a, b: allclose(a, -b), fwd,
  // back)): its parameters stand for the structures' leaves.
  OriginTracer::Bindings leaves;
  if (a.form == "tree_map" && a.call != kNone && a.stmt != kNone) {
    // The mapping call: the one whose first argument is a lambda holding the check.
    CallArgs mapping;
    const SourceRange& inner = m.expr(a.call).range;
    for (ExprId e = m.stmts[a.stmt].firstExpr; e < m.stmts[a.stmt].endExpr && e < m.exprs.size(); ++e) {
      if (m.expr(e).kind != ExprKind::Call) continue;
      CallArgs c = splitCall(m, e);
      if (c.positional.empty() || m.expr(c.positional[0]).kind != ExprKind::Lambda) continue;
      const SourceRange& lambda = m.expr(c.positional[0]).range;
      if (lambda.startByte <= inner.startByte && inner.endByte <= lambda.endByte) mapping = c;
    }
    if (!mapping.positional.empty() && m.expr(mapping.positional[0]).kind == ExprKind::Lambda) {
      std::string_view rest = m.expr(mapping.positional[0]).name;
      for (size_t i = 1; i < mapping.positional.size() && !rest.empty(); ++i) {
        const size_t comma = std::min(rest.find(','), rest.size());
        std::string_view one = rest.substr(0, comma);
        while (!one.empty() && one.front() == ' ') one.remove_prefix(1);
        while (!one.empty() && one.back() == ' ') one.remove_suffix(1);
        leaves.emplace_back(std::string(one), mapping.positional[i]);
        rest.remove_prefix(std::min(comma + 1, rest.size()));
      }
    }
  }
  OriginSet actual = a.actualExpr == kNone ? OriginSet{} : tracer.trace(m, a.functionId, a.stmt, a.actualExpr, leaves);
  OriginSet oracle = tracer.trace(m, a.functionId, a.stmt, a.expectedExpr, leaves);
  // A helper's check comparing what two of its parameters give (`fs_bn.bias` against
  // `torch_bn.bias` in `check_parity(torch_bn, fs_bn, x)`): each side is what the helper's first
  // caller hands it. One parameter under both sides (`stage.encode(x)` against `x`) stays the
  // test's data, whatever a caller passes.
  if (eachSideHasAParameterOfItsOwn(actual, oracle)) {
    actual = tracer.trace(m, a.functionId, a.stmt, a.actualExpr, leaves, true);
    oracle = tracer.trace(m, a.functionId, a.stmt, a.expectedExpr, leaves, true);
  }
  // `check_parity(torch_bn, fs_bn, x)`, a helper of the suite handed two modules whole: it runs
  // them (a module object is no value to compare), so another library's module built from numbers
  // (`torch.nn.BatchNorm1d(3)`, not a tensor of literal data) computes the oracle there.
  if (!a.via.empty())
    for (const auto& [side, written] : {std::pair{&actual, a.actualExpr}, std::pair{&oracle, a.expectedExpr}}) {
      if (written == kNone || m.expr(written).kind != ExprKind::Name) continue;
      for (Origin& o : side->items) {
        const std::string_view cls = lastDottedComponent(o.api);
        if (o.kind == OriginKind::OtherLib && o.closedForm && !cls.empty() && std::isupper(static_cast<unsigned char>(cls[0]))) {
          o.closedForm = false;
          o.calledAfter = true;
        }
      }
    }
  printOriginsWhenAsked(a, actual, oracle);
  if (actual.backendLoop && oracle.backendLoop && !actual.bindings.empty() && actual.bindings == oracle.bindings) {
    // Two elements of one list built over the library's backends (z_list[i] against
    // z_list[i + 1]): one backend's result is the other's oracle.
    a.oracleType = "DT";
    a.oracleReason = "two elements of a list computed by different backends are compared";
    a.oracleSource = sourceDigest(a.expectedText, oracle.sources);
    ev = oracle.evidence;
    if (ev.size() > kMaxEvidence - 1) ev.erase(ev.begin(), ev.end() - static_cast<long>(kMaxEvidence - 1));
    ev.push_back(fmt::format("{}: decision DT", a.oracleReason));
    a.evidence = std::move(ev);
    return;
  }
  // Both sides compute with the library: the one that writes a formula out of its primitives is
  // the reference, the other the code under test (Theano's utt.assert_allclose(expected, value)
  // given the bn op's output first and the hand-written one second).
  const auto formula = [](const OriginSet& s) {
    return s.arithmetic && !s.operators.empty() && (coreOf(s).full.size() >= 2 || s.operators.size() >= 3);
  };
  // Unless the author's names say the catalogue's order is right (`actual_grad` against
  // `expected_grad`, a moment of samples against a formula of the distribution's properties).
  const bool bothCompute = computesWithLibrary(actual) && computesWithLibrary(oracle);
  const bool formulaIsActual =
      bothCompute && formula(actual) && !formula(oracle) && !(namedAsComputed(a.actualText) && namedAsExpected(a.expectedText));
  // Both sides call the library and neither writes a formula: the author's names say which is
  // which (`assert_allclose(self.expected[k], actual)` with NumPy's order reversed;
  // `assertAllClose(c_expected, state1.c.eval())`, the other side named for nothing).
  const bool namedExpectedIsActual =
      bothCompute && !formula(actual) && !formula(oracle) && namedAsExpected(a.actualText) && !namedAsExpected(a.expectedText);
  // The library's objects built from the test's values on one side only, its functions run on the
  // other: the built side is the expected value.
  const bool builtIsActual =
      onlyBuildsLibraryObjects(actual) && computesBeyondBuilding(oracle) && readsBuiltObject(m, a.functionId, a.stmt, a.actualExpr);
  // Another library's model run on what the library hands it on one side, the library run on the
  // other: the other library's run is the reference.
  const bool otherLibraryRunIsActual = bothCompute && !anotherLibrarysObjectRun(actual).empty() && runsTheLibrary(oracle);
  if ((!computesWithLibrary(actual) && computesWithLibrary(oracle)) || formulaIsActual || namedExpectedIsActual || builtIsActual ||
      otherLibraryRunIsActual) {
    swapRoles(a, actual, oracle);  // the roles are the catalogue's until here
    ev.push_back(fmt::format("arguments swapped: `{}` calls the library under test, so it is the CUT; `{}` is the oracle",
                             a.actualText.substr(0, 60), a.expectedText.substr(0, 60)));
  } else if (computesWithLibrary(actual)) {
    ev.push_back(fmt::format("CUT `{}` calls the library under test", a.actualText.substr(0, 60)));
  } else if ((allOf(actual, {OriginKind::Literal}) && !allOf(oracle, {OriginKind::Literal, OriginKind::Data})) ||
             (allOf(actual, {OriginKind::Literal, OriginKind::Data}) && actual.applied.empty() && oracle.has(OriginKind::Unknown) &&
              !oracle.arithmetic && !oracle.loop && allOf(oracle, {OriginKind::Literal, OriginKind::Data, OriginKind::Unknown}))) {
    // assertAllClose(jnp.eye(n), x_white @ x_white.T): neither side calls the library, and the
    // fixed value is what the computed one is checked against; so is the test's data where the
    // other side calls what the scan cannot resolve (`predictor(0.0, fx0)` in a helper).
    swapRoles(a, actual, oracle);
    ev.push_back(fmt::format("neither side calls the library under test; `{}` is a fixed value, the oracle of `{}`",
                             a.expectedText.substr(0, 60), a.actualText.substr(0, 60)));
  } else if (namedAsExpected(a.actualText) && !namedAsComputed(a.actualText) && !mentionsExpectedValue(a.expectedText)) {
    // `assert_allclose(target[epoch], group['lr'])` in a helper stepping the library's scheduler:
    // the author's name says which side was worked out beforehand.
    swapRoles(a, actual, oracle);
    ev.push_back(
        fmt::format("neither side calls the library under test; `{}` is named for the expected value", a.expectedText.substr(0, 60)));
  } else {
    ev.push_back("neither side calls the library under test directly; the catalogue order is kept");
  }
  if (decideRoundTrip(m, a, actual, oracle, ev)) return;
  // The CUT's model exported in the test and run by an inference runtime (`torch.onnx.export`,
  // then onnxruntime's session): the same model run another way.
  if (computesWithLibrary(actual) && !computesWithLibrary(oracle) && exportedAndRun(m, a.functionId, a.stmt, oracle)) {
    for (const auto& e : oracle.evidence) ev.push_back("oracle: " + e);
    record(a, {"SCUT_SAME", "the oracle runs the CUT's model exported in the test, in an inference runtime"}, oracle, std::move(ev));
    return;
  }
  const auto dataOnly = [](const OriginSet& s) {
    return !computesWithLibrary(s) && std::none_of(s.items.begin(), s.items.end(), [](const Origin& x) {
      // No call the scan could not resolve, nor another library's model (an estimator, its
      // `fit` or `predict`); a value of unknown origin, or a data helper's (`self.make_data()`),
      // is data.
      const std::string_view last = lastDottedComponent(x.api);
      const bool model = isModelMethod(x.api) || x.api.starts_with(".fit") ||
                         (!last.empty() && std::isupper(static_cast<unsigned char>(last[0])));  // LinearRegression()
      return (x.kind == OriginKind::Unknown && !x.api.empty()) || (x.kind == OriginKind::OtherLib && model);
    });
  };
  // A model trained in the test, checked against the targets it was trained on or against data
  // no model computes (held-out targets drawn the same way: `test_y = torch.sin(test_x * 6.28)`);
  // the targets may have been taken for the CUT where the library made them too
  // (`create_data_from_grid`): the model's side is the CUT.
  const bool trains = trainsInTest(m, training, a.stmt);
  // Data computed from what the model is trained on is no label (`manual_gd_step(x, y, w0, lr)`
  // against the weights `fit(x, y)` leaves: the author's training step).
  const auto readsTrainingData = [&](const OriginSet& s) {
    return std::any_of(s.bindings.begin(), s.bindings.end(), [&](const std::string& b) {
      return trainedOnName(m, training, a.stmt, std::string_view(b).substr(b.rfind(':') + 1));
    });
  };
  const auto labels = [&](const OriginSet& s, ExprId e) {
    return !training.empty() && (trainedOn(m, training, a.stmt, e) || (trains && dataOnly(s) && !readsTrainingData(s)));
  };
  if (computesWithLibrary(oracle) && labels(actual, a.actualExpr) && !labels(oracle, a.expectedExpr)) {
    swapRoles(a, actual, oracle);
    ev.push_back(
        fmt::format("arguments swapped: `{}` holds the targets of a model trained in the test, the oracle", a.expectedText.substr(0, 60)));
  }
  if (computesWithLibrary(actual) && labels(oracle, a.expectedExpr)) {
    for (const auto& e : oracle.evidence) ev.push_back("oracle: " + e);
    record(a, {"D", fmt::format("`{}` holds the labels a model trained in the test is measured against", a.expectedText.substr(0, 40))},
           oracle, std::move(ev));
    return;
  }
  // The author's arithmetic on literals, handed as it is to the library (`clip_by_block_rms(1.0 / i)`
  // against `1.0 / i`): the value the CUT was given, compared back.
  if (allOf(oracle, {OriginKind::Literal}) && oracle.arithmetic && computesWithLibrary(actual)) {
    const std::string expected = normalized(a.expectedText);
    const bool handed = std::any_of(actual.items.begin(), actual.items.end(), [&](const Origin& x) {
      if (!OriginTracer::computes(x)) return false;
      const std::vector<std::string> parts = topLevelArguments(x.args);
      return std::find(parts.begin(), parts.end(), expected) != parts.end();
    });
    if (handed) {
      for (const auto& e : oracle.evidence) ev.push_back("oracle: " + e);
      record(a, {"D", fmt::format("`{}` is handed as it is to the library: the CUT's input compared back", a.expectedText.substr(0, 40))},
             oracle, std::move(ev));
      return;
    }
  }
  if (onlyBuildsLibraryObjects(oracle) && computesBeyondBuilding(actual) && readsBuiltObject(m, a.functionId, a.stmt, a.expectedExpr)) {
    ev.push_back(fmt::format("`{}` is objects of the library's classes built from the test's values: the values are the oracle",
                             a.expectedText.substr(0, 60)));
    oracle = withBuildsAsData(std::move(oracle));
  }
  decideWithEvidence(a, actual, oracle, std::move(ev));
  // Chainer's `op(Variable(x1), Variable(x2)).data` against `op(self.x1, self.x2)`: the one function
  // a parameter hands in, run on the library's variables and on NumPy's arrays, NumPy evaluating
  // the same expression.
  const Origin* unresolved = oracle_decision::outermostCall(oracle);
  if ((a.oracleType == "SCUT_SAME" || a.oracleType == "SCUT_DIFF") && unresolved && unresolved->kind == OriginKind::Unknown &&
      a.actualExpr != kNone) {
    const std::string_view param = unresolved->api;
    const std::string wrapping = wrappingOneApplication(m, a.functionId, a.actualExpr, a.expectedExpr, param);
    if (!wrapping.empty() && wrapsValueInLibraryType(lastDottedComponent(wrapping))) {
      a.oracleType = "DT";
      a.oracleReason = fmt::format("`{}` runs on the library's variables ({}) and on NumPy's arrays: NumPy evaluates the same expression",
                                   param, wrapping);
      a.evidence.push_back("decision DT: " + a.oracleReason);
      return;
    }
  }
  if (a.oracleType != "SCUT_SAME") return;
  const Sides sides{a.actualText, a.expectedText, coreOf(actual).primary, coreOf(oracle).primary};
  if (const auto again = sameCallTwice(m, a.functionId, a.stmt, sides); again && again->type == "SCUT_DIFF") {
    if (again->swapSides) swapRoles(a, actual, oracle);
    a.evidence.pop_back();
    record(a, Decision{again->type, again->reason}, oracle, std::move(a.evidence));
  }
}

}  // namespace

// The library under test is found through Python's imports; a C++ test names it through the
// namespaces it is written in or uses (cpp_library.cpp). In a file that names none of the
// library's, every method of the library (`blob->cpu_data()`) would pass for another library,
// so the types that need to know it (DT, RI, SCUT_*) are not given: UNKNOWN with the reason.
// D (literals) and NI (the test's own formulas) do not depend on it.
static void keepWhatCppSupports(Assertion& a, bool knowsLibrary) {
  if (knowsLibrary || a.oracleType == "D" || a.oracleType == "NI" || a.oracleType == "UNKNOWN") return;
  a.evidence.push_back(
      fmt::format("C++: {} needs to know the library under test, which this file names by no namespace it is "
                  "written in or uses; reported as UNKNOWN (docs/cpp.md)",
                  a.oracleType));
  a.oracleType = "UNKNOWN";
  a.oracleReason = "C++ oracles that need the library under test are not typed outside its namespaces";
}

// `test_linear_8bit_act_xbit_weight(m, n, k, group_size)`: a C++ helper that computes both sides
// itself (the kernel's output and a reference loop's) checks at each call what its own check
// compares, so each call takes that check's oracle type, its first OA check's where they disagree
// (torchao's kernel tests: 24 of its 60 labelled lines were UNKNOWN calls of such helpers).
// A helper of the suite given one value that makes both sides of its check from it (MXNet's
// `check_layer_forward_withinput(net, x)` running `net` imperatively and hybridized; torchao's C++
// helpers handed the test fixture `*this`) alike: the call compares that value with itself, so it
// takes its helper's check's type.
static void takeSelfContainedHelpersTypes(std::vector<Assertion>& assertions, const Project& project) {
  std::unordered_map<std::string_view, std::string_view> moduleOf;  // path -> module name
  for (const FileModel& f : project.files) moduleOf[f.path] = f.moduleName;
  std::unordered_map<std::string, std::vector<const Assertion*>> checksOf;  // helper -> its OA checks
  for (const Assertion& a : assertions) {
    if (!a.isOa || a.function.empty()) continue;
    if (a.language == Language::Cpp) checksOf[cppQualified(a.function)].push_back(&a);
    else if (const auto module = moduleOf.find(a.file); module != moduleOf.end() && !module->second.empty())
      checksOf[std::string(module->second) + "." + a.function].push_back(&a);
  }
  for (Assertion& a : assertions) {
    if (!a.isOa || a.oracleType != "UNKNOWN") continue;
    const bool withItself = !a.via.empty() && !a.actualText.empty() && a.actualText == a.expectedText;
    const bool noSides = a.actualText.empty() && a.expectedText.empty();
    if (!withItself && (a.language != Language::Cpp || !noSides)) continue;
    // An overload's id names its signature, a lambda's its file.
    const std::string helper = a.api.substr(0, a.api.find_first_of("(@"));
    const auto it = checksOf.find(helper);
    if (it == checksOf.end() || helper == cppQualified(a.function)) continue;
    // A helper scoped to its file (`run@tests/a_test.cpp`, one `run` per test program) checks
    // in that file, not in another program's `run`.
    const size_t at = a.api.find('@');
    const std::string_view ownFile =
        at == std::string::npos ? std::string_view{} : std::string_view(a.api).substr(at + 1, a.api.find('(', at) - at - 1);
    const Assertion* first = nullptr;
    for (const Assertion* c : it->second) {
      if (c->oracleType == "UNKNOWN" || c->oracleType.empty() || (!ownFile.empty() && c->file != ownFile)) continue;
      if (!first) first = c;
    }
    // Checks that disagree (`_test_compile_fwd_bwd` comparing the compiled run's outputs with the
    // eager run's, then the gradients each left in its inputs): the first, the helper's main one.
    if (!first) continue;
    // Recorded as any decision is: the type, its reason and the evidence's last line.
    a.oracleType = first->oracleType;
    a.oracleReason = fmt::format("the helper {} computes both sides and checks them itself ({}:{}: {})", helper, first->file,
                                 first->range.start.line, first->oracleReason);
    if (!a.evidence.empty() && a.evidence.back().starts_with("decision ")) a.evidence.pop_back();
    a.evidence.push_back(fmt::format("decision {}: {}", a.oracleType, a.oracleReason));
  }
}

void classifyOracles(ScanResult& result, const std::vector<std::string>& packagesOverride, unsigned threads) {
  std::vector<std::string> packages = packagesOverride.empty() ? inferLibraryPackages(result.project) : packagesOverride;
  result.libraryPackages = packages;
  OriginTracer tracer(result.project, packages);
  std::unordered_map<std::string_view, const FileModel*> byPath;
  for (const auto& f : result.project.files) byPath[f.path] = &f;
  // Where each function holding an OA assertion trains a model (training_targets.h), read once
  // per function, before the assertions are classified in parallel.
  std::map<std::pair<const FileModel*, FunctionId>, TrainingSites> trainingSites;
  for (const Assertion& a : result.assertions)
    if (const auto it = byPath.find(a.file); a.isOa && it != byPath.end() && a.functionId != kNone)
      if (const auto key = std::pair{it->second, a.functionId}; !trainingSites.count(key))
        trainingSites.emplace(key, trainingSitesOf(*it->second, a.functionId));
  parallelFor(result.assertions.size(), threadCount(threads, result.assertions.size() / 64 + 1), [&](size_t i, unsigned) {
    Assertion& a = result.assertions[i];
    if (!a.isOa) return;
    auto it = byPath.find(a.file);
    if (it == byPath.end()) return;
    static const TrainingSites none;
    const auto sites = trainingSites.find({it->second, a.functionId});
    classifyOne(tracer, *it->second, a, sites == trainingSites.end() ? none : sites->second, byPath);
    if (a.language == Language::Cpp) keepWhatCppSupports(a, tracer.knowsCppLibrary(*it->second));
  });
  takeSelfContainedHelpersTypes(result.assertions, result.project);
}

}  // namespace oalens::analyzer
