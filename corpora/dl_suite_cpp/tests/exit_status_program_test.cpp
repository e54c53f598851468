// A test program without a test framework: it fails by returning EXIT_FAILURE from the routine
// that ran the check, and EXIT_SUCCESS otherwise; its closeness predicate answers false where a
// relative error passes the epsilon it is handed.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "minitensor/tensor.h"

template <typename T>
bool equal_within(std::vector<T> const& expected, std::vector<T> const& actual, double epsilon) {
  for (std::size_t i = 0; i < expected.size(); ++i)
    if (std::fabs(expected[i] - actual[i]) / std::max(std::fabs(expected[i]), std::fabs(actual[i])) > epsilon) return false;
  return true;
}

int run_test(double epsilon) {
  std::vector<float> x = {0.0f, 1.0f}, y = minitensor::sigmoid(x);
  std::vector<float> want = {0.5f, 0.7310586f};
  if (!equal_within(want, y, epsilon))  // expect: oa api=equal_within cat=abs_rel thr=depend tol=rtol:depend
    return EXIT_FAILURE;
  return EXIT_SUCCESS;
}

int main() { return run_test(1e-5); }
