// ML214 inplace-result-assigned: the result of a call that changes its object in place and
// returns None is assigned: `df = df.fillna(0, inplace=True)`, `x = random.shuffle(x)`,
// `order = np.random.shuffle(order)`. The name then holds None, and the next use fails or, worse,
// is skipped by an `if x:`.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

// `frame.dropna(...)`: a method of an object, not a function of an imported module (`F.relu`).
bool onAnObject(const FileModel& m, ExprId call) {
  const ExprId callee = m.child(call, 0);
  if (callee == kNone || m.expr(callee).kind != ExprKind::Attribute) return false;
  ExprId root = m.child(callee, 0);
  while (root != kNone && (m.expr(root).kind == ExprKind::Attribute || m.expr(root).kind == ExprKind::Subscript)) root = m.child(root, 0);
  if (root == kNone || m.expr(root).kind != ExprKind::Name) return true;
  for (const Import& i : m.imports)
    if (i.alias == m.expr(root).name) return false;
  return true;
}

class InplaceResultAssigned final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML214",
                                    "inplace-result-assigned",
                                    LintFamily::Ml,
                                    LintSeverity::Error,
                                    LintPrecision::High,
                                    "the None returned by an in-place call (inplace=True, random.shuffle) is assigned",
                                    "drop the assignment (the object is changed in place) or drop inplace=True and keep the assignment",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{StmtKind::Assign}, {}, false}; }

  void onStmt(LintContext& ctx, StmtId s) override {
    const FileModel& m = ctx.model;
    const Stmt& st = m.stmts[s];
    if (st.a == kNone || st.b == kNone || m.expr(st.b).kind != ExprKind::Call) return;
    const ExprId call = st.b;
    std::string what;
    if (const ExprId inplace = keywordArgument(m, call, "inplace"); inplace != kNone && m.expr(inplace).text == "True") {
      // pandas methods return None; PyTorch's F.relu(x, inplace=True) returns x and nn.ReLU(inplace=True) a module.
      if (!onAnObject(m, call) || resolvedCallee(m, call, s).starts_with("torch.")) return;
      what = fmt::format("{}(..., inplace=True)", calleeLastName(m, call));
    }
    else if (calleeIs(m, call, s, {"random.shuffle", "numpy.random.shuffle"}))
      what = std::string(resolvedCallee(m, call, s));
    else
      return;
    ctx.report(m.expr(call).range, fmt::format("{} changes its object in place and returns None: {} is assigned None", what, squeezed(m.expr(st.a).text, 40)));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML214() { return std::make_unique<InplaceResultAssigned>(); }

}  // namespace oalens::rules
