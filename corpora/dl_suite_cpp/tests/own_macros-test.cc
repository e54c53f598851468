// A suite with no test framework: the library's assertion macros, its relative comparisons and a
// helper's explicit specialization. Named as such suites name their files (`-test.cc`).
#include "close_all.h"
#include "minitensor/failure.h"
#include "minitensor/vec.h"

namespace minitensor {

static float Halve(float x) { return x / 2; }

void UnitTestOwnMacros() {
  const float half = Halve(1.0f);
  MT_ASSERT(RelativelyClose(half, 0.5f));  // expect: oa api=minitensor::RelativelyClose cat=abs_rel thr=default tol=rtol:default:0.001
  MT_ASSERT(RelativelyClose(half, 0.5f, 0.01f));  // expect: oa api=minitensor::RelativelyClose cat=abs_rel thr=customized tol=rtol:literal:0.01
  MT_ASSERT(std::abs(half - 0.5f) < 1e-6f);  // expect: oa api=MT_ASSERT cat=error_bound thr=customized tol=bound:literal:1e-06
  MT_REQUIRE(std::abs(Halve(3.0f) - 1.5f) < 1e-5f);  // expect: oa api=MT_REQUIRE cat=error_bound thr=customized tol=bound:literal:1e-05
  MT_ASSERT(half > 0);  // expect: not-oa api=MT_ASSERT
}

void UnitTestVecMethods() {
  Vec got({1.0f, 2.0f}), want({1.0f, 2.001f});
  MT_ASSERT(got.ApproxEquals(want));  // expect: oa api=minitensor::Vec::ApproxEquals thr=default tol=atol:default:0.01
  MT_ASSERT(got.ApproxEquals(want, 0.05f));  // expect: oa api=minitensor::Vec::ApproxEquals thr=customized tol=atol:literal:0.05
  if (!got.ApproxEquals(want, 0.02f)) MT_FATAL << "vectors differ";  // expect: oa api=minitensor::Vec::ApproxEquals thr=customized tol=atol:literal:0.02
}

void UnitTestSpecializedHelper() {
  std::vector<float> got{0.5f, 0.25f}, want{0.5f, 0.25f};
  EXPECT_TRUE(suite::closeAll(got, want, 1e-4f, 1e-4f));  // expect: oa api=suite::closeAll cat=abs_rel thr=customized tol=atol:literal:0.0001,rtol:literal:0.0001
  EXPECT_TRUE(suite::closeAll(got, want));  // expect: oa api=suite::closeAll cat=abs_rel thr=default
}

}  // namespace minitensor
