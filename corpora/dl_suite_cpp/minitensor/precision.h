// The library's own precision constants, reached by the tests only through other headers.
#pragma once
#include <limits>

namespace minitensor {

using scalar = float;
constexpr scalar kEpsilon = std::numeric_limits<scalar>::epsilon();
constexpr double kLooseTolerance = 1e-3;

}  // namespace minitensor
