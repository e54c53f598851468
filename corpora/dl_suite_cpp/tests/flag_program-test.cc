// A test program with no framework: each subtest folds its checks into a flag and hands the flag to
// a report that counts passes. Each statement folding a check in is that check; a flag asserted
// later is one check, read there; a count handed on checks nothing.
#include <cmath>
#include <cstdio>

#include "minitensor/tensor.h"

static bool almost_equal(double a, double b, double atol) { return std::fabs(a - b) < atol; }

static void report(const char* name, bool ok, int& npass, int& ntest) {
  std::printf("%s: %s\n", name, ok ? "OK" : "FAIL");
  npass += ok;
  ++ntest;
}

static int mismatches(const float* a, const float* b, int n) {
  int count = 0;
  for (int i = 0; i < n; ++i) count += a[i] != b[i];
  return count;
}

static void test_losses(int& npass, int& ntest) {
  constexpr double atol = 1e-6;
  bool subtest_ok = true;
  subtest_ok = subtest_ok && almost_equal(minitensor::mse_loss(1.0, 0.5), 0.25, atol);  // expect: oa api=almost_equal cat=abs thr=customized tol=atol:constant:1e-06
  subtest_ok &= almost_equal(minitensor::mse_loss(0.0, 0.5), 0.25, 1e-7);  // expect: oa api=almost_equal cat=abs thr=customized tol=atol:literal:1e-07
  subtest_ok = subtest_ok && minitensor::mse_loss(2.0, 0.0) > 0;
  report("losses", subtest_ok, npass, ntest);
  {
    const bool sigmoid_ok = almost_equal(minitensor::sigmoid(0.0f), 0.5, 1e-6);  // expect: oa api=almost_equal cat=abs thr=customized tol=atol:literal:1e-06
    report("sigmoid", sigmoid_ok, npass, ntest);
  }
  const float got[2] = {minitensor::sigmoid(0.0f), minitensor::sigmoid(1.0f)}, want[2] = {0.5f, 0.73f};
  const int wrong = mismatches(got, want, 2);
  report("exact", wrong == 0, npass, ntest);
}

int main() {
  int npass = 0, ntest = 0;
  test_losses(npass, ntest);
  return npass == ntest ? 0 : 1;
}
