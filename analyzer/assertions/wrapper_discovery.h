// Discovers project-local wrappers: functions that forward their parameters to a catalogued OA
// API (or to another wrapper), such as a suite's own `assert_close(a, b, atol=1e-5)`. Calls to
// them are OA assertions of the wrapper's API, with the tolerance defaults the wrapper sets.
// Runs to a fixpoint over the whole project, so wrappers of wrappers are found too.
#pragma once
#include "analyzer/assertions/catalogue.h"
#include "analyzer/assertions/class_hierarchy.h"
#include "analyzer/scan/project.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// `knownWrappers`: wrappers found beforehand in modules not scanned now (the suite's helpers the diff
// gate reads once for both sides of a change); discovery starts from them. `classes`: the project's
// C++ classes (ApiMatcher), built once by the caller, which matches the tests' calls with them too.
Catalogue discoverWrappers(const Project& project, const Catalogue& catalogue, const ToleranceResolver& resolver,
                           const ClassHierarchy& classes, unsigned threads = 1, const Catalogue* knownWrappers = nullptr);

}  // namespace oalens::analyzer
