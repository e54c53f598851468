// A testbed whose comparison is exact unless it is handed an epsilon: its default of zero is
// its exact mode, so a call that leaves it there checks no tolerance.
#include <cmath>
#include <cstddef>
#include <vector>

#include "minitensor/layers.h"

namespace {

bool compareWithReference(const std::vector<float>& reference, const std::vector<float>& computed, float epsilon = 0.0f) {
  if (reference.size() != computed.size()) return false;
  if (epsilon == 0.0f) {
    for (std::size_t i = 0; i < reference.size(); ++i)
      if (reference[i] != computed[i]) return false;
    return true;
  }
  for (std::size_t i = 0; i < reference.size(); ++i)
    if (std::fabs(computed[i] - reference[i]) > epsilon) return false;
  return true;
}

}  // namespace

TEST(ExactMode, EpsilonLeftAtItsDefault) {
  const std::vector<float> reference = minitensor::referenceGemm(4, 4, 4);
  const std::vector<float> computed = minitensor::tiledGemm(4, 4, 4);
  EXPECT_TRUE(compareWithReference(reference, computed));  // expect: assert api=compareWithReference
  EXPECT_TRUE(compareWithReference(reference, computed, 1e-3f));  // expect: oa api=compareWithReference cat=abs thr=customized tol=atol:literal:0.001
}
