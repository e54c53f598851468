// How many calls away each function of a file is from an OA assertion: 0 when its own
// statements run a catalogued OA API, k when it calls (module functions, nested functions,
// `self.method` calls) a function of the same file that is k-1 away. A call of a discovered
// project wrapper counts as one call level, wherever the wrapper is defined. A test case that
// delegates its check to `self._check(out, ref)` is a test case with OA at distance 1.
// Cross-file helpers are not followed (docs/counting.md gives the measured effect).
#pragma once
#include <vector>

#include "analyzer/assertions/assertion.h"

namespace oalens::analyzer {

inline constexpr int kUnreachable = -1;

std::vector<int> oaCallDistances(const FileModel& m, const std::vector<Assertion>& assertionsOfFile);

}  // namespace oalens::analyzer
