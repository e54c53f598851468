// ML221 functional-dropout-always-on: `F.dropout(x, p)` in a module's method without
// `training=self.training`: the functional form defaults to training=True, so dropout stays on
// under model.eval() and every prediction and evaluation is noisy and damped.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

class FunctionalDropoutAlwaysOn final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML221",
                                    "functional-dropout-always-on",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "F.dropout in a module's method without training=self.training: dropout stays on in eval mode",
                                    "pass training=self.training, or use an nn.Dropout module",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    if (!calleeIs(m, call, ctx.stmt,
                  {"torch.nn.functional.dropout", "torch.nn.functional.dropout1d", "torch.nn.functional.dropout2d",
                   "torch.nn.functional.dropout3d", "torch.nn.functional.alpha_dropout", "torch.nn.functional.feature_alpha_dropout"}))
      return;
    // Inside a method of a class: a module whose mode model.eval() is meant to switch.
    const FunctionId f = m.stmts[ctx.stmt].function;
    if (f == kNone || enclosingClass(m, f) == kNone) return;
    const CallArgs args = splitCall(m, call);
    if (args.hasStarArgs || keywordArgument(m, call, "training") != kNone || args.positional.size() >= 3) return;
    ctx.report(m.expr(call).range, fmt::format("{} without training=: the functional form defaults to training=True, so dropout stays on "
                                               "after model.eval()",
                                               lastDottedComponent(resolvedCallee(m, call, ctx.stmt))));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML221() { return std::make_unique<FunctionalDropoutAlwaysOn>(); }

}  // namespace oalens::rules
