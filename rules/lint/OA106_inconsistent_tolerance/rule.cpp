// OA106 inconsistent-tolerance: in one test file, the same function under test is checked
// with the same assertion API and tolerance kind at tolerances `factor` (1000) or more apart.
// Either the tight one is flaky-prone or the loose one hides errors the tight one would
// catch; the study found developers loosening one check at a time until they drift apart.
// The function under test is the callee of the actual argument (`conv(x)`), or of the value
// last assigned to it in the same function (`out = conv(x)`), seen through conversions and
// reductions (`convert_to_numpy`, `np.mean`); reported once, at the loosest.
#include <fmt/format.h>

#include <map>
#include <set>
#include <tuple>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool isConversion(std::string_view name) {
  static const std::set<std::string_view> conversions = {"convert_to_numpy",
                                                         "convert_to_tensor",
                                                         "numpy",
                                                         "asarray",
                                                         "array",
                                                         "eval",
                                                         "get_value",
                                                         "detach",
                                                         "cpu",
                                                         "item",
                                                         "to_numpy",
                                                         "float",
                                                         "squeeze",
                                                         "mean",
                                                         "sum",
                                                         "tolist",
                                                         "result_type",
                                                         "astype",
                                                         "reshape",
                                                         "flatten",
                                                         "ravel"};
  return conversions.count(name) > 0;
}

// The callee, as written, of the call that computed `actual` ("conv1d", "ops.resize",
// "mse.result"), looking through conversions and reductions (`convert_to_numpy(f(x))`,
// `np.mean(f(x))`, `f(x).numpy()`) and one assignment (`out = f(x)`); empty when none.
std::string functionUnderTest(const FileModel& m, ExprId actual, StmtId at) {
  for (int hops = 0; actual != kNone && hops < 8; ++hops) {
    const Expr& e = m.expr(actual);
    if (e.kind == ExprKind::Name) {
      actual = hops == 0 ? lastAssignedValue(m, e.name, at) : kNone;
      continue;
    }
    if (e.kind != ExprKind::Call) return {};
    const std::string_view name = calleeLastName(m, actual);
    if (!isConversion(name)) return squeezed(m.expr(m.child(actual, 0)).text, 60);
    const ExprId receiver = methodObject(m, actual, name);
    const ExprId argument = firstArgument(m, actual);
    actual = receiver != kNone && m.expr(receiver).kind == ExprKind::Call ? receiver : argument;
  }
  return {};
}

class InconsistentTolerance final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"OA106",
                                    "inconsistent-tolerance",
                                    LintFamily::Oracle,
                                    Severity::Note,
                                    LintPrecision::Medium,
                                    "the same function checked with the same API at tolerances 1000x or more apart in one file",
                                    "give the checks one tolerance derived from the computation (a named constant), or say why they differ",
                                    {{"factor", 1000, "how many times looser the loosest check must be than the tightest"}}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {}, true}; }

  void onAssertion(LintContext& ctx, const Assertion& a) override {
    if (!a.isOa || a.negated || a.stmt == kNone) return;
    const std::string cut = functionUnderTest(ctx.model, a.actualExpr, a.stmt);
    if (cut.empty()) return;
    for (const Tolerance& t : a.tolerances) {
      if (!t.value || *t.value <= 0 || t.provenance == Provenance::Default || t.provenance == Provenance::Depend) continue;
      if (t.name != "atol" && t.name != "rtol" && t.name != "delta" && t.name != "epsilon") continue;
      seen_[{std::string(lastDottedComponent(a.api)), cut + scopeOf(ctx.model, cut, a), t.name}].push_back({*t.value, t.text, &a});
    }
  }

  void finishFile(LintContext& ctx) override {
    for (const auto& [key, checks] : seen_) {
      const Check* tight = &checks.front();
      const Check* loose = &checks.front();
      for (const Check& c : checks) {
        if (c.value < tight->value) tight = &c;
        if (c.value > loose->value) loose = &c;
      }
      const double ratio = loose->value / tight->value;
      if (ratio < ctx.option("factor")) continue;
      const auto& [api, scopedCut, name] = key;
      const std::string cut = scopedCut.substr(0, scopedCut.find('@'));
      ctx.report(loose->assertion->range, fmt::format("{}={} checks {}(...) {:g}x looser than {}={} at line {}", name, loose->text, cut,
                                                      ratio, name, tight->text, tight->assertion->range.start.line));
    }
  }

 private:
  // A callee held in a local variable (`model = build(); model(x)`) is another object in every
  // test: it is compared within its own function only.
  static std::string scopeOf(const FileModel& m, const std::string& cut, const Assertion& a) {
    const std::string root = cut.substr(0, cut.find_first_of(".("));
    if (a.functionId == kNone || lastAssignedValue(m, root, a.stmt) == kNone) return {};
    return "@" + m.functions[a.functionId].qualifiedName;
  }

  struct Check {
    double value;
    std::string text;
    const Assertion* assertion;
  };
  std::map<std::tuple<std::string, std::string, std::string>, std::vector<Check>> seen_;  // (api, function, tolerance)
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeOA106() { return std::make_unique<InconsistentTolerance>(); }

}  // namespace oalens::rules
