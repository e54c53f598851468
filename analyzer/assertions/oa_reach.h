// Which functions of a file reach an OA assertion when they run: directly, or through calls
// to functions of the same file (module functions, nested functions, `self.method` calls).
// A test case that delegates its check to `self._check(...)` is a test case with OA.
// Cross-file helpers are not followed (docs/counting.md gives the measured effect).
#pragma once
#include <vector>

#include "analyzer/assertions/assertion.h"

namespace oalens::analyzer {

std::vector<bool> functionsReachingOa(const FileModel& m, const std::vector<Assertion>& assertionsOfFile);

}  // namespace oalens::analyzer
