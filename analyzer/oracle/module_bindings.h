// What the origin tracer and the library-scope checks share: where a module-level name is bound.
#pragma once
#include <string_view>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

// The first module-level `NAME = value` of a file, or kNone.
inline StmtId moduleLevelAssignment(const FileModel& m, std::string_view name) {
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != kNone || st.cls != kNone || st.kind != StmtKind::Assign || st.a == kNone) continue;
    if (m.expr(st.a).kind == ExprKind::Name && m.expr(st.a).name == name) return s;
  }
  return kNone;
}

}  // namespace oalens::analyzer
