// C++ helpers that measure the share of elements within a tolerance of their reference
// (Paddle-Lite's `CalOutAccuracy(out, ref_out, abs_error = 1e-5)`: counts `|out - ref| <
// abs_error` and returns the count over the total), which a test bounds from below
// (`ASSERT_GE(CalOutAccuracy(results, gt, abs_error), 0.99)`): each element is compared within
// the helper's tolerance, the floor the share of them that must pass.
#pragma once
#include <optional>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

class AssertionFinder;

// The entry of function `fid` when its `if (|a - b| < tol)` counts the element and it returns
// that count divided by another: a closeness predicate of two of its parameters, marked
// `shareWithin` (not a truth value; a floor on its call is the check).
std::optional<ApiSpec> shareWithinSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                       const ToleranceResolver& resolver);

}  // namespace oalens::analyzer
