// ML211 loss-accumulated-with-graph: `total_loss += loss` in a loop that calls
// `loss.backward()`: `loss` is a tensor that holds its autograd graph, so the running sum
// keeps every iteration's graph (activations included) alive and memory grows each step.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

class LossAccumulatedWithGraph final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML211",
                                    "loss-accumulated-with-graph",
                                    LintFamily::Ml,
                                    Severity::Warning,
                                    LintPrecision::High,
                                    "a running sum of a loss tensor whose backward() is called in the same loop",
                                    "accumulate loss.item() (or loss.detach())",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{StmtKind::AugAssign, StmtKind::Assign}, {}, false}; }

  void onStmt(LintContext& ctx, StmtId s) override {
    const FileModel& m = ctx.model;
    const Stmt& st = m.stmts[s];
    if (st.a == kNone || st.b == kNone || m.expr(st.a).kind != ExprKind::Name) return;
    ExprId added = kNone;
    if (st.kind == StmtKind::AugAssign && (st.op == "+=" || st.op == "+")) {
      added = st.b;
    } else if (st.kind == StmtKind::Assign && m.expr(st.b).kind == ExprKind::BinaryOp && m.expr(st.b).name == "+") {
      const ExprId l = m.child(st.b, 0), r = m.child(st.b, 1);  // total = total + loss
      if (m.expr(l).kind == ExprKind::Name && m.expr(l).name == m.expr(st.a).name) added = r;
    }
    if (added == kNone || m.expr(added).kind != ExprKind::Name) return;
    const StmtId loop = enclosingLoop(m, s);
    if (loop == kNone) return;
    bool backward = false;
    forEachCall(m, loop + 1, blockEnd(m, loop), [&](ExprId c, StmtId) {
      const ExprId o = methodObject(m, c, "backward");
      backward |= isTensorBackward(m, c) && m.expr(o).kind == ExprKind::Name && m.expr(o).name == m.expr(added).name;
    });
    if (!backward) return;
    ctx.report(st.range, fmt::format("{} keeps every iteration's autograd graph of {} alive; add {}.item()", squeezed(st.text),
                                     m.expr(added).name, m.expr(added).name));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML211() { return std::make_unique<LossAccumulatedWithGraph>(); }

}  // namespace oalens::rules
