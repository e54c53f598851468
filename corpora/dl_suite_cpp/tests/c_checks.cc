#include "tests/c_checks.h"

#include <math.h>

extern "C" int approximatelyEqual(float a, float b, float epsilon) {
  const float larger = fabsf(a) > fabsf(b) ? fabsf(a) : fabsf(b);
  return fabsf(a - b) <= larger * epsilon;
}
