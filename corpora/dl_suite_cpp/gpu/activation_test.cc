// A backend's tests: the shared body's status asserted, and the closeness status checked directly.
#include <gtest/gtest.h>

#include "gpu/testing_util.h"

namespace gpu {

TEST_F(OpenClTest, Sigmoid) { ASSERT_OK(SigmoidCase(&env_)); }  // expect: assert api=ASSERT_OK

TEST_F(OpenClTest, Relu) {
  minitensor::Tensor out;
  ASSERT_OK(env_.Run("relu", Precision::kF32, &out));  // expect: assert api=ASSERT_OK
  ASSERT_OK(PointWiseNear({0.0f, 2.0f}, out.data(), 1e-5f));  // expect: oa api=gpu::PointWiseNear cat=abs thr=customized tol=atol:literal:1e-05
  EXPECT_TRUE(PointWiseNear({0.0f, 2.0f}, out.data(), 1e-5f).ok());  // expect: oa api=gpu::PointWiseNear cat=abs thr=customized tol=atol:literal:1e-05
  EXPECT_FALSE(PointWiseNear({1.0f, 2.0f}, out.data(), 0.5f).ok());  // expect: oa api=gpu::PointWiseNear cat=abs thr=customized tol=atol:literal:0.5
  // Its default tolerance is zero: an exact comparison.
  ASSERT_OK(PointWiseNear({0.0f, 2.0f}, out.data()));  // expect: assert api=gpu::PointWiseNear
}

}  // namespace gpu
