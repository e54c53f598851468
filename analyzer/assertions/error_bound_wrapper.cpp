#include "analyzer/assertions/error_bound_wrapper.h"

#include <string>

#include "analyzer/assertions/cpp_predicates.h"
#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/assertions/param_origin.h"

namespace oalens::analyzer {

namespace {

// The parameter named for a tolerance that an error divides by, the absolute part of a relative
// bound (`atol` in `(diff / (atol + abs(expected))).max() < rtol`); "" if none.
std::string_view dividingTolerance(const FileModel& m, FunctionId fid, ExprId e, bool inDenominator, int depth) {
  if (e == kNone || depth > kMaxOriginHops) return {};
  const Expr& x = m.expr(e);
  if (inDenominator && x.kind == ExprKind::Name && m.functions[fid].hasParam(x.name) &&
      (x.name.find("tol") != std::string_view::npos || x.name.find("eps") != std::string_view::npos))
    return x.name;
  for (uint32_t i = 0; i < m.childCount(e); ++i) {
    const bool denominator = inDenominator || (x.kind == ExprKind::BinaryOp && x.name == "/" && i == 1);
    if (const std::string_view p = dividingTolerance(m, fid, m.child(e, i), denominator, depth + 1); !p.empty()) return p;
  }
  return {};
}

}  // namespace

std::optional<std::pair<std::string_view, std::string_view>> paramsOfOperands(const FileModel& m, FunctionId fid, ExprId computed,
                                                                              ExprId reference) {
  if (computed == kNone) return std::nullopt;
  const std::string_view first = originParam(m, fid, reference, 0, false);
  const std::string_view second = originParam(m, fid, computed, 0, false);
  if (first.empty() || second.empty() || first == second) return std::nullopt;
  return std::pair{first, second};
}

std::optional<std::pair<std::string_view, std::string_view>> differenceOfParams(const FileModel& m, FunctionId fid, StmtId at,
                                                                                ExprId error) {
  if (m.language != Language::Python) return std::nullopt;
  const auto [computed, reference] = differenceOperands(m, error, fid, at);
  return paramsOfOperands(m, fid, computed, reference);
}

void boundMeasuredDifference(const FileModel& m, FunctionId fid, const ToleranceResolver& resolver, ExprId error,
                             std::string_view boundParam, std::pair<std::string_view, std::string_view> sides, ApiSpec& w) {
  const Function& f = m.functions[fid];
  w.category = Category::Abs;
  w.expected = std::string(sides.first);
  w.actual = std::string(sides.second);
  w.bound.clear();
  const std::string_view absolutePart = dividingTolerance(m, fid, error, false, 0);
  const bool relative = !absolutePart.empty() && absolutePart != boundParam;
  if (relative) w.category = Category::AbsRel;
  const std::string boundKind = relative ? "rtol" : "atol";
  w.tolerances = {{boundKind, std::string(boundParam)}};
  if (const ExprId def = paramDefault(f, boundParam); def != kNone) takeParamDefault(m, f, resolver, w, boundKind, def);
  if (relative) {
    w.tolerances.emplace_back("atol", std::string(absolutePart));
    if (const ExprId def = paramDefault(f, absolutePart); def != kNone) takeParamDefault(m, f, resolver, w, "atol", def);
  }
}

}  // namespace oalens::analyzer
