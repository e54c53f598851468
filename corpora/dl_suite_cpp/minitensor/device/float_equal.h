// The device code's own equality of the same name as the host's one-ULP `minitensor::float_equal`:
// exact, built for kernels that have no `std::nextafter`.
#pragma once

namespace minitensor {

template <class T, class U>
constexpr bool float_equal(T x, U y) {
  return !(x < y || x > y);
}

}  // namespace minitensor
