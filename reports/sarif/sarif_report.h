// SARIF 2.1.0 output of `oalens scan`: each OA assertion as a `note` result of rule OA000
// (inventory), so code-scanning UIs can list and filter them; input problems as notifications.
#pragma once
#include <nlohmann/json.hpp>

#include "analyzer/scan/scanner.h"

namespace oalens::reports {

nlohmann::ordered_json scanSarif(const analyzer::ScanResult& r);

}  // namespace oalens::reports
