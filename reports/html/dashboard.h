// The self-contained HTML dashboard (`oalens report --dashboard DB`): one file with inline CSS
// and SVG, no script and no external resource. It shows what the database holds: the latest
// scan (OA assertions by API, category, threshold provenance and oracle type; the loosest
// tolerances), the mined history (Table V, changes and threshold directions per year, reasons,
// the assertions loosened twice or more, the latest loosenings) and the latest lint run
// (findings by rule and by file). Sections without data are left out.
#pragma once
#include <cstdint>
#include <string>

#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

// `source` is how the page names the database (its path as given); `repository` (a row id of
// `repositories`) limits the history to one repository of a merged database, -1 shows all.
std::string dashboardHtml(Database& db, const std::string& source, int64_t repository = -1);

}  // namespace oalens::reports
