// The axpy test, run by clients/gtest/axpy_gtest.cpp for each element type.
#pragma once
#include <vector>

#include "include/element_checks.h"
#include "minitensor/blas.h"

template <typename T>
void testing_axpy(int64_t n, T alpha) {
  std::vector<T> x(n, T(1)), y(n, T(2)), y_ref(n);
  for (int64_t i = 0; i < n; ++i) y_ref[i] = alpha * x[i] + y[i];
  minitensor::axpy(n, alpha, x.data(), y.data());
  near_check<T>(n, y_ref.data(), y.data(), n * 1e-6);  // expect: oa api=near_check(int64_t,float,float,double) cat=abs thr=depend tol=atol:depend
  std::vector<T> again(n, T(2));
  minitensor::axpy(n, alpha, x.data(), again.data());
  unit_check<T>(n, y.data(), again.data());  // expect: oa api=unit_check(int64_t,float,float) cat=ulp thr=default tol=ulps:default:4
  const T eps = minitensor::epsilon<T>();
  residual_check<T>(minitensor::max_abs_diff(y_ref, y), n, T(10), eps);  // expect: oa api=residual_check(T,int64_t,T,T) cat=error_bound thr=default tol=bound:default
}

template <typename T, typename R>
void testing_argmax(int64_t n) {
  std::vector<T> x(n, T(1));
  R cpu = minitensor::reference_argmax(x), gpu = minitensor::argmax(x);
  unit_check<R>(1, &cpu, &gpu);
}
