// Classes whose `operator==` compares a floating member within a tolerance (k2's `Arc`: states and
// label exactly, the score within 1e-5): an equality macro given a value built as one
// (`EXPECT_EQ(fsa[{0, 1}], (Arc{0, 2, 10, -2.2f}))`) compares within that tolerance.
#pragma once

#include <string>
#include <string_view>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/model/code_model.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

// Adds an entry for each class of the project's C++ files with an `operator==` (a method of one
// parameter, or a free function of two of the class's type) whose returned conjunction bounds the
// magnitude of a member's difference (`fabsf(score - other.score) < 1e-5`): a predicate of two
// values, marked `equalityOperator`, its tolerance the bound written there as its default.
void addApproxEqualityClasses(const Project& project, Catalogue& wrappers);

// The class a value written as `Arc{0, 1, 2, 1.2f}`, `(Arc(0, 1, 2, 1.2f))` or `k2::Arc{...}` is built
// as, as written (`k2::Arc`); empty for any other text.
std::string builtClassName(std::string_view text);

// The class entry of `wrappers` whose value `e` is built as (`Arc{0, 1, 2, 1.2f}`,
// `(Arc(0, 1, 2, 1.2f))`, `k2::Arc{...}`); null when none.
const ApiSpec* approxEqualityBuilt(const FileModel& m, const Catalogue& wrappers, ExprId e);

}  // namespace oalens::analyzer
