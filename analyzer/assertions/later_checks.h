// The checks a helper of the suite makes after the one its entry is read from (wrapper_spec.cpp):
// their tolerances, when a parameter of the helper gives them, are ones its callers set too.
// nnabla's `function_tester(rng, F.pow2, np.power, inputs, atol_b=2e-3)` leaves the forward
// check at its default and sets the gradients' tolerance: the call chooses a tolerance.
#pragma once
#include <functional>
#include <string_view>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

class ApiMatcher;
class AssertionFinder;

// Adds to `w` (the entry of function `fid`, whose first check is at statement `first`) the
// tolerances the function's later checks take from its parameters, as `kind@parameter` with the
// parameter's default (or the check's own when it has none). A parameter already one of `w`'s
// tolerances or sides is not added again.
void addLaterCheckTolerances(const FileModel& m, FunctionId fid, StmtId first, const ApiMatcher& matcher, const AssertionFinder& finder,
                             const ToleranceResolver& resolver, ApiSpec& w);

// For a helper whose first check calls another helper with later checks (`inner`): the
// parameters of `fid` that reach those. `argument` gives the call's argument for a parameter of
// `inner`.
void inheritLaterTolerances(const FileModel& m, FunctionId fid, const ApiSpec& inner,
                            const std::function<ExprId(std::string_view)>& argument, const ToleranceResolver& resolver, ApiSpec& w);

}  // namespace oalens::analyzer
