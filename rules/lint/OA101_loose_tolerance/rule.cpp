// OA101 loose-tolerance: an OA assertion whose tolerance lets through an error of `loose`
// (10%) or more. Reads the resolved tolerances of the scan's records, so a constant defined
// elsewhere in the project counts with its value; defaults are the API's choice, not the
// author's, and are left to OA102. An absolute tolerance is judged without the values' scale;
// one written as an integer of 1 or more (`abs(n1 - n2) < 256`) is taken to bound counts,
// sizes or pixel values and left alone, and so is a bound on elapsed time. With a margins
// database (`oalens lint --margins DB`) an assertion the recorded runs reached is judged by what
// they used instead: loose when no run used 0.1% of its tolerance (the report's over-loose).
#include <cmath>

#include <fmt/format.h>

#include "analyzer/tolerance/allowed_deviation.h"
#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

std::string measuredMessage(const MeasuredMargin& m) {
  const std::string runs = fmt::format("{} run{}", m.runs, m.runs == 1 ? "" : "s");
  std::string text = m.maxUsed == 0
                         ? fmt::format("the values were equal in every recorded run ({}) under {}", runs, m.tolerance)
                         : fmt::format("no recorded run used 0.1% of {} (at most {:.2g} of it, {})", m.tolerance, m.maxUsed, runs);
  if (m.suggested == "exact") text += "; suggested exact";
  else if (!m.suggested.empty()) text += fmt::format("; suggested {} ({})", m.suggested, m.basis);
  return text;
}

class LooseTolerance final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{
        "OA101",
        "loose-tolerance",
        LintFamily::Oracle,
        Severity::Warning,
        LintPrecision::High,
        "an OA assertion whose tolerance accepts an error of 10% or more",
        "tighten the tolerance to what the computation needs, or state why it is loose (`# oalens: ignore[OA101]`)",
        {{"loose", 0.1, "the smallest accepted error (absolute, or relative for rtol) that counts as loose"}}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {}, true}; }

  void onAssertion(LintContext& ctx, const Assertion& a) override {
    if (!a.isOa || a.negated) return;                                        // a larger tolerance makes a negated check stricter
    if (measuresTime(a.actualText) || measuresTime(a.expectedText)) return;  // elapsed time, not an error
    if (const MeasuredMargin* m = ctx.measuredAt(a)) {
      // The runs say what the check needs; the fixed cut-off is for the checks they did not reach.
      if (m->verdict == "over-loose") ctx.report(a.range, measuredMessage(*m));
      return;
    }
    for (const Tolerance& t : a.tolerances) {
      if (!t.value || t.provenance == Provenance::Default) continue;
      if (t.name == "bound" && !boundsAnAbsoluteDeviation(a)) continue;  // `x <= 1` bounds a range, not an error
      const bool digits = t.name == "places" || t.name == "decimal";
      if (!digits && !isRelativeTolerance(t.name) && *t.value >= 1 && t.text.find_first_of(".eE") == std::string::npos) continue;
      const std::optional<double> accepted = allowedDeviation(t.name, *t.value);
      if (!accepted || *accepted < ctx.option("loose")) continue;
      const std::string written = t.text == fmt::format("{:g}", *t.value) ? t.text : fmt::format("{} ({:g})", t.text, *t.value);
      if (digits && *t.value > 0 && *t.value < 1) {
        // decimal=1e-3: a tolerance written where a count of decimal places goes (TF Addons'
        // quantiles_test.py); numpy then accepts 1.5 * 10**-0.001, about 1.5.
        const int meant = static_cast<int>(std::lround(-std::log10(*t.value)));
        ctx.report(a.range, fmt::format("{}={} is a tolerance where {} counts decimal places: it accepts an error of {:g} in {} ({}={} "
                                        "would accept {:g})",
                                        t.name, written, t.name, *accepted, lastDottedComponent(a.api), t.name, meant,
                                        allowedDeviation(t.name, meant).value_or(0)));
        return;
      }
      const std::string what = isRelativeTolerance(t.name) ? fmt::format("a relative error of {:g}%", *accepted * 100)
                                                           : fmt::format("an error of {:g}", *accepted);
      ctx.report(a.range, fmt::format("{}={} accepts {} in {}", t.name, written, what, lastDottedComponent(a.api)));
      return;  // one finding per assertion
    }
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeOA101() { return std::make_unique<LooseTolerance>(); }

}  // namespace oalens::rules
