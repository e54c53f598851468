// C++ helpers that answer whether one value they are given is small enough: `static bool
// check_residual(float res) { return res < 1e-3f; }`, `bool within_budget(double err, double tol)
// { return err <= tol; }`. A call of one as an assertion's condition bounds an error, as
// `EXPECT_LT(err, 1e-3f)` does.
#pragma once
#include <optional>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/catalogue.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// The entry of such a helper: it returns (directly or through a local) a comparison of one of
// its parameters with a bound that is no part of that parameter (a literal, a constant, another
// parameter named for a tolerance), and the compared parameter measures an error: it reads as one
// where the condition is asserted (`err`, `residual`, `|a - b|`), or the helper's own name says so
// (`check_residual`, `error_is_small`). nullopt for any other function (`return n < 10;`).
std::optional<ApiSpec> boundPredicateSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                          const ToleranceResolver& resolver);

}  // namespace oalens::analyzer
