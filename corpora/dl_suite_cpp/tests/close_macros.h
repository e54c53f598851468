// A closeness macro with optional tolerances: the selector picks the macro that takes as many
// arguments as the call gives.
#pragma once
#include <gtest/gtest.h>

#include "minitensor/closeness.h"

#define PICK_BY_COUNT(_1, _2, _3, _4, CHOSEN, ...) CHOSEN
#define EXPECT_TENSORS_CLOSE2(a, b) EXPECT_TRUE(::minitensor::ArraysClose(a, b, 1e-5, 1e-8))  // expect: oa api=minitensor::ArraysClose cat=abs_rel thr=customized tol=atol:literal:1e-08,rtol:literal:1e-05
#define EXPECT_TENSORS_CLOSE3(a, b, rtol) EXPECT_TRUE(::minitensor::ArraysClose(a, b, rtol, 1e-8))  // expect: oa api=minitensor::ArraysClose cat=abs_rel thr=depend tol=atol:literal:1e-08,rtol:depend
#define EXPECT_TENSORS_CLOSE4(a, b, rtol, atol) EXPECT_TRUE(::minitensor::ArraysClose(a, b, rtol, atol))  // expect: oa api=minitensor::ArraysClose cat=abs_rel thr=depend tol=atol:depend,rtol:depend
#define EXPECT_TENSORS_CLOSE(...) \
  PICK_BY_COUNT(__VA_ARGS__, EXPECT_TENSORS_CLOSE4, EXPECT_TENSORS_CLOSE3, EXPECT_TENSORS_CLOSE2)(__VA_ARGS__)
