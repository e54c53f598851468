// SARIF 2.1.0 output. `oalens scan`: each OA assertion as a `note` result of rule OA000
// (inventory), so code-scanning UIs can list and filter them; input problems as notifications.
// `oalens diff` and `oalens lint` write their findings through the shared pieces below.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string_view>

#include "analyzer/scan/scanner.h"

namespace oalens::reports {

nlohmann::ordered_json scanSarif(const analyzer::ScanResult& r);

// The log around one run: $schema, version, runs.
nlohmann::ordered_json sarifLog(nlohmann::ordered_json run);
// A run of oalens with these rule descriptors and results.
nlohmann::ordered_json sarifRun(nlohmann::ordered_json rules, nlohmann::ordered_json results);

// A rule's descriptor (tool.driver.rules): its metadata as `oalens rules` lists it. The level
// is the SARIF level of its severity; an empty description leaves fullDescription out.
struct SarifRule {
  std::string_view id, name, summary, description, help, helpUri, level, family, precision;
};
nlohmann::ordered_json sarifRule(const SarifRule& r);

// A finding of `diff` or `lint`: one place, with its fingerprint as partialFingerprints.
struct SarifFinding {
  std::string_view rule, level, message, file, fingerprint;
  uint32_t line = 0, column = 0;
  uint32_t endLine = 0, endColumn = 0;  // 0: the region has a start only
};
nlohmann::ordered_json sarifResult(const SarifFinding& f);

}  // namespace oalens::reports
