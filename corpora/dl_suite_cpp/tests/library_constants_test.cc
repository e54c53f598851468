// Tolerances the library defines in a header the test does not include itself: read from the
// library's headers (a source file's definition of the same name is its own).
#include "minitensor/tensor.h"

namespace {

using minitensor::kEpsilon;
using minitensor::kLooseTolerance;

TEST(LibraryConstants, EpsilonOfTheLibrarysScalar) {
  EXPECT_NEAR(minitensor::sigmoid(0.0f), 0.5f, kEpsilon);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:constant:1.1920928955078125e-07
  EXPECT_NEAR(minitensor::relu(1.0f), 1.0f, kLooseTolerance);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:constant:0.001
}

}  // namespace
