// Kernel tests applying the header's matcher lists: the catalogue's reading of
// `tflite::ArrayFloatNear`, beside a recurrent-cell test defining a function of that name for itself.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "minitensor/tensor.h"
#include "tests/kernel_matchers.h"

using ::testing::ElementsAreArray;

namespace tflite {
namespace {

TEST(SoftplusOp, Floats) {
  minitensor::OpModel m("softplus");
  m.Invoke();
  EXPECT_THAT(m.GetOutput<float>(), ElementsAreArray(ArrayFloatNear({0.31f, 0.69f, 1.31f})));  // expect: oa api=tflite::ArrayFloatNear cat=abs thr=default tol=atol:default:1e-05
  EXPECT_THAT(m.GetOutput<float>(), ElementsAreArray(ArrayFloatNear({0.31f, 0.69f}, 2e-3f)));  // expect: oa api=tflite::ArrayFloatNear cat=abs thr=customized tol=atol:literal:0.002
}

}  // namespace
}  // namespace tflite
