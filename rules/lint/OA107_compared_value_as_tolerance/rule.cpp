// OA107 compared-value-as-tolerance: a value like the compared ones passed by position into a
// tolerance's place, `self.assertAllClose(x[0], x[1], x[2])`: the check compares two values and
// takes the third as its rtol. Like the compared values means a name, attribute or subscript
// (no arithmetic, no call) rooted at the same local name as the actual or expected argument;
// a tolerance computed from the oracle (`ref.max() * 1e-6`, `abs(ref) * rtol`) is a relative
// allowance written by hand and is not flagged, nor is a keyword argument, whose name says
// what the author meant.
#include <fmt/format.h>
#include <re2/re2.h>

#include "analyzer/scan/project.h"
#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

// The local name a plain value expression starts from (`x` for `x`, `x.grad`, `x[0, 2]`,
// `x.data[1]`), or empty when it computes anything (arithmetic, a call, a literal).
std::string_view plainRoot(const FileModel& m, ExprId e) {
  for (int depth = 0; e != kNone && depth < 16; ++depth) {
    const Expr& x = m.expr(e);
    if (x.kind == ExprKind::Name) return x.name;
    if (x.kind != ExprKind::Attribute && x.kind != ExprKind::Subscript) return {};
    e = m.child(e, 0);
  }
  return {};
}

// The local name a compared value starts from, through calls on it (`x[0].numpy()`).
std::string_view comparedRoot(const FileModel& m, ExprId e) {
  for (int depth = 0; e != kNone && depth < 16; ++depth) {
    const Expr& x = m.expr(e);
    if (x.kind == ExprKind::Name) return x.name;
    if (x.kind == ExprKind::Call) {
      const ExprId callee = m.child(e, 0);
      if (callee == kNone || m.expr(callee).kind != ExprKind::Attribute) return {};
      e = m.child(callee, 0);
      continue;
    }
    if (x.kind != ExprKind::Attribute && x.kind != ExprKind::Subscript) return {};
    e = m.child(e, 0);
  }
  return {};
}

bool readsAsTolerance(std::string_view text) {
  static const RE2 tolerance(R"((?i)tol|eps|delta|prec|place|decimal|digit|thresh|margin|ulp)");
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), tolerance);
}

class ComparedValueAsTolerance final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"OA107",
                                    "compared-value-as-tolerance",
                                    LintFamily::Oracle,
                                    Severity::Error,
                                    LintPrecision::High,
                                    "a value like the compared ones passed by position where the check takes a tolerance",
                                    "compare the values pairwise (one check per pair), or pass the tolerance by keyword",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {}, true}; }

  void onAssertion(LintContext& ctx, const Assertion& a) override {
    // An error bound's bound is one side of its comparison (`assertGreaterEqual(x, y)`).
    if (!a.isOa || a.call == kNone || a.form != "call" || a.category == Category::ErrorBound) return;
    const FileModel& m = ctx.model;
    if (m.expr(a.call).kind != ExprKind::Call) return;
    const CallArgs args = splitCall(m, a.call);
    const std::string_view actualRoot = comparedRoot(m, a.actualExpr), expectedRoot = comparedRoot(m, a.expectedExpr);
    for (ExprId arg : args.positional) {
      if (arg == a.actualExpr || arg == a.expectedExpr) continue;
      const std::string_view root = plainRoot(m, arg);
      if (root.empty() || root == "self" || root == "cls" || (root != actualRoot && root != expectedRoot)) continue;
      const std::string_view text = m.expr(arg).text;
      if (readsAsTolerance(text)) continue;
      // A module's constant (np.pi) is no compared value.
      if (resolveDotted(m, a.functionId, root) != root) continue;
      for (const Tolerance& t : a.tolerances) {
        if (t.text != text) continue;
        ctx.report(a.range, fmt::format("{} is passed in the place of {}: {} compares two values, not three", squeezed(text), t.name,
                                        lastDottedComponent(a.api)));
        return;  // one finding per assertion
      }
    }
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeOA107() { return std::make_unique<ComparedValueAsTolerance>(); }

}  // namespace oalens::rules
