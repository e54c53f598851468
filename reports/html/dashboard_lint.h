// The dashboard's lint section: the latest lint run's findings by rule and by file, and every
// finding in a table a reader sorts (a click on a column's header) and filters (a text box;
// `#filter=TEXT` in the page's address fills it) with a few lines of inline script, so the page
// still needs no file beside it. Without script the table is the full list, sorted by file.
#pragma once
#include <string>

#include "reports/html/dashboard_links.h"
#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

// Empty when the database holds no lint run.
std::string lintSectionBody(Database& db, const CodeLinks& links);

// The script that makes `table.sortable` sortable and `input[data-filter]` filter its table.
const char* findingsTableScript();

}  // namespace oalens::reports
