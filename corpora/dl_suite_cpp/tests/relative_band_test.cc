// A quantized encoder's reconstruction error checked against the float encoder's, within a band
// written as one factor on each side (`0.9 * ref < err < 1.1 * ref`).
#include "minitensor/tensor.h"

namespace {

float reconstructionError(const minitensor::Tensor& t) { return t[0] * t[0]; }

TEST(RelativeBand, QuantizedErrorNearTheFloatError) {
  const float err_float = reconstructionError(minitensor::Tensor{{0.3f}});
  const float err_quantized = reconstructionError(minitensor::Tensor{{0.31f}});
  ASSERT_TRUE(0.9 * err_float < err_quantized);  // expect: oa api=ASSERT_TRUE cat=error_bound thr=customized tol=rtol:literal:0.1
  ASSERT_TRUE(err_quantized < 1.1 * err_float);  // expect: oa api=ASSERT_TRUE cat=error_bound thr=customized tol=rtol:literal:0.1
}

}  // namespace
