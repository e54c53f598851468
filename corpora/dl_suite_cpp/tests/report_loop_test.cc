// Checks through the library's own assertion (minitensor/error.h): a lower-case macro that
// hands its condition to another, which issues an error report when it fails, and takes a
// message streamed after it.
#include <cmath>

#include "minitensor/error.h"
#include "minitensor/layers.h"

int main() {
  const float eps = 1e-6f;
  for (int i = 0; i < 4; ++i) {
    const float target = 2.0f * minitensor::blur(i);
    const float diff = std::fabs(minitensor::blurGradient(i) - target);
    minitensor_assert(diff < eps) << "gradient " << i << " is off by " << diff;  // expect: oa api=minitensor_assert cat=error_bound thr=customized tol=bound:constant:1e-06
  }
  minitensor_assert(minitensor::layerCount() == 3);  // expect: assert api=minitensor_assert
  return 0;
}
