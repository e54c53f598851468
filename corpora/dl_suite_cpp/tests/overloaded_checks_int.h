// The integer definition of `check_for_match`: exact, two parameters.
#include <cstdlib>
#include <vector>

#include "minitensor/tensor.h"

inline bool check_for_match(std::vector<int> const& reference, std::vector<int> const& computed) {
  for (std::size_t i = 0; i < reference.size(); ++i)
    if (reference[i] != computed[i]) return false;
  return true;
}

inline int run_int_checks() {
  std::vector<int> x = {3, 1, 2}, sorted = minitensor::sort(x);
  std::vector<int> want = {1, 2, 3};
  // The exact definition: its verdict is no closeness check, and the scan reports none here.
  if (!check_for_match(want, sorted))
    return EXIT_FAILURE;
  return EXIT_SUCCESS;
}
