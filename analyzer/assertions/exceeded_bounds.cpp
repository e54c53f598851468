#include "analyzer/assertions/exceeded_bounds.h"
#include "analyzer/assertions/error_operands.h"
#include "analyzer/assertions/integer_values.h"
#include "analyzer/assertions/param_origin.h"
#include "analyzer/assertions/predicate_tolerances.h"

#include <algorithm>
#include <string>

namespace oalens::analyzer {

namespace {

const Param* paramNamed(const Function& f, std::string_view name) {
  for (const Param& p : f.params)
    if (p.name == name) return &p;
  return nullptr;
}

}  // namespace

std::optional<AssertionFinder::OaCheck> exceededParameterBound(const FileModel& m, FunctionId fid, StmtId at, ExprId cond) {
  if (m.language != Language::Cpp || fid == kNone || cond == kNone) return std::nullopt;
  const Expr& c = m.expr(cond);
  if (c.kind == ExprKind::BoolOp && c.name == "and") {
    for (uint32_t i = 0; i < c.childCount; ++i)
      if (auto part = exceededParameterBound(m, fid, at, m.child(cond, i))) return part;
    return std::nullopt;
  }
  if (c.kind != ExprKind::Compare || c.childCount != 2) return std::nullopt;
  const std::string_view op = m.compareOp(cond, 0);
  const bool greater = op == ">" || op == ">=", less = op == "<" || op == "<=";
  if (!greater && !less) return std::nullopt;
  const ExprId error = m.child(cond, greater ? 0 : 1), bound = m.child(cond, greater ? 1 : 0);
  const Function& f = m.functions[fid];
  const std::string_view boundParam = originParam(m, fid, bound, 0, false);
  const Param* p = boundParam.empty() ? nullptr : paramNamed(f, boundParam);
  if (!p || p->pointer || namesAnIntegerScalarType(p->type) || p->type == "bool" || p->type == "const bool") return std::nullopt;
  const auto [left, right] = sidesOfError(m, fid, at, error);
  if (left == kNone || right == kNone) return std::nullopt;
  const std::string_view leftParam = originParam(m, fid, left, 0, false), rightParam = originParam(m, fid, right, 0, false);
  if (leftParam.empty() || rightParam.empty() || leftParam == rightParam || leftParam == boundParam || rightParam == boundParam)
    return std::nullopt;
  AssertionFinder::OaCheck check;
  check.compare = cond;
  check.errorSide = error;
  check.boundSide = bound;
  check.negated = true;
  return check;
}

void takeOtherExceededBound(const FileModel& m, FunctionId fid, StmtId at, ExprId answer, ExprId checked, std::string_view actualParam,
                            std::string_view expectedParam, const ToleranceResolver& resolver, ApiSpec& w) {
  if (m.expr(answer).kind != ExprKind::BoolOp || m.expr(answer).name != "and") return;
  for (uint32_t i = 0; i < m.childCount(answer); ++i) {
    const ExprId part = m.child(answer, i);
    if (part == checked || m.expr(part).kind != ExprKind::Compare || m.childCount(part) != 2) continue;
    const std::string_view op = m.compareOp(part, 0);
    if (op != ">" && op != ">=") continue;
    const ExprId size = m.child(part, 0);
    // The same two parameters compared, in either order.
    const auto [left, right] = sidesOfError(m, fid, at, size);
    const std::string_view a = originParam(m, fid, left, 0, false), e = originParam(m, fid, right, 0, false);
    if (a.empty() || e.empty() || !((a == actualParam && e == expectedParam) || (a == expectedParam && e == actualParam))) continue;
    ExprId quotient = size;
    if (m.expr(quotient).kind == ExprKind::Call && splitCall(m, quotient).positional.size() == 1)
      quotient = splitCall(m, quotient).positional[0];
    const std::string kind = m.expr(quotient).kind == ExprKind::BinaryOp && m.expr(quotient).name == "/" ? "rtol" : "atol";
    if (std::ranges::any_of(w.tolerances, [&](const auto& t) { return t.first == kind; })) continue;
    takeTolerance(m, fid, at, m.child(part, 1), kind, resolver, w);
    if (w.tolerances.size() > 1) w.category = Category::AbsRel;
    return;
  }
}

}  // namespace oalens::analyzer
