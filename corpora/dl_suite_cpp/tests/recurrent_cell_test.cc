// A recurrent-cell test that defines its own `bool ArrayFloatNear(result, expected, size,
// threshold)` in the library's namespace, beside the kernel tests' matcher lists of that name
// (tests/kernel_matchers.h): this file calls its own, a predicate its truth checks assert.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "minitensor/tensor.h"

namespace tflite {
namespace {

template <typename T>
bool ArrayFloatNear(const T* result, const T* expected, int size, double threshold) {
  for (int i = 0; i < size; ++i) {
    if (std::abs(result[i] - expected[i]) > threshold) return false;
  }
  return true;
}

TEST(RecurrentCell, OneStep) {
  minitensor::Tensor state = minitensor::cellStep(minitensor::Tensor::ones({4}));
  const std::vector<float> want_state = {0.25f, 0.5f, 0.75f, 1.0f};
  EXPECT_TRUE(ArrayFloatNear(state.data(), want_state.data(), 4, 1e-3));  // expect: oa api=tflite::ArrayFloatNear(T,T,int,double)@tests/recurrent_cell_test.cc cat=abs thr=customized tol=atol:literal:0.001
}

}  // namespace
}  // namespace tflite
