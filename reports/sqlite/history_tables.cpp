#include "reports/sqlite/history_tables.h"

#include <fmt/format.h>

namespace oalens::reports {

int64_t countRows(Database& db, const std::string& sql) {
  Statement q(db, sql);
  bool row = false;
  return q.step(&row) && row ? q.columnInt(0) : 0;
}

std::string hasKind(const char* kind) { return fmt::format("instr(',' || kinds || ',', ',{},') > 0", kind); }

std::vector<std::pair<std::string, int64_t>> tableFive(Database& db) {
  const std::string changes = "SELECT COUNT(*) FROM oa_changes WHERE ";
  return {
      {"commits", countRows(db, "SELECT COUNT(*) FROM commits WHERE test_files > 0")},
      {"oa_commits", countRows(db, "SELECT COUNT(*) FROM commits WHERE oa_changes > 0")},
      {"oa_changes", countRows(db, "SELECT COUNT(*) FROM oa_changes")},
      {"additions", countRows(db, changes + hasKind("added"))},
      {"deletions", countRows(db, changes + hasKind("deleted"))},
      {"cosmetic", countRows(db, changes + hasKind("cosmetic"))},
      {"non_cosmetic", countRows(db, changes + hasKind("api") + " OR " + hasKind("parameter") + " OR " + hasKind("threshold"))},
      {"api", countRows(db, changes + hasKind("api"))},
      {"parameter", countRows(db, changes + hasKind("parameter"))},
      {"threshold", countRows(db, changes + hasKind("threshold"))},
      {"loosen", countRows(db, changes + "direction = 'loosen'")},
      {"tighten", countRows(db, changes + "direction = 'tighten'")},
      {"mixed", countRows(db, changes + "direction = 'mixed'")},
  };
}

}  // namespace oalens::reports
