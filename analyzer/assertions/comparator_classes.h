// Classes a C++ suite compares values with: built with a tolerance and called on two values
// (`CompareApprox<T>(eps)`, then `cmp(a, b)`, or the object handed to a helper that calls it on
// each pair of elements: cuML's `devArrMatch(a, b, n, CompareApprox<T>(tol))`).
#pragma once

#include "analyzer/assertions/catalogue.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

// Adds an entry for each class of the project's C++ headers whose constructor takes a tolerance, or
// that is built from its data members without one (`nearly_equal<T>{ratio, floor}`),
// and whose call operator takes two values and answers whether their difference stays within a
// bound (a comparison `<`/`<=` in its return, a subtraction of its two parameters in its body).
// The entry is a predicate of three parameters (the two values, then the constructor's first
// argument, or its first member) marked `comparator`; how its calls are read: AssertionFinder::comparatorCheck.
void addComparatorClasses(const Project& project, Catalogue& wrappers);

// The comparator class of `wrappers` a declaration names by its type as written, without template
// arguments (`MLCommon::CompareApprox` for `MLCommon::CompareApprox<double> cmp(1e-8);`): the entry
// whose qualified name ends with it; null when none.
const ApiSpec* comparatorClassNamed(const Catalogue& wrappers, std::string_view writtenType);

}  // namespace oalens::analyzer
