// The self-contained HTML dashboard (`oalens report --dashboard DB`): one file with inline CSS,
// SVG and (for the findings table) script, no external resource. It shows what the database
// holds: the latest scan (OA assertions by API, category, threshold provenance and oracle type;
// the loosest tolerances), the mined history (Table V, changes and threshold directions per
// year, reasons, the assertions loosened twice or more, the latest loosenings), the latest lint
// run (findings by rule and by file, and every finding in a sortable, filterable table), and a
// glossary of the study's terms. Sections without data are left out. With a link template,
// every file, line and commit links to the code (dashboard_links.h).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

// A section from elsewhere than the database (the margins report), its body already HTML.
struct DashboardSection {
  std::string id, title, body;
};

struct DashboardOptions {
  std::string linkTemplate;  // `--link`, e.g. https://github.com/org/repo/blob/{commit}/{file}#L{line}; empty: no links
};

// `source` is how the page names the database (its path as given); `repository` (a row id of
// `repositories`) limits the history to one repository of a merged database, -1 shows all.
// `extra` sections follow the database's own.
std::string dashboardHtml(Database& db, const std::string& source, int64_t repository = -1, const std::vector<DashboardSection>& extra = {},
                          const DashboardOptions& options = {});

// The page's style sheet, for other pages to look the same.
const char* dashboardStyle();

}  // namespace oalens::reports
