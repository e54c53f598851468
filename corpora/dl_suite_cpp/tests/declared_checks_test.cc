// A check known by its declaration: its body hands a functor to std::mismatch, which the scan
// does not follow, but its name and its `float maxAbsDiff` say what it checks. And conditions
// compared with a bool literal, as suites write them instead of EXPECT_TRUE.
#include <algorithm>
#include <cmath>
#include <string>

#include "minitensor/tensor.h"

namespace {

struct WithinAbs {
  float limit;
  explicit WithinAbs(float l) : limit(l) {}
  bool operator()(float a, float b) const { return std::fabs(a - b) <= limit; }
};

::testing::AssertionResult assertTensorsNear(std::string aName, std::string bName, std::string limitName,
                                             const minitensor::Tensor& a, const minitensor::Tensor& b, float maxAbsDiff) {
  const auto first = std::mismatch(a.data.begin(), a.data.end(), b.data.begin(), WithinAbs(maxAbsDiff));
  if (first.first == a.data.end()) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << aName << " and " << bName << " differ by more than " << limitName;
}

#define EXPECT_TENSORS_NEAR(EXPECTED, ACTUAL, LIMIT) EXPECT_PRED_FORMAT3(assertTensorsNear, EXPECTED, ACTUAL, LIMIT)  // expect: oa api=assertTensorsNear cat=abs thr=depend tol=atol:depend

TEST(DeclaredChecks, KnownByTheirSignature) {
  minitensor::Tensor gold, out;
  out = minitensor::softmax(gold);
  EXPECT_TENSORS_NEAR(gold, out, 1e-4f);  // expect: oa api=EXPECT_TENSORS_NEAR cat=abs thr=customized tol=atol:literal:0.0001
}

TEST(BoolLiteralComparisons, ConditionEqualsALiteral) {
  const float y = minitensor::sigmoid(0.0f);
  ASSERT_EQ(std::abs(y - 0.5f) < 1e-6f, true);  // expect: oa api=ASSERT_EQ cat=error_bound thr=customized tol=bound:literal:1e-06
  bool withinTolerance = std::abs(y - 0.5f) < 1e-5f;
  EXPECT_EQ(true, withinTolerance);  // expect: oa api=EXPECT_EQ cat=error_bound thr=customized tol=bound:literal:1e-05
  EXPECT_EQ(false, std::abs(y - 0.5f) > 1e-3f);  // expect: oa api=EXPECT_EQ cat=error_bound thr=customized tol=bound:literal:0.001
  EXPECT_EQ(y > 0.f, true);  // expect: not-oa api=EXPECT_EQ
}

}  // namespace
