// A helper asserting that a mismatch did not happen: too far apart absolutely, and relatively
// unless the reference is zero.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

void expectNoMismatch(const std::string& name, float test, float ref, double atol, double rtol) {
  const double t = static_cast<double>(test);
  const double r = static_cast<double>(ref);
  const bool mismatch = std::fabs(t - r) > atol && (r == 0 || std::fabs((t - r) / r) > rtol);
  ASSERT_FALSE(mismatch) << "mismatch in " << name << ": " << t << " vs " << r;  // expect: exact api=ASSERT_FALSE
}

}  // namespace

TEST(MismatchFlag, ScaledSum) {
  const float sum = 0.1f + 0.2f;
  expectNoMismatch("sum", sum, 0.3f, 1e-6, 1e-5);  // expect: oa api=expectNoMismatch cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:literal:1e-05
}
