#include "analyzer/oracle/difference_quotient.h"

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

namespace {

// The call whose result (or a part of it) `e` is: `f(x)`, `f(x)[0]`, a local bound to either,
// or one element unpacked from it (`plus, _ = f(x + h)`); else kNone.
ExprId callResultOf(const FileModel& m, FunctionId fn, StmtId at, ExprId e) {
  if (e != kNone && m.expr(e).kind == ExprKind::Name) {
    StmtId binding = kNone;
    for (StmtId s = m.functions[fn].firstStmt; s < at && s < m.stmts.size(); ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != fn || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone) continue;
      const Expr& t = m.expr(st.a);
      if ((t.kind == ExprKind::Name && t.name == m.expr(e).name) || positionIn(m, st.a, m.expr(e).name)) binding = s;
    }
    if (binding == kNone) return kNone;
    e = m.stmts[binding].b;
  }
  if (e != kNone && m.expr(e).kind == ExprKind::Subscript && m.expr(e).childCount > 0) e = m.child(e, 0);
  return e != kNone && m.expr(e).kind == ExprKind::Call ? e : kNone;
}

}  // namespace

// `(f(x + h) - f(x - h)) / (2 * h)`, or with each call (or a part of its result) bound to a
// local first: the callee both calls name (its text), else "".
std::string differenceQuotientOf(const FileModel& m, FunctionId fn, StmtId at, ExprId e) {
  const Expr& x = m.expr(e);
  if (x.name != "/" || x.childCount != 2 || fn == kNone) return {};
  const ExprId difference = m.child(e, 0);
  if (m.expr(difference).kind != ExprKind::BinaryOp || m.expr(difference).name != "-" || m.expr(difference).childCount != 2) return {};
  std::string callee[2];
  for (uint32_t i = 0; i < 2; ++i) {
    const ExprId call = callResultOf(m, fn, at, m.child(difference, i));
    if (call == kNone) return {};
    callee[i] = normalized(m.expr(splitCall(m, call).callee).text);
  }
  return callee[0] == callee[1] && !callee[0].empty() ? callee[0] : std::string();
}

}  // namespace oalens::analyzer
