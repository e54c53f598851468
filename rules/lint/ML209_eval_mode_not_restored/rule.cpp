// ML209 eval-mode-not-restored: `model.eval()` inside a training loop (one that calls
// backward()) with no `model.train()` in that loop: the first epoch trains in training mode,
// every later one with dropout off and batch-norm statistics frozen.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

class EvalModeNotRestored final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML209",
                                    "eval-mode-not-restored",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "model.eval() inside a training loop that never calls model.train() again",
                                    "call model.train() at the start of each epoch (or right after the evaluation)",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const ExprId model = methodObject(m, call, "eval");
    if (model == kNone || m.childCount(call) != 1) return;
    const std::string_view name = receiverRoot(m, model);
    for (StmtId loop : enclosingLoops(m, ctx.stmt)) {
      bool backward = false, restored = false;
      forEachCall(m, loop + 1, blockEnd(m, loop), [&](ExprId c, StmtId) {
        backward |= isTensorBackward(m, c);
        const ExprId trained = methodObject(m, c, "train");
        restored |= trained != kNone && receiverRoot(m, trained) == name;
      });
      if (!backward) continue;
      if (!restored)
        ctx.report(
            m.expr(call).range,
            fmt::format("{}.eval() in a training loop is never undone by {}.train(): later iterations train in eval mode", name, name));
      return;
    }
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML209() { return std::make_unique<EvalModeNotRestored>(); }

}  // namespace oalens::rules
