// CSV output of `oalens scan`: one row per assertion, RFC 4180 quoting, tolerances flattened
// into name=value;... so the file loads into pandas or a spreadsheet without a schema.
#pragma once
#include <string>

#include "analyzer/scan/scanner.h"

namespace oalens::reports {

std::string csvField(std::string_view s);
std::string scanCsv(const analyzer::ScanResult& r);

}  // namespace oalens::reports
