#include "analyzer/assertions/dtype_rebinding.h"

#include <algorithm>

#include <vector>

#include "analyzer/assertions/param_origin.h"
#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

namespace {

// Whether a value is chosen by dtype: it reads one, or a local name the function assigns from
// one (JAX's early assertArraysAllClose: `tol = 1e-2 if ... dtype(x) ... else 1e-5`, then
// `atol = atol or tol`).
bool chosenByDtype(const FileModel& m, FunctionId fid, ExprId value) {
  const std::string_view text = m.expr(value).text;
  if (text.find("dtype") != std::string_view::npos) return true;
  const Function& f = m.functions[fid];
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone) continue;
    const Expr& target = m.expr(st.a);
    if (target.kind == ExprKind::Name && m.expr(st.b).text.find("dtype") != std::string_view::npos && mentionsWord(text, target.name))
      return true;
  }
  return false;
}

}  // namespace

DtypeRebinding rebindingByDtype(const FileModel& m, FunctionId fid, std::string_view name, ExprId* keptIn) {
  DtypeRebinding out = DtypeRebinding::None;
  const Function& f = m.functions[fid];
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || (st.kind != StmtKind::Assign && st.kind != StmtKind::AugAssign) || st.a == kNone) continue;
    std::vector<uint32_t> path;
    if (!targetPath(m, st.a, name, path, 0)) continue;
    for (StmtId p = st.parent; p != kNone; p = m.stmts[p].parent) {
      const Stmt& c = m.stmts[p];
      if ((c.kind == StmtKind::If || c.kind == StmtKind::While) && c.a != kNone && m.expr(c.a).text.find("dtype") != std::string_view::npos)
        return DtypeRebinding::Always;
    }
    if (st.b != kNone && chosenByDtype(m, fid, st.b)) {
      const bool keepsGiven = st.kind == StmtKind::Assign && mentionsWord(m.expr(st.b).text, name);
      if (!keepsGiven) return DtypeRebinding::Always;
      out = DtypeRebinding::WhenNotGiven;
      if (keptIn) *keptIn = st.b;
    }
  }
  return out;
}

std::vector<std::string> parametersSwitching(const FileModel& m, FunctionId fid, std::string_view name,
                                             const std::vector<std::string_view>& excluded) {
  std::vector<std::string> out;
  const Function& f = m.functions[fid];
  auto note = [&](std::string_view text) {
    for (const Param& p : f.params) {
      if (p.name == name || p.name == "self" || p.name == "cls" || p.varArgs || p.kwArgs) continue;
      if (std::find(excluded.begin(), excluded.end(), p.name) != excluded.end()) continue;
      if (mentionsWord(text, p.name) && std::find(out.begin(), out.end(), p.name) == out.end()) out.emplace_back(p.name);
    }
  };
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || (st.kind != StmtKind::Assign && st.kind != StmtKind::AugAssign) || st.a == kNone) continue;
    std::vector<uint32_t> path;
    if (!targetPath(m, st.a, name, path, 0)) continue;
    if (st.b != kNone) note(m.expr(st.b).text);
    for (StmtId p = st.parent; p != kNone; p = m.stmts[p].parent)
      if ((m.stmts[p].kind == StmtKind::If || m.stmts[p].kind == StmtKind::While) && m.stmts[p].a != kNone) note(m.expr(m.stmts[p].a).text);
  }
  return out;
}

const DtypePicker* dtypePickerIn(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, ExprId value, int depth) {
  if (value == kNone || depth > 8) return nullptr;
  const Expr& e = m.expr(value);
  if (e.kind == ExprKind::Call && e.childCount > 0)
    if (const DtypePicker* p = matcher.catalogue().dtypePicker(matcher.matchCallee(m, fid, m.child(value, 0)).name)) return p;
  for (uint32_t i = 0; i < e.childCount; ++i)
    if (const DtypePicker* p = dtypePickerIn(m, fid, matcher, m.child(value, i), depth + 1)) return p;
  return nullptr;
}

bool boundFromADtypeTable(const FileModel& m, FunctionId fid, std::string_view name) {
  if (fid == kNone || fid >= m.functions.size()) return false;
  std::vector<StmtId> scratch;
  for (const StmtId s : statementsBinding(m, fid, name, scratch)) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Assign || st.b == kNone || !targetBinds(m, st.a, name)) continue;
    if (m.expr(st.b).kind == ExprKind::Subscript && m.childCount(st.b) >= 2 && mentionsWord(m.expr(m.child(st.b, 1)).text, "dtype"))
      return true;
  }
  return false;
}

}  // namespace oalens::analyzer
