// Human-readable summary of a scan, laid out like the study's Tables II (per API) and III
// (per project): counts, shares, categories and threshold provenance.
#pragma once
#include <string>

#include "analyzer/scan/scanner.h"

namespace oalens::reports {

std::string scanTextSummary(const analyzer::ScanResult& r);

}  // namespace oalens::reports
