// Whole ranges compared element by element through a closeness comparator: a lambda, or a
// functor built with its tolerance.
#include <algorithm>
#include <cmath>
#include <vector>

#include "minitensor/tensor.h"

namespace {

struct WithinAbs {
  float tolerance_;
  explicit WithinAbs(float tolerance) : tolerance_(tolerance) {}
  bool operator()(float a, float b) const { return std::fabs(a - b) <= tolerance_; }
};

TEST(RangeChecks, ComparatorsThatAllowADeviation) {
  const minitensor::Tensor x{{0.1f, 0.2f, 0.7f}};
  const std::vector<float> got = minitensor::softmax(x).data, want{0.2546f, 0.2814f, 0.4640f};
  EXPECT_TRUE(std::equal(got.begin(), got.end(), want.begin(),  // expect: oa api=EXPECT_TRUE cat=error_bound thr=customized tol=bound:literal:0.0001
                         [](float a, float b) { return std::fabs(a - b) < 1e-4f; }));
  ASSERT_TRUE(std::equal(got.begin(), got.end(), want.begin(), WithinAbs(5e-4f)));  // expect: oa api=ASSERT_TRUE cat=error_bound thr=customized tol=bound:literal:0.0005
  EXPECT_TRUE(std::equal(got.begin(), got.end(), want.begin()));  // expect: assert api=EXPECT_TRUE cat=exact
}

}  // namespace
