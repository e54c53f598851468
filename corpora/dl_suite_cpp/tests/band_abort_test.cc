// A suite whose helpers abort when a statistic leaves a band around its expected value, the
// band's half-width a share of that value (`rel`) or a tolerance of its own, the checks written
// inside a namespace a macro names (as SIMD suites name one per target).
#include <cmath>
#include <cstdio>

#include "minitensor/tensor.h"

namespace minitensor {
namespace MT_TARGET_NAMESPACE {

template <typename T>
MT_MAYBE_UNUSED void AssertNear(const char* name, double expected, T actual, double rel = 0.01) {
  const double tol = std::abs(expected * rel);
  if (actual < expected - tol || actual > expected + tol) {  // expect: oa api=abort_if cat=error_bound thr=depend tol=bound:depend
    HWY_ABORT("%s: %f outside [%f, %f]", name, actual, expected - tol, expected + tol);
  }
}

void TestBucketStatistics() {
  const double mean = minitensor::bucket_mean(), sd = minitensor::bucket_stdv();
  AssertNear("bucket mean", 65536, mean, 1E-4);  // expect: oa api=minitensor::MT_TARGET_NAMESPACE::AssertNear cat=abs_rel thr=customized tol=rtol:literal:0.0001
  AssertNear("bucket stdv", 320, sd);  // expect: oa api=minitensor::MT_TARGET_NAMESPACE::AssertNear cat=abs_rel thr=default tol=rtol:default:0.01
  if (mean > 70000.0 + 1e-3 || mean < 70000.0 - 1e-3) {  // expect: oa api=abort_if cat=error_bound thr=customized tol=bound:literal:0.001
    HWY_ABORT("mean drifted");
  }
}

}  // namespace MT_TARGET_NAMESPACE
}  // namespace minitensor
