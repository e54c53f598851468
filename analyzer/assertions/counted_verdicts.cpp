#include "analyzer/assertions/counted_verdicts.h"

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/cpp_predicates.h"

namespace oalens::analyzer {

ExprId predicateOfCountedFailures(const FileModel& m, FunctionId fid, StmtId ret) {
  const Stmt& r = m.stmts[ret];
  if (r.a == kNone) return kNone;
  std::string_view counter;
  const Expr& answer = m.expr(r.a);
  if (answer.kind == ExprKind::Not && answer.childCount == 1 && m.expr(m.child(r.a, 0)).kind == ExprKind::Name) {
    counter = m.expr(m.child(r.a, 0)).name;
  } else if (answer.kind == ExprKind::Compare && answer.childCount == 2 && m.expr(m.child(r.a, 0)).kind == ExprKind::Name) {
    const std::string_view op = m.compareOp(r.a, 0), limit = m.expr(m.child(r.a, 1)).text;
    if (op == "<=" || op == "<" || (op == "==" && limit == "0")) counter = m.expr(m.child(r.a, 0)).name;
  }
  if (counter.empty()) return kNone;
  const Function& f = m.functions[fid];
  // The predicate a condition holds: its call, or the call a local holding it was given.
  const auto predicateOf = [&](StmtId at, ExprId held) {
    if (held != kNone && m.expr(held).kind == ExprKind::Name) held = throughLocal(m, fid, at, held);
    return held != kNone && m.expr(held).kind == ExprKind::Call ? held : kNone;
  };
  for (StmtId s = f.firstStmt; s < ret; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone) continue;
    // failures += ok ? 0 : 1;
    if (st.kind == StmtKind::AugAssign && st.op == "+=" && st.b != kNone && m.expr(st.a).kind == ExprKind::Name &&
        m.expr(st.a).name == counter && m.expr(st.b).kind == ExprKind::Conditional && m.childCount(st.b) == 3 &&
        m.expr(m.child(st.b, 0)).text == "0" && m.expr(m.child(st.b, 2)).text == "1")
      if (const ExprId call = predicateOf(s, m.child(st.b, 1)); call != kNone) return call;
    // if (!ok) ++failures;
    if (st.kind == StmtKind::If && m.expr(st.a).kind == ExprKind::Not && m.childCount(st.a) == 1)
      for (StmtId e = s + 1; e < f.endStmt && m.stmts[e].depth > st.depth; ++e)
        if (m.stmts[e].parent == s && incrementedName(m.stmts[e].text) == counter)
          if (const ExprId call = predicateOf(s, m.child(st.a, 0)); call != kNone) return call;
  }
  return kNone;
}

}  // namespace oalens::analyzer
