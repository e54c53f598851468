// A library constant used by name in one test, while another test binds a local of the same
// name: the local is that test's own, the library's constant is still read for the first.
#include "minitensor/tensor.h"

namespace minitensor {

TEST(RoundTripTolerance, ReluOfOne) {
  EXPECT_NEAR(relu(1.0f), 1.0f, kRoundTripTolerance);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:constant:1e-06
}

}  // namespace minitensor
