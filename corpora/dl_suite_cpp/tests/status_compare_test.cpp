// A test program whose comparison helpers answer like a C routine: 0 when every element is close,
// a negative status at the first one that is not. The tests call them inside an `if` that reports
// and fails; the helper's nonzero answer is the values differing, not a verdict that they agree.
#include <cmath>
#include <cstdio>

#include "minitensor/tensor.h"

static bool WithinEpsilon(float a, float b, float epsilon) { return std::fabs(a - b) <= epsilon; }

static int CompareBuffers(const float* a, const float* b, int n, float epsilon) {
  for (int i = 0; i < n; i++) {
    if (!WithinEpsilon(a[i], b[i], epsilon)) {
      fprintf(stderr, "value not match at %d: %f %f\n", i, a[i], b[i]);
      return -1;
    }
  }
  return 0;
}

static int CompareRounded(const float* a, const float* b, int n) {
  for (int i = 0; i < n; i++) {
    if (std::fabs(a[i] - b[i]) > 0.5f) return -1;
  }
  return 0;
}

static int test_sigmoid_buffers() {
  const float out[2] = {minitensor::sigmoid(0.0f), minitensor::sigmoid(1.0f)};
  const float ref[2] = {0.5f, 0.7310586f};
  if (CompareBuffers(out, ref, 2, 0.001f) != 0) {  // expect: oa api=CompareBuffers cat=abs thr=customized tol=atol:literal:0.001
    fprintf(stderr, "sigmoid differs from its reference values\n");
    return -1;
  }
  if (CompareRounded(out, ref, 2)) {  // expect: oa api=CompareRounded cat=abs thr=default tol=atol:default:0.5
    fprintf(stderr, "sigmoid is off by more than half\n");
    return -1;
  }
  if (0 != CompareBuffers(out, ref, 2, 1e-6f)) return -1;  // expect: oa api=CompareBuffers cat=abs thr=customized tol=atol:literal:1e-06
  return 0;
}

int main() { return test_sigmoid_buffers(); }
