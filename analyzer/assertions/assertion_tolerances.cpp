// Filling an assertion from a catalogue entry at a call (applySpec): its values and tolerances.
#include "analyzer/assertions/assertion_finder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "analyzer/assertions/applied_both_ways.h"
#include "analyzer/assertions/assertion_finder_internal.h"
#include "analyzer/assertions/dtype_overrides.h"
#include "analyzer/assertions/keyword_splat.h"
#include "analyzer/assertions/splat_tolerance.h"
#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/tolerance/comparable_text.h"

namespace oalens::analyzer {

namespace {

// x.shape, x.shape[0], x.ndim, len(x), K.int_shape(x), tf.shape(x): integer sizes. A closeness
// API applied to them is an exact check written the long way; no tolerance can ever matter there.
bool measuresShape(const FileModel& m, ExprId e) {
  if (e == kNone) return false;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Attribute) return x.name == "shape" || x.name == "ndim";
  if (x.kind == ExprKind::Subscript) {
    const Expr& value = m.expr(m.child(e, 0));
    return value.kind == ExprKind::Attribute && value.name == "shape";
  }
  if (x.kind == ExprKind::Call) {
    std::string_view last = lastOf(m, splitCall(m, e).callee);
    return last == "len" || last == "int_shape" || last == "shape";
  }
  return false;
}

// Whether `assertLess(actual, bound)` / `EXPECT_LT(actual, bound)` checks a deviation against a
// tolerance rather than an order, a range or a time.
//  - The actual side measures a deviation: an error-like value (`err`, `abs(a - b)`,
//    `norm(d)`), but not a raw difference (`time.time() - t0`), which may be anything signed.
//  - Or the bound reads as a tolerance (`tol`, `1e-5`, `eps * 10`), in Python even as any float
//    literal. In C++ a literal bound is a tolerance only under 1 and against a difference
//    (`(cpu - ref) / ref < 1e-2`): EXPECT_LE(prob, 1.) is a range check, and C++ suites write
//    many (Caffe: 7 such checks, none an approximation).
bool errorBoundIsOa(const FileModel& m, ExprId actual, ExprId bound) {
  const bool raw = containsDifference(m, actual) && !containsAbsoluteValue(m, actual);
  if (looksLikeError(m, actual) && !raw) return true;
  if (m.language == Language::Cpp && isNumberLiteral(m, bound)) {
    auto v = ToleranceResolver::parseNumber(m.expr(bound).kind == ExprKind::Number ? m.expr(bound).text : m.expr(m.child(bound, 0)).text);
    return containsDifference(m, actual) && v && std::fabs(*v) < 1;
  }
  return looksLikeBound(m, bound);
}

}  // namespace

// A catalogued OA API used where no tolerance can matter: counted as an exact check.
void markExact(Assertion& a) {
  a.isOa = false;
  a.category = Category::Exact;
  a.tolerances.clear();
}

// Which bounds of an error bound the value may equal: `err <= tol`, `lo < x <= hi` (the upper),
// read from the comparison `compare`, or from the API's name (`EXPECT_LE`, assertLessEqual).
void markInclusiveBounds(const FileModel& m, Assertion& a, ExprId compare, std::string_view api) {
  bool upper = false, lower = false;
  if (compare != kNone && m.expr(compare).kind == ExprKind::Compare) {
    const uint32_t n = m.childCount(compare);
    if (n == 2) {
      upper = lower = m.compareOp(compare, 0).ends_with("=");
    } else if (n == 3) {
      // lo < x <= hi or hi >= x > lo: the first operator is the lower side's when rising.
      const std::string_view op0 = m.compareOp(compare, 0), op1 = m.compareOp(compare, 1);
      const bool rising = op0.starts_with("<");
      lower = (rising ? op0 : op1).ends_with("=");
      upper = (rising ? op1 : op0).ends_with("=");
    }
  } else if (!api.empty()) {
    upper = lower = api.ends_with("_LE") || api.ends_with("_GE") || api.ends_with("LessEqual") || api.ends_with("GreaterEqual");
  }
  for (Tolerance& t : a.tolerances) {
    if (t.name == "bound") t.inclusive = upper;
    if (t.name == "lower_bound") t.inclusive = lower;
  }
}

ExprId argumentFor(const FileModel& m, const ApiSpec& spec, const CallArgs& args, std::string_view param) {
  if (param.empty()) return kNone;
  // A C++ method's entry called as a function of a namespace (Eigen's `internal::isApprox(a, b,
  // prec)` beside `a.isApprox(b, prec)`): the first argument is what the method runs on.
  const bool asFunction = m.language == Language::Cpp && spec.kind == ApiKind::Method && spec.actual == "self" && args.callee != kNone &&
                          !isMemberAccess(m, args.callee);
  if (param == "self" && asFunction) return args.positional.empty() ? kNone : args.positional[0];
  // "self" names the receiver of a method call (C++ `a.isApprox(b)`: a is the value under test).
  if (param == "self" && spec.kind == ApiKind::Method && args.callee != kNone && m.expr(args.callee).kind == ExprKind::Attribute)
    return m.child(args.callee, 0);
  for (const auto& [k, v] : args.keywords)
    if (k == param) return v;
  int idx = spec.paramIndex(param);
  if (asFunction && idx >= 0) ++idx;
  if (idx >= 0 && static_cast<size_t>(idx) < args.positional.size()) return args.positional[static_cast<size_t>(idx)];
  return kNone;
}

// Whether `callee` is `self.<method>`: the call runs on the calling test's own object.
static bool isSelfCall(const FileModel& m, ExprId callee) {
  if (callee == kNone || m.expr(callee).kind != ExprKind::Attribute) return false;
  const ExprId receiver = m.child(callee, 0);
  return receiver != kNone && m.expr(receiver).kind == ExprKind::Name && m.expr(receiver).name == "self";
}

ThresholdProvenance thresholdProvenanceOf(const Assertion& a, const ApiSpec* spec) {
  if (!a.isOa) return ThresholdProvenance::None;
  if (spec && spec->alwaysDepend) return ThresholdProvenance::Depend;
  bool anyExplicit = false, anyDepend = false;
  for (const Tolerance& t : a.tolerances) {
    if (t.provenance == Provenance::Depend) anyDepend = true;
    else if (t.provenance != Provenance::Default) anyExplicit = true;
  }
  if (anyDepend) return ThresholdProvenance::Depend;
  if (anyExplicit) return ThresholdProvenance::Customized;
  // A C++ call that leaves a tolerance parameter out takes a default, even when only a
  // declaration the scan did not read gives it (`float atol = 1e-6f` in a header).
  if (a.tolerances.empty() && spec && spec->discovered && a.language == Language::Cpp && !spec->tolerances.empty())
    return ThresholdProvenance::Default;
  return a.tolerances.empty() ? ThresholdProvenance::None : ThresholdProvenance::Default;
}

namespace {

// What each dtype gets from the API where a tolerance's text names no value for it: every dtype
// for a default the API picks by dtype (only when it is the float32 entry, as `defaults` gives
// it: a wrapper's own default is one value), the dtypes a table leaves out for one given.
void attachDtypeDefaults(const ApiSpec& spec, std::vector<Tolerance>& tolerances, size_t first) {
  for (size_t i = first; i < tolerances.size(); ++i) {
    Tolerance& t = tolerances[i];
    if (t.byDtype) continue;
    const DtypeTable* table = dtypeDefaultsOf(spec.dtypeDefaults, t.name);
    if (!table) continue;
    if (t.provenance == Provenance::Default) {
      const auto float32 = table->find("float32");
      if (!spec.defaultDepends || !t.value || float32 == table->end() || float32->second != *t.value) continue;
      t.isDtypeDefault = true;
    }
    t.byDtype = table;
  }
}

}  // namespace

void AssertionFinder::applySpec(const FileModel& m, Assertion& a, const ApiSpec& spec, ExprId call) const {
  CallArgs args = splitCall(m, call);
  // self.assertAllClose(*self.evaluate([log_prob, expected])) (TensorFlow Probability's tests): the
  // values a test case or session evaluates, spread into the check's first arguments.
  if (args.positional.empty() && args.hasStarArgs && m.language == Language::Python)
    for (uint32_t i = 1; i < m.childCount(call); ++i) {
      const ExprId starred = m.child(call, i);
      if (m.expr(starred).kind != ExprKind::Starred || m.expr(starred).name != "*") continue;
      const ExprId evaluated = m.child(starred, 0);
      if (evaluated == kNone || m.expr(evaluated).kind != ExprKind::Call) break;
      const CallArgs inner = splitCall(m, evaluated);
      const std::string_view method = inner.callee == kNone ? std::string_view{} : lastOf(m, inner.callee);
      if ((method != "evaluate" && method != "run") || inner.positional.size() != 1) break;
      const ExprId values = inner.positional[0];
      if ((m.expr(values).kind != ExprKind::List && m.expr(values).kind != ExprKind::Tuple) || m.childCount(values) < 2) break;
      for (uint32_t k = 0; k < m.childCount(values); ++k) args.positional.push_back(m.child(values, k));
      args.hasStarArgs = std::any_of(args.keywords.begin(), args.keywords.end(), [](const auto& kw) { return kw.first.empty(); });
      break;
    }
  applySpec(m, a, spec, call, args);
}

// Long: the fields of a catalogue entry (docs/catalogue.md: the values' and tolerances'
// positions and names, defaults, dtype rules, bounds) are applied here to one call, each reading
// the arguments split once by the caller and the record filled so far.
void AssertionFinder::applySpec(const FileModel& m, Assertion& a, const ApiSpec& spec, ExprId call, const CallArgs& args) const {
  a.isOa = spec.oa;
  a.category = spec.category;
  a.via = spec.via;
  a.checkSites = spec.checkSites;
  a.call = call;
  a.actualExpr = argumentFor(m, spec, args, spec.actual);
  a.expectedExpr = argumentFor(m, spec, args, spec.expected);
  // A side left to the helper's fallback (`helper_test_op(shapes, lambda x: x.flip(0))`: the
  // tinygrad function is the torch one): the one function run through both of the helper's paths.
  const auto fallBack = [&](ExprId& side, const std::string& fallback) {
    if (side != kNone || fallback.empty()) return;
    side = argumentFor(m, spec, args, fallback);
    if (side != kNone) a.sameFunctionBoth = fmt::format("{}, {}", spec.actual, spec.expected);
  };
  fallBack(a.actualExpr, spec.actualFallback);
  fallBack(a.expectedExpr, spec.expectedFallback);
  if (a.expectedExpr == kNone) a.oracleComputedAt = spec.expectedComputedAt;
  // `check_forward(op, x1, x2)` running `op` on the library's variables and on NumPy's arrays.
  if (!spec.appliedWrapped.empty() && a.actualExpr != kNone && a.actualExpr == a.expectedExpr)
    a.sameFunctionBoth = wrapsValueInLibraryType(lastDottedComponent(spec.appliedWrapped))
                             ? fmt::format("{} values, NumPy arrays", spec.appliedWrapped)
                             : fmt::format("inputs moved by {}, inputs as given", spec.appliedWrapped);
  // PyTorch's `self.assertEqual(x, y, atol=1e-5, rtol=0)`, or `self.assertEqual(x, y, 1e-4)`
  // before 1.6: an `oa_if` parameter given makes the exact API an OA check. Written in place of
  // unittest's message, only a value that reads as a tolerance counts (not `"sizes differ"`).
  auto isOaIf = [&](std::string_view param) { return std::find(spec.oaIf.begin(), spec.oaIf.end(), param) != spec.oaIf.end(); };
  auto given = [&](std::string_view param) -> ExprId {
    const ExprId v = argumentFor(m, spec, args, param);
    if (v == kNone || m.expr(v).kind == ExprKind::NoneLit) return kNone;
    if (!isOaIf(param)) return v;
    if (m.expr(v).kind == ExprKind::String) return kNone;
    const bool byKeyword = std::any_of(args.keywords.begin(), args.keywords.end(), [&](const auto& kw) { return kw.first == param; });
    return byKeyword || looksLikeBound(m, v) || m.expr(v).text.find("prec") != std::string_view::npos ? v : kNone;
  };
  const ExprId kwargs = args.hasStarArgs ? keywordSplat(m, call) : kNone;
  std::optional<std::optional<SplatDict>> kwargsDict;
  // The dict `**kwargs` passes, when the check can be read to build it (made once for all kinds).
  auto splatted = [&]() -> const SplatDict* {
    if (kwargs == kNone) return nullptr;
    if (!kwargsDict) {
      kwargsDict = splatDict(m, a.functionId, a.stmt, kwargs, true);
      if (!*kwargsDict) *kwargsDict = selfSplatDict(m, a.functionId, a.stmt, kwargs);
    }
    return *kwargsDict ? &**kwargsDict : nullptr;
  };
  auto splatSets = [&](std::string_view param) {
    const SplatDict* d = splatted();
    return d && d->find(param);
  };
  std::string_view chosenBy;
  for (const auto& [param, cat] : spec.categoryIf) {
    // `assertAlmostEqual(x, y, **self.options)` with a `delta` in the dict checks by delta.
    if (given(param) != kNone || (!isOaIf(param) && splatSets(param))) {
      a.category = *parseCategory(cat);
      chosenBy = param;
      if (isOaIf(param) && !spec.oa) {
        a.isOa = true;
        if (!spec.oaIfId.empty()) a.api = spec.oaIfId;
      }
    }
  }
  // A discovered wrapper may read one tolerance from the first given of two parameters
  // (`atol=atol or tol`): the kind's later entries are its fallbacks.
  const size_t firstTolerance = a.tolerances.size();
  for (size_t i = 0; i < spec.tolerances.size(); ++i) {
    // Named references, not a structured binding: Clang 14 (the fuzz build) cannot capture one.
    const std::string& kind = spec.tolerances[i].first;
    const std::string& param = spec.tolerances[i].second;
    const auto sameKind = [&kind](const auto& t) { return t.first == kind; };
    if (std::any_of(a.tolerances.begin() + static_cast<std::ptrdiff_t>(firstTolerance), a.tolerances.end(),
                    [&kind](const Tolerance& t) { return t.name == kind; }))
      continue;
    const ExprId v = given(param);
    if (v == kNone && std::any_of(spec.tolerances.begin() + static_cast<std::ptrdiff_t>(i) + 1, spec.tolerances.end(), sameKind)) continue;
    // Not an OA check, or not this tolerance; once another `oa_if` parameter made it one, a
    // catalogued default counts (Equinox's tree_equal(x, y, rtol=1e-5) keeps atol at 0).
    if (v == kNone && isOaIf(param) && !(a.isOa && spec.defaults.count(kind))) continue;
    if (v != kNone) {
      addWrittenTolerance(m, a, kind, v);
      continue;
    }
    // assertAlmostEqual(delta=...) has no places; a flag that only switches the check on
    // (`match(x, y, almost=True)`) is no tolerance and leaves the others theirs.
    const bool chosenByTolerance =
        std::any_of(spec.tolerances.begin(), spec.tolerances.end(), [&](const auto& t) { return t.second == chosenBy; });
    if (!chosenBy.empty() && chosenByTolerance && param != chosenBy && !isOaIf(param)) continue;
    auto d = spec.defaults.find(kind);
    // A tolerance without a default (unittest's `delta`) only where the dict sets it.
    if (d == spec.defaults.end() && !(param == chosenBy && splatSets(param))) continue;
    const std::string defaultText = d == spec.defaults.end() ? std::string{} : d->second;
    std::string note = spec.discovered ? fmt::format("default of {}", spec.id) : "API default";
    if (kwargs != kNone) {
      splatted();
      if (auto t = toleranceFromSplat(m, a, resolver_, m.expr(kwargs).text, *kwargsDict, kind, param, defaultText, note)) {
        a.tolerances.push_back(std::move(*t));
        continue;
      }
      if (d == spec.defaults.end()) continue;
    }
    if (std::find(spec.defaultsByDtype.begin(), spec.defaultsByDtype.end(), kind) != spec.defaultsByDtype.end()) {
      // JAX's assertArraysAllClose: `atol = max(tolerance(_dtype(actual), atol), ...)`; through
      // a catalogued picker its values per dtype are known, the float32 one standing for them.
      const DtypeTable* table = dtypeDefaultsOf(spec.dtypeDefaults, kind);
      auto float32 = spec.defaultValues.find(kind);
      const bool known = table && float32 != spec.defaultValues.end();
      // The API's own default, picked by dtype: `default`, as NumPy's, Theano's and
      // torch.testing's defaults are (docs/oracles.md, threshold provenance).
      a.tolerances.push_back({kind, d->second, known ? std::optional<double>(float32->second) : std::nullopt, Provenance::Default,
                              fmt::format("{} picks it by dtype when a call leaves it out{}", spec.id, known ? " (float32)" : ""),
                              known ? table : nullptr, known});
      continue;
    }
    if (spec.defaultDepends) note += " (float32; the API picks it by dtype)";
    // A method of the suite's base test case that checks with `self.atol` (torchmetrics'
    // run_functional_metric_test) checks with the calling test class's own when it sets one.
    if (spec.discovered && isSelfCall(m, args.callee))
      if (const std::string_view attr = selfAttributeName(d->second); !attr.empty()) {
        ResolvedValue r = resolver_.resolveSelfAttribute(m, a.functionId, attr);
        // The calling test's class setting it (`atol = 1e-2` in its body) chose it: customized.
        if (r.value || r.provenance == Provenance::Depend) {
          a.tolerances.push_back({kind, d->second, r.value, r.provenance == Provenance::Depend ? Provenance::Depend : Provenance::Constant,
                                  fmt::format("{}; {} of the calling test", note, r.note)});
          a.tolerances.back().defaultDependsOnDtype = spec.defaultDepends;
          continue;
        }
      }
    a.tolerances.push_back(defaultTolerance(spec, kind, note));
    if (spec.local && std::ranges::find(spec.ownDefaults, kind) != spec.ownDefaults.end() &&
        a.tolerances.back().provenance == Provenance::Default) {
      a.tolerances.back().provenance = Provenance::Literal;
      a.tolerances.back().note = fmt::format("fixed by {}, a helper local to the test", spec.id);
    }
    // `def _assert_close(actual, expected): torch.testing.assert_close(actual, expected, atol=1e-3,
    // rtol=1e-3)`: a tolerance the suite's helper fixes and no call can change is its author's
    // choice for these tests, as one written at the call would be; not a check API's default.
    if (spec.discovered && spec.language == Language::Python && param.empty() &&
        std::ranges::find(spec.fixedTolerances, kind) != spec.fixedTolerances.end() &&
        a.tolerances.back().provenance == Provenance::Default && !spec.alwaysDepend && spec.switchedBy.empty()) {
      a.tolerances.back().provenance = Provenance::Constant;
      a.tolerances.back().note = fmt::format("fixed by {}, which no call can change", spec.id);
    }
    // A C++ helper that computes both sides and checks them (torchao's kernel tests comparing
    // a kernel with a reference loop within its `kTol`) is a test procedure, not a check API:
    // the tolerance it fixes inside is its author's choice for these tests, as one written at
    // the call would be.
    // Not one a parameter takes (a call may set it), nor a method comparing its object with
    // another (a tensor's `matches(other)`): a check API; nor one it switches at run time.
    // So is a Python helper computing both compared values from the one it is given (MXNet's
    // `check_fusion(net, shape, attrs)`: the fused net against the unfused, within its literals).
    const bool bothFromOne = spec.language == Language::Python && !spec.actual.empty() && spec.actual == spec.expected;
    const bool testProcedure = spec.discovered && (spec.language == Language::Cpp || bothFromOne) &&
                               ((spec.actual.empty() && spec.expected.empty()) || bothFromOne) && spec.bound.empty() &&
                               spec.kind != ApiKind::Method && !spec.predicateMethod && !spec.alwaysDepend && spec.switchedBy.empty();
    if (testProcedure && param.empty() && std::ranges::find(spec.ownDefaults, kind) != spec.ownDefaults.end() &&
        a.tolerances.back().provenance == Provenance::Default) {
      a.tolerances.back().provenance = Provenance::Constant;
      a.tolerances.back().note = fmt::format("fixed by {}, which computes both sides itself", spec.id);
    }
  }
  if (!spec.dtypeDefaults.empty()) attachDtypeDefaults(spec, a.tolerances, firstTolerance);
  // The helper's later checks (`atol_b` of nnabla's function_tester, checking the gradients after
  // the forward pass): a call that gives one of their tolerances chooses it.
  for (const auto& [name, param] : spec.laterTolerances) {
    if (const ExprId v = given(param); v != kNone) {
      addWrittenTolerance(m, a, name, v);
    } else if (spec.defaults.count(name)) {
      a.tolerances.push_back(defaultTolerance(spec, name, fmt::format("default of {} for a later check", spec.id)));
    }
  }
  // A switch of the wrapper's tolerances given at the call (low_tolerance=True): the defaults
  // it leaves are no longer the API's, but chosen by it at run time.
  for (const std::string& flag : spec.toleranceSwitches) {
    const ExprId v = given(flag);
    if (v == kNone) continue;
    for (Tolerance& t : a.tolerances)
      if (t.provenance == Provenance::Default) {
        t.provenance = Provenance::Depend;
        t.note += fmt::format("; switched by `{}={}`", flag, squeezed(m.expr(v).text, 40));
      }
  }
  // assertAllClose(x, y, atol=1e-3, tpu_atol=1e-2): on a TPU the check accepts 1e-2.
  for (const DeviceTolerance& dt : spec.deviceTolerances) {
    if (dt.param.empty() && dt.scales) {  // the call's own value, scaled on that device
      if (!a.isOa) continue;
      const auto base = std::ranges::find_if(a.tolerances, [&](const Tolerance& t) { return t.name == dt.kind; });
      if (base == a.tolerances.end()) continue;
      const std::optional<double> factor = ToleranceResolver::parseNumber(dt.valueText);
      const std::optional<double> value = factor && base->value ? std::optional<double>(*factor * *base->value) : std::nullopt;
      const std::string text = fmt::format("{} * {}", dt.valueText, base->text);
      a.tolerances.push_back({fmt::format("{}@{}", dt.kind, dt.label), text, value, Provenance::Depend,
                              fmt::format("{} scales {} by {} when `{}`", spec.id, dt.kind, dt.valueText, dt.condition)});
      continue;
    }
    if (dt.param.empty()) {  // the wrapper's own value on that device
      if (!a.isOa) continue;
      a.tolerances.push_back({fmt::format("{}@{}", dt.kind, dt.label), dt.valueText, ToleranceResolver::parseNumber(dt.valueText),
                              Provenance::Depend, fmt::format("{} sets {} = {} when `{}`", spec.id, dt.kind, dt.valueText, dt.condition)});
      continue;
    }
    const ExprId v = given(dt.param);
    if (v == kNone) continue;
    ResolvedValue r = resolver_.resolve(m, a.functionId, a.stmt, v);
    a.tolerances.push_back({fmt::format("{}@{}", dt.kind, dt.label), std::string(m.expr(v).text), r.value, Provenance::Depend,
                            fmt::format("`{}` replaces {} when `{}`", dt.param, dt.kind, dt.condition)});
    attachComparableText(a.tolerances.back(), m, a.functionId, a.stmt, v);
  }
  // @precisionOverride({torch.bfloat16: 1e-2}) on the test: for that dtype the check accepts the
  // larger of its own atol and 1e-2, and a check with no tolerance of its own becomes an OA one.
  for (const DtypeOverride& o : dtypeOverrides(m, a.functionId, spec.dtypeOverrideDecorators)) {
    if (!a.isOa) {
      a.isOa = true;
      a.category = Category::AbsRel;
      if (!spec.oaIfId.empty()) a.api = spec.oaIfId;
    }
    const Function& decorated = m.functions[o.function];
    const StmtId def = decorated.firstStmt > 0 ? decorated.firstStmt - 1 : a.stmt;
    ResolvedValue r = resolver_.resolve(m, o.function, def, o.value);
    a.tolerances.push_back({fmt::format("{}@{}", o.kind, o.dtype), std::string(m.expr(o.value).text), r.value, Provenance::Depend,
                            decoratorToleranceNote(o.decorator, o.dtype, decorated.qualifiedName)});
    attachComparableText(a.tolerances.back(), m, o.function, def, o.value);
  }
  // Tolerances only a chained call sets (Catch2's Approx(x).margin(m)) start at their defaults,
  // with the value a factory of the suite resolved where it fixed one (`.margin(zero)`).
  for (const auto& [kind, method] : spec.setters) {
    bool present = false;
    for (const Tolerance& t : a.tolerances) present |= t.name == kind;
    if (!present && spec.defaults.count(kind)) a.tolerances.push_back(defaultTolerance(spec, kind, "API default"));
  }
  if (spec.category == Category::ErrorBound && !spec.bound.empty()) {
    ExprId b = argumentFor(m, spec, args, spec.bound);
    if (b != kNone) {
      a.expectedExpr = kNone;
      const ExprId lower = spec.lowerBound.empty() ? kNone : argumentFor(m, spec, args, spec.lowerBound);
      // Read before applyErrorBound replaces the actual side by the difference's first operand.
      // An interval (`IsInside(lo, hi, x)`) checks a deviation as `lo < x <= hi` does: with a
      // tolerance in a bound.
      bool oa = errorBoundIsOa(m, a.actualExpr, b) || (lower != kNone && (looksLikeBound(m, lower) || looksLikeBound(m, b)));
      // C++: `double result = meanPercentErr<float>(ref, res);` then `EXPECT_LT(result, 0.1)`: a local
      // holding what a function named for an error computes.
      if (!oa && lower == kNone && m.language == Language::Cpp && a.actualExpr != kNone && a.functionId != kNone &&
          m.expr(a.actualExpr).kind == ExprKind::Name)
        if (const ExprId held = throughLocal(m, a.functionId, a.stmt, a.actualExpr);
            held != a.actualExpr && m.expr(held).kind == ExprKind::Call)
          oa = errorBoundIsOa(m, held, b);
      // EXPECT_LT(loss, 0.05f): a ceiling on a trained model's loss.
      if (!oa && lower == kNone && boundsQuality(m, a.functionId, a.actualExpr, b, true)) oa = a.qualityBound = true;
      // EXPECT_LE(x, expected * (1 + tol)): a value kept below an expected one by a tolerance.
      if (const auto band = lower == kNone && !looksLikeError(m, a.actualExpr) ? bandAround(m, b) : std::nullopt) {
        applyBand(m, a, a.actualExpr, band->first, band->second, band->factor != 0);
        a.thresholdProvenance = thresholdProvenanceOf(a, &spec);
        return;
      }
      applyErrorBound(m, a, a.actualExpr, b, lower);
      markInclusiveBounds(m, a, kNone, a.apiText);
      // assertLess(len(x), 5) is an ordering check, not an approximation.
      if (!oa) markExact(a);
    }
  }
  // A bound the entry's tolerances gave already (a bound predicate's, bound_predicates.h) is not
  // its default a second time.
  const bool boundGiven = std::ranges::any_of(a.tolerances, [](const Tolerance& t) { return t.name == "bound"; });
  if (spec.category == Category::ErrorBound && spec.bound.empty() && spec.discovered && a.isOa && !boundGiven)
    if (auto d = spec.defaults.find("bound"); d != spec.defaults.end()) {
      const ExprId error = a.actualExpr;
      applyErrorBound(m, a, error, kNone, kNone);
      a.tolerances.push_back(defaultTolerance(spec, "bound", fmt::format("default of {}", spec.id)));
    }
  if (a.isOa && a.category != Category::ErrorBound && (measuresShape(m, a.actualExpr) || measuresShape(m, a.expectedExpr))) markExact(a);
  if (a.actualExpr != kNone) a.actualText = std::string(m.expr(a.actualExpr).text);
  if (a.expectedExpr != kNone) a.expectedText = std::string(m.expr(a.expectedExpr).text);
  // The helper's default, switched by a condition of its own: chosen at run time, by that
  // condition (not by dtype, which the history's reasons would read otherwise).
  if (!spec.switchedBy.empty())
    for (Tolerance& t : a.tolerances)
      if (t.provenance == Provenance::Default) {
        t.provenance = Provenance::Depend;
        t.note = fmt::format("switched by `{}` inside {}", spec.switchedBy.substr(0, 60), spec.id);
      }
  a.thresholdProvenance = thresholdProvenanceOf(a, &spec);
}

Tolerance defaultTolerance(const ApiSpec& spec, const std::string& kind, std::string note) {
  const std::string& text = spec.defaults.at(kind);
  auto resolved = spec.defaultValues.find(kind);
  Tolerance t{kind, text,
              resolved != spec.defaultValues.end() ? std::optional<double>(resolved->second) : ToleranceResolver::parseNumber(text),
              Provenance::Default, std::move(note)};
  t.defaultDependsOnDtype = spec.defaultDepends;
  return t;
}

}  // namespace oalens::analyzer
