// Test suites that generate their tests with macros and hand each group its tolerance where the
// group is generated: the file-level call (`SCALE_TESTS(float, 1e-5)`) is the OA call site, with
// the tolerance it passes down through a macro that pastes test names together (`##`) to the
// helper that checks. A helper that checks its special values with a tolerance of its own and the
// rest with one its caller scales (`ulps` type epsilons) takes the caller's.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "minitensor/tensor.h"

namespace {

template <typename T>
void checkScaled(int n, double factor, double eps) {
  std::vector<T> got = minitensor::scaled<T>(n, factor);
  for (int i = 0; i < n; ++i) ASSERT_NEAR(got[i], factor * i, eps);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
}

#define SCALE_TEST(type, n, factor, eps) \
  TEST(Scale, type##_by_##n) { checkScaled<type>(n, factor, eps); }  // expect: oa api=checkScaled cat=abs thr=depend tol=atol:depend

#define SCALE_TESTS(T, eps) \
  SCALE_TEST(T, 10, 2.0, eps) SCALE_TEST(T, 1000, 0.5, eps)  // expect: oa api=SCALE_TEST cat=abs thr=depend tol=atol:depend

SCALE_TESTS(float, 1e-5)  // expect: oa api=SCALE_TESTS cat=abs thr=customized tol=atol:literal:1e-05
SCALE_TESTS(double, 1e-12)  // expect: oa api=SCALE_TESTS cat=abs thr=customized tol=atol:literal:1e-12
SCALE_TEST(float, 3, 4.0, 2e-4)  // expect: oa api=SCALE_TEST cat=abs thr=customized tol=atol:literal:0.0002

template <typename T, typename F, typename Ref>
void checkUnary(F f, Ref ref, float ulps) {
  const T special[] = {T(0), std::numeric_limits<T>::infinity()};
  for (T x : special) ASSERT_NEAR(f(x), ref(x), std::numeric_limits<T>::epsilon());  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
  for (int i = 1; i < 100; ++i) {
    const T x = static_cast<T>(i) / 7;
    const T want = ref(x);
    const T bound = static_cast<T>(std::numeric_limits<T>::epsilon() * std::abs(want) * ulps);
    ASSERT_NEAR(f(x), want, bound);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
  }
}

TEST(Unary, Sigmoid) {
  checkUnary<float>(minitensor::sigmoid, [](float x) { return 1 / (1 + std::exp(-x)); }, 3);  // expect: oa api=checkUnary cat=abs thr=customized tol=atol:literal:3
}

}  // namespace
