// ML216 softmax-without-dim: PyTorch's F.softmax, F.log_softmax, F.softmin and the nn.Softmax,
// nn.LogSoftmax, nn.Softmin modules without `dim`: PyTorch then picks the dimension from the
// input's rank (0 for 0-, 1- and 3-dimensional inputs, 1 otherwise), so a batch of sequences
// is normalised across the batch, not across the classes.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

class SoftmaxWithoutDim final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML216",
                                    "softmax-without-dim",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "a PyTorch softmax without dim: the dimension is guessed from the input's rank",
                                    "name the dimension of the classes: F.softmax(logits, dim=-1), nn.Softmax(dim=1)",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const bool function =
        calleeIs(m, call, ctx.stmt, {"torch.nn.functional.softmax", "torch.nn.functional.log_softmax", "torch.nn.functional.softmin"});
    const bool module = calleeIs(m, call, ctx.stmt, {"torch.nn.Softmax", "torch.nn.LogSoftmax", "torch.nn.Softmin"});
    if (!function && !module) return;
    const CallArgs args = splitCall(m, call);
    if (args.hasStarArgs || keywordArgument(m, call, "dim") != kNone) return;
    // F.softmax(x, 1) names it second; nn.Softmax(1) first.
    if (args.positional.size() >= (function ? 2u : 1u)) return;
    const std::string name = resolvedCallee(m, call, ctx.stmt);
    ctx.report(m.expr(call).range,
               fmt::format("{} without dim: PyTorch guesses the dimension from the input's rank (deprecated), and guesses the batch for "
                           "a 1-D or 3-D input",
                           lastDottedComponent(name)));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML216() { return std::make_unique<SoftmaxWithoutDim>(); }

}  // namespace oalens::rules
