// OA103 one-sided-error-bound: an error bound on a difference that is not made absolute,
// `assert a - b < eps` or `assertLess(a - b, eps)`: it holds for every `a` below `b - eps`,
// so the check accepts arbitrarily wrong results on one side. The bound must look like a
// tolerance (a float literal such as 1e-5 or 0.01, or a name like tol, eps, atol, delta,
// threshold): `max(c) - min(c) <= 1` bounds a spread of counts and `x >= mean - 2 * std` a
// range, both one-sided by intent, and so are elapsed-time checks (`time.time() - t0 < 5`).
#include <fmt/format.h>
#include <re2/re2.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

bool isDifference(const FileModel& m, ExprId e) { return e != kNone && m.expr(e).kind == ExprKind::BinaryOp && m.expr(e).name == "-"; }

bool looksLikeTolerance(const FileModel& m, ExprId bound) {
  if (bound == kNone) return false;
  const Expr& b = m.expr(bound);
  if (b.kind == ExprKind::Number) return b.text.find_first_of(".eE") != std::string_view::npos;
  if (b.kind != ExprKind::Name && b.kind != ExprKind::Attribute && b.kind != ExprKind::Call) return false;
  static const RE2 tolerance(R"((?i)tol|eps|atol|rtol|delta|thresh|margin|precision)");
  return RE2::PartialMatch(re2::StringPiece(b.text.data(), b.text.size()), tolerance);
}

class OneSidedErrorBound final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"OA103",
                                    "one-sided-error-bound",
                                    LintFamily::Oracle,
                                    Severity::Warning,
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
      if ((api == "assertLess" || api == "assertLessEqual") && args.positional.size() >= 2 && isDifference(m, args.positional[0]) &&
          looksLikeTolerance(m, args.positional[1]))
        difference = args.positional[0];
      else if ((api == "assertGreater" || api == "assertGreaterEqual") && args.positional.size() >= 2 &&
               isDifference(m, args.positional[1]) && looksLikeTolerance(m, args.positional[0]))
        difference = args.positional[1];
      else if (api == "assertTrue" && !args.positional.empty()) difference = boundedDifference(m, args.positional[0]);
    }
    if (difference == kNone || measuresTime(m, difference)) return;
    ctx.report(st.range,
               fmt::format("the error bound on {} has no abs(): any value below the oracle passes", squeezed(m.expr(difference).text)));
  }

 private:
  // `d < eps`, `d <= eps`, `eps > d`, `eps >= d` with d a difference: d, else kNone.
  static ExprId boundedDifference(const FileModel& m, ExprId test) {
    if (m.expr(test).kind != ExprKind::Compare || m.childCount(test) != 2) return kNone;
    const std::string_view op = m.compareOp(test, 0);
    const ExprId left = m.child(test, 0), right = m.child(test, 1);
    if ((op == "<" || op == "<=") && isDifference(m, left) && looksLikeTolerance(m, right)) return left;
    if ((op == ">" || op == ">=") && isDifference(m, right) && looksLikeTolerance(m, left)) return right;
    return kNone;
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeOA103() { return std::make_unique<OneSidedErrorBound>(); }

}  // namespace oalens::rules
