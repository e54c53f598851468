#include "analyzer/assertions/oa_reach.h"

#include <unordered_map>

namespace oalens::analyzer {

std::vector<int> oaCallDistances(const FileModel& m, const std::vector<Assertion>& assertions) {
  const size_t n = m.functions.size();
  std::vector<int> distance(n, kUnreachable);
  auto improve = [&](FunctionId f, int d) {
    if (distance[f] != kUnreachable && distance[f] <= d) return false;
    distance[f] = d;
    return true;
  };
  for (const Assertion& a : assertions)
    if (a.isOa && a.functionId != kNone) improve(a.functionId, a.via.empty() ? 0 : 1);

  std::unordered_multimap<std::string_view, FunctionId> moduleFunctions, methods, nested;
  for (FunctionId f = 0; f < n; ++f) {
    const Function& fn = m.functions[f];
    if (fn.parent == kNone && fn.cls == kNone) moduleFunctions.emplace(fn.name, f);
    if (fn.cls != kNone) methods.emplace(fn.name, f);
    if (fn.parent != kNone) nested.emplace(fn.name, f);
  }
  // Edges caller -> callee, from the calls each function's own statements make.
  std::vector<std::vector<FunctionId>> callees(n);
  for (const Stmt& st : m.stmts) {
    if (st.function == kNone) continue;
    for (ExprId e = st.firstExpr; e < st.endExpr; ++e) {
      const Expr& x = m.exprs[e];
      if (x.kind != ExprKind::Call || x.childCount == 0) continue;
      const Expr& callee = m.expr(m.child(e, 0));
      if (callee.kind == ExprKind::Name) {
        auto [nlo, nhi] = nested.equal_range(callee.name);
        for (auto it = nlo; it != nhi; ++it)
          if (m.functions[it->second].parent == st.function) callees[st.function].push_back(it->second);
        auto [lo, hi] = moduleFunctions.equal_range(callee.name);
        for (auto it = lo; it != hi; ++it) callees[st.function].push_back(it->second);
      } else if (callee.kind == ExprKind::Attribute) {
        std::string_view recv = m.expr(m.child(m.child(e, 0), 0)).text;
        if (recv != "self" && recv != "cls") continue;
        auto [lo, hi] = methods.equal_range(callee.name);
        for (auto it = lo; it != hi; ++it) callees[st.function].push_back(it->second);
      }
    }
  }
  // Bellman-Ford style relaxation: distances only shrink and are bounded by n, so it ends.
  for (bool changed = true; changed;) {
    changed = false;
    for (FunctionId f = 0; f < n; ++f)
      for (FunctionId c : callees[f])
        if (distance[c] != kUnreachable) changed |= improve(f, distance[c] + 1);
  }
  return distance;
}

}  // namespace oalens::analyzer
