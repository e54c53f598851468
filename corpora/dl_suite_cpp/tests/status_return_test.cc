// A suite whose tests report by their return value (a registry runs each `run()` and counts the
// ones that return false): a closeness check that fails returns false, with a message first.
#include <cassert>
#include <cmath>
#include <cstdio>

#include "minitensor/compare.h"
#include "minitensor/tensor.h"

static bool checkRelative(const float* result, const float* expected, int size, float rtol) {
  float largest = 0.0f;
  for (int i = 0; i < size; ++i) largest = std::fmax(std::fabs(expected[i]), largest);
  const float bound = largest * rtol;
  for (int i = 0; i < size; ++i) {
    if (std::fabs(result[i] - expected[i]) > bound) {
      printf("%d: %f != %f\n", i, result[i], expected[i]);
      return false;
    }
  }
  return true;
}

struct SigmoidCase {
  bool run() {
    const float out[2] = {minitensor::sigmoid(0.0f), minitensor::sigmoid(1.0f)};
    const float ref[2] = {0.5f, 0.7310586f};
    if (!checkRelative(out, ref, 2, 0.001f)) {  // expect: oa api=checkRelative cat=abs_rel thr=customized tol=rtol:literal:0.001
      printf("sigmoid differs from its reference values\n");
      return false;
    }
    const float error = std::fabs(out[0] - ref[0]);
    if (error > 1e-6f) {  // expect: oa api=return cat=error_bound thr=customized tol=bound:literal:1e-06
      printf("sigmoid(0) is off by %f\n", error);
      return false;
    }
    minitensor::Tensor got{{out[0], out[1]}}, want{{ref[0], ref[1]}};
    assert(minitensor::tensorsClose(got, want, 0.04f));  // expect: oa api=minitensor::tensorsClose cat=abs_rel thr=customized tol=rtol:literal:0.04
    return true;
  }
};

int main() {
  SigmoidCase sigmoid;
  return sigmoid.run() ? 0 : 1;
}
