// One function a helper runs on wrapped and on plain inputs (applied_both_ways.h).
#include "analyzer/assertions/applied_both_ways.h"

namespace oalens::analyzer {

namespace {

constexpr int kMaxSteps = 4;

// The value the function's last assignment to `name` gives it (a plain name target only).
ExprId boundValue(const FileModel& m, FunctionId fid, std::string_view name) {
  const Function& f = m.functions[fid];
  ExprId value = kNone;
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone) continue;
    const Expr& target = m.expr(st.a);
    if (target.kind == ExprKind::Name && target.name == name) value = st.b;
  }
  return value;
}

// The call of `param` that `e` reads: `param(...)` itself, an attribute or element of one
// (`y.data`, `y[0]`), or a local bound to one.
ExprId callOf(const FileModel& m, FunctionId fid, ExprId e, std::string_view param, int steps) {
  if (e == kNone || steps > kMaxSteps) return kNone;
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Call:
      if (x.childCount > 0 && m.expr(m.child(e, 0)).kind == ExprKind::Name && m.expr(m.child(e, 0)).name == param) return e;
      return kNone;
    case ExprKind::Attribute:
    case ExprKind::Subscript: return x.childCount > 0 ? callOf(m, fid, m.child(e, 0), param, steps + 1) : kNone;
    case ExprKind::Name: return callOf(m, fid, boundValue(m, fid, x.name), param, steps + 1);
    default: return kNone;
  }
}

// The wrapping or device move an argument is made by (`chainer.Variable(x1_data)`, through a
// local), as written; empty when none.
std::string_view wrappingOf(const FileModel& m, FunctionId fid, ExprId e, int steps) {
  if (e == kNone || steps > kMaxSteps) return {};
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Name) return wrappingOf(m, fid, boundValue(m, fid, x.name), steps + 1);
  if (x.kind != ExprKind::Call || x.childCount == 0) return {};
  const std::string_view callee = m.expr(m.child(e, 0)).text;
  const std::string_view last = lastDottedComponent(callee);
  return wrapsItsValue(last) || wrapsValueInLibraryType(last) ? callee : std::string_view{};
}

std::string_view wrappingOfCall(const FileModel& m, FunctionId fid, ExprId call) {
  const CallArgs args = splitCall(m, call);
  for (ExprId a : args.positional)
    if (const std::string_view w = wrappingOf(m, fid, a, 0); !w.empty()) return w;
  return {};
}

}  // namespace

bool wrapsItsValue(std::string_view last) {
  return last == "to_gpu" || last == "to_cpu" || last == "to_device" || last == "to_chx" || last == "from_chx" || last == "force_array";
}

bool wrapsValueInLibraryType(std::string_view last) { return last == "Variable" || last == "as_variable" || last == "Parameter"; }

std::string wrappingOneApplication(const FileModel& m, FunctionId fid, ExprId actual, ExprId expected, std::string_view param) {
  if (m.language != Language::Python || fid == kNone || param.empty()) return {};
  const ExprId actualCall = callOf(m, fid, actual, param, 0), expectedCall = callOf(m, fid, expected, param, 0);
  if (actualCall == kNone || expectedCall == kNone || actualCall == expectedCall) return {};
  const std::string_view a = wrappingOfCall(m, fid, actualCall), b = wrappingOfCall(m, fid, expectedCall);
  if (a.empty() == b.empty()) return {};
  return std::string(a.empty() ? b : a);
}

}  // namespace oalens::analyzer
