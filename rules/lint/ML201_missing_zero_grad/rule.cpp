// ML201 missing-zero-grad: a training loop that calls `loss.backward()` and `opt.step()` but
// never clears the gradients inside the loop. PyTorch adds each backward pass's gradients to
// `.grad`, so every step applies the sum of all earlier gradients. A `zero_grad()` before the
// loop clears them once only. Gradient accumulation (`if (i + 1) % k == 0: step; zero_grad`)
// still clears inside the loop and stays quiet, and so does a call to a function of the same
// file that clears them (`reset_grad()`).
#include <fmt/format.h>

#include <set>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

// MXNet's Gluon writes each backward pass's gradients over the last ones (grad_req='write' is
// its default), so its loops need no clearing; a file importing MXNet and not PyTorch is Gluon's.
bool gradientsOverwritten(const FileModel& m) {
  bool mxnet = false, torch = false;
  for (const Import& imp : m.imports) {
    const std::string_view top = std::string_view(imp.module).substr(0, imp.module.find('.'));
    mxnet |= top == "mxnet";
    torch |= top == "torch";
  }
  return mxnet && !torch;
}

bool isScheduler(const FileModel& m, ExprId object) {
  const std::string_view t = m.expr(object).text;
  return t.find("sched") != std::string_view::npos || t.find("lr") != std::string_view::npos;
}

class MissingZeroGrad final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML201",
                                    "missing-zero-grad",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "a loop with backward() and step() that never clears the gradients",
                                    "call optimizer.zero_grad() (or set the parameters' .grad to None) in every iteration",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Call}, false}; }

  void onExpr(LintContext& ctx, ExprId call) override {
    const FileModel& m = ctx.model;
    const ExprId optimizer = methodObject(m, call, "step");
    if (optimizer == kNone || isScheduler(m, optimizer) || gradientsOverwritten(m)) return;
    const StmtId loop = enclosingLoop(m, ctx.stmt);
    if (loop == kNone || !reported_.insert(loop).second) return;
    bool backward = false;
    forEachCall(m, loop + 1, blockEnd(m, loop), [&](ExprId c, StmtId) { backward |= isTensorBackward(m, c); });
    if (!backward || clears(m, loop + 1, blockEnd(m, loop), /*throughHelpers=*/true)) return;
    ctx.report(m.expr(call).range,
               fmt::format("{}.step() runs in a loop with backward() but the gradients are never cleared in it: they accumulate "
                           "across iterations",
                           squeezed(m.expr(optimizer).text)));
  }

 private:
  // A zero_grad() call, `p.grad = None`, `p.grad.zero_()`, or (once) a call to a function of
  // this file whose body does one of these, among the statements [first, end).
  static bool clears(const FileModel& m, StmtId first, StmtId end, bool throughHelpers) {
    bool cleared = false;
    forEachCall(m, first, end, [&](ExprId c, StmtId) {
      if (cleared) return;
      // Paddle's optimizers clear with clear_grad() (clear_gradients() before 2.0).
      cleared = isMethodCall(m, c, "zero_grad") || isMethodCall(m, c, "zero_") || isMethodCall(m, c, "clear_grad") ||
                isMethodCall(m, c, "clear_gradients");
      if (cleared || !throughHelpers) return;
      const std::string_view name = calleeLastName(m, c);
      for (const Function& f : m.functions)
        if (!name.empty() && f.name == name && clears(m, f.firstStmt, f.endStmt, false)) cleared = true;
    });
    for (StmtId s = first; s < end && !cleared; ++s) {
      const Stmt& st = m.stmts[s];
      cleared = st.kind == StmtKind::Assign && st.a != kNone && m.expr(st.a).kind == ExprKind::Attribute && m.expr(st.a).name == "grad";
    }
    return cleared;
  }

  std::set<StmtId> reported_;  // one finding per loop
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML201() { return std::make_unique<MissingZeroGrad>(); }

}  // namespace oalens::rules
