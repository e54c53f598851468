// An error a helper of the suite computes, kept in a local whose own name says nothing, then
// bounded: the bound checks that error. A local holding a count bounded the same way is an order.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

double meanPercentErr(const std::vector<float>& ref, const std::vector<float>& out) {
  double total = 0;
  for (size_t i = 0; i < ref.size(); ++i) total += std::fabs((out[i] - ref[i]) / ref[i]);
  return total / ref.size();
}

size_t countAbove(const std::vector<float>& values, float level) {
  size_t n = 0;
  for (float v : values) n += v > level;
  return n;
}

}  // namespace

TEST(HeldError, MeanPercentErrorOfTheQuantizedProduct) {
  const std::vector<float> ref = {1.5f, 2.25f, -0.75f};
  const std::vector<float> out = {1.49f, 2.26f, -0.76f};
  double result = meanPercentErr(ref, out);
  EXPECT_LT(result, 0.1);  // expect: oa api=EXPECT_LT cat=error_bound thr=customized tol=bound:literal:0.1
}

TEST(HeldError, ACountIsAnOrder) {
  const std::vector<float> out = {1.49f, 2.26f, -0.76f};
  size_t result = countAbove(out, 2.f);
  EXPECT_LT(result, 2);  // expect: assert api=EXPECT_LT
}
