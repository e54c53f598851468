// The study's Table V (and the threshold directions) computed from a mined database, shared by
// `oalens report --tables` and the HTML dashboard. A change may carry several kinds; each kind
// counts it once, as docs/mine.md explains.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

// (key, count) in the order of the study's table: commits, oa_commits, oa_changes, additions,
// deletions, cosmetic, non_cosmetic, api, parameter, threshold, loosen, tighten, mixed.
// `repository`: only that repository's history (a row id of `repositories`); -1: all of them
// (a merged database sums its repositories).
std::vector<std::pair<std::string, int64_t>> tableFive(Database& db, int64_t repository = -1);

// The reasons of threshold changes, as the study's reasons for modifying thresholds: per reason
// and source (`message` or `code`), how many threshold changes carry it and how many of them
// loosen, tighten or are mixed; most frequent first. A change with several reasons counts in
// each.
struct ReasonCount {
  std::string reason, source;
  int64_t changes = 0, loosen = 0, tighten = 0, mixed = 0;
};
std::vector<ReasonCount> thresholdReasons(Database& db, int64_t repository = -1);

// A change's reasons, (reason, source: `message` or `code`) by reason, for the lists that print
// each change with them (`report --changes`, `report --loosened`); the query is prepared once.
using Reasons = std::vector<std::pair<std::string, std::string>>;
class ChangeReasons {
 public:
  explicit ChangeReasons(Database& db);
  Reasons of(int64_t changeId);

 private:
  Statement why_;
};

// The repositories whose last `mine` run left an incomplete history (mine_runs), with why:
// (repository path, problem). `repository` as above; empty for a database without the table.
std::vector<std::pair<std::string, std::string>> incompleteHistories(Database& db, int64_t repository = -1);

// The id of the repository whose stored path is `path`, or ends with "/" + `path`; -1 when
// none or more than one matches.
int64_t repositoryId(Database& db, const std::string& path);

int64_t countRows(Database& db, const std::string& sql);

// Whether the database holds a table `name` (older databases lack the later ones).
bool hasTable(Database& db, const char* name);

// The problems with files (mine_diagnostics) recorded for the repository's commits.
int64_t mineProblems(Database& db, int64_t repository);

// SQL that is true when the comma list `kinds` holds `kind`.
std::string hasKind(const char* kind);

}  // namespace oalens::reports
