#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

std::string_view languageName(Language l) { return l == Language::Python ? "python" : "cpp"; }

CallArgs splitCall(const FileModel& m, ExprId call) {
  CallArgs out;
  const Expr& c = m.expr(call);
  if (c.kind != ExprKind::Call || c.childCount == 0) return out;
  out.callee = m.child(call, 0);
  for (uint32_t i = 1; i < c.childCount; ++i) {
    ExprId a = m.child(call, i);
    const Expr& e = m.expr(a);
    if (e.kind == ExprKind::Keyword) {
      if (e.name.empty()) {
        out.hasStarArgs = true;
      } else {
        out.keywords.emplace_back(e.name, m.child(a, 0));
      }
    } else if (e.kind == ExprKind::Starred) {
      out.hasStarArgs = true;
    } else {
      out.positional.push_back(a);
    }
  }
  return out;
}

std::string cppDottedName(std::string_view qualified) {
  if (qualified.substr(0, 2) == "::") qualified.remove_prefix(2);
  std::string out;
  out.reserve(qualified.size());
  for (size_t i = 0; i < qualified.size(); ++i) {
    if (qualified.compare(i, 2, "::") == 0) {
      out += '.';
      ++i;
      continue;
    }
    out += qualified[i];
  }
  return out;
}

bool endsWithDotted(std::string_view name, std::string_view suffix) {
  return !suffix.empty() && name.ends_with(suffix) && (name.size() == suffix.size() || name[name.size() - suffix.size() - 1] == '.');
}

bool holdsStatement(const FileModel& m, StmtId block, StmtId s) {
  if (s >= m.stmts.size()) return false;
  for (StmtId p = m.stmts[s].parent; p != kNone; p = m.stmts[p].parent)
    if (p == block) return true;
  return false;
}

StmtId nextSibling(const FileModel& m, StmtId s) {
  const Stmt& st = m.stmts[s];
  const StmtId end = st.function == kNone ? static_cast<StmtId>(m.stmts.size()) : m.functions[st.function].endStmt;
  for (StmtId q = s + 1; q < end && q < m.stmts.size(); ++q) {
    if (m.stmts[q].function != st.function) continue;  // a nested function's body
    if (m.stmts[q].parent == st.parent) return q;
    if (m.stmts[q].depth <= st.depth) return kNone;
  }
  return kNone;
}

StmtId previousSibling(const FileModel& m, StmtId s) {
  const Stmt& st = m.stmts[s];
  for (StmtId q = s; q-- > 0 && q != st.parent;)
    if (m.stmts[q].parent == st.parent && m.stmts[q].function == st.function) return q;
  return kNone;
}

std::string dottedName(const FileModel& m, ExprId id) {
  std::vector<std::string_view> parts;
  ExprId cur = id;
  // Attribute chains are as long as the source makes them; the loop is iterative.
  while (cur != kNone) {
    const Expr& e = m.expr(cur);
    if (e.kind == ExprKind::Name) {
      parts.push_back(e.name);
      break;
    }
    if (e.kind != ExprKind::Attribute) return {};
    parts.push_back(e.name);
    cur = m.child(cur, 0);
  }
  if (cur == kNone) return {};
  std::string out;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
    if (!out.empty()) out += '.';
    out.append(*it);
  }
  return out;
}

}  // namespace oalens::analyzer
