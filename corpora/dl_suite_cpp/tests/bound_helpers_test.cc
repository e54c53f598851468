// Helpers that bound the size of a deviation their caller computes: the caller's difference is
// the error, the helper's other argument its bound.
#include <cmath>

#include "minitensor/tensor.h"

namespace {

void expectSmall(float deviation, float bound) {
  EXPECT_LT(std::fabs(deviation), bound);  // expect: oa api=EXPECT_LT cat=error_bound thr=depend tol=bound:depend
}

void expectTiny(float deviation) { ASSERT_LE(std::abs(deviation), 1e-6f); }  // expect: oa api=EXPECT_LT cat=error_bound thr=customized tol=bound:literal:1e-06

TEST(BoundHelpers, DeviationsOfTheCaller) {
  const float y = minitensor::sigmoid(0.0f);
  expectSmall(y - 0.5f, 1e-4f);  // expect: oa api=expectSmall cat=error_bound thr=customized tol=bound:literal:0.0001
  expectTiny(minitensor::relu(-2.0f));  // expect: oa api=expectTiny cat=error_bound thr=default tol=bound:default:1e-06
}

}  // namespace
