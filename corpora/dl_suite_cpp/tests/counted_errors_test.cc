// Failures counted where they happen and acted on later: a program that returns nonzero when
// its count is, a test that asserts the count is zero after the loop, and one that clears a
// flag it asserts afterwards or returns as its verdict to a harness that runs it by pointer.
#include <cmath>
#include <cstdio>
#include <vector>

#include "minitensor/closeness.h"
#include "minitensor/layers.h"

int checkSoftplusProgram() {
  int num_errors = 0;
  const std::vector<float> x = minitensor::linspace(-4.0f, 4.0f, 33);
  for (std::size_t i = 0; i < x.size(); ++i) {
    const float expected = std::log1p(std::exp(x[i]));
    if (std::fabs(minitensor::softplus(x[i]) - expected) > 1e-5f) {  // expect: oa api=return cat=error_bound thr=customized tol=bound:literal:1e-05
      std::printf("softplus(%f) is off\n", x[i]);
      num_errors++;
    }
  }
  if (num_errors) {
    std::fprintf(stderr, "%d errors\n", num_errors);
    return 1;
  }
  return 0;
}

TEST(CountedErrors, AssertedZeroAfterTheLoop) {
  const std::vector<float> x = minitensor::linspace(-1.0f, 1.0f, 9);
  int mismatches = 0;
  for (float v : x)
    if (std::fabs(minitensor::tanh(v) - std::tanh(v)) > 2e-6f) ++mismatches;  // expect: oa api=EXPECT_EQ cat=error_bound thr=customized tol=bound:literal:2e-06
  EXPECT_EQ(mismatches, 0);  // expect: assert api=EXPECT_EQ
}

TEST(CountedErrors, FlagClearedThenAsserted) {
  const std::vector<float> x = minitensor::linspace(0.5f, 2.0f, 7);
  bool all_close = true;
  bool sizes_match = true;
  for (float v : x) {
    if (std::fabs(minitensor::softplus(v) - std::log1p(std::exp(v))) > 1e-4f) all_close = false;  // expect: oa api=EXPECT_TRUE cat=error_bound thr=customized tol=bound:literal:0.0001
    if (x.size() != 7) sizes_match = false;
  }
  EXPECT_TRUE(all_close);    // expect: assert api=EXPECT_TRUE
  EXPECT_TRUE(sizes_match);  // expect: assert api=EXPECT_TRUE
}

// A verdict returned to the harness that holds a pointer to the function (never called by name
// here): a comparison that fails clears it, as `return false` would.
bool tanhAccuracy() {
  bool result = true;
  const std::vector<float> x = minitensor::linspace(-3.0f, 3.0f, 13);
  for (float v : x) {
    if (std::fabs(minitensor::tanh(v) - std::tanh(v)) > 3e-6f) {  // expect: oa api=return cat=error_bound thr=customized tol=bound:literal:3e-06
      std::printf("tanh(%f) is off\n", v);
      result = false;
    }
  }
  return result;
}

// Or the verdict of one check, returned as the test's own.
bool softmaxAccuracy() {
  const minitensor::Tensor x = minitensor::Tensor::FromValues(std::vector<float>{0.5f, 1.5f, 0.5f});
  const minitensor::Tensor want = minitensor::Tensor::FromValues(std::vector<float>{0.2119416f, 0.5761169f, 0.2119416f});
  return minitensor::ArraysClose(minitensor::softmax(x), want, 1e-4, 1e-6);  // expect: oa api=minitensor::ArraysClose cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:literal:0.0001
}

bool (*const kAccuracyChecks[])() = {tanhAccuracy, softmaxAccuracy};
