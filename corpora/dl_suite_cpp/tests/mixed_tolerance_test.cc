// A helper whose check allows an absolute plus a relative error, each a parameter of its own
// (`abs_err + rel_err * |expected|`, NumPy's `atol + rtol * |b|`): a call's tolerances are
// what it passes for each, the helper's defaults where it passes none.
#include <cmath>
#include <vector>

#include "minitensor/tensor.h"

namespace {

void expectAllNear(const std::vector<float>& expected, const std::vector<float>& actual, double rel_err = 1e-5,
                   double abs_err = 1e-8) {
  for (size_t i = 0; i < expected.size(); ++i) {
    const double error = abs_err + rel_err * std::abs(expected[i]);
    EXPECT_NEAR(expected[i], actual[i], error);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
  }
}

TEST(MixedTolerance, RelativeAndAbsolute) {
  const std::vector<float> x{0.5f, 1.5f};
  expectAllNear({0.62f, 0.82f}, minitensor::sigmoid(x), 1e-3);  // expect: oa api=expectAllNear cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:default:1e-08
  expectAllNear({0.62f, 0.82f}, minitensor::sigmoid(x), 1e-3, 1e-4);  // expect: oa api=expectAllNear cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:literal:0.0001
  expectAllNear({0.62f, 0.82f}, minitensor::sigmoid(x));  // expect: oa api=expectAllNear cat=abs_rel thr=default tol=rtol:default:1e-05,atol:default:1e-08
}

}  // namespace
