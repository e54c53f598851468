// JSON output of `oalens scan`: the machine-readable contract of docs/json.md (summary +
// assertions + diagnostics). Keys are stable; new keys may be added, none removed.
#pragma once
#include <nlohmann/json.hpp>

#include "analyzer/scan/scanner.h"

namespace oalens::reports {

nlohmann::ordered_json scanSummaryJson(const analyzer::ScanResult& r);
nlohmann::ordered_json assertionJson(const analyzer::Assertion& a);
nlohmann::ordered_json scanJson(const analyzer::ScanResult& r);

}  // namespace oalens::reports
