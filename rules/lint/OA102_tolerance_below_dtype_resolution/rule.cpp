// OA102 tolerance-below-dtype-resolution: an OA assertion in a test that computes in a reduced
// precision (float16, bfloat16, float32) and accepts only a relative error smaller than that
// format's unit roundoff (half its machine epsilon), with no absolute allowance: a result one
// rounding away from the oracle fails, so the test passes or fails with the order of floating-point operations
// (hardware, library version). The dtype is read from the test function's text; a test that
// also names float64 is left alone (its tolerance is probably meant for that dtype).
#include <fmt/format.h>
#include <re2/re2.h>

#include "analyzer/tolerance/allowed_deviation.h"
#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

struct Format {
  const char* name;
  double roundoff;  // half the spacing of the format's numbers in [1, 2): 2^-11, 2^-8, 2^-24
};

std::optional<Format> reducedPrecisionOf(std::string_view functionText) {
  static const RE2 wide(R"(\b(float64|double|f8|complex128)\b)");
  // An integer dtype in the test: the checked values may be integers or bit patterns (a
  // float16 tensor viewed as uint16), compared exactly whatever the tolerance.
  static const RE2 integers(R"((?i)\bu?int(8|16|32|64)\b)");
  static const RE2 bf16(R"(\bbfloat16\b)");
  static const RE2 f16(R"(\b(float16|half|f2)\b)");
  static const RE2 f32(R"(\b(float32|single|f4)\b)");
  const re2::StringPiece text(functionText.data(), functionText.size());
  if (RE2::PartialMatch(text, wide) || RE2::PartialMatch(text, integers)) return std::nullopt;
  if (RE2::PartialMatch(text, bf16)) return Format{"bfloat16", 0.00390625};
  if (RE2::PartialMatch(text, f16)) return Format{"float16", 0.00048828125};
  if (RE2::PartialMatch(text, f32)) return Format{"float32", 5.9604644775390625e-08};
  return std::nullopt;
}

class ToleranceBelowDtypeResolution final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{
        "OA102",
        "tolerance-below-dtype-resolution",
        LintFamily::Oracle,
        Severity::Warning,
        LintPrecision::Medium,
        "an OA assertion on float16/bfloat16/float32 results that accepts only a relative error below the dtype's unit roundoff",
        "give a relative tolerance of at least a few epsilons of the dtype, or an absolute one; choose it per dtype",
        {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {}, true}; }

  void onAssertion(LintContext& ctx, const Assertion& a) override {
    if (!a.isOa || a.negated || a.functionId == kNone) return;
    const Tolerance* relative = nullptr;
    for (const Tolerance& t : a.tolerances) {
      if (t.provenance == Provenance::Depend || t.provenance == Provenance::Unresolved || !t.value) return;
      if (isRelativeTolerance(t.name)) relative = &t;
      else if (*t.value > 0) return;  // an absolute allowance carries values near the oracle
    }
    if (!relative) return;
    const SourceRange& fn = ctx.model.functions[a.functionId].range;
    const std::string_view text = std::string_view(*ctx.model.source).substr(fn.startByte, fn.endByte - fn.startByte);
    const std::optional<Format> format = reducedPrecisionOf(text);
    if (!format || *relative->value >= format->roundoff) return;
    ctx.report(a.range,
               fmt::format("{}={}{} with no absolute allowance is below the {} unit roundoff {:.1e}", relative->name, relative->text,
                           relative->provenance == Provenance::Default ? " (the default)" : "", format->name, format->roundoff));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeOA102() { return std::make_unique<ToleranceBelowDtypeResolution>(); }

}  // namespace oalens::rules
