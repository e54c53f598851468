// What the recorded test runs of a margins database say of a tolerance a change loosens
// (`oalens diff --margins DB`, docs/diff.md): how much of the old tolerance the runs used, and
// how the new tolerance compares with the largest error measured there. A loosening of a check
// that no run came near is a guess; one of a check that failed or used most of its tolerance has
// the measurements behind it.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "analyzer/assertions/assertion.h"
#include "reports/margins/margins_sites.h"

namespace oalens::reports {

// The bound the new tolerances put on the element that used the largest share in the worst
// recorded call, in that call's form (sum: atol + rtol * |b|; max: max(rel * |b|, abs);
// decimal, places, delta); nullopt when the new tolerances do not say it (another API's
// parameters, a value not known statically) or the element's |b| cannot be recovered.
std::optional<double> boundUnder(const MarginGroup& worst, const std::vector<analyzer::Tolerance>& tolerances);

// One clause for the gate's message ("measured in 5 runs of 1 test: at most 0.012% of the old
// tolerance used (largest error 1.2e-09), 1.2e-06% of the new one"); empty when no recorded
// frame joined the site.
std::string loosenedAgainstMeasured(const MeasuredSite& site, const std::vector<analyzer::Tolerance>& newTolerances);

}  // namespace oalens::reports
