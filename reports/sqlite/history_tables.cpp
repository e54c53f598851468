#include "reports/sqlite/history_tables.h"

#include <fmt/format.h>

namespace oalens::reports {

std::vector<std::pair<std::string, std::string>> incompleteHistories(Database& db, int64_t repository) {
  std::vector<std::pair<std::string, std::string>> out;
  if (!hasTable(db, "mine_runs")) return out;
  Statement q(db,
              "SELECT r.path, m.problem FROM mine_runs m JOIN repositories r ON r.id = m.repository_id"
              " WHERE m.id = (SELECT MAX(id) FROM mine_runs WHERE repository_id = m.repository_id) AND m.complete = 0"
              " AND (?1 < 0 OR r.id = ?1) ORDER BY r.path");
  q.bind(1, repository);
  bool row = false;
  while (q.step(&row) && row) out.emplace_back(q.columnText(0), q.columnText(1));
  return out;
}

int64_t mineProblems(Database& db, int64_t repository) {
  return countRows(
      db,
      fmt::format("SELECT COUNT(*) FROM mine_diagnostics d JOIN commits c ON c.id = d.commit_id WHERE c.repository_id = {}", repository));
}

int64_t countRows(Database& db, const std::string& sql) {
  Statement q(db, sql);
  bool row = false;
  return q.step(&row) && row ? q.columnInt(0) : 0;
}

bool hasTable(Database& db, const char* name) {
  return countRows(db, fmt::format("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '{}'", name)) > 0;
}

std::string hasKind(const char* kind) { return fmt::format("instr(',' || kinds || ',', ',{},') > 0", kind); }

std::vector<std::pair<std::string, int64_t>> tableFive(Database& db, int64_t repository) {
  const std::string ofCommits = repository < 0 ? "" : fmt::format(" WHERE repository_id = {}", repository);
  const std::string ofChanges =
      repository < 0 ? "" : fmt::format(" WHERE commit_id IN (SELECT id FROM commits WHERE repository_id = {})", repository);
  // One pass over each table: `mine` prints this at the end of every run, also of one that
  // found no new commit.
  Statement commits(db, "SELECT COALESCE(SUM(test_files > 0), 0), COALESCE(SUM(oa_changes > 0), 0) FROM commits" + ofCommits);
  const std::string nonCosmetic = hasKind("api") + " OR " + hasKind("parameter") + " OR " + hasKind("threshold");
  Statement changes(
      db, fmt::format("SELECT COUNT(*), COALESCE(SUM({}), 0), COALESCE(SUM({}), 0), COALESCE(SUM({}), 0), COALESCE(SUM({}), 0),"
                      " COALESCE(SUM({}), 0), COALESCE(SUM({}), 0), COALESCE(SUM({}), 0), COALESCE(SUM(direction = 'loosen'), 0),"
                      " COALESCE(SUM(direction = 'tighten'), 0), COALESCE(SUM(direction = 'mixed'), 0) FROM oa_changes{}",
                      hasKind("added"), hasKind("deleted"), hasKind("cosmetic"), nonCosmetic, hasKind("api"), hasKind("parameter"),
                      hasKind("threshold"), ofChanges));
  bool row = false;
  const bool haveCommits = commits.step(&row) && row;
  auto commitCount = [&](int column) { return haveCommits ? commits.columnInt(column) : int64_t{0}; };
  const bool haveChanges = changes.step(&row) && row;
  auto changeCount = [&](int column) { return haveChanges ? changes.columnInt(column) : int64_t{0}; };
  return {
      {"commits", commitCount(0)},   {"oa_commits", commitCount(1)}, {"oa_changes", changeCount(0)},   {"additions", changeCount(1)},
      {"deletions", changeCount(2)}, {"cosmetic", changeCount(3)},   {"non_cosmetic", changeCount(4)}, {"api", changeCount(5)},
      {"parameter", changeCount(6)}, {"threshold", changeCount(7)},  {"loosen", changeCount(8)},       {"tighten", changeCount(9)},
      {"mixed", changeCount(10)},
  };
}

std::vector<ReasonCount> thresholdReasons(Database& db, int64_t repository) {
  Statement q(db, fmt::format("SELECT r.reason, r.source, COUNT(*), SUM(ch.direction = 'loosen'), SUM(ch.direction = 'tighten'),"
                              " SUM(ch.direction = 'mixed') FROM change_reasons r JOIN oa_changes ch ON ch.id = r.change_id"
                              " JOIN commits c ON c.id = ch.commit_id WHERE {} AND (?1 < 0 OR c.repository_id = ?1)"
                              " GROUP BY r.reason, r.source ORDER BY 3 DESC, 1, 2",
                              hasKind("threshold")));
  q.bind(1, repository);
  std::vector<ReasonCount> out;
  bool row = false;
  while (q.step(&row) && row)
    out.push_back({q.columnText(0), q.columnText(1), q.columnInt(2), q.columnInt(3), q.columnInt(4), q.columnInt(5)});
  return out;
}

ChangeReasons::ChangeReasons(Database& db) : why_(db, "SELECT reason, source FROM change_reasons WHERE change_id = ? ORDER BY reason") {}

Reasons ChangeReasons::of(int64_t changeId) {
  Reasons out;
  why_.bind(1, changeId);
  bool row = false;
  while (why_.step(&row) && row) out.emplace_back(why_.columnText(0), why_.columnText(1));
  why_.reset();
  return out;
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
