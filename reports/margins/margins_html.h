// The margins report as HTML: a section for the dashboard (`oalens report --dashboard DB
// --margins M --root TREE`) and a page of its own (`oalens report --margins M --format html`),
// inline CSS and SVG only, like the rest of the dashboard (reports/html/).
#pragma once
#include <string>

#include "reports/margins/margins_verdicts.h"

namespace oalens::reports {

// The section's body: the counts, charts of the verdicts and of the largest shares, the
// flaky-tight and failing assertions, and the over-loose ones with their suggestions.
std::string marginsSectionBody(const MarginsReport& report);

// A self-contained page holding that section; `source` names the database.
std::string marginsPage(const MarginsReport& report, const std::string& source);

}  // namespace oalens::reports
