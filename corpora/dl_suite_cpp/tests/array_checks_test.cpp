// Checks through the library's array-valued closeness function, read out with item<bool>(),
// and doctest's Approx given to an equality macro.
#include <doctest/doctest.h>

#include "minitensor/array_ops.h"

TEST_CASE("softmax rows read out") {
  const minitensor::Tensor logits{{0.0f, 0.0f}};
  const minitensor::Tensor uniform{{0.5f, 0.5f}};
  CHECK(minitensor::arraysClose(minitensor::softmax(logits), uniform).item<bool>());  // expect: oa api=minitensor::arraysClose cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
  CHECK(minitensor::arraysClose(minitensor::softmax(logits), uniform, 1e-4, 1e-6).item<bool>());  // expect: oa api=minitensor::arraysClose cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:literal:0.0001
  CHECK_FALSE(minitensor::arraysClose(minitensor::softmax(logits), logits).item<bool>());  // expect: oa api=minitensor::arraysClose cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05 negated
  CHECK_EQ(minitensor::sigmoid(0.0f), doctest::Approx(0.5));  // expect: oa api=doctest::Approx cat=abs_rel thr=default tol=rtol:default:1.1920928955078125e-05
  CHECK_NE(minitensor::sigmoid(1.0f), doctest::Approx(0.5).epsilon(1e-3));  // expect: oa api=doctest::Approx cat=abs_rel thr=customized tol=rtol:literal:0.001 negated
  CHECK_EQ(minitensor::relu(-1.0f), 0.0f);  // expect: assert api=CHECK_EQ
}
