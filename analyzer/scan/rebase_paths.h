// A scan reports its paths relative to the scanned path (the form its database keeps, so that
// `report --margins` and `merge` can join them); every other output gives them relative to the
// report root. This moves them from the one to the other.
#pragma once
#include <string>

#include "analyzer/scan/scanner.h"

namespace oalens::analyzer {

// Puts `prefix` ("sub/tests/", '/'-separated; "" leaves them) before every non-empty path of `r`.
void rebasePaths(ScanResult& r, const std::string& prefix);

}  // namespace oalens::analyzer
