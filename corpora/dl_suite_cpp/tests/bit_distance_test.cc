// Closeness helpers written as a library's suites write them when the check is a return value:
// a gtest answer picked by a flag kept over the elements, an integer overload spelling |a - b|
// out as a conditional and scaling the bound by the expected element without abs, and a
// distance in units of the last place within a tolerance, or both values too small to tell.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "minitensor/ops.h"

namespace suite {

uint32_t ulp_distance(float a, float b, float floor_value);

template <typename T>
::testing::AssertionResult check_each(const std::vector<T>& want, const std::vector<T>& got, T rtol = 1e-5, T atol = 1e-8) {
  bool all_near = true;
  for (size_t i = 0; i < want.size(); ++i) {
    T err = (got[i] > want[i]) ? (got[i] - want[i]) : (want[i] - got[i]);
    if (err > atol + rtol * want[i]) all_near = false;
  }
  return all_near ? ::testing::AssertionSuccess() : ::testing::AssertionFailure();
}

bool within_ulps(float want, float got, int ulps = 4, float floor_value = 0.0f) {
  const uint32_t distance = ulp_distance(want, got, floor_value);
  return (distance <= static_cast<uint32_t>(ulps)) || (distance == 0xFFFFFFFFu);
}

}  // namespace suite

TEST(BitDistance, SoftmaxRows) {
  std::vector<float> logits{0.5f, 1.5f, -1.0f};
  std::vector<float> want{0.25f, 0.68f, 0.07f};
  EXPECT_TRUE(suite::check_each(want, minitensor::softmax(logits), 1e-3f, 1e-4f));  // expect: oa api=suite::check_each cat=abs_rel thr=customized tol=atol:literal:0.0001,rtol:literal:0.001
  EXPECT_TRUE(suite::within_ulps(1.0f, minitensor::sum(want), 16));  // expect: oa api=suite::within_ulps cat=abs thr=customized tol=atol:literal:16
}
