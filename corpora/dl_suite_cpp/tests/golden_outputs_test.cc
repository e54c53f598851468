#include <gtest/gtest.h>

#include "minitensor/golden.h"
#include "minitensor/layers.h"

class GoldenOutputs : public ::testing::Test {
 protected:
  minitensor::GoldenStore* store = new minitensor::GoldenStore();
};

TEST_F(GoldenOutputs, SoftmaxMatchesStoredOutput) {
  minitensor::Tensor out = minitensor::softmax(minitensor::Tensor::arange(8));
  MT_EXPECT_GOLDEN(this->store, out, "softmax_arange8", 1e-6);  // expect: oa api=MT_EXPECT_GOLDEN cat=abs thr=customized tol=atol:literal:1e-06
}

TEST_F(GoldenOutputs, MismatchAnsweredDirectly) {
  minitensor::GoldenStore* golden = new minitensor::GoldenStore();
  minitensor::Tensor out = minitensor::relu(minitensor::Tensor::arange(8) - 4.0f);
  auto mismatch = golden->FirstMismatch(out, "relu_shifted", 1e-7);
  if (mismatch) {  // expect: oa api=minitensor::GoldenStore::FirstMismatch cat=abs thr=customized tol=atol:literal:1e-07
    FAIL() << "relu differs at " << mismatch->index;
  }
}

TEST(GoldenValues, VerdictKeptInALocal) {
  const double y = minitensor::sigmoid(0.0);
  const bool close = minitensor::GoldenStore::ValuesClose(y, 0.5, 1e-9);
  if (!close) {  // expect: oa api=minitensor::GoldenStore::ValuesClose cat=abs thr=customized tol=atol:literal:1e-09
    FAIL();
  }
  const bool exact = y == 0.5;
  if (!exact) {
    FAIL();
  }
}
