// Calls of the mantissa-bit check (mantissa_bits.h), a gradient helper that answers with the
// verdict of a closeness predicate on the two gradients it computes, and a closeness predicate
// on integer vectors, which compares them exactly.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "mantissa_bits.h"
#include "minitensor/ops.h"

namespace suite {

template <typename T>
bool near_all(const std::vector<T>& a, const std::vector<T>& b, T atol = static_cast<T>(1e-8)) {
  for (size_t i = 0; i < a.size(); ++i)
    if (std::abs(a[i] - b[i]) > atol) return false;
  return true;
}

template <typename T>
::testing::AssertionResult gradients_agree(const std::vector<T>& x, T atol) {
  auto numeric = minitensor::numeric_gradient(x);
  auto symbolic = minitensor::backprop_gradient(x);
  return near_all(numeric, symbolic, atol);
}

}  // namespace suite

TEST(MantissaBits, Softmax) {
  std::vector<float> want{0.25f, 0.68f, 0.07f};
  EXPECT_TRUE(suite::bits::close_bits(want, minitensor::softmax({0.5f, 1.5f, -1.0f})));  // expect: oa api=bits::close_bits(vector<float>,vector<float>,int) cat=abs thr=default tol=atol:default:2
  EXPECT_TRUE(suite::bits::close_bits(want, minitensor::softmax({0.5f, 1.5f, -1.0f}), 6));  // expect: oa api=bits::close_bits(vector<float>,vector<float>,int) cat=abs thr=customized tol=atol:literal:6
}

TEST(MantissaBits, Gradients) {
  std::vector<float> x{0.1f, 0.2f};
  EXPECT_TRUE(suite::gradients_agree<float>(x, 1e-3f));  // expect: oa api=suite::gradients_agree cat=abs thr=customized tol=atol:literal:0.001
}

TEST(MantissaBits, IntegerVectors) {
  EXPECT_TRUE(suite::near_all(minitensor::argmax_rows(std::vector<int64_t>{3, 1, 2}), std::vector<int64_t>{0, 0, 0}));  // expect: assert api=suite::near_all
}

TEST(MantissaBits, IntegerTensorsOfTheLibrary) {
  // Positions, comparison results and tensors filled with an integer or given an integer type
  // are compared exactly, whatever the closeness check; a float fill is not.
  std::vector<float> x{0.5f, 1.5f};
  EXPECT_TRUE(suite::near_all(minitensor::argsort(x), minitensor::full(2, 0)));  // expect: assert api=suite::near_all
  EXPECT_TRUE(suite::near_all(minitensor::full(2, 5, minitensor::dtype::s32), minitensor::ones_like(x)));  // expect: assert api=suite::near_all
  EXPECT_TRUE(suite::near_all(minitensor::relu(x), minitensor::full(2, 0.5f)));  // expect: oa api=suite::near_all cat=abs thr=default tol=atol:default:1e-08
}

TEST(MantissaBits, IntegerTensorsIndexedAndShifted) {
  // An element of an integer tensor read by a call (`counts(0)`) and integer arithmetic on one
  // (`counts + 3`) stay whole numbers: compared exactly.
  auto counts = minitensor::full(4, 2, minitensor::dtype::s32);
  auto shifted = counts + 3;
  EXPECT_TRUE(suite::near_all(counts(0), minitensor::full(1, 2.0f)));  // expect: assert api=suite::near_all
  EXPECT_TRUE(suite::near_all(shifted, counts + 3));  // expect: assert api=suite::near_all
}

TEST(MantissaBits, IntegerTensorsCapturedByALambda) {
  // `flags` is the test's integer tensor; the lambda that checks against it captures it.
  auto flags = minitensor::full(2, 1, minitensor::dtype::s32);
  auto check = [&](float scale) {
    EXPECT_TRUE(suite::near_all(minitensor::full(2, scale), flags));  // expect: assert api=suite::near_all
  };
  suite::for_each_scale(check);
}

TEST(MantissaBits, IntegerContainersDeclaredAsSuch) {
  // A container or array declared with an integer element type, a tensor made from one, and a
  // tensor given an integer type through a local hold whole numbers; a float vector does not.
  std::vector<unsigned int> peaks = {0, 4, 8};
  constexpr int32_t golden[] = {1, -2, 3};
  std::vector<float> weights = {0, 4, 8};
  const auto kind = minitensor::dtype::s32;
  auto steps = minitensor::iota(3, kind);
  EXPECT_TRUE(suite::near_all(minitensor::argmax_rows(weights), minitensor::Tensor::fromVector(peaks)));  // expect: assert api=suite::near_all
  EXPECT_TRUE(suite::near_all(minitensor::round_half(golden), golden));  // expect: assert api=suite::near_all
  EXPECT_TRUE(suite::near_all(minitensor::cumsum(weights), steps));  // expect: assert api=suite::near_all
  EXPECT_TRUE(suite::near_all(minitensor::relu(weights), minitensor::Tensor::fromVector(weights)));  // expect: oa api=suite::near_all cat=abs thr=default tol=atol:default:1e-08
}
