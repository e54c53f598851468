// C++ checks known by what they declare when their bodies cannot be followed: a function named
// for closeness (`assertArrayNear`, `ExpectClose`, `allClose`) whose signature takes two values
// and a floating tolerance (`float maxAbsDiff`, `double eps`). Bodies that dispatch on tags,
// hand a functor to `std::mismatch` or live in a source the scan does not read hide the check
// (ArrayFire's assertArrayNear reaches `abs(rhs - lhs) <= diff_` four calls down); the name and
// the tolerance parameter say what it checks. Wrapper discovery (wrapper_discovery.cpp) uses
// this only when reading the body found nothing, and a body read in a later round replaces it.
#pragma once
#include <optional>
#include <string_view>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

struct DeclaredCloseness {
  std::string_view actual, expected, tolerance;  // parameter names
  std::string_view relative;                     // a second tolerance (`atol, rtol`): the relative one
  bool predicate = false;                        // answers (allClose) rather than asserts (expectNear)
  bool method = false;                           // compares its object with `expected` (`a.ApproxEqual(b, tol)`)
};

std::optional<DeclaredCloseness> declaredCloseness(const FileModel& m, FunctionId fid);

// A parameter's name that says it is a tolerance (`rtol`, `eps`, `threshold`, `max_abs_diff`).
bool namedAsTolerance(std::string_view name);

// A C++ method: declared in a class, or defined outside it under the class's name
// (`bool VectorBase<Real>::ApproxEqual(...) const`; namespaces are written in lower case).
bool isMethod(const Function& f);

// The one parameter of a method that is a value to compare its object with (not a tolerance,
// a name, a size or a flag), or "".
std::string_view comparedValueParam(const Function& f);

}  // namespace oalens::analyzer
