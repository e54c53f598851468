// A test program defining its own two-parameter `check_for_match` overloads, each within a fixed
// EPS, beside the suite's headers that define others of two and three parameters.
#include <cmath>
#include <cstdlib>
#include <vector>

#include "minitensor/tensor.h"
#include "overloaded_checks_float.h"

static const double EPS = 1e-6;

bool check_for_match(minitensor::Matrix const& reference, minitensor::Matrix const& computed) {
  for (std::size_t i = 0; i < reference.size(); ++i)
    if (std::fabs(reference[i] - computed[i]) > EPS) return false;
  return true;
}

bool check_for_match(std::vector<double> const& reference, std::vector<double> const& computed) {
  for (std::size_t i = 0; i < reference.size(); ++i)
    if (std::fabs(reference[i] - computed[i]) > EPS) return false;
  return true;
}

int run_solver_checks() {
  std::vector<double> b = {1.0, 2.0}, x = minitensor::solve_diagonal({2.0, 4.0}, b);
  std::vector<double> want = {0.5, 0.5};
  if (!check_for_match(want, x))  // expect: oa api=check_for_match(std::vector<double>,std::vector<double>) cat=abs thr=default tol=atol:default:1e-06
    return EXIT_FAILURE;
  return EXIT_SUCCESS;
}

int main() { return run_solver_checks() == EXIT_SUCCESS ? run_float_checks<float>(1e-5) : EXIT_FAILURE; }
