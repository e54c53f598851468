#include "analyzer/assertions/macro_arguments.h"

namespace oalens::analyzer {

namespace {

// The parameter of `macro` an expression reads, through element reads and parentheses
// (`hCPU[i + idx]`, `(a)`), or -1.
int parameterRead(const FileModel& m, const Function& macro, ExprId e) {
  for (int steps = 0; e != kNone && steps < 8; ++steps) {
    const Expr& x = m.expr(e);
    if (x.kind == ExprKind::Name) {
      for (size_t i = 0; i < macro.params.size(); ++i)
        if (macro.params[i].name == x.name) return static_cast<int>(i);
      return -1;
    }
    if (x.kind != ExprKind::Subscript && !(x.kind == ExprKind::Other && x.childCount == 1)) return -1;
    e = m.child(e, 0);
  }
  return -1;
}

}  // namespace

std::optional<HandedCheck> checkHandedToMacro(const FileModel& m, FunctionId scope, ExprId call, const ApiMatcher& matcher) {
  if (m.language != Language::Cpp || call == kNone || m.expr(call).kind != ExprKind::Call) return std::nullopt;
  const CallArgs outer = splitCall(m, call);
  if (outer.callee == kNone || m.expr(outer.callee).kind != ExprKind::Name) return std::nullopt;
  const std::string_view name = m.expr(outer.callee).name;
  for (const Function& macro : m.functions) {
    if (!macro.isMacro || macro.name != name || macro.params.size() != outer.positional.size()) continue;
    for (StmtId s = macro.firstStmt; s < macro.endStmt; ++s)
      for (ExprId e = m.stmts[s].firstExpr; e < m.stmts[s].endExpr; ++e) {
        if (m.expr(e).kind != ExprKind::Call) continue;
        const CallArgs inner = splitCall(m, e);
        if (inner.callee == kNone || m.expr(inner.callee).kind != ExprKind::Name) continue;
        const int handed = parameterRead(m, macro, inner.callee);
        if (handed < 0) continue;
        const ExprId given = outer.positional[static_cast<size_t>(handed)];
        if (m.expr(given).kind != ExprKind::Name) continue;
        const ApiMatch match = matcher.matchCallee(m, scope, given);
        if (!match.spec || !match.spec->oa) continue;
        HandedCheck out{match.spec, inner};
        out.args.callee = given;
        for (ExprId& a : out.args.positional)
          if (const int p = parameterRead(m, macro, a); p >= 0) a = outer.positional[static_cast<size_t>(p)];
        return out;
      }
  }
  return std::nullopt;
}

}  // namespace oalens::analyzer
