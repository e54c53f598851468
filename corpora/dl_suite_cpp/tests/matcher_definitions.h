// Matchers a suite defines with gmock's MATCHER_P, and the macros it checks tensors with: a
// closeness predicate applied to the value EXPECT_THAT is given, one that passes zero for every
// tolerance (an exact check), and a second tolerance passed on. The predicate bounds the error
// by a local holding `atol + |rtol * b|`, its atol an optional read with `value_or`.
#pragma once
#include <gmock/gmock.h>

#include "minitensor/tensor.h"

bool tensorsClose(const minitensor::Tensor& a, const minitensor::Tensor& b, double rtol = 1e-5, std::optional<double> opt_atol = 1e-8) {
  const double atol = opt_atol.value_or(1e-8);
  for (int i = 0; i < a.size(); ++i) {
    const double allowed_error = atol + std::abs(rtol * static_cast<double>(b[i]));
    const double actual_error = std::abs(a[i] - b[i]);
    if (actual_error > allowed_error) return false;
  }
  return true;
}

MATCHER_P(IsCloseTo, other, "") { return tensorsClose(arg, other); }
MATCHER_P3(IsCloseToWithTol, other, rtol, atol, "is close to the other tensor") { return tensorsClose(arg, other, rtol, atol); }
MATCHER_P(IsEqualTo, other, "") { return tensorsClose(arg, other, /*rtol=*/0, /*atol=*/0); }

#define EXPECT_TENSOR_CLOSE(t1, t2) EXPECT_THAT((t1), IsCloseTo(t2))  // expect: oa api=IsCloseTo cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
#define EXPECT_TENSOR_CLOSE_WITH_TOL(t1, t2, rtol, atol) EXPECT_THAT((t1), IsCloseToWithTol(t2, rtol, atol))  // expect: oa api=IsCloseToWithTol cat=abs_rel thr=depend tol=atol:depend,rtol:depend
#define EXPECT_TENSOR_EQ(t1, t2) EXPECT_THAT((t1), IsEqualTo(t2))  // expect: assert api=EXPECT_THAT
