#include "analyzer/assertions/oa_reach.h"

#include <functional>
#include <queue>
#include <unordered_map>
#include <utility>

#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

// A shortest-path search from the functions that check, over the calls reversed. `self.name()`
// may run the method `name` of any class of the file, so it is one edge to a node standing for
// the name, and that node reaches every such method at no cost: a file of n classes that each
// call `self.check` has n + n edges, not n * n. Each node is settled once, so a chain of n
// helpers each calling the next costs n steps, where relaxing every edge until nothing changed
// took one pass per link.
std::vector<int> oaCallDistances(const FileModel& m, const std::vector<Assertion>& assertions) {
  const size_t n = m.functions.size();
  std::unordered_multimap<std::string_view, FunctionId> moduleFunctions;
  std::unordered_multimap<NameIndex::ScopedName, FunctionId, NameIndex::ScopedNameHash> nested;  // (parent, name)
  std::unordered_map<std::string_view, uint32_t> methodNode;                                     // method name -> its node, n + k
  std::vector<std::vector<FunctionId>> methodsNamed;
  for (FunctionId f = 0; f < n; ++f) {
    const Function& fn = m.functions[f];
    if (fn.parent == kNone && fn.cls == kNone) moduleFunctions.emplace(fn.name, f);
    if (fn.parent != kNone) nested.emplace(NameIndex::ScopedName{fn.parent, fn.name}, f);
    if (fn.cls != kNone) {
      auto [it, added] = methodNode.try_emplace(fn.name, static_cast<uint32_t>(n + methodsNamed.size()));
      if (added) methodsNamed.emplace_back();
      methodsNamed[it->second - n].push_back(f);
    }
  }
  // Reversed edges: callers[c] holds (caller, cost) for each call of c.
  std::vector<std::vector<std::pair<uint32_t, int>>> callers(n + methodsNamed.size());
  for (size_t k = 0; k < methodsNamed.size(); ++k)
    for (FunctionId method : methodsNamed[k]) callers[method].emplace_back(static_cast<uint32_t>(n + k), 0);
  for (const Stmt& st : m.stmts) {
    if (st.function == kNone) continue;
    for (ExprId e = st.firstExpr; e < st.endExpr; ++e) {
      const Expr& x = m.exprs[e];
      if (x.kind != ExprKind::Call || x.childCount == 0) continue;
      const Expr& callee = m.expr(m.child(e, 0));
      if (callee.kind == ExprKind::Name) {
        auto [nlo, nhi] = nested.equal_range(NameIndex::ScopedName{st.function, callee.name});
        for (auto it = nlo; it != nhi; ++it) callers[it->second].emplace_back(st.function, 1);
        auto [lo, hi] = moduleFunctions.equal_range(callee.name);
        for (auto it = lo; it != hi; ++it) callers[it->second].emplace_back(st.function, 1);
      } else if (callee.kind == ExprKind::Attribute) {
        std::string_view recv = m.expr(m.child(m.child(e, 0), 0)).text;
        if (recv != "self" && recv != "cls") continue;
        if (auto it = methodNode.find(callee.name); it != methodNode.end()) callers[it->second].emplace_back(st.function, 1);
      }
    }
  }

  std::vector<int> distance(callers.size(), kUnreachable);
  using Entry = std::pair<int, uint32_t>;  // distance, node
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> frontier;
  auto improve = [&](uint32_t node, int d) {
    if (distance[node] != kUnreachable && distance[node] <= d) return;
    distance[node] = d;
    frontier.emplace(d, node);
  };
  for (const Assertion& a : assertions)
    if (a.isOa && a.functionId != kNone && a.functionId < n) improve(a.functionId, a.via.empty() ? 0 : 1);
  while (!frontier.empty()) {
    auto [d, node] = frontier.top();
    frontier.pop();
    if (d != distance[node]) continue;  // settled already at a smaller distance
    for (auto [caller, cost] : callers[node]) improve(caller, d + cost);
  }
  distance.resize(n);
  return distance;
}

}  // namespace oalens::analyzer
