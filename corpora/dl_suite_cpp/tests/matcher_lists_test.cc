// TensorFlow Lite's element-wise matcher lists: `ArrayFloatNear(values, max_abs_err)` makes one
// matcher a value, which `ElementsAreArray` applies to the elements in order. Outputs read as
// integers stay exact within its default 1e-5; an output dequantized to floats does not.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "minitensor/tensor.h"

using ::testing::ElementsAreArray;

namespace tflite {

namespace {

constexpr float kGatherTolerance = 2e-4f;

TEST(GatherOp, FloatRows) {
  minitensor::OpModel m("gather");
  m.Invoke();
  EXPECT_THAT(m.GetOutput<float>(), ElementsAreArray(ArrayFloatNear({0.7f, 0.8f})));  // expect: oa api=tflite::ArrayFloatNear cat=abs thr=default tol=atol:default:1e-05
  EXPECT_THAT(m.GetOutput<float>(), ElementsAreArray(ArrayFloatNear({0.7f, 0.8f}, kGatherTolerance)));  // expect: oa api=tflite::ArrayFloatNear cat=abs thr=customized tol=atol:constant:0.0002
  EXPECT_THAT(m.GetOutput<float>(), ::testing::UnorderedElementsAreArray(ArrayFloatNear({0.8f, 0.7f}, 1e-3)));  // expect: oa api=tflite::ArrayFloatNear cat=abs thr=customized tol=atol:literal:0.001
}

TEST(GatherOp, QuantizedRows) {
  minitensor::OpModel m("gather_u8");
  m.Invoke();
  EXPECT_THAT(m.GetOutput<uint8_t>(), ElementsAreArray(ArrayFloatNear({3, 7, 9})));  // expect: assert api=tflite::ArrayFloatNear
  EXPECT_THAT(m.GetDequantizedOutput<uint8_t>(), ElementsAreArray(ArrayFloatNear({0.5f, 1.5f}, 0.02f)));  // expect: oa api=tflite::ArrayFloatNear cat=abs thr=customized tol=atol:literal:0.02
}

}  // namespace
}  // namespace tflite
