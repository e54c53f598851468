// The JSON views `oalens report` prints of a mined database (docs/json.md): Table V with the
// reasons of threshold changes, every OA change, the assertions loosened repeatedly, and the
// histories a `mine` run left incomplete. The queries live here so that the command only picks
// the views; reports/text/history_text.h prints the same JSON as text.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>

#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

struct HistoryViewChoice {
  bool tables = false, changes = false, loosened = false;
  int64_t atLeast = 2;  // loosenings that make an assertion one `loosened` lists
};

// Keys table5 and threshold_reasons (tables), changes, incomplete (only when a history is
// incomplete), loosened, in that order. `repository`: a row id of `repositories`, -1 for all.
nlohmann::ordered_json historyViews(Database& db, int64_t repository, const HistoryViewChoice& choice);

// Whether the database holds the tables `mine` writes.
bool holdsMinedHistory(Database& db);

}  // namespace oalens::reports
