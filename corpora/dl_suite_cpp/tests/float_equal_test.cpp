// Sums checked equal up to one unit in the last place through the library's function object and
// its plain function, both answering whether one value lies between the other's neighbours.
#include "include/expect_framework.h"
#include "minitensor/float_equal.h"

static float add(float a, float b) { return a + b; }

void sums_within_one_ulp() {
  const float a = 0.1f, b = 0.2f;
  EXPECT(minitensor::float_equal(add(a, b), 0.3f));  // expect: oa api=minitensor::float_equal cat=ulp thr=default tol=ulps:default:1
  EXPECT(minitensor::within_one_ulp(0.3f, add(a, b)));  // expect: oa api=minitensor::within_one_ulp cat=ulp thr=default tol=ulps:default:1
  EXPECT(add(a, b) > 0.f);  // expect: assert api=EXPECT
}

int main() {
  sums_within_one_ulp();
  return 0;
}
