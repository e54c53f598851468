// The assertion forms where the approximation is a value of its own rather than an argument
// list: matchers (`EXPECT_THAT(out, FloatNear(ref, 1e-5))`, `CHECK_THAT(x, WithinAbs(y, e))`,
// `EXPECT_THAT(v, Pointwise(FloatNear(1e-5), ref))`) and approx values whose tolerances are set
// by chained calls (`x == Approx(y).epsilon(0.01).margin(1e-6)`). Which calls are matchers and
// which methods set which tolerance is catalogue data (rules/catalogue/cpp.toml: `kind =
// "predicate"`, `setters`); only the combinators that wrap a matcher are named here.
#include <fmt/format.h>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/tolerance/comparable_text.h"

namespace oalens::analyzer {

namespace {

constexpr int kMaxMatcherDepth = 12;  // combinators nested deeper than this are not written by hand

std::string_view calleeLastName(const FileModel& m, ExprId call) {
  const Expr& callee = m.expr(splitCall(m, call).callee);
  return callee.kind == ExprKind::Name || callee.kind == ExprKind::Attribute ? callee.name : std::string_view{};
}

// gmock combinators that apply their first argument to every element or to the value itself.
bool wrapsOneMatcher(std::string_view name) {
  return name == "Each" || name == "AllOf" || name == "AnyOf" || name == "ElementsAre" || name == "ElementsAreArray" ||
         name == "UnorderedElementsAreArray" || name == "Optional" || name == "Matches" || name == "Truly";
}

}  // namespace

int AssertionFinder::pairMatcherArgument(const FileModel& m, FunctionId scope, ExprId call) const {
  const CallArgs args = splitCall(m, call);
  if (args.positional.size() != 2 || !args.keywords.empty()) return -1;
  if (const ApiMatch outer = matcher_.match(m, scope, call); outer.spec && outer.spec->oa) return -1;
  int found = -1;
  for (int i = 0; i < 2; ++i) {
    const ExprId e = args.positional[static_cast<size_t>(i)];
    if (m.expr(e).kind != ExprKind::Call) continue;
    const ApiMatch inner = matcher_.match(m, scope, e);
    if (!inner.spec || !inner.spec->oa || !inner.spec->isPredicate() || inner.spec->paramIndex(inner.spec->expected) != 0) continue;
    if (splitCall(m, e).positional.size() + 1 != inner.spec->params.size()) continue;
    if (found >= 0) return -1;
    found = i;
  }
  return found;
}

ExprId AssertionFinder::peelSetters(const FileModel& m, FunctionId scope, ExprId call,
                                    std::vector<std::pair<std::string, ExprId>>& values) const {
  std::vector<std::pair<std::string_view, ExprId>> chain;  // outermost first
  ExprId cur = call;
  for (int depth = 0; depth < kMaxMatcherDepth && m.expr(cur).kind == ExprKind::Call; ++depth) {
    CallArgs args = splitCall(m, cur);
    const Expr& callee = m.expr(args.callee);
    if (callee.kind != ExprKind::Attribute) break;
    ExprId receiver = m.child(args.callee, 0);
    if (receiver == kNone || m.expr(receiver).kind != ExprKind::Call) break;
    chain.emplace_back(callee.name, args.positional.empty() ? kNone : args.positional[0]);
    cur = receiver;
  }
  if (chain.empty()) return call;
  ApiMatch match = matcher_.match(m, scope, cur);
  if (!match.spec || match.spec->setters.empty()) return call;
  // Applied innermost first, so that a setter called twice keeps its last value.
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    for (const auto& [kind, method] : match.spec->setters)
      if (method == it->first && it->second != kNone) values.emplace_back(kind, it->second);
  return cur;
}

void AssertionFinder::applySetters(const FileModel& m, Assertion& a, const std::vector<std::pair<std::string, ExprId>>& values) const {
  if (values.empty()) return;
  for (const auto& [kind, e] : values) {
    ResolvedValue r = resolver_.resolve(m, a.functionId, a.stmt, e);
    Tolerance t{kind, std::string(m.expr(e).text), r.value, r.provenance, r.note};
    attachComparableText(t, m, a.functionId, a.stmt, e);
    bool replaced = false;
    for (Tolerance& old : a.tolerances)
      if (old.name == kind) {
        old = t;
        replaced = true;
      }
    if (!replaced) a.tolerances.push_back(std::move(t));
  }
  a.thresholdProvenance = thresholdProvenanceOf(a, nullptr);
}

void AssertionFinder::fromMatcher(const FileModel& m, Assertion& a, ExprId actual, ExprId matcher) const {
  ExprId cur = matcher, pointwiseExpected = kNone;
  bool negated = false;
  for (int depth = 0; depth < kMaxMatcherDepth && cur != kNone; ++depth) {
    const Expr& x = m.expr(cur);
    if (x.kind == ExprKind::BoolOp) {  // WithinAbs(y, e) || WithinRel(y, r): the first that approximates
      Assertion probe = a;
      fromMatcher(m, probe, actual, m.child(cur, 0));
      if (probe.isOa) {
        a = std::move(probe);
        return;
      }
      cur = m.child(cur, 1);
      continue;
    }
    if (x.kind == ExprKind::Not) {
      negated = !negated;
      cur = m.child(cur, 0);
      continue;
    }
    if (x.kind != ExprKind::Call) return;
    CallArgs args = splitCall(m, cur);
    std::string_view name = calleeLastName(m, cur);
    if ((name == "Pointwise" || name == "UnorderedPointwise") && args.positional.size() >= 2) {
      pointwiseExpected = args.positional[1];
      cur = args.positional[0];
      continue;
    }
    if (name == "Not" && !args.positional.empty()) {
      negated = !negated;
      cur = args.positional[0];
      continue;
    }
    if (wrapsOneMatcher(name) && !args.positional.empty()) {
      cur = args.positional[0];
      continue;
    }
    // `TensorEq(testing::FloatNear(1e-6), *cpu)` (LiteRT's tensor matcher): a matcher of the suite
    // handed an element matcher given its tolerance only, and the expected value, applies the one
    // to the other element by element, as Pointwise does.
    if (const int element = pairMatcherArgument(m, a.functionId, cur); element >= 0) {
      pointwiseExpected = args.positional[static_cast<size_t>(1 - element)];
      cur = args.positional[static_cast<size_t>(element)];
      continue;
    }
    break;
  }
  if (cur == kNone) return;
  std::vector<std::pair<std::string, ExprId>> setterValues;
  ExprId base = peelSetters(m, a.functionId, cur, setterValues);
  ApiMatch match = matcher_.match(m, a.functionId, base);
  if (!match.spec || !match.spec->oa || !match.spec->isPredicate()) return;
  // A matcher the suite or library defines with gmock's MATCHER_P (`IsCloseTo(other)`, read as
  // the function `IsCloseTo(arg, other)`): `arg` is the value EXPECT_THAT applies it to, not an
  // argument of the call.
  ApiSpec applied;
  // Its check may name `arg` second (`close(y.a, arg.a, tol)` read in gtest's expected-first
  // order): `arg` is the value under test all the same, the other parameter the expected one.
  if (const ApiSpec& s = *match.spec; !s.params.empty() && s.params.front() == kMatcherValueParam &&
                                      (s.actual == kMatcherValueParam || s.expected == kMatcherValueParam) &&
                                      splitCall(m, base).positional.size() + 1 == s.params.size()) {
    applied = s;
    applied.params.erase(applied.params.begin());
    if (s.expected == kMatcherValueParam) applied.expected = s.actual;
    applied.actual.clear();
  }
  const ApiSpec& spec = applied.id.empty() ? *match.spec : applied;
  if (pointwiseExpected == kNone) {
    applySpec(m, a, spec, base);
  } else {
    // Pointwise(FloatNear(tol), ref): the matcher is given its tolerances only; the expected
    // values are Pointwise's second argument.
    CallArgs args = splitCall(m, base);
    a.isOa = spec.oa;
    a.category = spec.category;
    a.via = spec.via;
    a.checkSites = spec.checkSites;
    a.call = base;
    const int expectedIndex = spec.paramIndex(spec.expected);
    for (const auto& [kind, param] : spec.tolerances) {
      int idx = spec.paramIndex(param);
      if (idx > expectedIndex && expectedIndex >= 0) --idx;
      if (idx >= 0 && static_cast<size_t>(idx) < args.positional.size()) {
        ExprId v = args.positional[static_cast<size_t>(idx)];
        ResolvedValue r = resolver_.resolve(m, a.functionId, a.stmt, v);
        a.tolerances.push_back({kind, std::string(m.expr(v).text), r.value, r.provenance, r.note});
        attachComparableText(a.tolerances.back(), m, a.functionId, a.stmt, v);
      } else if (auto d = spec.defaults.find(kind); d != spec.defaults.end()) {
        a.tolerances.push_back({kind, d->second, ToleranceResolver::parseNumber(d->second), Provenance::Default, "API default"});
      }
    }
    a.expectedExpr = pointwiseExpected;
    a.expectedText = std::string(m.expr(pointwiseExpected).text);
    a.thresholdProvenance = thresholdProvenanceOf(a, &spec);
  }
  applySetters(m, a, setterValues);
  a.api = spec.id;
  a.negated = negated != spec.negated;
  a.actualExpr = actual;
  a.actualText = std::string(m.expr(actual).text);
}

}  // namespace oalens::analyzer
