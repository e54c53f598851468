// Sums checked equal up to one unit in the last place through the library's function object and
// its plain function, both answering whether one value lies between the other's neighbours.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "include/expect_framework.h"
#include "minitensor/float_equal.h"

static float add(float a, float b) { return a + b; }

void sums_within_one_ulp() {
  const float a = 0.1f, b = 0.2f;
  EXPECT(minitensor::float_equal(add(a, b), 0.3f));  // expect: oa api=minitensor::float_equal cat=ulp thr=default tol=ulps:default:1
  EXPECT(minitensor::within_one_ulp(0.3f, add(a, b)));  // expect: oa api=minitensor::within_one_ulp cat=ulp thr=default tol=ulps:default:1
  EXPECT(add(a, b) > 0.f);  // expect: assert api=EXPECT
}

// A table of conversions checked entry by entry: the predicate each entry must satisfy is the check.
void halves_within_one_ulp() {
  const std::vector<std::pair<float, float>> halves = {{1.f, 0.5f}, {3.f, 1.5f}};
  EXPECT(bool{std::all_of(halves.begin(), halves.end(), [](const auto& p) {  // expect: oa api=minitensor::float_equal cat=ulp thr=default tol=ulps:default:1
    return minitensor::float_equal(p.first / 2.f, p.second);
  })});
  EXPECT(std::none_of(halves.begin(), halves.end(), [](const auto& p) { return std::abs(p.first - p.second) < 1e-3f; }));  // expect: oa api=EXPECT cat=error_bound thr=customized tol=bound:literal:0.001 negated
  EXPECT(std::all_of(halves.begin(), halves.end(), [](const auto& p) { return p.first > p.second; }));  // expect: assert api=EXPECT
}

int main() {
  sums_within_one_ulp();
  halves_within_one_ulp();
  return 0;
}
