// ML204 nan-equality: `x == np.nan`, `x != float("nan")`: NaN compares unequal to everything,
// itself included, so `==` is always False and `!=` always True. A check for missing values
// or diverged losses written this way never fires.
#include <fmt/format.h>

#include <cctype>

#include "rules/lint/support/lint_patterns.h"

namespace oalens::rules {
namespace {

using namespace analyzer;

// An imported module, whose `nan` is a float NaN (numpy.nan, math.nan, torch.nan, tl.nan). An
// attribute of a class is not taken for one: LightGBM's `_MissingType.NAN` is an enum member.
// SymPy's is no float: `sympy.nan == sympy.nan` is True.
bool nanModule(const FileModel& m, ExprId receiver, StmtId at) {
  const std::string dotted = dottedName(m, receiver);
  if (dotted.empty()) return false;
  bool viaImport = false;
  const std::string resolved = resolveDotted(m, m.stmts[at].function, dotted, &viaImport);
  if (!viaImport || resolved.rfind("sympy", 0) == 0) return false;
  const std::string_view last = lastDottedComponent(resolved);
  const size_t first = last.find_first_not_of('_');
  return first != std::string_view::npos && std::islower(static_cast<unsigned char>(last[first]));
}

bool isNan(const FileModel& m, ExprId e, StmtId at) {
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Attribute && (x.name == "nan" || x.name == "NaN" || x.name == "NAN")) return nanModule(m, m.child(e, 0), at);
  if (x.kind == ExprKind::Name && (x.name == "nan" || x.name == "NaN" || x.name == "NAN")) {  // from math import nan
    const std::string resolved = resolveDotted(m, m.stmts[at].function, x.name);
    return resolved != x.name && resolved.find('.') != std::string::npos;
  }
  if (x.kind == ExprKind::Call && m.childCount(e) == 2 &&
      (calleeIs(m, e, at, {"float"}) || calleeLastName(m, e) == "float64" || calleeLastName(m, e) == "float32")) {
    std::string arg(m.expr(m.child(e, 1)).text);
    for (char& c : arg) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return arg == "'nan'" || arg == "\"nan\"";
  }
  return false;
}

class NanEquality final : public LintRule {
 public:
  const LintRuleInfo& info() const override {
    static const LintRuleInfo kInfo{"ML204",
                                    "nan-equality",
                                    LintFamily::Ml,
                                    Severity::Error,
                                    LintPrecision::High,
                                    "a comparison with NaN by == or !=, which is always False or always True",
                                    "test with math.isnan, numpy.isnan, torch.isnan or pandas isna",
                                    {}};
    return kInfo;
  }
  LintSubscriptions subscriptions() const override { return {{}, {ExprKind::Compare}, false}; }

  void onExpr(LintContext& ctx, ExprId cmp) override {
    const FileModel& m = ctx.model;
    for (uint32_t i = 0; i + 1 < m.childCount(cmp); ++i) {
      const std::string_view op = m.compareOp(cmp, i);
      if (op != "==" && op != "!=") continue;
      const ExprId left = m.child(cmp, i), right = m.child(cmp, i + 1);
      const ExprId nan = isNan(m, right, ctx.stmt) ? right : isNan(m, left, ctx.stmt) ? left : kNone;
      if (nan == kNone) continue;
      ctx.report(m.expr(cmp).range,
                 fmt::format("comparison with {} by {} is always {}", squeezed(m.expr(nan).text), op, op == "==" ? "False" : "True"));
      return;
    }
  }
};

}  // namespace

std::unique_ptr<analyzer::LintRule> makeML204() { return std::make_unique<NanEquality>(); }

}  // namespace oalens::rules
