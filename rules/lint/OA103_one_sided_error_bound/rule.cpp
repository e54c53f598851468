// OA103 one-sided-error-bound: an error bound on a difference that is not made absolute,
// `assert a - b < eps` or `assertLess(a - b, eps)`: it holds for every `a` below `b - eps`,
// so the check accepts arbitrarily wrong results on one side. Elapsed-time checks
// (`time.time() - t0 < 5`) are one-sided by intent and are left alone.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool isDifference(const FileModel& m, ExprId e) {
  return e != kNone && m.expr(e).kind == ExprKind::BinaryOp && m.expr(e).name == "-";
}


class OneSidedErrorBound final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"OA103",
                                    "one-sided-error-bound",
                                    LintFamily::Oracle,
                                    LintSeverity::Warning,
                                    LintPrecision::Medium,
                                    "an error bound `a - b < eps` on a difference that is not made absolute",
                                    "bound the absolute difference, `abs(a - b) < eps`, or use an approximate assertion",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{StmtKind::Assert, StmtKind::ExprStmt}, {}, false}; }

  void onStmt(LintContext& ctx, StmtId s) override {
    if (!ctx.isTestFile) return;
    const FileModel& m = ctx.model;
    const Stmt& st = m.stmts[s];
    if (st.a == kNone) return;
    ExprId difference = kNone;
    if (st.kind == StmtKind::Assert) {
      difference = boundedDifference(m, st.a);
    } else if (m.expr(st.a).kind == ExprKind::Call) {
      const std::string_view api = calleeLastName(m, st.a);
      const CallArgs args = splitCall(m, st.a);
      if ((api == "assertLess" || api == "assertLessEqual") && !args.positional.empty() && isDifference(m, args.positional[0]))
        difference = args.positional[0];
      else if ((api == "assertGreater" || api == "assertGreaterEqual") && args.positional.size() >= 2 && isDifference(m, args.positional[1]))
        difference = args.positional[1];
      else if (api == "assertTrue" && !args.positional.empty())
        difference = boundedDifference(m, args.positional[0]);
    }
    if (difference == kNone || measuresTime(m, difference)) return;
    ctx.report(st.range, fmt::format("the error bound on {} has no abs(): any value below the oracle passes", squeezed(m.expr(difference).text)));
  }

 private:
  // `d < eps`, `d <= eps`, `eps > d`, `eps >= d` with d a difference: d, else kNone.
  static ExprId boundedDifference(const FileModel& m, ExprId test) {
    if (m.expr(test).kind != ExprKind::Compare || m.childCount(test) != 2) return kNone;
    const std::string_view op = m.compareOp(test, 0);
    const ExprId left = m.child(test, 0), right = m.child(test, 1);
    if ((op == "<" || op == "<=") && isDifference(m, left)) return left;
    if ((op == ">" || op == ">=") && isDifference(m, right)) return right;
    return kNone;
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeOA103() { return std::make_unique<OneSidedErrorBound>(); }

}  // namespace oalens::rules
