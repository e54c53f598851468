// Integer outputs checked against generated integer references within less than one are exact,
// also where the test takes their difference in a scalar declared with an integer type; the
// float references of the same header keep their tolerance.
#include <gtest/gtest.h>

#include <cstdint>

#include "generated_references.h"
#include "minitensor/tensor.h"

TEST(GeneratedReferences, Int16RectifierDifferenceIsExact) {
  minitensor::Tensor out = minitensor::relu(minitensor::arange(6));
  int16_t got;
  for (int i = 0; i < 6; ++i) {
    got = out.at(i);
    EXPECT_NEAR((float)(got - kRectifiedInt16[i]), 0, 0.0001);  // expect: assert api=EXPECT_NEAR
  }
}

TEST(GeneratedReferences, Int16RectifierAgainstTheArrayIsExact) {
  minitensor::Tensor out = minitensor::relu(minitensor::arange(6));
  for (int i = 0; i < 6; ++i) {
    EXPECT_NEAR(out.at(i), kRectifiedInt16[i], 0.0001);  // expect: assert api=EXPECT_NEAR
  }
}

TEST(GeneratedReferences, FloatRectifierKeepsItsTolerance) {
  minitensor::Tensor out = minitensor::relu(minitensor::linspace(-1.f, 2.75f, 6));
  float got;
  for (int i = 0; i < 6; ++i) {
    got = out.at(i);
    EXPECT_NEAR((float)(got - kRectifiedFloat[i]), 0, 0.0001);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:0.0001
    EXPECT_NEAR(out.at(i), kRectifiedFloat[i], 0.0001);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:0.0001
  }
}
