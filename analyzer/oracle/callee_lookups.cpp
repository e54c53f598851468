// What a call's callee stands for, looked up in the file (callee_lookups.h).
#include "analyzer/oracle/callee_lookups.h"

#include "analyzer/model/name_index.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

// `model.apply(vars, x, method=model.extend_step)`: Flax's (and Praxis') apply runs the method its
// `method=` keyword names, a function of its own (`__call__` is the apply itself).
std::string_view methodApplied(const FileModel& m, const CallArgs& args, std::string_view last) {
  // Flax's `init_with_output(rng, x, method=m.encode)` runs the method too, returning its output
  // beside the variables it drew.
  if ((last != "apply" && last != "init_with_output") || m.language != Language::Python) return last;
  for (const auto& [name, value] : args.keywords) {
    if (name != "method") continue;
    const Expr& v = m.expr(value);
    std::string_view method = v.kind == ExprKind::Attribute || v.kind == ExprKind::Name ? v.name : std::string_view{};
    if (v.kind == ExprKind::String && v.text.size() > 2) method = v.text.substr(1, v.text.size() - 2);
    return method.empty() || method == "__call__" ? last : method;
  }
  return last;
}

// The function a module-level name holds once decorators applied by hand are peeled off
// (`f = wrap_a(wrap_b(g))` -> `g`, each wrapper given the function alone); "" for anything else.
std::string functionWrappedAtModuleLevel(const FileModel& m, std::string_view name) {
  const StmtId s = moduleLevelAssignment(m, name);
  if (s == kNone || m.stmts[s].b == kNone) return {};
  ExprId cur = m.stmts[s].b;
  int wrappers = 0;
  for (; wrappers < 4 && m.expr(cur).kind == ExprKind::Call; ++wrappers) {
    const CallArgs args = splitCall(m, cur);
    if (args.positional.size() != 1 || !args.keywords.empty() || args.hasStarArgs) return {};
    cur = args.positional[0];
  }
  if (wrappers == 0 || (m.expr(cur).kind != ExprKind::Name && m.expr(cur).kind != ExprKind::Attribute)) return {};
  return dottedName(m, cur);
}

// `self.true_std = _true_std` in setUp, `_true_std` a function defined there: the function a
// method of the test's class stores on the test case under that attribute, or kNone.
FunctionId storedLocalFunction(const FileModel& m, FunctionId fn, std::string_view attribute) {
  const ClassId cls = enclosingClass(m, fn);
  if (cls == kNone) return kNone;
  FunctionId found = kNone;
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone || st.function == kNone) continue;
    if (m.functions[st.function].cls != cls || m.expr(st.b).kind != ExprKind::Name) continue;
    const Expr& target = m.expr(st.a);
    if (target.kind != ExprKind::Attribute || target.name != attribute || target.childCount == 0 || m.expr(m.child(st.a, 0)).text != "self")
      continue;
    for (FunctionId f = 0; f < m.functions.size(); ++f)
      if (m.functions[f].parent == st.function && m.functions[f].name == m.expr(st.b).name) {
        if (found != kNone && found != f) return kNone;  // stored twice, two functions
        found = f;
      }
  }
  return found;
}

// Whether function `fn` (or one it is nested in) reads an attribute of the name `object`
// (`repr.group`, `repr.character(g)`).
bool attributeReadOf(const FileModel& m, FunctionId fn, std::string_view object) {
  for (FunctionId f = fn; f != kNone; f = m.functions[f].parent) {
    const Function& F = m.functions[f];
    for (StmtId s = F.firstStmt; s < F.endStmt; ++s)
      for (ExprId e = m.stmts[s].firstExpr; e < m.stmts[s].endExpr; ++e)
        if (const Expr& x = m.expr(e); x.kind == ExprKind::Attribute && x.childCount > 0 && m.expr(m.child(e, 0)).kind == ExprKind::Name &&
                                       m.expr(m.child(e, 0)).name == object)
          return true;
  }
  return false;
}

}  // namespace oalens::analyzer
