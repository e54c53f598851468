#include "analyzer/assertions/ulp_neighbours.h"

#include <re2/re2.h>

#include <string>
#include <vector>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/discovered_entry.h"

namespace oalens::analyzer {

namespace {

bool isParam(const Function& f, std::string_view name) {
  for (const Param& p : f.params)
    if (p.name == name) return true;
  return false;
}

// The operands of a conjunction (`a and b and c`, `a && b`), flattened.
void conjuncts(const FileModel& m, ExprId e, std::vector<ExprId>& out, int depth = 0) {
  if (e == kNone || depth > 16) return;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::BoolOp && (x.name == "and" || x.name == "&&")) {
    for (uint32_t i = 0; i < x.childCount; ++i) conjuncts(m, m.child(e, i), out, depth + 1);
    return;
  }
  if (x.kind == ExprKind::Other && x.childCount == 1) return conjuncts(m, m.child(e, 0), out, depth + 1);
  out.push_back(e);
}

// `nextafter(x, ...)` of a parameter `x`: its name, or "".
std::string_view neighbourOf(const FileModel& m, const Function& f, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Call) return {};
  const CallArgs args = splitCall(m, e);
  const std::string_view last = lastOf(m, args.callee);
  if ((last != "nextafter" && last != "nexttoward" && last != "nextafterf") || args.positional.size() != 2) return {};
  const Expr& a = m.expr(args.positional[0]);
  return a.kind == ExprKind::Name && isParam(f, a.name) ? a.name : std::string_view{};
}

// The name of an object of class `cls` the file declares at namespace scope (`static constexpr
// float_equal_fn float_equal{};`), or "".
std::string objectOfClass(const FileModel& m, std::string_view cls) {
  const RE2 declaration("(?:^|\\s)" + RE2::QuoteMeta(std::string(cls)) + R"(\s+(\w+)\s*(?:\{\s*\}|;|=))");
  for (const Stmt& st : m.stmts) {
    if (st.function != kNone || st.cls != kNone) continue;
    std::string name;
    if (RE2::PartialMatch(re2::StringPiece(st.text.data(), st.text.size()), declaration, &name)) return name;
  }
  return {};
}

}  // namespace

std::optional<ApiSpec> ulpNeighbourSpec(const FileModel& m, FunctionId fid) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.params.size() < 2 || f.isTestCase) return std::nullopt;
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Return || st.a == kNone) continue;
    std::vector<ExprId> parts;
    conjuncts(m, st.a, parts);
    // Both neighbours of `x` bounding the same `y`, one from each side.
    std::string_view around, value;
    bool below = false, above = false;
    for (ExprId c : parts) {
      if (m.expr(c).kind != ExprKind::Compare || m.childCount(c) != 2) continue;
      const std::string_view op = m.compareOp(c, 0);
      const bool less = op == "<=" || op == "<";
      if (!less && op != ">=" && op != ">") continue;
      for (uint32_t side = 0; side < 2; ++side) {
        const std::string_view x = neighbourOf(m, f, m.child(c, side));
        const Expr& other = m.expr(m.child(c, 1 - side));
        if (x.empty() || other.kind != ExprKind::Name || !isParam(f, other.name) || other.name == x) continue;
        if ((!around.empty() && around != x) || (!value.empty() && value != other.name)) continue;
        around = x;
        value = other.name;
        // `nextafter(x, lo) <= y`: a bound from below; `nextafter(x, hi) >= y`: from above.
        ((side == 0) == less ? below : above) = true;
      }
    }
    if (!below || !above) continue;
    ApiSpec w = discoveredPredicate(m, f, s, Category::Ulp, "ulp neighbour predicate");
    w.actual = std::string(value);
    w.expected = std::string(around);
    w.tolerances = {{"ulps", ""}};
    w.defaults["ulps"] = "1";
    w.defaultValues["ulps"] = 1.0;
    if (f.cls != kNone) {
      const std::string object = objectOfClass(m, m.classes[f.cls].name);
      if (object.empty()) return std::nullopt;  // a method reached only through its class
      // The object's qualified name: the class's namespace and the object's own name.
      std::string qualified(f.qualifiedName);
      for (int part = 0; part < 2 && qualified.rfind('.') != std::string::npos; ++part) qualified.resize(qualified.rfind('.'));
      qualified = qualified.find('.') == std::string::npos && qualified == m.classes[f.cls].name ? object : qualified + "." + object;
      w.id = cppQualified(qualified);
      w.names = {qualified};
      w.ownerClass.clear();
    }
    return w;
  }
  return std::nullopt;
}

}  // namespace oalens::analyzer
