// ML203 activation-before-logits-loss: a loss that applies softmax or sigmoid itself is given
// probabilities: `F.cross_entropy(F.softmax(x), y)`, `nn.CrossEntropyLoss()(probs, y)`,
// `F.nll_loss(softmax(x), y)` (it wants log-probabilities), `BCEWithLogitsLoss()(sigmoid(z), y)`,
// `tf.nn.softmax_cross_entropy_with_logits(logits=tf.nn.softmax(z))`. The activation runs
// twice: the loss flattens and the gradients shrink, and training stalls without an error.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

enum class Wants { Nothing, Logits, SigmoidLogits, LogProbabilities };

Wants lossInput(std::string_view name) {
  if (name == "cross_entropy" || name == "CrossEntropyLoss" || name == "softmax_cross_entropy_with_logits" ||
      name == "softmax_cross_entropy_with_logits_v2" || name == "sparse_softmax_cross_entropy_with_logits")
    return Wants::Logits;
  if (name == "binary_cross_entropy_with_logits" || name == "BCEWithLogitsLoss" || name == "sigmoid_cross_entropy_with_logits")
    return Wants::SigmoidLogits;
  if (name == "nll_loss" || name == "NLLLoss") return Wants::LogProbabilities;
  return Wants::Nothing;
}

// The value last assigned to `target` (a name or self.attr) anywhere in the file before `at`,
// else after it (a criterion is usually built once, in __init__ or at module level).
ExprId assignedValue(const FileModel& m, std::string_view target, StmtId at) {
  ExprId found = kNone;
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.kind != StmtKind::Assign || st.a == kNone || m.expr(st.a).text != target) continue;
    if (s < at || found == kNone) found = st.b;
  }
  return found;
}

// What the callee computes: a loss function by name, or a loss object built from its class.
Wants wantedInput(const FileModel& m, ExprId call, StmtId at) {
  Wants w = lossInput(calleeLastName(m, call));
  if (w != Wants::Nothing) return w;
  ExprId callee = m.child(call, 0);
  if (m.expr(callee).kind == ExprKind::Name || m.expr(callee).kind == ExprKind::Attribute)
    callee = assignedValue(m, m.expr(callee).text, at);
  if (callee == kNone || m.expr(callee).kind != ExprKind::Call) return Wants::Nothing;
  const std::string_view cls = calleeLastName(m, callee);
  return cls.size() > 4 && cls.substr(cls.size() - 4) == "Loss" ? lossInput(cls) : Wants::Nothing;
}

class ActivationBeforeLogitsLoss final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML203",
                                    "activation-before-logits-loss",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "a loss that applies softmax/sigmoid itself receives softmax/sigmoid output",
                                    "pass the raw logits; nll_loss wants log_softmax output",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const Wants wants = wantedInput(m, call, ctx.stmt);
    if (wants == Wants::Nothing) return;
    ExprId input = keywordArgument(m, call, "logits");
    if (input == kNone) input = keywordArgument(m, call, "input");
    if (input == kNone) input = firstArgument(m, call);
    if (input == kNone) return;
    ExprId activation = input;
    if (m.expr(input).kind == ExprKind::Name) activation = lastAssignedValue(m, m.expr(input).name, ctx.stmt);
    if (activation == kNone || m.expr(activation).kind != ExprKind::Call) return;
    const std::string_view applied = calleeLastName(m, activation);
    const bool twice = (wants == Wants::SigmoidLogits) ? applied == "sigmoid" : applied == "softmax";
    if (!twice) return;
    const std::string loss = squeezed(m.expr(m.child(call, 0)).text, 40);
    ctx.report(m.expr(call).range, wants == Wants::LogProbabilities
                                       ? fmt::format("{} expects log-probabilities but receives {} output", loss, applied)
                                       : fmt::format("{} applies {} itself but receives {} output", loss, applied, applied));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML203() { return std::make_unique<ActivationBeforeLogitsLoss>(); }

}  // namespace oalens::rules
