// JSON output of `oalens scan`: the machine-readable contract of docs/json.md (summary +
// assertions + diagnostics). Keys are stable; new keys may be added, none removed.
#pragma once
#include <nlohmann/json.hpp>

#include <string>

#include "analyzer/scan/scanner.h"

namespace oalens::reports {

nlohmann::ordered_json scanSummaryJson(const analyzer::ScanResult& r);
nlohmann::ordered_json assertionJson(const analyzer::Assertion& a);
nlohmann::ordered_json scanJson(const analyzer::ScanResult& r);

// jsonText(scanJson(r)) to the byte, without the whole document in memory at once: each
// assertion, test case and diagnostic is made and dumped in turn (a scan of 100,000 checks
// held about 600 MB as a document).
std::string scanJsonText(const analyzer::ScanResult& r);

// Text of a JSON document for output. Source files with invalid UTF-8 are scanned as they are
// (docs/json.md), so their texts reach the reports: an invalid byte becomes U+FFFD here instead
// of the exception nlohmann::json throws by default, which ended the run.
template <typename Json>
std::string jsonText(const Json& j, int indent = 2) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

}  // namespace oalens::reports
