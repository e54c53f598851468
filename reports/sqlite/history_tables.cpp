#include "reports/sqlite/history_tables.h"

#include <fmt/format.h>

namespace oalens::reports {

int64_t countRows(Database& db, const std::string& sql) {
  Statement q(db, sql);
  bool row = false;
  return q.step(&row) && row ? q.columnInt(0) : 0;
}

std::string hasKind(const char* kind) { return fmt::format("instr(',' || kinds || ',', ',{},') > 0", kind); }

std::vector<std::pair<std::string, int64_t>> tableFive(Database& db, int64_t repository) {
  const std::string ofCommits = repository < 0 ? "" : fmt::format(" AND repository_id = {}", repository);
  const std::string changes =
      repository < 0 ? "SELECT COUNT(*) FROM oa_changes WHERE ("
                     : fmt::format("SELECT COUNT(*) FROM oa_changes WHERE commit_id IN (SELECT id FROM commits WHERE repository_id = {}) AND (",
                                   repository);
  auto count = [&](const std::string& condition) { return countRows(db, changes + condition + ")"); };
  return {
      {"commits", countRows(db, "SELECT COUNT(*) FROM commits WHERE test_files > 0" + ofCommits)},
      {"oa_commits", countRows(db, "SELECT COUNT(*) FROM commits WHERE oa_changes > 0" + ofCommits)},
      {"oa_changes", count("1")},
      {"additions", count(hasKind("added"))},
      {"deletions", count(hasKind("deleted"))},
      {"cosmetic", count(hasKind("cosmetic"))},
      {"non_cosmetic", count(hasKind("api") + " OR " + hasKind("parameter") + " OR " + hasKind("threshold"))},
      {"api", count(hasKind("api"))},
      {"parameter", count(hasKind("parameter"))},
      {"threshold", count(hasKind("threshold"))},
      {"loosen", count("direction = 'loosen'")},
      {"tighten", count("direction = 'tighten'")},
      {"mixed", count("direction = 'mixed'")},
  };
}

int64_t repositoryId(Database& db, const std::string& path) {
  Statement q(db, "SELECT id FROM repositories WHERE path = ?1 OR substr(path, -length(?1) - 1) = '/' || ?1");
  q.bind(1, path);
  bool row = false;
  int64_t found = -1, matches = 0;
  while (q.step(&row) && row) found = q.columnInt(0), ++matches;
  return matches == 1 ? found : -1;
}

}  // namespace oalens::reports
