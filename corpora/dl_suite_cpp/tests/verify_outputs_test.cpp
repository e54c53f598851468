// Outputs checked through the suite's own `EXPECT(cond)` with the library's verifiers, which a
// versioned inline namespace holds; a tolerance braced into the verifier's struct is its value.
#include <vector>

#include "include/expect_framework.h"
#include "minitensor/verify.h"

static std::vector<float> run_softmax(const std::vector<float>& x) { return x; }

void softmax_matches_gold() {
  const std::vector<float> gold = {0.09f, 0.24f, 0.67f};
  const std::vector<float> out = run_softmax({0.09f, 0.24f, 0.67f});
  EXPECT(out.size() == gold.size());  // expect: assert api=EXPECT
  EXPECT(minitensor::verify::verify_rms(out, gold));  // expect: oa api=minitensor::verify::verify_rms cat=abs thr=default tol=atol:default:0.001
  EXPECT(minitensor::verify::verify_within(out, gold, minitensor::verify::tolerance{0.01}));  // expect: oa api=minitensor::verify::verify_within cat=abs thr=customized tol=atol:literal:0.01
}

int main() {
  softmax_matches_gold();
  return 0;
}
