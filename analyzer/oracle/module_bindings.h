// What the origin tracer and the library-scope checks share: where a module-level name is bound.
#pragma once
#include <string_view>

#include "analyzer/model/code_model.h"
#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

// The first module-level `NAME = value` of a file, or kNone.
inline StmtId moduleLevelAssignment(const FileModel& m, std::string_view name) {
  if (const NameIndex* index = namesOf(m)) {
    auto it = index->moduleAssignments.find(name);
    return it == index->moduleAssignments.end() ? kNone : it->second;
  }
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != kNone || st.cls != kNone || st.kind != StmtKind::Assign || st.a == kNone) continue;
    if (m.expr(st.a).kind == ExprKind::Name && m.expr(st.a).name == name) return s;
  }
  return kNone;
}

}  // namespace oalens::analyzer
