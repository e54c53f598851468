// The views of `oalens report` as text: the JSON reports/sqlite/history_views.h reads, printed
// as tables and one line per change; and the summary `oalens mine` prints of the repository it
// mined. Reads only what it is given, so a view looks the same from a fresh or a merged database.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

// Table V and the reasons, the incomplete histories, the changes, the loosened assertions, each
// when `views` holds it. `atLeast`: the --at-least the loosened list was read with.
std::string historyText(const nlohmann::ordered_json& views, int64_t atLeast);

// `oalens mine`'s lines after its run: the repository's Table V as the database holds it and
// how many problems with files the run recorded (`dbPath` is named in the hint that lists them).
std::string minedRepositoryText(Database& db, int64_t repository, const std::string& dbPath);

}  // namespace oalens::reports
