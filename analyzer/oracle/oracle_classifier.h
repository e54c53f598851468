// Oracle classifier: names where each OA assertion's oracle comes from (D, DT, NI, RI,
// SCUT_SAME, SCUT_DIFF, UNKNOWN), corrects swapped actual/expected arguments, and records the
// evidence chain. The library under test is inferred from the scanned tree's top-level
// packages unless given (--package).
#pragma once
#include <string>
#include <vector>

#include "analyzer/scan/scanner.h"

namespace oalens::analyzer {

void classifyOracles(ScanResult& result, const std::vector<std::string>& packages = {}, unsigned threads = 1);

}  // namespace oalens::analyzer
