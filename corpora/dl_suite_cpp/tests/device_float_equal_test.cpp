// A device test includes the kernels' exact `float_equal`, not the host's one-ULP function object of
// the same qualified name: its checks compare exactly.
#include <minitensor/device/float_equal.h>

#include "include/expect_framework.h"

static float halve(float x) { return x / 2.f; }

void device_halves_exactly() {
  EXPECT(minitensor::float_equal(halve(5.f), 2.5f));  // expect: assert api=EXPECT
  EXPECT(!minitensor::float_equal(halve(5.f), 2.f));  // expect: assert api=EXPECT
}

int main() {
  device_halves_exactly();
  return 0;
}
