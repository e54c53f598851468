// ML220 step-before-backward: in a training loop, `optimizer.step()` comes before the
// iteration's `loss.backward()`: each step applies the gradients of the previous batch (none on
// the first), and with zero_grad() between them it applies nothing at all.
#include <fmt/format.h>

#include <set>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

class StepBeforeBackward final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML220",
                                    "step-before-backward",
                                    LintFamily::Ml,
                                    Severity::Error,
                                    LintPrecision::High,
                                    "optimizer.step() before the loop iteration's backward()",
                                    "order each iteration as zero_grad(), forward, loss.backward(), optimizer.step()",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const ExprId optimizer = methodObject(m, call, "step");
    // step(closure) runs the closure's backward first (LBFGS).
    if (optimizer == kNone || m.childCount(call) > 1 || !looksLikeOptimizer(m, optimizer, ctx.stmt)) return;
    const StmtId loop = enclosingLoop(m, ctx.stmt);
    if (loop == kNone || !decided_.insert(loop).second) return;
    bool backwardBefore = false, backwardAfter = false;
    forEachCall(m, loop + 1, blockEnd(m, loop), [&](ExprId c, StmtId s) {
      if (!isTensorBackward(m, c)) return;
      (s < ctx.stmt || (s == ctx.stmt && c < call) ? backwardBefore : backwardAfter) = true;
    });
    if (backwardBefore || !backwardAfter) return;
    ctx.report(m.expr(call).range, fmt::format("{}.step() runs before this iteration's backward(): it applies the previous batch's "
                                               "gradients (or none, once they are cleared)",
                                               squeezed(m.expr(optimizer).text, 30)));
  }

 private:
  // An object built by torch.optim, or named like one; not a learning-rate scheduler.
  static bool looksLikeOptimizer(const FileModel& m, ExprId object, StmtId at) {
    const std::string_view text = m.expr(object).text;
    if (text.find("sched") != std::string_view::npos || text.find("lr") != std::string_view::npos) return false;
    if (m.expr(object).kind == ExprKind::Name) {
      const ExprId value = lastAssignedValue(m, m.expr(object).name, at);
      if (value != kNone && m.expr(value).kind == ExprKind::Call && resolvedCallee(m, value, at).starts_with("torch.optim.")) return true;
    }
    return text.find("optim") != std::string_view::npos || text == "opt";
  }
  std::set<StmtId> decided_;
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML220() { return std::make_unique<StepBeforeBackward>(); }

}  // namespace oalens::rules
