// What one helper of the suite checks, read from its body (wrapper_spec.cpp): the catalogued or
// discovered check it makes on its parameters, as an entry its calls are matched against, or
// nothing. Wrapper discovery (wrapper_discovery.cpp) asks it of every function in each round.
#pragma once
#include <optional>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

class ApiMatcher;
class AssertionFinder;

std::optional<ApiSpec> wrapperSpec(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, const AssertionFinder& finder,
                                   const ToleranceResolver& resolver);

}  // namespace oalens::analyzer
