#include "analyzer/assertions/assertion_finder.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "analyzer/assertions/dtype_overrides.h"
#include "analyzer/assertions/integer_values.h"
#include "analyzer/assertions/keyword_splat.h"
#include "analyzer/assertions/runtime_choice.h"
#include "analyzer/assertions/splat_tolerance.h"
#include "analyzer/core/words.h"
#include "analyzer/tolerance/comparable_text.h"

namespace oalens::analyzer {

std::string_view provenanceName(Provenance p) {
  switch (p) {
    case Provenance::Default: return "default";
    case Provenance::Literal: return "literal";
    case Provenance::Constant: return "constant";
    case Provenance::Depend: return "depend";
    case Provenance::Unresolved: return "unresolved";
  }
  return "unresolved";
}

std::string_view thresholdProvenanceName(ThresholdProvenance p) {
  switch (p) {
    case ThresholdProvenance::Default: return "default";
    case ThresholdProvenance::Customized: return "customized";
    case ThresholdProvenance::Depend: return "depend";
    case ThresholdProvenance::None: return "none";
  }
  return "none";
}

std::string_view lastOf(const FileModel& m, ExprId callee) {
  const Expr& e = m.expr(callee);
  return (e.kind == ExprKind::Name || e.kind == ExprKind::Attribute) ? e.name : std::string_view{};
}

bool isReduction(std::string_view last) {
  return last == "all" || last == "any" || last == "bool" || last == "alltrue" || last == "reduce_all" || last == "tree_all" ||
         last == "item" || last.starts_with("item<");
}

namespace {

// Deeper conditions than this are not written by hand; the cap keeps recursion bounded.
constexpr int kMaxConditionDepth = 12;

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

// A positive number literal no larger than 1e-3 (`1e-10`, `0.001f`): a bound only a vanishing
// value stays under.
static bool isTinyLiteral(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Number) return false;
  auto v = ToleranceResolver::parseNumber(m.expr(e).text);
  return v && *v > 0 && *v <= 1e-3;
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

// Whether a tolerance lets two whole numbers differ (`atol=1` on pixel values, `rtol=0.1`), or
// is not known: integers compared within less are compared exactly.
bool toleranceCanMatterOnIntegers(const Assertion& a) {
  for (const Tolerance& t : a.tolerances) {
    if (!t.value) return true;
    if (t.name == "rtol" ? *t.value >= 1e-3 : (t.name == "decimal" || t.name == "places") ? *t.value <= 0 : *t.value >= 1) return true;
  }
  return false;
}

// A catalogued OA API used where no tolerance can matter: counted as an exact check.
void markExact(Assertion& a) {
  a.isOa = false;
  a.category = Category::Exact;
  a.tolerances.clear();
}

}  // namespace

// Which bounds of an error bound the value may equal: `err <= tol`, `lo < x <= hi` (the upper),
// read from the comparison `compare`, or from the API's name (`EXPECT_LE`, assertLessEqual).
static void markInclusiveBounds(const FileModel& m, Assertion& a, ExprId compare, std::string_view api = {}) {
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

bool looksLikeError(const FileModel& m, ExprId e, int depth) {
  if (e == kNone || depth > kMaxConditionDepth) return false;
  static const RE2 errorName(R"((?i)(err|diff|dist|delta|residual|deviation|mismatch|discrepanc|snr))");
  // As a word of a name (`s_rels`, `SumL1`, `max_ulps`): a deviation counted in ULPs, an L1
  // distance, a relative error; but not in a tolerance's name (`rel_tolerance`).
  static const RE2 errorWord(R"(((\b|_)(ulps?|l1s?|rels?)|(\b|_|[a-z])(Ulps?|ULPs?|L1s?|Rels?))(\b|_|[A-Z]|$))");
  static const RE2 toleranceWord(R"((?i)(tol|eps|thresh|bound|margin|limit))");
  auto named = [&](std::string_view n) {
    const re2::StringPiece piece(n.data(), n.size());
    return RE2::PartialMatch(piece, errorName) || (RE2::PartialMatch(piece, errorWord) && !RE2::PartialMatch(piece, toleranceWord));
  };
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::BinaryOp:
      if (x.name == "-") return true;
      if (x.name == "/" || x.name == "*" || x.name == "**") return looksLikeError(m, m.child(e, 0), depth + 1);
      return false;
    case ExprKind::Call: {
      CallArgs args = splitCall(m, e);
      std::string_view last = lastOf(m, args.callee);
      if (last == "abs" || last == "absolute" || last == "fabs" || last == "norm" || last == "rel_error" || last == "relative_error" ||
          last == "abs_error" || last == "squaredNorm" || last == "lpNorm" || last == "frobenius_norm")
        return true;
      const Expr& callee = m.expr(args.callee);
      // A vector's length (dlib's `length(x)`, `length_squared(x)`) as a free function of one
      // value; `s.length()` is a size.
      if ((last == "length" || last == "length_squared") && callee.kind == ExprKind::Name && args.positional.size() == 1) return true;
      // np.max(abs(a - b)), (a - b).abs().max(), diff.sum()
      for (ExprId a : args.positional)
        if (looksLikeError(m, a, depth + 1)) return true;
      // stats.L1().Max(): the receiver's words or the method's own.
      if (callee.kind == ExprKind::Attribute && looksLikeError(m, m.child(args.callee, 0), depth + 1)) return true;
      return named(last);
    }
    case ExprKind::Subscript:
    case ExprKind::Attribute:
      if (looksLikeError(m, m.child(e, 0), depth + 1)) return true;
      [[fallthrough]];
    case ExprKind::Name: {
      std::string_view n = x.kind == ExprKind::Subscript ? m.expr(m.child(e, 0)).text : x.name;
      return named(n);
    }
    default: return false;
  }
}

// Which way a quality measure is better: a loss is bounded from above, an accuracy from below
// (`loss >= 0.0` is a sanity range, not a bound on quality); a score either way.
enum class QualityKind { None, LowerIsBetter, HigherIsBetter, Either };

QualityKind measuresQuality(const FileModel& m, ExprId e) {
  if (e == kNone) return QualityKind::None;
  // The measure's own words; not a count of them (len(model.losses)) nor a shape.
  static const RE2 lower(R"((?i)(loss|perplexity|\bmse\b|\bmae\b|rmse|\bnll\b))");
  static const RE2 higher(R"((?i)(acc\b|acc'|acc"|accuracy|_acc|\bauc\b|\bf1|recall|psnr|ssim|\biou\b|dice))");
  static const RE2 either(R"((?i)score)");
  const std::string_view text = m.expr(e).text;
  if (text.find("len(") != std::string_view::npos || text.find("shape") != std::string_view::npos ||
      text.find("count") != std::string_view::npos)
    return QualityKind::None;
  const re2::StringPiece piece(text.data(), text.size());
  if (RE2::PartialMatch(piece, lower)) return QualityKind::LowerIsBetter;
  if (RE2::PartialMatch(piece, higher)) return QualityKind::HigherIsBetter;
  if (RE2::PartialMatch(piece, either)) return QualityKind::Either;
  return QualityKind::None;
}

bool qualityBound(const FileModel& m, ExprId e) {
  if (e == kNone) return false;
  const Expr& x = m.expr(e);
  // A fraction or a named target (0.8, 1., `target`, `standard_score`); an integer is a count,
  // and 0 a sign (`acc >= 0.0`).
  if (x.kind == ExprKind::Number) {
    const std::optional<double> v = ToleranceResolver::parseNumber(x.text);
    return x.text.find_first_of(".eE") != std::string_view::npos && v && *v != 0.0;
  }
  // A named target (`target`, `standard_score`), not an earlier measure (`loss < prev_loss`
  // checks that training improves, against no fixed bound).
  static const RE2 earlier(R"((?i)(^|[._])(prev|previous|old|initial|init|last|first|before|start)[a-z]*_)");
  return (x.kind == ExprKind::Name || x.kind == ExprKind::Attribute) &&
         !RE2::PartialMatch(re2::StringPiece(x.text.data(), x.text.size()), earlier);
}

bool containsDifference(const FileModel& m, ExprId e, int depth) {
  if (e == kNone || depth > kMaxConditionDepth) return false;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::BinaryOp && x.name == "-") return true;
  for (uint32_t i = 0; i < x.childCount; ++i)
    if (containsDifference(m, m.child(e, i), depth + 1)) return true;
  return false;
}

bool containsAbsoluteValue(const FileModel& m, ExprId e, int depth) {
  if (e == kNone || depth > kMaxConditionDepth) return false;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Call) {
    std::string_view last = lastOf(m, splitCall(m, e).callee);
    if (last == "abs" || last == "fabs" || last == "fabsf" || last == "absolute" || last == "norm") return true;
  }
  for (uint32_t i = 0; i < x.childCount; ++i)
    if (containsAbsoluteValue(m, m.child(e, i), depth + 1)) return true;
  return false;
}

bool looksLikeBound(const FileModel& m, ExprId e) {
  if (e == kNone) return false;
  static const RE2 boundName("(?i)(tol|eps|thresh|bound|margin|precision|limit|atol|rtol|delta|accuracy)");
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Number) return x.text.find_first_of(".eE") != std::string_view::npos;
  if (x.kind == ExprKind::UnaryOp || x.kind == ExprKind::BinaryOp) {
    for (uint32_t i = 0; i < x.childCount; ++i)
      if (looksLikeBound(m, m.child(e, i))) return true;
    return false;
  }
  // The range of a type (`std::numeric_limits<uint8_t>::max()`, `INT_MAX`) bounds a value's
  // size, not its deviation; its epsilon does bound a deviation.
  static const RE2 typeRange(R"((numeric_limits|Limits?)\b.*::(max|min|lowest|infinity)\s*\(|_MAX\b|_MIN\b)");
  const re2::StringPiece text(x.text.data(), x.text.size());
  if (RE2::PartialMatch(text, typeRange)) return false;
  return RE2::PartialMatch(text, boundName);
}

// A bound written as a band around an expected value: `e + t`, `e - t`, `e * (1 + t)`,
// `(1 - t) * e`, with `t` a tolerance (by name or a small float literal), or `1.1 * e`, `0.9 * e`,
// the factor written as one number. Gives (e, t), or (e, the factor).
struct Band {
  ExprId first = kNone;   // the expected value
  ExprId second = kNone;  // the tolerance, or the factor written as one number
  int factor = 0;         // +1 or -1: `second` is a factor above or below 1
};

std::optional<Band> bandAround(const FileModel& m, ExprId bound) {
  if (bound == kNone || m.expr(bound).kind != ExprKind::BinaryOp || m.childCount(bound) != 2) return std::nullopt;
  const auto tolerance = [&](ExprId t) { return t != kNone && m.expr(t).kind != ExprKind::BinaryOp && looksLikeBound(m, t); };
  const ExprId l = m.child(bound, 0), r = m.child(bound, 1);
  const std::string_view op = m.expr(bound).name;
  if ((op == "+" || op == "-") && tolerance(r) && !looksLikeBound(m, l)) return Band{l, r};
  // 0.5f + 1e-4f, -1.0 - 1e-7: of two numbers, the smaller widens the larger.
  const auto number = [&](ExprId x) -> std::optional<double> {
    if (!isNumberLiteral(m, x)) return std::nullopt;
    if (m.expr(x).kind == ExprKind::Number) return ToleranceResolver::parseNumber(m.expr(x).text);
    const auto v = ToleranceResolver::parseNumber(m.expr(m.child(x, 0)).text);
    return v && m.expr(x).text.starts_with('-') ? std::optional<double>(-*v) : std::nullopt;
  };
  if ((op == "+" || op == "-") && m.expr(r).kind == ExprKind::Number && tolerance(r)) {
    const auto e = number(l), t = ToleranceResolver::parseNumber(m.expr(r).text);
    if (e && t && std::fabs(*t) < std::fabs(*e)) return Band{l, r};
  }
  if (op != "*") return std::nullopt;
  // 1 + t: the factor a relative band scales the expected value by.
  const auto factor = [&](ExprId f) -> ExprId {
    while (f != kNone && m.expr(f).kind == ExprKind::Other && m.childCount(f) == 1) f = m.child(f, 0);
    if (f == kNone || m.expr(f).kind != ExprKind::BinaryOp || (m.expr(f).name != "+" && m.expr(f).name != "-")) return kNone;
    const ExprId one = m.child(f, 0), t = m.child(f, 1);
    if (m.expr(one).kind != ExprKind::Number || ToleranceResolver::parseNumber(m.expr(one).text) != 1.0) return kNone;
    return tolerance(t) ? t : kNone;
  };
  if (const ExprId t = factor(r); t != kNone) return Band{l, t};
  if (const ExprId t = factor(l); t != kNone) return Band{r, t};
  // 1.1 * err0, 0.9 * ref: the factor written as one number, the band its distance from 1.
  for (const auto& [f, e] : {std::pair{l, r}, std::pair{r, l}})
    if (m.expr(f).kind == ExprKind::Number && m.expr(e).kind != ExprKind::Number)
      if (const auto v = ToleranceResolver::parseNumber(m.expr(f).text); v && *v >= 0.8 && *v <= 1.25 && *v != 1.0)
        if (!looksLikeBound(m, e)) return Band{e, f, *v > 1.0 ? 1 : -1};
  return std::nullopt;
}

ExprId argumentFor(const FileModel& m, const ApiSpec& spec, const CallArgs& args, std::string_view param) {
  if (param.empty()) return kNone;
  // "self" names the receiver of a method call (C++ `a.isApprox(b)`: a is the value under test).
  if (param == "self" && spec.kind == ApiKind::Method && args.callee != kNone && m.expr(args.callee).kind == ExprKind::Attribute)
    return m.child(args.callee, 0);
  for (const auto& [k, v] : args.keywords)
    if (k == param) return v;
  int idx = spec.paramIndex(param);
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

// Whether a call of an exact API with `oa_if` parameters gives one of them by keyword (`eqx.tree_equal(x,
// y, rtol=1e-5)`): then it checks within a tolerance, as a condition too.
bool givesOaIfParameter(const FileModel& m, const ApiSpec& spec, ExprId call) {
  if (spec.oaIf.empty()) return false;
  const CallArgs args = splitCall(m, call);
  for (const auto& [name, value] : args.keywords)
    if (std::find(spec.oaIf.begin(), spec.oaIf.end(), name) != spec.oaIf.end() && m.expr(value).kind != ExprKind::NoneLit) return true;
  return false;
}

namespace {

// The container a range starts at (`a.begin()`, `std::begin(a)`, `a.data()`), or the argument.
ExprId rangeOf(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Call) return e;
  const CallArgs args = splitCall(m, e);
  const Expr& callee = m.expr(args.callee);
  const std::string_view last = lastOf(m, args.callee);
  if (last != "begin" && last != "cbegin" && last != "data") return e;
  if (callee.kind == ExprKind::Attribute && args.positional.empty()) return m.child(args.callee, 0);
  return args.positional.size() == 1 ? args.positional[0] : e;
}

}  // namespace

// std::equal(a.begin(), a.end(), b.begin(), cmp), std::ranges::equal(a, b, cmp),
// absl::c_equal(a, b, cmp) with a comparator that is a closeness check: a lambda returning
// `std::abs(x - y) < 1e-5f`, or a functor built with its tolerance (`CloseTo(1e-3f)`) whose
// operator() returns one. The comparator's error bound is the check's; the ranges its sides.
std::optional<AssertionFinder::OaCheck> AssertionFinder::rangeComparatorCheck(const FileModel& m, FunctionId scope, const CallArgs& args,
                                                                              std::string_view last) const {
  if (m.language != Language::Cpp || last != "equal" || args.positional.size() < 3) return std::nullopt;
  const size_t n = args.positional.size();
  const ExprId comparator = args.positional[n - 1];
  // Where the comparator's answer is read: the lambda's return, or its operator()'s.
  std::optional<OaCheck> inner;
  ExprId tolerance = kNone;
  const auto returnedCheck = [&](FunctionId fn, uint32_t from, uint32_t to) -> std::optional<OaCheck> {
    for (StmtId s = 0; s < m.stmts.size(); ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != fn || st.kind != StmtKind::Return || st.a == kNone || st.range.startByte < from || st.range.endByte > to) continue;
      if (auto c = conditionCheck(m, fn, st.a); c && !c->spec && c->errorSide != kNone && c->lowerSide == kNone) return c;
    }
    return std::nullopt;
  };
  const Expr& cmp = m.expr(comparator);
  // `std::equal(values.begin(), values.end(), ref.begin(), floatApprox)` with `floatApprox` a
  // closeness predicate of the suite (a named lambda, marian-dev's): that predicate on each pair.
  if (cmp.kind == ExprKind::Name || cmp.kind == ExprKind::Attribute) {
    const ApiMatch match = matcher_.matchCallee(m, scope, comparator);
    if (!match.spec || !match.spec->oa || !match.spec->isPredicate() || match.spec->approx) return std::nullopt;
    const bool iterators = n >= 4;
    OaCheck c;
    c.spec = match.spec;
    c.call = comparator;
    CallArgs pair;
    pair.callee = comparator;
    pair.positional = {rangeOf(m, args.positional[0]), rangeOf(m, args.positional[iterators ? 2 : 1])};
    c.mappedArgs = std::move(pair);
    return c;
  }
  if (cmp.kind == ExprKind::Lambda) {
    inner = returnedCheck(scope, cmp.range.startByte, cmp.range.endByte);
  } else if (cmp.kind == ExprKind::Call) {
    const CallArgs built = splitCall(m, comparator);
    const std::string_view type = lastOf(m, built.callee);
    if (built.positional.size() != 1) return std::nullopt;
    for (FunctionId f = 0; f < m.functions.size() && !inner; ++f) {
      const Function& op = m.functions[f];
      if (op.name != "operator()" || op.cls == kNone || m.classes[op.cls].name != type) continue;
      inner = returnedCheck(f, 0, UINT32_MAX);
    }
    tolerance = built.positional[0];
  }
  if (!inner) return std::nullopt;
  OaCheck c;
  c.compare = inner->compare;
  c.errorSide = inner->errorSide;
  c.boundSide = tolerance != kNone ? tolerance : inner->boundSide;
  const bool iterators = n >= 4;  // (first1, last1, first2[, last2], cmp) against (range1, range2, cmp)
  c.rangeActual = rangeOf(m, args.positional[0]);
  c.rangeExpected = rangeOf(m, args.positional[iterators ? 2 : 1]);
  return c;
}

// The value of Boost.Test's tolerance manipulator (`tt::tolerance(1e-5)`,
// `boost::test_tools::tolerance(eps)`), or kNone.
ExprId boostToleranceOf(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Call) return kNone;
  const CallArgs args = splitCall(m, e);
  if (args.positional.size() != 1 || lastOf(m, args.callee) != "tolerance") return kNone;
  return args.positional[0];
}

// Long: the shapes a closeness condition can take are tried in order on the same condition and
// its parts; the first that fits gives the check.
std::optional<AssertionFinder::OaCheck> AssertionFinder::conditionCheck(const FileModel& m, FunctionId scope, ExprId cond) const {
  ExprId e = cond;
  bool negated = false;
  auto done = [&](OaCheck c) -> std::optional<OaCheck> {
    c.negated = c.negated != negated;
    return c;
  };
  for (int depth = 0; e != kNone && depth < kMaxConditionDepth; ++depth) {
    const Expr& x = m.expr(e);
    switch (x.kind) {
      case ExprKind::Not:
        negated = !negated;
        e = m.child(e, 0);
        continue;
      case ExprKind::BoolOp: {
        if (auto l = conditionCheck(m, scope, m.child(e, 0))) return done(*l);
        e = m.child(e, 1);
        continue;
      }
      case ExprKind::Call: {
        ApiMatch match = matcher_.match(m, scope, e);
        if (match.spec && match.spec->isPredicate() && !match.spec->approx && (match.spec->oa || givesOaIfParameter(m, *match.spec, e)))
          return done(OaCheck{match.spec, e});
        CallArgs args = splitCall(m, e);
        std::string_view last = lastOf(m, args.callee);
        if (isReduction(last)) {
          if (!args.positional.empty()) {
            e = args.positional[0];
            // all(torch.allclose(a, b) for a, b in pairs): every element of the comprehension
            // is the check. A comprehension alone is no condition (a non-empty one is true).
            if (m.expr(e).kind == ExprKind::Comprehension) e = m.child(e, 0);
            continue;
          }
          const Expr& callee = m.expr(args.callee);
          if (callee.kind == ExprKind::Attribute) {  // (abs(a - b) < tol).all()
            e = m.child(args.callee, 0);
            continue;
          }
        }
        if (auto mapped = mappedPredicateCheck(m, scope, e)) return done(*mapped);
        if (auto ranged = rangeComparatorCheck(m, scope, args, last)) return done(*ranged);
        return std::nullopt;
      }
      case ExprKind::Compare: {
        if (x.childCount == 3) {  // lo < x <= hi with a tolerance in a bound: an interval check
          std::string_view op0 = m.compareOp(e, 0), op1 = m.compareOp(e, 1);
          const bool up = (op0 == "<" || op0 == "<=") && (op1 == "<" || op1 == "<=");
          const bool down = (op0 == ">" || op0 == ">=") && (op1 == ">" || op1 == ">=");
          ExprId lo = m.child(e, up ? 0 : 2), mid = m.child(e, 1), hi = m.child(e, up ? 2 : 0);
          if ((up || down) && (looksLikeBound(m, lo) || looksLikeBound(m, hi))) {
            OaCheck c;
            c.compare = e;
            c.errorSide = mid;
            c.boundSide = hi;
            c.lowerSide = lo;
            return done(c);
          }
          return std::nullopt;
        }
        if (x.childCount != 2) return std::nullopt;
        std::string_view op = m.compareOp(e, 0);
        ExprId l = m.child(e, 0), r = m.child(e, 1);
        if (op == "==" || op == "!=") {
          if (std::optional<OaCheck> c = approxComparison(m, scope, l, r, op == "!=")) return done(*c);
          return std::nullopt;
        }
        const bool less = op == "<" || op == "<=";
        const bool greater = op == ">" || op == ">=";
        if (!less && !greater) return std::nullopt;
        ExprId small = less ? l : r, big = less ? r : l;
        OaCheck c;
        c.compare = e;
        // abs(a - b) < tol; but abs(x) <= 1 with no difference and no tolerance is a range check.
        // In C++ also the size of a local named as an error (`std::abs(diff) <= gap`, the local
        // bound to a difference first).
        // x >= e - t, x <= e + t: a value kept on one side of an expected one widened by a
        // tolerance (a small literal or one named so), the other side no error of its own.
        for (const auto& [edge, value] : {std::pair{small, big}, std::pair{big, small}})
          // An error against a factor of another (`err1 < 1.1 * err0`) is a relative band too.
          if (const auto band = bandAround(m, edge); band && (band->factor || !looksLikeError(m, value)) && !looksLikeBound(m, value) &&
                                                     !containsDifference(m, value, 0) && m.expr(value).kind != ExprKind::Number) {
            const std::string_view sign = m.expr(edge).name;
            // The tolerance widens toward the value: below it for `>=`, above it for `<=`; a
            // factor below 1 widens downward, one above 1 upward.
            const bool down = band->factor ? band->factor < 0 : sign == "-", up = band->factor ? band->factor > 0 : sign == "+";
            if ((edge == small && down) || (edge == big && up)) {
              c.bandValue = value;
              c.bandExpected = band->first;
              c.bandTolerance = band->second;
              c.bandFactor = band->factor != 0;
              return done(c);
            }
          }
        const bool sizeOfNamedError = m.language == Language::Cpp && m.expr(small).kind == ExprKind::Call &&
                                      m.expr(small).childCount == 2 && m.expr(m.child(small, 1)).kind == ExprKind::Name &&
                                      looksLikeError(m, m.child(small, 1));
        if (looksLikeError(m, small) &&
            (containsDifference(m, small, 0) || looksLikeBound(m, big) || m.expr(small).kind != ExprKind::Call || sizeOfNamedError)) {
          c.errorSide = small;
          c.boundSide = big;
          return done(c);
        }
        // C++: a computed value held under a tiny bound (`DLIB_TEST(chebyquad(ch) < 1e-10)`,
        // `rs.stddev() < 0.001`, a cross-validated error `cv(0) < 1e-4`) must vanish: an error
        // bound whose oracle is zero.
        if (m.language == Language::Cpp && less && isTinyLiteral(m, big) &&
            (m.expr(small).kind == ExprKind::Call || m.expr(small).kind == ExprKind::BinaryOp)) {
          c.errorSide = small;
          c.boundSide = big;
          return done(c);
        }
        // abs(a - b) > eps: must differ; but `err >= 0.0` holds for any error, a sanity check.
        const bool atLeastZero = (op == "<=" || op == ">=") && isZeroLiteral(m, small);
        if (looksLikeError(m, big) && looksLikeBound(m, small) && !atLeastZero) {
          c.errorSide = big;
          c.boundSide = small;
          c.negated = true;
          return done(c);
        }
        // A bound on a trained model's quality (`history['val_acc'][-1] > 0.8`, `loss < 0.9`):
        // the metric measures the CUT's predictions against the labels, an error bound
        // (docs/counting.md). A lower bound on it is stricter the larger it is, as a must-differ
        // bound is.
        // OALENS_NO_QUALITY_BOUNDS=1 reads them as the study did, not at all: docs/mine.md sets the
        // two Table V figures side by side.
        static const bool noQualityBounds = std::getenv("OALENS_NO_QUALITY_BOUNDS") != nullptr;
        if (noQualityBounds) return std::nullopt;
        const QualityKind belowBound = measuresQuality(m, small), aboveBound = measuresQuality(m, big);
        if ((belowBound == QualityKind::LowerIsBetter || belowBound == QualityKind::Either) && qualityBound(m, big)) {
          c.errorSide = small;
          c.boundSide = big;
          c.quality = true;
          return done(c);
        }
        if ((aboveBound == QualityKind::HigherIsBetter || aboveBound == QualityKind::Either) && qualityBound(m, small)) {
          c.errorSide = big;
          c.boundSide = small;
          c.negated = true;
          c.quality = true;
          return done(c);
        }
        return std::nullopt;
      }
      default: return std::nullopt;
    }
  }
  return std::nullopt;
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
  applySpec(m, a, spec, call, splitCall(m, call));
}

// Long: the fields of a catalogue entry (docs/catalogue.md: the values' and tolerances'
// positions and names, defaults, dtype rules, bounds) are applied here to one call, each reading
// the arguments split once by the caller and the record filled so far.
void AssertionFinder::applySpec(const FileModel& m, Assertion& a, const ApiSpec& spec, ExprId call, const CallArgs& args) const {
  a.isOa = spec.oa;
  a.category = spec.category;
  a.via = spec.via;
  a.call = call;
  a.actualExpr = argumentFor(m, spec, args, spec.actual);
  a.expectedExpr = argumentFor(m, spec, args, spec.expected);
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
  }
  if (!spec.dtypeDefaults.empty()) attachDtypeDefaults(spec, a.tolerances, firstTolerance);
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
  // Tolerances only a chained call sets (Catch2's Approx(x).margin(m)) start at their defaults.
  for (const auto& [kind, method] : spec.setters) {
    bool present = false;
    for (const Tolerance& t : a.tolerances) present |= t.name == kind;
    auto d = spec.defaults.find(kind);
    if (!present && d != spec.defaults.end())
      a.tolerances.push_back({kind, d->second, ToleranceResolver::parseNumber(d->second), Provenance::Default, "API default"});
  }
  if (spec.category == Category::ErrorBound && !spec.bound.empty()) {
    ExprId b = argumentFor(m, spec, args, spec.bound);
    if (b != kNone) {
      a.expectedExpr = kNone;
      const ExprId lower = spec.lowerBound.empty() ? kNone : argumentFor(m, spec, args, spec.lowerBound);
      // Read before applyErrorBound replaces the actual side by the difference's first operand.
      // An interval (`IsInside(lo, hi, x)`) checks a deviation as `lo < x <= hi` does: with a
      // tolerance in a bound.
      const bool oa = errorBoundIsOa(m, a.actualExpr, b) || (lower != kNone && (looksLikeBound(m, lower) || looksLikeBound(m, b)));
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
  if (spec.category == Category::ErrorBound && spec.bound.empty() && spec.discovered && a.isOa)
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

void AssertionFinder::applyBand(const FileModel& m, Assertion& a, ExprId value, ExprId expected, ExprId tolerance, bool factor) const {
  a.isOa = true;
  a.category = Category::ErrorBound;
  a.actualExpr = value;
  a.expectedExpr = expected;
  a.actualText = value == kNone ? std::string{} : std::string(m.expr(value).text);
  a.expectedText = std::string(m.expr(expected).text);
  if (factor) {
    // `err1 < 1.1 * err0`: the band is the factor's distance from 1, relative to the expected value.
    const auto v = ToleranceResolver::parseNumber(m.expr(tolerance).text);
    // 1.1 - 1 is 0.10000000000000009 in binary: the band as written, to twelve places.
    const auto band = v ? std::optional<double>(std::round(std::fabs(*v - 1.0) * 1e12) / 1e12) : std::nullopt;
    a.tolerances.push_back({"rtol", std::string(m.expr(tolerance).text), band, Provenance::Literal,
                            fmt::format("the factor {} around `{}`", m.expr(tolerance).text, a.expectedText)});
  } else {
    addWrittenTolerance(m, a, "bound", tolerance);
  }
  a.thresholdProvenance = thresholdProvenanceOf(a, nullptr);
}

void AssertionFinder::addWrittenTolerance(const FileModel& m, Assertion& a, const std::string& name, ExprId written) const {
  ResolvedValue r = resolver_.resolve(m, a.functionId, a.stmt, written);
  a.tolerances.push_back({name, std::string(m.expr(written).text), r.value, r.provenance, r.note});
  attachComparableText(a.tolerances.back(), m, a.functionId, a.stmt, written);
}

// The value last bound to `name` before statement `at` of its function that holds a difference, or
// else the last value added to it (`total += abs(mean_err) / n`, the difference maybe a local
// deeper); kNone when there is neither.
static ExprId differenceHeldBy(const FileModel& m, FunctionId fid, StmtId at, std::string_view name) {
  ExprId assigned = kNone, accumulated = kNone;
  for (StmtId s = m.functions[fid].firstStmt; s < at && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone || st.b == kNone || m.expr(st.a).kind != ExprKind::Name || m.expr(st.a).name != name) continue;
    if (st.kind == StmtKind::Assign) assigned = st.b;
    else if (st.kind == StmtKind::AugAssign) accumulated = st.b;
  }
  if (assigned != kNone && containsDifference(m, assigned, 0)) return assigned;
  return accumulated;
}

void AssertionFinder::applyErrorBound(const FileModel& m, Assertion& a, ExprId errorSide, ExprId boundSide, ExprId lowerSide) const {
  a.isOa = true;
  a.category = Category::ErrorBound;
  a.actualExpr = errorSide;
  // The compared values sit inside the error: abs(a - b) -> a (actual) and b (oracle); also
  // where a local holds it (`max_abs_err = (out - ref).abs().max()`; `assert max_abs_err < tol`).
  // Inside the error too, a few locals deep (`err = out - ref`; `assert np.max(np.abs(err)) < tol`),
  // and through an accumulation (`total += abs(mean - true_mean) / n`).
  ExprId cur = errorSide;
  int localsFollowed = 0;
  for (int depth = 0; cur != kNone && depth < kMaxConditionDepth; ++depth) {
    const Expr& x = m.expr(cur);
    if (x.kind == ExprKind::Name) {
      if (a.functionId == kNone || a.stmt == kNone || ++localsFollowed > 3) break;
      const ExprId held = differenceHeldBy(m, a.functionId, a.stmt, x.name);
      if (held == kNone) break;
      cur = held;
      continue;
    }
    if (x.kind == ExprKind::BinaryOp && x.name == "-") {
      a.actualExpr = m.child(cur, 0);
      a.expectedExpr = m.child(cur, 1);
      break;
    }
    if (x.kind == ExprKind::BinaryOp || x.kind == ExprKind::Attribute || x.kind == ExprKind::Subscript) {
      cur = m.child(cur, 0);
      continue;
    }
    if (x.kind == ExprKind::Call) {
      CallArgs args = splitCall(m, cur);
      // (res - ref).div(res).abs(): a method of the difference, whatever its arguments.
      const bool methodOfDifference = m.expr(args.callee).kind == ExprKind::Attribute && m.expr(args.callee).childCount > 0 &&
                                      containsDifference(m, m.child(args.callee, 0), 0);
      if (!args.positional.empty() && !methodOfDifference) cur = args.positional[0];
      else if (m.expr(args.callee).kind == ExprKind::Attribute) cur = m.child(args.callee, 0);
      else break;
      continue;
    }
    break;
  }
  if (lowerSide != kNone) addWrittenTolerance(m, a, "lower_bound", lowerSide);
  if (boundSide != kNone) addWrittenTolerance(m, a, "bound", boundSide);  // kNone: a helper's own bound
}

std::optional<AssertionFinder::OaCheck> AssertionFinder::approxComparison(const FileModel& m, FunctionId scope, ExprId l, ExprId r,
                                                                          bool negated) const {
  for (auto [approxSide, other] : {std::pair{r, l}, std::pair{l, r}}) {
    if (approxSide == kNone || m.expr(approxSide).kind != ExprKind::Call) continue;
    std::vector<std::pair<std::string, ExprId>> setterValues;
    const ExprId base = peelSetters(m, scope, approxSide, setterValues);
    const ApiMatch match = matcher_.match(m, scope, base);
    if (!match.spec || !match.spec->approx) continue;
    OaCheck c{match.spec, base};
    c.setterValues = std::move(setterValues);
    c.approxOther = other;
    c.negated = negated;
    return c;
  }
  return std::nullopt;
}

void AssertionFinder::fromCondition(const FileModel& m, Assertion& a, ExprId cond) const {
  auto check = conditionCheck(m, a.functionId, cond);
  if (!check) return;
  a.negated = check->negated;
  a.qualityBound = check->quality;
  if (check->spec) {
    if (check->mappedArgs) {
      applySpec(m, a, *check->spec, check->call, *check->mappedArgs);
      a.form = "tree_map";
    } else {
      applySpec(m, a, *check->spec, check->call);
    }
    applySetters(m, a, check->setterValues);
    a.negated = a.negated != check->spec->negated;
    a.api = check->spec->id;
    if (check->approxOther != kNone) {
      a.actualExpr = check->approxOther;
      a.actualText = std::string(m.expr(check->approxOther).text);
    }
    return;
  }
  if (check->bandValue != kNone) {
    applyBand(m, a, check->bandValue, check->bandExpected, check->bandTolerance, check->bandFactor);
    markInclusiveBounds(m, a, check->compare);
    a.call = check->compare;
    return;
  }
  applyErrorBound(m, a, check->errorSide, check->boundSide, check->lowerSide);
  markInclusiveBounds(m, a, check->compare);
  if (check->rangeActual != kNone) {
    a.actualExpr = check->rangeActual;
    a.expectedExpr = check->rangeExpected;
  }
  a.call = check->compare;
  if (a.actualExpr != kNone) a.actualText = std::string(m.expr(a.actualExpr).text);
  if (a.expectedExpr != kNone) a.expectedText = std::string(m.expr(a.expectedExpr).text);
  a.thresholdProvenance = thresholdProvenanceOf(a, nullptr);
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

void AssertionFinder::placeIn(const FileModel& m, Assertion& a, FunctionId f) {
  a.functionId = f;
  a.function = f == kNone ? std::string{} : m.functions[f].qualifiedName;
  a.testCase.clear();
  for (FunctionId g = f; g != kNone; g = m.functions[g].parent)
    if (m.functions[g].isTestCase) a.testCase = m.functions[g].qualifiedName;
  // A test case a macro's body writes holds no statements of its own (they are the macro's):
  // a check inside its braces is its check, and is in it.
  if (f != kNone && m.functions[f].isMacro)
    for (FunctionId g = f + 1; g < m.functions.size() && m.functions[g].parent == f; ++g)
      if (m.functions[g].isTestCase && m.functions[g].range.startByte <= a.range.startByte &&
          a.range.endByte <= m.functions[g].range.endByte) {
        a.functionId = g;
        a.function = a.testCase = m.functions[g].qualifiedName;
      }
}

Assertion AssertionFinder::newAssertion(const FileModel& m, StmtId s) {
  Assertion a;
  const Stmt& st = m.stmts[s];
  a.file = m.path;
  a.range = st.range;
  a.language = m.language;
  a.stmt = s;
  placeIn(m, a, st.function);
  return a;
}

void AssertionFinder::fromAssert(const FileModel& m, StmtId s, std::vector<Assertion>& out) const {
  Assertion a = newAssertion(m, s);
  a.api = "assert";
  a.apiText = "assert";
  a.form = "assert";
  ExprId cond = m.stmts[s].a;
  if (cond != kNone) fromCondition(m, a, cond);
  // assert x == y: keep the compared sides, so an exact check turned approximate can be paired.
  if (!a.isOa && cond != kNone && m.expr(cond).kind == ExprKind::Compare && m.childCount(cond) == 2 && m.compareOp(cond, 0) == "==") {
    a.actualExpr = m.child(cond, 0);
    a.expectedExpr = m.child(cond, 1);
    a.actualText = std::string(m.expr(a.actualExpr).text);
    a.expectedText = std::string(m.expr(a.expectedExpr).text);
  }
  out.push_back(std::move(a));
}

std::optional<AssertionFinder::MappedCheck> AssertionFinder::predicateMacroCheck(const FileModel& m, FunctionId scope, ExprId call) const {
  static const RE2 predicateMacro(R"((?:EXPECT|ASSERT)_PRED(_FORMAT)?([1-5]))");
  if (m.language != Language::Cpp || m.expr(call).kind != ExprKind::Call) return std::nullopt;
  const CallArgs args = splitCall(m, call);
  const std::string_view macro = m.expr(args.callee).text;
  std::string format, count;
  if (args.positional.size() < 2 || !RE2::FullMatch(re2::StringPiece(macro.data(), macro.size()), predicateMacro, &format, &count))
    return std::nullopt;
  const ExprId function = args.positional[0];
  const ApiMatch inner = matcher_.matchCallee(m, scope, function);
  if (!inner.spec) return std::nullopt;
  MappedCheck out{inner.spec, {}};
  out.args.callee = function;
  // The texts a formatter receives first stand for nothing the check compares.
  if (!format.empty()) out.args.positional.assign(static_cast<size_t>(std::stoi(count)), function);
  out.args.positional.insert(out.args.positional.end(), args.positional.begin() + 1, args.positional.end());
  // Of a suite's overloaded formatter, the one these arguments fit (ArrayFire's six-parameter
  // assertArrayNear, beside eight-parameter ones for host vectors).
  out.spec = matcher_.overloadFor(m, scope, *inner.spec, out.args);
  if (!out.spec || !out.spec->oa) return std::nullopt;
  return out;
}

bool AssertionFinder::fromPredicateMacro(const FileModel& m, FunctionId scope, ExprId call, Assertion& a) const {
  std::optional<MappedCheck> check = predicateMacroCheck(m, scope, call);
  if (!check) return false;
  a.api = check->spec->id;
  a.form = std::string(m.expr(splitCall(m, call).callee).text);
  a.apiText = std::string(m.expr(check->args.callee).text);
  applySpec(m, a, *check->spec, call, check->args);
  a.negated = check->spec->negated;
  return true;
}

StmtId localBindingStmt(const FileModel& m, FunctionId fid, StmtId at, std::string_view name) {
  StmtId binding = kNone;
  for (StmtId s = m.functions[fid].firstStmt; s < at && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function == fid && st.kind == StmtKind::Assign && st.a != kNone && st.b != kNone && m.expr(st.a).kind == ExprKind::Name &&
        m.expr(st.a).name == name)
      binding = s;
  }
  return binding;
}

ExprId localBinding(const FileModel& m, FunctionId fid, StmtId at, std::string_view name) {
  const StmtId s = localBindingStmt(m, fid, at, name);
  return s == kNone ? kNone : m.stmts[s].b;
}

bool isZeroLiteral(const FileModel& m, ExprId e) {
  if (e == kNone || !isNumberLiteral(m, e)) return false;
  const ExprId number = m.expr(e).kind == ExprKind::Number ? e : m.child(e, 0);
  auto v = ToleranceResolver::parseNumber(m.expr(number).text);
  return v && *v == 0;
}

ExprId throughLocal(const FileModel& m, FunctionId fid, StmtId at, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Name) return e;
  const ExprId bound = localBinding(m, fid, at, m.expr(e).name);
  return bound == kNone ? e : bound;
}

// `good` in `bool good = std::abs(diff) <= gap; EXPECT_TRUE(good);`: the comparison the local
// was last bound to before statement `s` in its function; else `cond` itself.
static ExprId comparisonHeldBy(const FileModel& m, StmtId s, ExprId cond) {
  const FunctionId fid = m.stmts[s].function;
  if (fid == kNone) return cond;
  const ExprId held = throughLocal(m, fid, s, cond);
  return held != kNone && m.expr(held).kind == ExprKind::Compare ? held : cond;
}

std::optional<std::pair<ExprId, bool>> conditionComparedWithBool(const FileModel& m, const CallArgs& args) {
  if (m.language != Language::Cpp || args.positional.size() != 2) return std::nullopt;
  for (size_t i = 0; i < 2; ++i)
    if (const Expr& b = m.expr(args.positional[i]); b.kind == ExprKind::Bool && m.expr(args.positional[1 - i]).kind != ExprKind::Bool)
      return std::pair{args.positional[1 - i], b.text == "true"};
  return std::nullopt;
}

void AssertionFinder::fromCall(const FileModel& m, StmtId s, ExprId call, std::vector<Assertion>& out) const {
  const Stmt& st = m.stmts[s];
  ApiMatch match = matcher_.match(m, st.function, call);
  if (!match.spec && !match.generic) return;
  if (match.spec && match.spec->isPredicate()) return;                       // np.allclose(a, b) alone checks nothing
  if (match.spec && match.spec->decorator) return;                           // checks only the test it decorates
  if (match.spec && match.spec->isHarness()) return;                         // a base test case, not a call that checks
  if (match.spec && match.spec->condition == ConditionCheck::Abort) return;  // checks as an `if`'s block only
  Assertion a = newAssertion(m, s);
  CallArgs args = splitCall(m, call);
  a.apiText = std::string(m.expr(args.callee).text);
  a.form = "call";
  a.call = call;
  // ASSERT_EQ(max(abs(c - b)) < 1e-5, true): the condition, when it is a check.
  if (const auto held = assertionFormOf(match, m.language) == AssertionForm::Plain ? conditionComparedWithBool(m, args) : std::nullopt) {
    Assertion c = a;
    c.api = match.spec ? match.spec->id : match.name;
    c.form = std::string(match.lastName);
    fromCondition(m, c, comparisonHeldBy(m, s, held->first));
    if (c.isOa) {
      if (!held->second) c.negated = !c.negated;
      out.push_back(std::move(c));
      return;
    }
  }
  // CHECK_EQ(x, doctest::Approx(y)), EXPECT_NE(x, Approx(y).epsilon(e)): an equality macro
  // given an approx value compares within its tolerance, as `x == Approx(y)` does.
  const bool equalityMacro = m.language == Language::Cpp && (match.lastName.ends_with("_EQ") || match.lastName.ends_with("_NE"));
  if (equalityMacro && (!match.spec || match.spec->category == Category::Exact) && args.positional.size() == 2)
    if (const std::optional<OaCheck> approx =
            approxComparison(m, st.function, args.positional[0], args.positional[1], match.lastName.ends_with("_NE"))) {
      a.api = approx->spec->id;
      a.form = std::string(match.lastName);
      applySpec(m, a, *approx->spec, approx->call);
      applySetters(m, a, approx->setterValues);
      a.negated = approx->spec->negated != approx->negated;
      a.actualExpr = approx->approxOther;
      a.actualText = std::string(m.expr(approx->approxOther).text);
      out.push_back(std::move(a));
      return;
    }
  if (match.spec && match.spec->condition == ConditionCheck::None) {
    a.api = match.spec->id;
    applySpec(m, a, *match.spec, call);
    a.negated = match.spec->negated;
    out.push_back(std::move(a));
    return;
  }
  // Generic assertion: canonical name is the method name, or the resolved function name.
  const bool isMethod = m.expr(args.callee).kind == ExprKind::Attribute &&
                        (m.expr(m.child(args.callee, 0)).text == "self" || m.expr(m.child(args.callee, 0)).text == "cls");
  a.api = match.spec ? match.spec->id : isMethod ? std::string(match.lastName) : match.name;
  if (fromPredicateMacro(m, st.function, call, a)) {
    out.push_back(std::move(a));
    return;
  }
  const AssertionForm form = assertionFormOf(match, m.language);
  if (form == AssertionForm::Truth && args.positional.size() >= 2 && boostToleranceOf(m, args.positional[1]) != kNone &&
      m.expr(args.positional[0]).kind == ExprKind::Compare && m.childCount(args.positional[0]) == 2 &&
      m.compareOp(args.positional[0], 0) == "==") {
    // BOOST_TEST(x == y, boost::test_tools::tolerance(1e-5)): floating values compared within
    // a relative tolerance (a fraction of the larger magnitude).
    const ExprId cond = args.positional[0], tolerance = boostToleranceOf(m, args.positional[1]);
    a.form = std::string(match.lastName);
    a.isOa = true;
    a.category = Category::AbsRel;
    a.actualExpr = m.child(cond, 0);
    a.expectedExpr = m.child(cond, 1);
    a.actualText = std::string(m.expr(a.actualExpr).text);
    a.expectedText = std::string(m.expr(a.expectedExpr).text);
    addWrittenTolerance(m, a, "rtol", tolerance);
    a.thresholdProvenance = thresholdProvenanceOf(a, nullptr);
  } else if ((form == AssertionForm::Truth || form == AssertionForm::Falsity) && !args.positional.empty()) {
    a.form = std::string(match.lastName);
    fromCondition(m, a, m.language == Language::Cpp ? comparisonHeldBy(m, s, args.positional[0]) : args.positional[0]);
    // assertFalse(np.allclose(a, b)), EXPECT_FALSE(x.isApprox(y)): the values must differ.
    if (form == AssertionForm::Falsity && a.isOa) a.negated = !a.negated;
  } else if (form == AssertionForm::Matcher && args.positional.size() >= 2) {
    a.form = std::string(match.lastName);
    fromMatcher(m, a, args.positional[0], args.positional[1]);
    if (!a.isOa) {
      a.actualExpr = args.positional[0];
      a.actualText = std::string(m.expr(a.actualExpr).text);
    }
  } else if (const auto band =
                 form == AssertionForm::GreaterBound && args.positional.size() >= 2 ? bandAround(m, args.positional[1]) : std::nullopt) {
    // EXPECT_GE(snr, min_snr - tolerance): a value kept above an expected one less a tolerance.
    applyBand(m, a, args.positional[0], band->first, band->second, band->factor != 0);
  } else if (form == AssertionForm::GreaterBound && args.positional.size() >= 2 && looksLikeError(m, args.positional[1])) {
    applyErrorBound(m, a, args.positional[1], args.positional[0]);
    markInclusiveBounds(m, a, kNone, a.apiText);
    a.actualText = a.actualExpr == kNone ? "" : std::string(m.expr(a.actualExpr).text);
    a.expectedText = a.expectedExpr == kNone ? "" : std::string(m.expr(a.expectedExpr).text);
    a.thresholdProvenance = thresholdProvenanceOf(a, nullptr);
  } else if (args.positional.size() >= 2) {
    a.actualText = std::string(m.expr(args.positional[0]).text);
    a.expectedText = std::string(m.expr(args.positional[1]).text);
    a.actualExpr = args.positional[0];
    a.expectedExpr = args.positional[1];
  }
  out.push_back(std::move(a));
}

std::vector<Assertion> AssertionFinder::find(const FileModel& m) const {
  std::vector<Assertion> out;
  // The decorated functions by their def statement (the statement before their body).
  std::vector<FunctionId> decoratedAt;
  for (FunctionId f = 0; f < m.functions.size(); ++f) {
    const Function& fn = m.functions[f];
    if (fn.decorators.empty() || fn.firstStmt == 0 || fn.firstStmt > m.stmts.size()) continue;
    if (decoratedAt.empty()) decoratedAt.assign(m.stmts.size(), kNone);
    decoratedAt[fn.firstStmt - 1] = f;
  }
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    switch (st.kind) {
      case StmtKind::Assert: fromAssert(m, s, out); break;
      case StmtKind::ExprStmt:
      case StmtKind::Return:
      case StmtKind::Assign: {
        // A check mapped over structures, also inside another call (tree_all(tree_map(check, a, b))).
        bool mappedAtTop = false;
        for (ExprId call : mappingCalls(m, s))
          if (fromMappedCall(m, s, call, out)) mappedAtTop |= call == st.a;
        if (st.kind == StmtKind::ExprStmt && !mappedAtTop && st.a != kNone && m.expr(st.a).kind == ExprKind::Call)
          fromCall(m, s, st.a, out);
        break;
      }
      case StmtKind::With:
        // with self.assertRaises(...), with pytest.warns(...): context-manager assertions.
        if (st.a != kNone)
          for (uint32_t i = 0; i < m.childCount(st.a); ++i) {
            ExprId item = m.child(st.a, i);
            if (m.expr(item).kind == ExprKind::Call) fromCall(m, s, item, out);
          }
        break;
      case StmtKind::If:
        if (m.language == Language::Cpp) fromAbortingIf(m, s, out);
        break;
      case StmtKind::FunctionDef:
        if (!decoratedAt.empty() && decoratedAt[s] != kNone) fromDecorators(m, decoratedAt[s], out);
        break;
      default: break;
    }
  }
  // A test case's harness check goes where its class statement is, among the others in statement order.
  std::vector<Assertion> harnessChecks;
  fromHarnessClasses(m, harnessChecks);
  for (Assertion& h : harnessChecks) {
    auto at = std::upper_bound(out.begin(), out.end(), h.stmt, [](StmtId s, const Assertion& a) { return s < a.stmt; });
    out.insert(at, std::move(h));
  }
  for (Assertion& a : out) {
    // torch.allclose(faces, torch.tensor([[0, 1, 2]])): face indices, counts and positions
    // compared with a closeness API are compared exactly (docs/counting.md, "Integer values").
    if (a.isOa && a.category != Category::ErrorBound && !toleranceCanMatterOnIntegers(a) &&
        (holdsIntegers(m, a.functionId, a.stmt, a.actualExpr) || holdsIntegers(m, a.functionId, a.stmt, a.expectedExpr))) {
      markExact(a);
      a.thresholdProvenance = ThresholdProvenance::None;
    }
    if (!a.isOa) continue;
    // Depend with no tolerance chosen at run time: the API picks its tolerance by dtype.
    const bool apiPicksByDtype =
        a.thresholdProvenance == ThresholdProvenance::Depend &&
        std::none_of(a.tolerances.begin(), a.tolerances.end(), [](const Tolerance& t) { return t.provenance == Provenance::Depend; });
    a.runtimeChoices = runtimeChoicesOf(m, a, apiPicksByDtype);
  }
  return out;
}

}  // namespace oalens::analyzer
