// ML214 inplace-result-assigned: the result of a call that changes its object in place and
// returns None is assigned: `df = df.fillna(0, inplace=True)`, `x = random.shuffle(x)`,
// `order = np.random.shuffle(order)`. The name then holds None, and the next use fails or, worse,
// is skipped by an `if x:`.
#include <fmt/format.h>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

class InplaceResultAssigned final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML214",
                                    "inplace-result-assigned",
                                    LintFamily::Ml,
                                    Severity::Error,
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
      const ExprId object = methodObject(m, call, calleeLastName(m, call));
      if (object == kNone || namesImport(m, object, s) || resolvedCallee(m, call, s).starts_with("torch.")) return;
      what = fmt::format("{}(..., inplace=True)", calleeLastName(m, call));
    } else if (calleeIs(m, call, s, {"random.shuffle", "numpy.random.shuffle"})) what = std::string(resolvedCallee(m, call, s));
    else return;
    ctx.report(m.expr(call).range,
               fmt::format("{} changes its object in place and returns None: {} is assigned None", what, squeezed(m.expr(st.a).text, 40)));
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML214() { return std::make_unique<InplaceResultAssigned>(); }

}  // namespace oalens::rules
