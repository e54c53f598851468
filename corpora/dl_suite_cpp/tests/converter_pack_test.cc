// A converter test building its own matcher list, one gmock FloatNear a value, as each converter
// test file does for itself: the helper is FloatNear applied to every element, within its
// default unless the call gives one. Other files call the kernel tests' function of that name.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "minitensor/tensor.h"

namespace converter {
namespace {

std::vector<testing::Matcher<float>> ArrayFloatNear(const std::vector<float>& values, float max_abs_error = 1e-5) {
  std::vector<testing::Matcher<float>> matchers;
  matchers.reserve(values.size());
  for (const float& v : values) {
    matchers.push_back(testing::FloatNear(v, max_abs_error));
  }
  return matchers;
}

TEST(ResolvePack, FoldsConstants) {
  const std::vector<float> folded = minitensor::fold("pack");
  const std::vector<float> expected = {1.5f, -0.25f, 3.0f};
  EXPECT_THAT(folded, testing::ElementsAreArray(ArrayFloatNear(expected)));  // expect: oa api=converter::ArrayFloatNear@tests/converter_pack_test.cc cat=abs thr=default tol=atol:default:1e-05
  EXPECT_THAT(folded, testing::ElementsAreArray(ArrayFloatNear({1.5f}, 1e-4)));  // expect: oa api=converter::ArrayFloatNear@tests/converter_pack_test.cc cat=abs thr=customized tol=atol:literal:0.0001
}

}  // namespace
}  // namespace converter
