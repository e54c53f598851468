// Tolerances written through the suite's own scalar type: a conversion to a name the file
// defines or declares with as a type is the value converted.
#include <limits>

#include "minitensor/tensor.h"

using real = float;
typedef double wide;

namespace {

TEST(ScalarAlias, ConvertedTolerances) {
  const real kTolerance = real(1e-4);
  const real y = minitensor::sigmoid(0.0f);
  EXPECT_NEAR(y, 0.5f, kTolerance);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:constant:0.0001
  EXPECT_NEAR(minitensor::relu(2.0f), 2.0f, real(1e-6));  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:1e-06
  EXPECT_NEAR(y * 2.0, 1.0, wide(1e-9));  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:1e-09
}

}  // namespace
