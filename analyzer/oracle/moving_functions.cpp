#include "analyzer/oracle/moving_functions.h"

#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {
namespace {

// Complex numbers assembled from, or taken apart into, their real and imaginary parts: the same
// values in another layout, as `view` is.
bool reinterpretsComplex(std::string_view last) { return last == "view_as_complex" || last == "view_as_real"; }

bool movedParameters(const FileModel& m, const Function& f, ExprId e, int depth, std::vector<size_t>& moved) {
  if (e == kNone || depth > 8) return false;
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Name:
      for (size_t i = 0; i < f.params.size(); ++i)
        if (f.params[i].name == x.name && !f.params[i].varArgs && !f.params[i].kwArgs) {
          moved.push_back(i);
          return true;
        }
      return false;
    case ExprKind::List:
    case ExprKind::Tuple:
      if (x.childCount == 0) return false;
      for (uint32_t i = 0; i < x.childCount; ++i)
        if (!movedParameters(m, f, m.child(e, i), depth + 1, moved)) return false;
      return true;
    case ExprKind::Call: {
      const CallArgs args = splitCall(m, e);
      const std::string_view last = lastDottedComponent(m.expr(args.callee).text);
      if (!origin_names::movesData(last) && !reinterpretsComplex(last)) return false;
      // `x.reshape(shape)` moves `x`; `np.stack([a, b], axis=-1)` moves its first argument; the
      // rest are shapes, axes and types.
      if (m.expr(args.callee).kind == ExprKind::Attribute && movedParameters(m, f, m.child(args.callee, 0), depth + 1, moved)) return true;
      return !args.positional.empty() && movedParameters(m, f, args.positional[0], depth + 1, moved);
    }
    default: return false;
  }
}

}  // namespace

std::vector<size_t> parametersOnlyMoved(const FileModel& m, FunctionId fn) {
  if (fn == kNone || m.language != Language::Python) return {};
  const Function& f = m.functions[fn];
  if (f.cls != kNone || f.isGenerator || f.params.empty()) return {};
  StmtId returned = kNone;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn) continue;
    const bool docstring = st.kind == StmtKind::ExprStmt && st.a != kNone && m.expr(st.a).kind == ExprKind::String;
    if (docstring) continue;
    if (st.kind != StmtKind::Return || returned != kNone) return {};
    returned = s;
  }
  // A parameter returned as it is (`return p`) is a stub or an identity, which tests call as the
  // code under test: only a body that moves something counts.
  std::vector<size_t> moved;
  if (returned == kNone || m.stmts[returned].a == kNone || m.expr(m.stmts[returned].a).kind == ExprKind::Name ||
      !movedParameters(m, f, m.stmts[returned].a, 0, moved))
    return {};
  return moved;
}

}  // namespace oalens::analyzer
