// Oracle classifier (issue 3): decides where each OA assertion's oracle comes from. Until it
// lands, every OA assertion keeps oracle type UNKNOWN with the reason stated in its evidence.
#pragma once
#include "analyzer/scan/scanner.h"

namespace oalens::analyzer {

void classifyOracles(ScanResult& result);

}  // namespace oalens::analyzer
