// A check the library defines as a method of its tensor (`minitensor/quantized.h`): the test
// calls `out.matches(ref, tol)` inside EXPECT_TRUE, as it would call a closeness predicate of
// its own. Its default is the method's own.
#include <gtest/gtest.h>

#include "minitensor/quantized.h"

namespace {

using minitensor::QTensor;

TEST(QuantizedConv, MatchesTheReference) {
  QTensor input;
  QTensor out = minitensor::quantizedConv(input);
  QTensor ref = minitensor::referenceConv(input);
  EXPECT_TRUE(out.matches(ref, 1.0f));  // expect: oa api=minitensor::QTensor::matches cat=abs thr=customized tol=atol:literal:1
  EXPECT_TRUE(out.matches(ref));  // expect: oa api=minitensor::QTensor::matches cat=abs thr=default tol=atol:default:0.0001
}

}  // namespace
