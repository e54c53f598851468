// The findings of `oalens diff` in every format it writes: text (`path:line:col: severity:
// message [CH3xx]`), JSON (docs/json.md: files_checked and the findings with their stated
// reasons), SARIF and the CI formats of reports/ci. The gate hands its findings over as rows
// (miners/gate/gate_run.h), so that reports/ needs nothing of miners/.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "analyzer/core/finding.h"
#include "reports/sarif/sarif_report.h"

namespace oalens::reports {

struct GateReportRow {
  analyzer::Finding finding;
  std::string statedReason;  // set when the author stated why (the finding is then accepted)
};

// `format`: text, json, sarif, github, junit, gitlab. `sarifRules`: the rule descriptors SARIF's
// driver lists (read only for sarif). `place.root`: the work tree's root, "" when bare.
std::string gateReportText(const std::vector<GateReportRow>& rows, const std::string& format, size_t filesChecked,
                           nlohmann::ordered_json sarifRules, const SarifPlace& place);

}  // namespace oalens::reports
