// A third file's `run`: it checks two outputs, each verdict kept in a local and the two joined,
// one of them through a check that falls back to the absolute error where the wanted value is
// zero.
#include <gtest/gtest.h>

#include <vector>

#include "eps_checks.h"
#include "minitensor/tensor.h"

template <typename T>
int run(int n, T alpha) {
  std::vector<T> pos(n), neg(n), want_pos(n, alpha), want_neg(n, T(0));
  for (int i = 0; i < n; ++i) {
    pos[i] = minitensor::relu(alpha);
    neg[i] = minitensor::relu(-alpha);
  }
  const bool good_pos = all_near_in_eps(pos.data(), want_pos.data(), n, 1, 4, std::cout);
  const bool good_neg = all_near_or_zero(neg.data(), want_neg.data(), n, 4);
  const bool good = good_pos && good_neg;
  return (int)good;
}

TEST(PairRoutine, Float) {
  EXPECT_PASSED_OR_SKIPPED(run<float>(5, 0.5f));  // expect: oa api=run@tests/skip_or_pass_pair_test.cpp cat=abs_rel thr=customized tol=rtol:constant
}

TEST(PairRoutine, ZeroWanted) {
  EXPECT_TRUE(near_or_zero(minitensor::relu(-1.0f), 0.0f, 4));  // expect: oa api=near_or_zero cat=abs_rel thr=customized tol=rtol:literal
}
