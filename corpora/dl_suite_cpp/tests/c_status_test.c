#include "tests/c_checks.h"
#include "tests/c_status.h"

float* run_softmax(const float* x, int n);

static int check_softmax(const float* x, const float* expected, int n) {
  int status = 0;
  float* got = run_softmax(x, n);
  for (int i = 0; (i < n) && (status == 0); ++i) {
    STATUS_ASSERT(status, approximatelyEqual(got[i], expected[i], 0.001f), "softmax mismatch");  // expect: oa api=approximatelyEqual cat=abs_rel thr=customized tol=rtol:literal:0.001
  }
  return status;
}

int test_softmax_of_equal_inputs(void) {
  const float x[] = {1.0f, 1.0f};
  const float expected[] = {0.5f, 0.5f};
  return check_softmax(x, expected, 2);  // expect: oa api=check_softmax cat=abs_rel thr=default tol=rtol:default:0.001
}

int test_softmax_of_one_input(void) {
  int status = 0;
  const float x[] = {0.0f};
  float* got = run_softmax(x, 1);
  STATUS_ASSERT(status, approximatelyEqual(got[0], 1.0f, 1e-6f), "single element");  // expect: oa api=approximatelyEqual cat=abs_rel thr=customized tol=rtol:literal:1e-06
  STATUS_ASSERT(status, got != 0, "no output");  // expect: not-oa api=STATUS_ASSERT
  return status;
}

int main(void) { return test_softmax_of_equal_inputs() + test_softmax_of_one_input(); }
