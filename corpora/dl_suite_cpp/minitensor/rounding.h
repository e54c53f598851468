// How far a value may move through the library's serialisation: reached by the tests only
// through other headers.
#pragma once

namespace minitensor {

constexpr inline float kRoundTripTolerance = 1e-6f;

}  // namespace minitensor
