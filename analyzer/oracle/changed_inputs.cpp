// Whether an argument read by a call holds the value an earlier read saw (changed_inputs.h).
#include "analyzer/oracle/changed_inputs.h"

#include <algorithm>
#include <set>
#include <vector>

#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

namespace {

using origin_names::convertedValue;

// Whether statement `s` gives `name` a new value or changes its contents: a binding that is not a
// conversion of the name itself (`x = x.cuda()` hands the same data on), an item or attribute
// assignment (`d['k'] = v`), or a method that changes its receiver (`d.update(...)`,
// `xs.append(v)`, `t.mul_(2)`).
bool changes(const FileModel& m, FunctionId fn, StmtId s, std::string_view name) {
  const Stmt& st = m.stmts[s];
  if (st.a == kNone) return false;
  const auto isName = [&](ExprId e) { return e != kNone && m.expr(e).kind == ExprKind::Name && m.expr(e).name == name; };
  if (st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign || st.kind == StmtKind::For) {
    const Expr& target = m.expr(st.a);
    if ((target.kind == ExprKind::Subscript || target.kind == ExprKind::Attribute) && target.childCount > 0)
      return isName(m.child(st.a, 0));
    if (!targetBinds(m, st.a, name)) return false;
    if (st.kind != StmtKind::Assign || st.b == kNone) return true;
    ExprId value = st.b;
    for (int peeled = 0; peeled < 8; ++peeled) {
      const ExprId inner = convertedValue(m, fn, value);
      if (inner == kNone) break;
      value = inner;
    }
    return !isName(value);
  }
  if (st.kind != StmtKind::ExprStmt || m.expr(st.a).kind != ExprKind::Call || m.expr(st.a).childCount == 0) return false;
  const ExprId callee = m.child(st.a, 0);
  if (m.expr(callee).kind != ExprKind::Attribute || m.expr(callee).childCount == 0 || !isName(m.child(callee, 0))) return false;
  static const std::set<std::string_view, std::less<>> mutators = {"update", "append",     "extend", "insert",  "add",  "pop",
                                                                   "clear",  "setdefault", "remove", "popitem", "sort", "reverse"};
  const std::string_view method = m.expr(callee).name;
  // `q.requires_grad_(True)` marks the tensor for gradients; its values stay.
  if (method == "requires_grad_") return false;
  return mutators.count(method) > 0 || namesAnInPlaceOperation(method);
}

}  // namespace

uint32_t changedSinceUsed(const FileModel& m, FunctionId fn, StmtId at, std::string_view name) {
  if (fn == kNone || m.language != Language::Python) return 0;
  std::vector<StmtId> scratch, changing;
  for (StmtId s : statementsChanging(m, fn, name, scratch)) {
    if (s >= at) break;
    if (m.stmts[s].function != fn || !changes(m, fn, s, name)) continue;
    // `y = T.vector('y')` written again makes the same value again.
    const bool again =
        m.stmts[s].kind == StmtKind::Assign && std::any_of(changing.begin(), changing.end(), [&](StmtId earlier) {
          return m.stmts[earlier].kind == StmtKind::Assign && normalized(m.stmts[earlier].text) == normalized(m.stmts[s].text);
        });
    if (!again) changing.push_back(s);
  }
  if (changing.size() < 2) return 0;  // bound once
  uint32_t line = 0;
  size_t next = 0;
  bool used = false;
  for (StmtId s = changing.front(); s < at; ++s) {
    if (next < changing.size() && s == changing[next]) {
      if (used && next > 0) line = m.stmts[s].range.start.line;
      used = false;
      ++next;
      continue;
    }
    used |= m.stmts[s].function == fn && mentionsWord(m.stmts[s].text, name);
  }
  return line;
}

StmtId lastBindingBefore(const FileModel& m, FunctionId fn, StmtId at, std::string_view name) {
  if (fn == kNone || name.empty()) return kNone;
  std::vector<StmtId> scratch;
  StmtId binding = kNone;
  for (StmtId s : statementsBinding(m, fn, name, scratch)) {
    const Stmt& st = m.stmts[s];
    if (s < at && st.function == fn && (st.kind == StmtKind::Assign || st.kind == StmtKind::For) && st.a != kNone &&
        targetBinds(m, st.a, name))
      binding = s;
  }
  return binding;
}

bool namesACopy(std::string_view last) { return last == "copy" || last == "deepcopy" || last == "clone"; }

bool handedOnSinceBound(const FileModel& m, FunctionId fn, StmtId at, std::string_view name) {
  if (fn == kNone || m.language != Language::Python || name.empty()) return false;
  const StmtId binding = lastBindingBefore(m, fn, at, name);
  if (binding == kNone) return false;
  const auto isName = [&](ExprId e) { return e != kNone && m.expr(e).kind == ExprKind::Name && m.expr(e).name == name; };
  for (StmtId s = binding + 1; s < at && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn || st.kind == StmtKind::Assert || !mentionsWord(st.text, name)) continue;
    // kp2._data[0, 0] = 999.0: its contents set.
    if ((st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign) && st.a != kNone) {
      ExprId root = st.a;
      while ((m.expr(root).kind == ExprKind::Subscript || m.expr(root).kind == ExprKind::Attribute) && m.expr(root).childCount > 0)
        root = m.child(root, 0);
      if (root != st.a && isName(root)) return true;
    }
    for (ExprId e = st.firstExpr; e < st.endExpr && e < m.exprs.size(); ++e) {
      if (m.expr(e).kind != ExprKind::Call || m.expr(e).childCount == 0) continue;
      const ExprId callee = m.child(e, 0);
      const std::string_view calleeText = m.expr(callee).text;
      if (calleeText.find("assert") != std::string_view::npos || calleeText.find("check") != std::string_view::npos) continue;
      // A copy made of it leaves it as it was (`copy.deepcopy(p1)`).
      if (namesACopy(lastDottedComponent(calleeText))) continue;
      if (m.expr(callee).kind == ExprKind::Attribute && m.expr(callee).childCount > 0 && isName(m.child(callee, 0)) &&
          !origin_names::movesData(m.expr(callee).name))
        return true;
      for (uint32_t i = 1; i < m.expr(e).childCount; ++i) {
        ExprId arg = m.child(e, i);
        if (m.expr(arg).kind == ExprKind::Keyword && m.expr(arg).childCount > 0) arg = m.child(arg, 0);
        if (isName(arg)) return true;
      }
    }
  }
  return false;
}

}  // namespace oalens::analyzer
