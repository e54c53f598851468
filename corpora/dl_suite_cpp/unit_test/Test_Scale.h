// Scaling kernels against host loops, in a folder and under names the suite's CMake gives its
// unit tests (unit_test/, Test_*).
#pragma once
#include <vector>

#include "minitensor/blas.h"
#include "test_common/near_checks.h"

template <class Scalar>
void impl_test_scale(int n, Scalar alpha) {
  std::vector<Scalar> x(n, Scalar(2)), y(n);
  minitensor::scale(n, alpha, x.data(), y.data());
  const Scalar eps = 10 * minitensor::epsilon<Scalar>();
  for (int i = 0; i < n; ++i) EXPECT_NEAR_MT(y[i], alpha * x[i], eps);  // expect: oa api=EXPECT_NEAR_MT cat=abs thr=customized tol=atol:unresolved
  EXPECT_NEAR_MT_REL(minitensor::sum(n, y.data()), alpha * 2 * n, eps);  // expect: oa api=EXPECT_NEAR_MT_REL cat=abs thr=customized tol=atol:unresolved
}

#define FOR_EACH_ENTRY \
  for (int i = 0; i < n; ++i)

template <class Scalar>
void impl_test_axpby(int n, Scalar a) {
  std::vector<Scalar> x(n, Scalar(1)), y(n, Scalar(2));
  minitensor::axpby(n, a, x.data(), Scalar(1), y.data());
  FOR_EACH_ENTRY
  EXPECT_NEAR_MT(y[i], a + 2, 10 * minitensor::epsilon<Scalar>());  // expect: oa api=EXPECT_NEAR_MT cat=abs thr=customized tol=atol:unresolved
}

TEST(Scale, Float) { impl_test_scale<float>(8, 0.5f); }  // expect: oa api=impl_test_scale cat=abs thr=customized tol=atol:constant
