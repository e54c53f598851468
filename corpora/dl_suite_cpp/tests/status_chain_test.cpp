// Layer tests that hand a status up: a helper runs the layer and a naive reference and answers
// -1 when their outputs differ; the test keeps its answer, reports it and returns it, and `main`
// combines the tests' statuses. The call whose status is handed up is the check.
#include <cmath>
#include <cstdio>

#include "minitensor/tensor.h"

static int CompareOutputs(const float* a, const float* b, int n, float epsilon) {
  for (int i = 0; i < n; i++)
    if (std::fabs(a[i] - b[i]) > epsilon) return -1;
  return 0;
}

static int run_sigmoid_against_naive(const float* in, int n, float epsilon = 0.001f) {
  float got[8], want[8];
  for (int i = 0; i < n; i++) {
    got[i] = minitensor::sigmoid(in[i]);
    want[i] = 1.0f / (1.0f + std::exp(-in[i]));
  }
  if (CompareOutputs(got, want, n, epsilon) != 0) {  // expect: oa api=CompareOutputs cat=abs thr=depend tol=atol:depend
    fprintf(stderr, "sigmoid differs from the naive formula\n");
    return -1;
  }
  return 0;
}

static int test_sigmoid_small() {
  const float in[3] = {-1.0f, 0.0f, 1.0f};
  int ret = run_sigmoid_against_naive(in, 3);  // expect: oa api=run_sigmoid_against_naive cat=abs thr=default tol=atol:default:0.001
  if (ret != 0) fprintf(stderr, "test_sigmoid_small failed\n");
  return ret;
}

static int test_sigmoid_loose() {
  const float in[2] = {-8.0f, 8.0f};
  int ret = run_sigmoid_against_naive(in, 2, 0.01f);  // expect: oa api=run_sigmoid_against_naive cat=abs thr=customized tol=atol:literal:0.01
  return ret;
}

int main() { return test_sigmoid_small() || test_sigmoid_loose(); }
