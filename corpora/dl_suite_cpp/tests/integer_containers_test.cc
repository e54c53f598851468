// Containers of integers compared within less than one are exact checks written the long way
// (counts per bin in a double-ended queue), whatever container holds them; an integer output
// against a floating reference (a quantized result against the float value it rounds) keeps its
// tolerance.
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>

TEST(IntegerContainers, CountsPerBinAreComparedExactly) {
  const std::deque<long> counts = {3, 1, 4};
  const std::deque<long> expected = {3, 1, 4};
  for (size_t i = 0; i < counts.size(); ++i) {
    EXPECT_NEAR(counts[i], expected[i], 0.5);  // expect: assert api=EXPECT_NEAR
  }
}

TEST(IntegerContainers, QuantizedOutputWithinAStepOfItsFloatReference) {
  const std::deque<int8_t> quantized = {12, -7, 100};
  const std::deque<double> reference = {12.3, -6.8, 99.6};
  for (size_t i = 0; i < quantized.size(); ++i) {
    EXPECT_NEAR(reference[i], static_cast<double>(quantized[i]), 0.9);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:0.9
  }
}
