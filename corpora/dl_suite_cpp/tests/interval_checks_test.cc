// Suites that check a statistic of the errors against an interval: a predicate of their own
// (`InRange(lo, hi, x)`), a closeness predicate built on it (`NearAbs(e, x, tol)`), and a
// reporting helper that aborts when the value is outside. The statistics are named by what
// they measure: an L1 distance, a relative error, a count of ULPs.
#include <cstdio>
#include <cstdlib>

#include "minitensor/tensor.h"

namespace {

template <typename T>
bool InRange(T lo, T hi, T x) {
  return lo <= x && x <= hi;
}

template <typename T>
bool NearAbs(T expected, T x, T tol) {
  return InRange(expected - tol, expected + tol, x);
}

template <typename T>
void ExpectInRange(const char* what, T lo, T x, T hi) {
  if (!InRange(lo, hi, x)) {
    std::fprintf(stderr, "%s: %g not in [%g, %g]\n", what, double(x), double(lo), double(hi));
    HWY_ASSERT(false);  // expect: assert api=HWY_ASSERT cat=exact
  }
}

struct ErrorStats {
  float Min() const { return min_; }
  float Max() const { return max_; }
  float Mean() const { return mean_; }
  float min_ = 0, max_ = 0, mean_ = 0;
};

struct RoundTrip {
  const ErrorStats& L1() const { return l1_; }
  float SumL1() const { return l1_.mean_ * 64; }
  ErrorStats l1_;
};

RoundTrip measure() { return RoundTrip{}; }

TEST(IntervalChecks, OwnPredicates) {
  const float y = minitensor::sigmoid(0.0f);
  HWY_ASSERT(InRange(0.4999f, 0.5001f, y));  // expect: oa api=InRange cat=error_bound thr=customized tol=bound:literal:0.5001,lower_bound:literal:0.4999
  HWY_ASSERT(NearAbs(0.5f, y, 1e-4f));  // expect: oa api=NearAbs cat=abs thr=customized tol=atol:literal:0.0001
  // A range of sizes, not a tolerance: not OA.
  HWY_ASSERT(InRange(1, 8, 4));  // expect: assert api=InRange cat=exact
}

TEST(IntervalChecks, StatisticsOfTheErrors) {
  const RoundTrip stats = measure();
  HWY_ASSERT(stats.L1().Max() <= 0.08f);  // expect: oa api=HWY_ASSERT cat=error_bound thr=customized tol=bound:literal:0.08
  HWY_ASSERT(stats.SumL1() <= 1.3f);  // expect: oa api=HWY_ASSERT cat=error_bound thr=customized tol=bound:literal:1.3
  ErrorStats s_rels[2];
  ExpectInRange("relative", 1e-5f, s_rels[0].Max(), 2e-3f);  // expect: oa api=ExpectInRange cat=error_bound thr=customized tol=bound:literal:0.002,lower_bound:literal:1e-05
  HWY_ASSERT(s_rels[1].Max() < 8e-6f);  // expect: oa api=HWY_ASSERT cat=error_bound thr=customized tol=bound:literal:8e-06
  // Any error is at least zero: a sanity check, not a tolerance.
  HWY_ASSERT(stats.L1().Min() >= 0.0f);  // expect: assert api=HWY_ASSERT cat=exact
  // A tolerance's name holds the word too: the bound, not the error.
  const float rel_tolerance = 1e-3f;
  HWY_ASSERT(s_rels[0].Mean() <= rel_tolerance);  // expect: oa api=HWY_ASSERT cat=error_bound thr=customized tol=bound:constant:0.001
}

// Bands: a bound written as the expected value widened by a tolerance. The tolerance is the
// threshold and the expected value the oracle, on either side of the comparison.
TEST(IntervalChecks, BandsAroundAnExpectedValue) {
  const float snr = measure().L1().Max();
  const float min_snr = 30.0f, snr_tolerance = 0.5f;
  EXPECT_GE(snr, min_snr - snr_tolerance);  // expect: oa api=EXPECT_GE cat=error_bound thr=customized tol=bound:constant:0.5
  const float y = minitensor::sigmoid(0.0f);
  EXPECT_LE(y, 0.5f * (1 + 1e-3f));  // expect: oa api=EXPECT_LT cat=error_bound thr=customized tol=bound:literal:0.001
  ASSERT_LT(y, 0.5f + 1e-4f);  // expect: oa api=EXPECT_LT cat=error_bound thr=customized tol=bound:literal:0.0001
}

}  // namespace
