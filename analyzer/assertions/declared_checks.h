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
  bool predicate = false;                        // answers (allClose) rather than asserts (expectNear)
};

std::optional<DeclaredCloseness> declaredCloseness(const FileModel& m, FunctionId fid);

}  // namespace oalens::analyzer
