// One of three definitions of `check_for_match` in the suite: this header's takes the epsilon its
// callers hand it, another header's (integers) compares exactly, and a test program defines two
// of its own with a fixed epsilon. Each call reaches the definition its arguments fit.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "minitensor/tensor.h"

template <typename T>
bool check_for_match(std::vector<T> const& reference, std::vector<T> const& computed, double epsilon) {
  for (std::size_t i = 0; i < reference.size(); ++i) {
    const double scale = std::max(std::fabs(reference[i]), std::fabs(computed[i]));
    if (scale > 0 && std::fabs(reference[i] - computed[i]) / scale > epsilon) return false;
  }
  return true;
}

template <typename T>
int run_float_checks(double epsilon) {
  std::vector<T> x = {T(0), T(1)}, y = minitensor::sigmoid(x);
  std::vector<T> want = {T(0.5), T(0.7310586)};
  if (!check_for_match(want, y, epsilon))  // expect: oa api=check_for_match(std::vector<T>,std::vector<T>,double) cat=abs_rel thr=depend tol=rtol:depend
    return EXIT_FAILURE;
  return EXIT_SUCCESS;
}
