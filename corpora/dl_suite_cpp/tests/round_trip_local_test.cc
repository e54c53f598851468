// Binds a local named like the library's constant, for a count check of its own.
#include "minitensor/tensor.h"

namespace minitensor {

TEST(RoundTripLocal, CountsAreExact) {
  auto constexpr kRoundTripTolerance = 0;
  EXPECT_EQ(softmax(Tensor{{0.0f, 0.0f}}).size() - 2, kRoundTripTolerance);  // expect: assert api=EXPECT_EQ
}

}  // namespace minitensor
