// The results of `oalens scan` in the format the command was asked for: text (the study's
// tables), JSON, CSV, SARIF, or GitHub annotations (a notice at each OA assertion, the input
// problems at their files). One entry point, so that the command only picks the format.
#pragma once
#include <string>

#include "analyzer/scan/scanner.h"
#include "reports/sarif/sarif_report.h"

namespace oalens::reports {

// `format`: text, json, csv, sarif, github; anything else is text.
std::string scanReportText(const analyzer::ScanResult& result, const std::string& format, const SarifPlace& place);

}  // namespace oalens::reports
