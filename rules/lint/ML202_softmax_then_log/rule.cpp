// ML202 softmax-then-log: the log of a softmax, `torch.log(torch.softmax(x, 1))`,
// `np.log(softmax(z))`, `x.softmax(1).log()`, or `log(p)` of a `p` just assigned a softmax.
// Softmax underflows to 0 for logits far below the maximum and the log gives -inf (and NaN
// gradients); log_softmax computes the same values stably. Theano is left alone: its graph
// optimiser rewrites log(softmax(x)) into a stable log-softmax itself.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

// A softmax call, or a name assigned one earlier in the same function.
bool isSoftmax(const FileModel& m, ExprId e, StmtId at) {
  if (e == kNone) return false;
  if (m.expr(e).kind == ExprKind::Name) e = lastAssignedValue(m, m.expr(e).name, at);
  return e != kNone && m.expr(e).kind == ExprKind::Call && calleeLastName(m, e) == "softmax";
}

class SoftmaxThenLog final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML202",
                                    "softmax-then-log",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "the log of a softmax, which underflows to log(0) = -inf",
                                    "use log_softmax (torch.log_softmax, F.log_softmax, tf.nn.log_softmax, scipy.special.log_softmax)",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    if (calleeLastName(m, call) != "log") return;
    if (resolvedCallee(m, call, ctx.stmt).rfind("theano.", 0) == 0) return;
    const ExprId argument = firstArgument(m, call);        // torch.log(p)
    const ExprId receiver = methodObject(m, call, "log");  // p.log()
    const ExprId softmax = isSoftmax(m, argument, ctx.stmt) ? argument : isSoftmax(m, receiver, ctx.stmt) ? receiver : kNone;
    if (softmax == kNone) return;
    ctx.report(m.expr(call).range, fmt::format("log of {} is numerically unstable", squeezed(m.expr(softmax).text)));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML202() { return std::make_unique<SoftmaxThenLog>(); }

}  // namespace oalens::rules
