// A helper that fills an array with the differences of two matrices, takes its norm relative to
// the reference's, and answers whether that is below a threshold.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "minitensor/tensor.h"

namespace {

double sum_abs(const float* values, int count) {
  double total = 0.0;
  for (int i = 0; i < count; ++i) total += std::fabs(values[i]);
  return total;
}

bool relative_matrix_close(const std::vector<float>& got, const std::vector<float>& want, int rows, int cols, float threshold = 10.0f) {
  std::vector<float> residual(rows * cols);
  for (int c = 0; c < cols; ++c)
    for (int r = 0; r < rows; ++r) residual[r + c * rows] = got[r + c * rows] - want[r + c * rows];
  const double norm_residual = sum_abs(residual.data(), rows * cols);
  const double norm_want = sum_abs(want.data(), rows * cols);
  const double rel_err = norm_residual / (norm_want > 0.0 ? norm_want : 1.0);
  const bool result = rel_err < threshold;
  return result;
}

}  // namespace

TEST(ResidualNorm, ReluOfPositiveMatrix) {
  std::vector<float> in(6, 0.5f), out(6);
  for (int i = 0; i < 6; ++i) out[i] = minitensor::relu(in[i]);
  EXPECT_TRUE(relative_matrix_close(out, in, 2, 3, 1e-6f));  // expect: oa api=relative_matrix_close cat=abs_rel thr=customized tol=rtol:literal:1e-06
  EXPECT_TRUE(relative_matrix_close(out, in, 3, 2));  // expect: oa api=relative_matrix_close cat=abs_rel thr=default tol=rtol:default:10
}
