// Reading a condition as an OA check (conditionCheck): what reads as an error, a bound, a band or a quality measure.
#include "analyzer/assertions/assertion_finder.h"

#include <re2/re2.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "analyzer/assertions/assertion_finder_internal.h"
#include "analyzer/core/words.h"

namespace oalens::analyzer {

namespace {

// A positive number literal no larger than 1e-3 (`1e-10`, `0.001f`): a bound only a vanishing
// value stays under.
static bool isTinyLiteral(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Number) return false;
  auto v = ToleranceResolver::parseNumber(m.expr(e).text);
  return v && *v > 0 && *v <= 1e-3;
}

}  // namespace

bool looksLikeError(const FileModel& m, ExprId e, int depth) {
  if (e == kNone || depth > kMaxConditionDepth) return false;
  static const RE2 errorName(R"((?i)(err|diff|dist|delta|residual|deviation|mismatch|discrepanc|snr|^nrm$))");
  // As a word of a name (`s_rels`, `SumL1`, `max_ulps`): a deviation counted in ULPs, an L1
  // distance, a relative error; but not in a tolerance's name (`rel_tolerance`).
  static const RE2 errorWord(R"(((\b|_)(ulps?|l1s?|rels?)|(\b|_|[a-z])(Ulps?|ULPs?|L1s?|Rels?))(\b|_|[A-Z]|$))");
  static const RE2 toleranceWord(R"((?i)(tol|eps|thresh|bound|margin|limit))");
  // `allowed_error`, `max_allowed_diff`: the error allowed, a tolerance.
  static const RE2 allowed(R"((?i)allow)");
  auto named = [&](std::string_view n) {
    const re2::StringPiece piece(n.data(), n.size());
    if (RE2::PartialMatch(piece, allowed)) return false;
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
      if (namesAbsoluteValue(last) || last == "norm" || last == "rel_error" || last == "relative_error" || last == "abs_error" ||
          last == "squaredNorm" || last == "lpNorm" || last == "frobenius_norm")
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

// The local a measure is read from: `lin_cv` in `mean(lin_cv)`, `ctr` in `ctr.back()`.
ExprId measuredLocal(const FileModel& m, ExprId e) {
  for (int depth = 0; e != kNone && depth < kMaxConditionDepth; ++depth) {
    const Expr& x = m.expr(e);
    if (x.kind == ExprKind::Name) return e;
    if (x.kind == ExprKind::Attribute || x.kind == ExprKind::Subscript) {
      e = m.child(e, 0);
      continue;
    }
    if (x.kind != ExprKind::Call) return kNone;
    const CallArgs args = splitCall(m, e);
    const std::string_view last = lastOf(m, args.callee);
    if (m.expr(args.callee).kind == ExprKind::Attribute && args.positional.empty()) {
      e = m.child(args.callee, 0);  // ctr.back(), acc.mean()
    } else if ((last == "mean" || last == "min" || last == "max" || last == "median" || last == "average") && args.positional.size() == 1) {
      e = args.positional[0];
    } else {
      return kNone;
    }
  }
  return kNone;
}

QualityKind measuresQuality(const FileModel& m, FunctionId scope, ExprId e) {
  if (e == kNone) return QualityKind::None;
  // The measure's own words; not a count of them (len(model.losses)) nor a shape. `ctr`: a
  // click-through rate.
  static const RE2 lower(R"((?i)(loss|perplexity|\bmse\b|\bmae\b|rmse|\bnll\b))");
  static const RE2 higher(
      R"((?i)(acc\b|acc'|acc"|accuracy|_acc|\bauc\b|\bf1|recall|psnr|ssim|\biou\b|dice|(^|[^a-z])ctr([^a-z]|$)|(^|[^a-z])ari([^a-z]|$)|rand_index|trustworthiness|(^|_)trust_))");
  static const RE2 either(R"((?i)score)");
  const std::string_view text = m.expr(e).text;
  if (text.find("len(") != std::string_view::npos || text.find("shape") != std::string_view::npos ||
      text.find("count") != std::string_view::npos)
    return QualityKind::None;
  const re2::StringPiece piece(text.data(), text.size());
  if (RE2::PartialMatch(piece, lower)) return QualityKind::LowerIsBetter;
  if (RE2::PartialMatch(piece, higher)) return QualityKind::HigherIsBetter;
  if (RE2::PartialMatch(piece, either)) return QualityKind::Either;
  // A local the library's cross-validation computed (`lin_cv = cross_validate_trainer(trainer, x,
  // y, 4)`, then `mean(lin_cv) > 0.9`): what it returns is a measure of the trained model, its
  // direction the bound's. Not `evaluate`: TensorFlow's test case evaluates any tensor.
  static const RE2 evaluation(R"((?i)^cross_validat)");
  const ExprId local = scope == kNone ? kNone : measuredLocal(m, e);
  if (local == kNone) return QualityKind::None;
  const ExprId bound = localBinding(m, scope, m.stmts.size(), m.expr(local).name);
  if (bound == kNone || m.expr(bound).kind != ExprKind::Call) return QualityKind::None;
  const std::string_view computedBy = lastOf(m, splitCall(m, bound).callee);
  if (RE2::PartialMatch(re2::StringPiece(computedBy.data(), computedBy.size()), evaluation)) return QualityKind::Either;
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

bool boundsQuality(const FileModel& m, FunctionId scope, ExprId measure, ExprId bound, bool below) {
  static const bool noQualityBounds = std::getenv("OALENS_NO_QUALITY_BOUNDS") != nullptr;
  // Not one measure against another (`loss_after <= loss_before`, `low_loss < high_loss`):
  // training that improves, against no fixed target.
  // A name for a measure's floor or ceiling (`out_accuracy_threshold`, `min_acc`) is a bound, though
  // it names the measure too.
  static const RE2 boundOfAMeasure(R"((?i)(^|_)(thresh|threshold|tol|tolerance|bound|floor|ceiling|min|max|minimum|maximum|target)(_|$))");
  const std::string_view boundText = bound == kNone ? std::string_view{} : lastDottedComponent(m.expr(bound).text);
  const bool namedAsBound = RE2::PartialMatch(re2::StringPiece(boundText.data(), boundText.size()), boundOfAMeasure);
  if (noQualityBounds || measure == kNone || !qualityBound(m, bound) ||
      (measuresQuality(m, scope, bound) != QualityKind::None && !namedAsBound))
    return false;
  // A `score` a check macro bounds is as often a probability kept in its range (`EXPECT_LE(score,
  // 1.0f)`, an action's score at least its exploration share) as a model's quality; nor is 1 a
  // target: the top of a normalized range.
  const std::string_view text = m.expr(measure).text;
  const std::optional<double> value =
      m.expr(bound).kind == ExprKind::Number ? ToleranceResolver::parseNumber(m.expr(bound).text) : std::nullopt;
  // A score named for what it measures (`trust_score`, trustworthiness) is that measure.
  static const RE2 namedMeasure(R"((?i)(accuracy|(^|_)acc_|auc|f1|recall|rand_index|(^|_)ari_|trust))");
  if ((value && *value == 1.0) ||
      (text.find("score") != std::string_view::npos && !RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), namedMeasure)))
    return false;
  // A measure the test wrote down itself (`accuracy = 0.93`) orders two numbers, not a model.
  if (const ExprId local = scope == kNone ? kNone : measuredLocal(m, measure); local != kNone)
    if (const ExprId held = localBinding(m, scope, m.stmts.size(), m.expr(local).name); held != kNone && isNumberLiteral(m, held))
      return false;
  const QualityKind kind = measuresQuality(m, scope, measure);
  return kind == QualityKind::Either || kind == (below ? QualityKind::LowerIsBetter : QualityKind::HigherIsBetter);
}

// `a.sub(b)`, `torch.sub(a, b)`, `np.subtract(a, b)`: a difference written as a call, its operands.
std::optional<std::pair<ExprId, ExprId>> subtractionOperands(const FileModel& m, ExprId e) {
  if (m.language != Language::Python || m.expr(e).kind != ExprKind::Call) return std::nullopt;
  const CallArgs args = splitCall(m, e);
  const std::string_view last = lastOf(m, args.callee);
  if (last != "sub" && last != "subtract") return std::nullopt;
  const Expr& callee = m.expr(args.callee);
  if (args.positional.size() == 2) return std::pair{args.positional[0], args.positional[1]};
  if (args.positional.size() == 1 && callee.kind == ExprKind::Attribute && callee.childCount > 0)
    return std::pair{m.child(args.callee, 0), args.positional[0]};
  return std::nullopt;
}

bool containsDifference(const FileModel& m, ExprId e, int depth) {
  if (e == kNone || depth > kMaxConditionDepth) return false;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::BinaryOp && x.name == "-") return true;
  if (subtractionOperands(m, e)) return true;
  for (uint32_t i = 0; i < x.childCount; ++i)
    if (containsDifference(m, m.child(e, i), depth + 1)) return true;
  return false;
}

bool containsAbsoluteValue(const FileModel& m, ExprId e, int depth) {
  if (e == kNone || depth > kMaxConditionDepth) return false;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Call) {
    std::string_view last = lastOf(m, splitCall(m, e).callee);
    if (namesAbsoluteValue(last) || last == "norm") return true;
  }
  for (uint32_t i = 0; i < x.childCount; ++i)
    if (containsAbsoluteValue(m, m.child(e, i), depth + 1)) return true;
  return false;
}

bool looksLikeBound(const FileModel& m, ExprId e) {
  if (e == kNone) return false;
  static const RE2 boundName("(?i)(tol|eps|thresh|bound|margin|precision|limit|atol|rtol|delta|accuracy|allow)");
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
  const std::string words = withoutEpsLookalikes(x.text);
  return RE2::PartialMatch(words, boundName);
}

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

namespace {

struct OutsideBand {
  ExprId compare = kNone, value = kNone;
  Band band;
};

// `x < e - t || x > e + t`, either side first, also written `e - t > x`: the value outside a
// band around an expected value on both sides (Highway's `AssertNear` aborting then). The
// condition holds when the check fails.
std::optional<OutsideBand> outsideBand(const FileModel& m, ExprId e) {
  const Expr& x = m.expr(e);
  if (x.kind != ExprKind::BoolOp || (x.name != "||" && x.name != "or") || x.childCount != 2) return std::nullopt;
  struct Side {
    ExprId value = kNone;
    Band band;
    int direction = 0;  // -1 below the band, +1 above it
  };
  const auto side = [&](ExprId c) -> std::optional<Side> {
    if (c == kNone || m.expr(c).kind != ExprKind::Compare || m.expr(c).childCount != 2) return std::nullopt;
    const std::string_view op = m.compareOp(c, 0);
    const bool less = op == "<" || op == "<=", greater = op == ">" || op == ">=";
    if (!less && !greater) return std::nullopt;
    for (const bool edgeRight : {true, false}) {
      const ExprId edge = m.child(c, edgeRight ? 1 : 0), value = m.child(c, edgeRight ? 0 : 1);
      const auto band = bandAround(m, edge);
      if (!band) continue;
      const int widens = band->factor ? band->factor : (m.expr(edge).name == "-" ? -1 : m.expr(edge).name == "+" ? 1 : 0);
      // `x < e - t` (the value below the lower edge) or `x > e + t` (above the upper one).
      const int direction = (less == edgeRight) ? -1 : 1;
      if (widens == direction) return Side{value, *band, direction};
    }
    return std::nullopt;
  };
  const auto low = side(m.child(e, 0)), high = side(m.child(e, 1));
  if (!low || !high || low->direction == high->direction) return std::nullopt;
  if (normalized(m.expr(low->value).text) != normalized(m.expr(high->value).text) ||
      normalized(m.expr(low->band.first).text) != normalized(m.expr(high->band.first).text))
    return std::nullopt;
  return OutsideBand{m.child(e, 0), low->value, low->band};
}

}  // namespace

// Whether a call of an exact API with `oa_if` parameters gives one of them by keyword (`eqx.tree_equal(x,
// y, rtol=1e-5)`): then it checks within a tolerance, as a condition too.
bool givesOaIfParameter(const FileModel& m, const ApiSpec& spec, ExprId call) {
  if (spec.oaIf.empty()) return false;
  const CallArgs args = splitCall(m, call);
  for (const auto& [name, value] : args.keywords)
    if (std::find(spec.oaIf.begin(), spec.oaIf.end(), name) != spec.oaIf.end() && m.expr(value).kind != ExprKind::NoneLit) return true;
  return false;
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
        if (const auto outside = outsideBand(m, e)) {
          OaCheck c;
          c.compare = outside->compare;
          c.bandValue = outside->value;
          c.bandExpected = outside->band.first;
          c.bandTolerance = outside->band.second;
          c.bandFactor = outside->band.factor != 0;
          c.negated = true;
          return done(c);
        }
        if (auto l = conditionCheck(m, scope, m.child(e, 0))) return done(*l);
        e = m.child(e, 1);
        continue;
      }
      case ExprKind::Call: {
        ApiMatch match = matcher_.match(m, scope, e);
        if (match.spec && match.spec->comparator) return std::nullopt;   // `CompareApprox<T>(tol)` built: no check yet
        if (match.spec && match.spec->shareWithin) return std::nullopt;  // a share, no truth value: a floor on it checks
        if (match.spec && match.spec->isPredicate() && !match.spec->approx && (match.spec->oa || givesOaIfParameter(m, *match.spec, e)))
          return done(OaCheck{match.spec, e});
        if (auto compared = comparatorCheck(m, scope, e)) return done(*compared);
        CallArgs args = splitCall(m, e);
        std::string_view last = lastOf(m, args.callee);
        // `bool{std::all_of(...)}`, `bool(close(a, b))`: a conversion to bool is its operand.
        if (m.language == Language::Cpp && args.positional.size() == 1 && m.expr(args.callee).text == "bool") {
          e = args.positional[0];
          continue;
        }
        // `PointWiseNear(ref, out, eps).ok()`: a status's success is the verdict of the call giving it.
        if (m.language == Language::Cpp && args.positional.empty() && m.expr(args.callee).kind == ExprKind::Attribute &&
            m.expr(args.callee).name == "ok" && m.expr(m.child(args.callee, 0)).kind == ExprKind::Call) {
          e = m.child(args.callee, 0);
          continue;
        }
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
        if (auto each = everyElementCheck(m, scope, args, last)) return done(*each);
        // `xt::isclose(a, b)(0, 0)`, `isclose(x, y)()`: an element of what a C++ check of two values
        // returns (not a matcher applied, `Matches(Ge(0))(n)`).
        if (m.language == Language::Cpp && m.expr(args.callee).kind == ExprKind::Call && splitCall(m, args.callee).positional.size() >= 2) {
          e = args.callee;
          continue;
        }
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
          // `isclose(a, b)() == false`: the check, or its negation, compared with a boolean literal;
          // in C++ also with a program's status (ViennaCL's `!check_for_equality(...) != EXIT_SUCCESS`).
          const auto boolean = [&](ExprId side) -> std::optional<bool> {
            const std::string_view t = m.expr(side).text;
            if (t == "true" || t == "True" || (m.language == Language::Cpp && t == "EXIT_FAILURE")) return true;
            if (t == "false" || t == "False" || (m.language == Language::Cpp && t == "EXIT_SUCCESS")) return false;
            return std::nullopt;
          };
          std::optional<bool> lb = boolean(l), rb = boolean(r);
          // `if (CompareNearlyEqual(a, b) != 0) return -1;` (ncnn): a predicate's answer against 0,
          // its falsity, when it is a predicate's call.
          const auto predicateCall = [&](ExprId side) {
            if (m.expr(side).kind != ExprKind::Call) return false;
            const ApiMatch match = matcher_.match(m, scope, side);
            return match.spec && match.spec->isPredicate();
          };
          if (m.language == Language::Cpp && !lb && !rb) {
            if (m.expr(r).text == "0" && predicateCall(l)) rb = false;
            if (m.expr(l).text == "0" && predicateCall(r)) lb = false;
          }
          if (lb.has_value() != rb.has_value()) {
            const bool literal = lb ? *lb : *rb;
            if (literal != (op == "==")) negated = !negated;
            e = lb ? r : l;
            continue;
          }
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
        // abs(a - b) > eps: must differ; but `err >= 0.0` holds for any error, a sanity check, and
        // `maxdiff > 0.0` asks only that the values differ at all: an exact check (rocFFT's
        // hermitian test, that its two inputs differ), as a closeness check given zero is.
        const bool atLeastZero = isZeroLiteral(m, small);
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
        const QualityKind belowBound = measuresQuality(m, scope, small), aboveBound = measuresQuality(m, scope, big);
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

std::optional<AssertionFinder::OaCheck> AssertionFinder::heldVerdictCheck(const FileModel& m, FunctionId scope, StmtId at,
                                                                          ExprId cond) const {
  if (m.language != Language::Cpp || scope == kNone) return std::nullopt;
  bool negated = false;
  while (cond != kNone && m.expr(cond).kind == ExprKind::Not && m.expr(cond).childCount == 1) {
    negated = !negated;
    cond = m.child(cond, 0);
  }
  if (cond == kNone || m.expr(cond).kind != ExprKind::Name) return std::nullopt;
  const ExprId held = throughLocal(m, scope, at, cond);
  if (held == cond || m.expr(held).kind != ExprKind::Call) return std::nullopt;
  std::optional<OaCheck> check = conditionCheck(m, scope, held);
  if (!check || !check->spec || !check->spec->isPredicate() || check->call != held) return std::nullopt;
  check->negated = check->negated != negated;
  return check;
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

}  // namespace oalens::analyzer
