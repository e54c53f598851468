// ML225 sigmoid-then-log: the log of a sigmoid or of one minus a sigmoid, `torch.log(torch.sigmoid(x))`,
// `np.log(1 - sigmoid(z))`, `p.sigmoid().log()`, or of a name just assigned one: a hand-written
// binary cross-entropy. For logits beyond about ±17 (float32) the sigmoid rounds to 0 or 1 and
// the log is -inf, the loss NaN; logsigmoid and the with-logits losses compute the same stably.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool isSigmoidCall(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Call) return false;
  const std::string_view name = calleeLastName(m, e);
  return name == "sigmoid" || name == "expit";
}

// A sigmoid, a name assigned one earlier in the same function, or one minus either.
bool isSigmoid(const FileModel& m, ExprId e, StmtId at, bool complementAllowed = true) {
  if (e == kNone) return false;
  if (complementAllowed && m.expr(e).kind == ExprKind::BinaryOp && m.expr(e).name == "-") {
    const ExprId left = m.child(e, 0);
    if (left != kNone && (m.expr(left).text == "1" || m.expr(left).text == "1.0" || m.expr(left).text == "1."))
      return isSigmoid(m, m.child(e, 1), at, false);
    return false;
  }
  if (m.expr(e).kind == ExprKind::Name) e = lastAssignedValue(m, m.expr(e).name, at);
  return isSigmoidCall(m, e);
}

class SigmoidThenLog final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML225",
                                    "sigmoid-then-log",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "the log of a sigmoid (or of 1 - sigmoid), which is -inf for large logits",
                                    "use logsigmoid (F.logsigmoid, tf.math.log_sigmoid, scipy.special.log_expit) or a with-logits loss",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    if (calleeLastName(m, call) != "log") return;
    if (resolvedCallee(m, call, ctx.stmt).rfind("theano.", 0) == 0) return;  // Theano rewrites it stably itself
    const ExprId argument = firstArgument(m, call);
    const ExprId receiver = methodObject(m, call, "log");
    const ExprId sigmoid = isSigmoid(m, argument, ctx.stmt) ? argument : isSigmoid(m, receiver, ctx.stmt) ? receiver : kNone;
    if (sigmoid == kNone) return;
    ctx.report(m.expr(call).range, fmt::format("log of {} is -inf once the sigmoid rounds to 0 or 1: the loss turns NaN for large logits",
                                               squeezed(m.expr(sigmoid).text)));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML225() { return std::make_unique<SigmoidThenLog>(); }

}  // namespace oalens::rules
