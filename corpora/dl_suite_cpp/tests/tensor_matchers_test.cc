// A delegate's outputs against the reference interpreter's through a tensor matcher of the suite,
// handed the element matcher it applies to each pair: gmock's FloatNear given its tolerance only
// compares within it, Eq exactly.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "minitensor/tensor.h"

namespace delegate {

TEST_P(DelegateParity, OutputsMatchReference) {
  const minitensor::Tensor reference = minitensor::runReference(GetParam());
  const minitensor::Tensor delegated = minitensor::runDelegated(GetParam());
  EXPECT_THAT(delegated, TensorEq(testing::FloatNear(1e-6), reference));  // expect: oa api=testing::FloatNear cat=abs thr=customized tol=atol:literal:1e-06
  EXPECT_THAT(delegated.shape(), TensorEq(testing::Eq(), reference.shape()));  // expect: assert api=EXPECT_THAT
}

}  // namespace delegate
