#include "analyzer/assertions/cpp_receivers.h"

#include <re2/re2.h>

#include <algorithm>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/core/words.h"

namespace oalens::analyzer {

namespace {

// `host_dense_matrix<T> hx(N, 1), hy(M, 1);`: whether `name` is one of the later declarators.
bool declaredAfterAComma(std::string_view declaration, std::string_view name) {
  for (size_t at = declaration.find(name); at != std::string_view::npos; at = declaration.find(name, at + 1)) {
    size_t before = at;
    while (before > 0 && (declaration[before - 1] == ' ' || declaration[before - 1] == '\t' || declaration[before - 1] == '\n')) --before;
    size_t after = at + name.size();
    while (after < declaration.size() && (declaration[after] == ' ' || declaration[after] == '\t')) ++after;
    if (before > 0 && declaration[before - 1] == ',' && after < declaration.size() &&
        std::string_view("({;=,").find(declaration[after]) != std::string_view::npos)
      return true;
  }
  return false;
}

}  // namespace

// The class a C++ method call's object is of, as written: `Tester().size(4).Test(k)` and
// `Tester t; t.size(4); t.Test(k)` -> "Tester" (builder methods are taken to return the object,
// as `return *this;` does). Empty when the object is anything else.
std::string_view receiverClass(const FileModel& m, FunctionId scope, ExprId receiver) {
  ExprId cur = receiver;
  for (int hops = 0; cur != kNone && hops < 32; ++hops) {
    const Expr& x = m.expr(cur);
    if (x.kind == ExprKind::Call && x.childCount > 0) {
      const ExprId callee = m.child(cur, 0);
      const Expr& c = m.expr(callee);
      if (isMemberAccess(m, callee)) {
        cur = m.child(callee, 0);  // a builder method: on to its object
        continue;
      }
      if (c.kind == ExprKind::Name || c.kind == ExprKind::Attribute) return c.name;  // a constructor
      return {};
    }
    if (x.kind != ExprKind::Name || scope == kNone) return {};
    // A local declared with its class: `Tester t;`, `Tester t(3);`, `Tester* t = new Tester();`, `auto t = Tester();`.
    static const RE2 declared(R"(^\s*(?:const\s+)?(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)(?:<[^;]*>)?\s*[&*]?\s+([A-Za-z_]\w*)\s*[;({=,])");
    const Function& f = m.functions[scope];
    for (StmtId st = f.firstStmt; st < f.endStmt && st < m.stmts.size(); ++st) {
      const Stmt& d = m.stmts[st];
      if (d.function != scope || (d.kind != StmtKind::Other && d.kind != StmtKind::Assign)) continue;
      if (d.text.find(x.name) == std::string_view::npos) continue;
      re2::StringPiece typePiece, namePiece;
      if (!RE2::PartialMatch(re2::StringPiece(d.text.data(), d.text.size()), declared, &typePiece, &namePiece)) continue;
      const std::string_view type(typePiece.data(), typePiece.size()), name(namePiece.data(), namePiece.size());
      if (name != x.name && !declaredAfterAComma(d.text, x.name)) continue;
      if (type == "auto" && d.kind == StmtKind::Assign && d.b != kNone) {
        cur = d.b;
        break;
      }
      return type;
    }
    if (cur == receiver || m.expr(cur).kind == ExprKind::Name) return {};
  }
  return {};
}

// Whether `receiver` is, parenthesized or not, a parameter of the function-like macro `scope`.
bool receivesMacroParameter(const FileModel& m, FunctionId scope, ExprId receiver) {
  if (scope == kNone || receiver == kNone || !m.functions[scope].isMacro) return false;
  const std::string_view text = unparenthesized(m.expr(receiver).text);
  return std::ranges::any_of(m.functions[scope].params, [&](const Param& p) { return p.name == text; });
}

}  // namespace oalens::analyzer
