#include "minitensor/is_close.h"

#include <algorithm>
#include <cmath>

namespace minitensor {

bool IsClose(double x, double y, double relative_precision, double* relative_error) {
  double measured;
  if (relative_error == nullptr) relative_error = &measured;
  const double scale = std::max(std::fabs(x), std::fabs(y));
  *relative_error = scale == 0.0 ? std::fabs(x - y) : std::fabs(x - y) / scale;
  return *relative_error < relative_precision;
}

}  // namespace minitensor
