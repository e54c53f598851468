/* A C test program whose exit status is the verdict of a mismatch counter kept over its output. */
#include "tests/mismatch_status.h"

static void relu_into(const float* x, float* y, int n) {
  for (int i = 0; i < n; i++) y[i] = x[i] > 0.0f ? x[i] : 0.0f;
}

int main(void) {
  float x[3] = {-1.0f, 0.0f, 2.0f};
  float y[3];
  float reference[3] = {0.0f, 0.0f, 2.0f};
  relu_into(x, y, 3);
  int ret = magnitude_mismatch(y, reference, 3);  // expect: oa api=magnitude_mismatch cat=abs thr=default tol=atol:default:0.0001
  return ret;
}
