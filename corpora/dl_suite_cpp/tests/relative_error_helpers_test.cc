// A fixture's checks that bound the error of each pair of elements by the caller's tolerance, kept
// in locals: the relative error, its difference over the larger magnitude, under a truth assertion,
// and the absolute one under EXPECT_LT: each the check of its two parameters within it; called with
// a zero tolerance, an exact comparison.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

class RegressionFixture : public ::testing::Test {
 protected:
  void check_if_close(const std::vector<float>& left, const std::vector<float>& right, double tol = 1e-3) {
    for (size_t i = 0; i < left.size(); ++i) {
      const auto aerr = std::abs(left[i] - right[i]);
      if (aerr < tol) continue;
      const auto den = std::max({1e-7f, std::abs(left[i]), std::abs(right[i])});
      const auto rerr = aerr / den;
      EXPECT_TRUE(rerr < tol);  // expect: oa api=EXPECT_TRUE cat=error_bound thr=depend tol=bound:depend
    }
  }

  void check_buffers(const std::vector<float>& ref, const std::vector<float>& out, float atol) {
    for (size_t i = 0; i < ref.size(); ++i) {
      const float err = std::abs(ref[i] - out[i]);
      EXPECT_LT(err, atol);  // expect: oa api=EXPECT_LT cat=error_bound thr=depend tol=bound:depend
    }
  }
};

TEST_F(RegressionFixture, CoefficientsMatchTheGeneratingOnes) {
  const std::vector<float> beta{0.5f, -1.25f}, fitted{0.5001f, -1.2499f};
  check_if_close(fitted, beta, 1e-4);  // expect: oa api=RegressionFixture::check_if_close cat=abs thr=customized tol=atol:literal:0.0001
  check_if_close(fitted, beta);  // expect: oa api=RegressionFixture::check_if_close cat=abs thr=default tol=atol:default:0.001
  check_buffers(beta, fitted, 1e-3f);  // expect: oa api=RegressionFixture::check_buffers cat=abs thr=customized tol=atol:literal:0.001
  check_buffers(beta, beta, 0.0f);  // expect: assert api=RegressionFixture::check_buffers cat=exact
}
