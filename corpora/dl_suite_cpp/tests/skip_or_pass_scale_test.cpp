// A routine per test file, each named `run`: this one applies relu to a positive matrix and answers
// whether every entry is within a multiple of epsilon that grows with the columns; the macro
// asserts its answer.
#include <gtest/gtest.h>

#include <vector>

#include "eps_checks.h"
#include "minitensor/tensor.h"

template <typename T>
int run(int rows, int cols, T alpha) {
  std::vector<T> got(rows * cols), want(rows * cols, alpha);
  for (int i = 0; i < rows * cols; ++i) got[i] = minitensor::relu(alpha);
  const bool good = all_near_in_eps(got.data(), want.data(), rows, cols, 10 * cols, std::cout);
  return (int)good;
}

TEST(ScaleRoutine, Float) {
  EXPECT_PASSED_OR_SKIPPED(run<float>(3, 4, 0.5f));  // expect: oa api=run@tests/skip_or_pass_scale_test.cpp cat=abs_rel thr=customized tol=rtol:constant
  EXPECT_PASSED_OR_SKIPPED(run<double>(2, 2, 0.25));  // expect: oa api=run@tests/skip_or_pass_scale_test.cpp cat=abs_rel thr=customized tol=rtol:constant
}
