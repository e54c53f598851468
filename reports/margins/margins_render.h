// Renders a margins report (margins_verdicts.h) as JSON (`summary` and the `margins` list of
// docs/margins.md) or as text: a summary, then one line per assertion measured, by file and line.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "reports/margins/margins_verdicts.h"

namespace oalens::reports {

nlohmann::ordered_json marginsJson(const MarginsReport& report);
std::string marginsText(const MarginsReport& report);
// One verdict's figures as the text lines give them after `file:line: verdict: `.
std::string marginMessage(const MarginVerdict& verdict);

}  // namespace oalens::reports
