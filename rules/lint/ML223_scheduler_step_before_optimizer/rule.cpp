// ML223 scheduler-step-before-optimizer: in a training loop, the learning-rate scheduler's
// `step()` comes before the optimizer's: since PyTorch 1.1 that skips the first value of the
// schedule (PyTorch warns once, at run time), so every epoch trains with the next epoch's rate.
#include <fmt/format.h>

#include <set>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool isSchedulerObject(const FileModel& m, ExprId object, StmtId at) {
  if (m.expr(object).kind == ExprKind::Name) {
    const ExprId value = lastAssignedValue(m, m.expr(object).name, at);
    if (value != kNone && m.expr(value).kind == ExprKind::Call)
      return resolvedCallee(m, value, at).starts_with("torch.optim.lr_scheduler.");
  }
  return m.expr(object).text.find("sched") != std::string_view::npos;
}

bool isOptimizerStep(const FileModel& m, ExprId call, StmtId at) {
  const ExprId object = methodObject(m, call, "step");
  return object != kNone && !isSchedulerObject(m, object, at) && m.expr(object).text.find("lr") == std::string_view::npos;
}

class SchedulerStepBeforeOptimizer final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML223",
                                    "scheduler-step-before-optimizer",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "lr_scheduler.step() before optimizer.step() in a training loop: the schedule's first value is skipped",
                                    "call scheduler.step() after optimizer.step() (at the end of the epoch for epoch schedules)",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const ExprId scheduler = methodObject(m, call, "step");
    if (scheduler == kNone || !isSchedulerObject(m, scheduler, ctx.stmt)) return;
    const StmtId loop = enclosingLoop(m, ctx.stmt);
    if (loop == kNone || !decided_.insert(loop).second) return;
    bool before = false, after = false;
    forEachCall(m, loop + 1, blockEnd(m, loop), [&](ExprId c, StmtId s) {
      if (!isOptimizerStep(m, c, s)) return;
      (s < ctx.stmt ? before : after) = true;
    });
    if (before || !after) return;
    ctx.report(m.expr(call).range, fmt::format("{}.step() runs before the optimizer's step() in this loop: PyTorch (1.1 and later) then "
                                               "skips the schedule's first learning rate",
                                               squeezed(m.expr(scheduler).text, 30)));
  }

 private:
  std::set<StmtId> decided_;
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML223() { return std::make_unique<SchedulerStepBeforeOptimizer>(); }

}  // namespace oalens::rules
