// OA104 discarded-closeness-check: `np.allclose(a, b)` (or isclose, torch.allclose,
// math.isclose, `t.allclose(u)`) as a statement of its own: the boolean is thrown away and
// nothing is checked. Common where an `assert` was forgotten or lost in an edit. Any file:
// helpers outside test files check results too. A call inside `with self.assertRaises(...)` or
// `with pytest.raises(...)` is made for the exception it raises, and is left alone; so is a
// notebook cell's last expression, whose value the notebook displays.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

class DiscardedClosenessCheck final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"OA104",
                                    "discarded-closeness-check",
                                    LintFamily::Oracle,
                                    Severity::Error,
                                    LintPrecision::High,
                                    "a closeness test such as np.allclose(a, b) whose result is thrown away",
                                    "assert the result, or call an asserting API such as numpy.testing.assert_allclose",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{StmtKind::ExprStmt}, {}, false}; }

  void onStmt(LintContext& ctx, StmtId s) override {
    const FileModel& m = ctx.model;
    const ExprId call = m.stmts[s].a;
    if (call == kNone || m.expr(call).kind != ExprKind::Call) return;
    const bool predicate = calleeIs(m, call, s,
                                    {"numpy.allclose", "numpy.isclose", "torch.allclose", "torch.isclose", "math.isclose", "cmath.isclose",
                                     "tensorflow.experimental.numpy.allclose", "tensorflow.experimental.numpy.isclose",
                                     "jax.numpy.allclose", "jax.numpy.isclose", "cupy.allclose", "cupy.isclose"});
    const bool method = isMethodCall(m, call, "allclose") || isMethodCall(m, call, "isclose");
    if (!predicate && !method) return;
    if (displayedByTheNotebook(m, s)) return;  // a cell's last expression is shown, not discarded
    for (StmtId p = m.stmts[s].parent; p != kNone; p = m.stmts[p].parent)
      if (m.stmts[p].kind == StmtKind::With &&
          (m.stmts[p].text.find("raises") != std::string_view::npos || m.stmts[p].text.find("Raises") != std::string_view::npos))
        return;
    ctx.report(m.stmts[s].range,
               fmt::format("the result of {}(...) is discarded: nothing is checked", squeezed(m.expr(m.child(call, 0)).text)));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeOA104() { return std::make_unique<DiscardedClosenessCheck>(); }

}  // namespace oalens::rules
