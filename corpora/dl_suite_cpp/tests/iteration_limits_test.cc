// An iterative solver's sweep or step count kept under its limit is a count, not an error: the
// limit's name (`max_sweeps`, `max_steps`) holds the letters of `eps` without naming an epsilon.
// The residual the same solver reports, kept under a tolerance, is an error bound.
#include <gtest/gtest.h>

#include <vector>

struct JacobiResult {
  std::vector<int> sweeps;
  std::vector<float> residual;
};

JacobiResult runJacobi(int n, float tolerance, int max_sweeps);

static void checkJacobi(const JacobiResult& r, float tolerance, const int max_sweeps) {
  for (size_t b = 0; b < r.sweeps.size(); ++b) {
    EXPECT_LE(r.sweeps[b], max_sweeps);  // expect: assert api=EXPECT_LT
    EXPECT_LE(r.residual[b], tolerance);  // expect: oa api=EXPECT_LT cat=error_bound thr=depend tol=bound:depend
  }
}

TEST(IterationLimits, SweepsStayUnderTheirLimit) {
  const int max_sweeps = 100;
  const float tolerance = 1e-6f;
  checkJacobi(runJacobi(8, tolerance, max_sweeps), tolerance, max_sweeps);  // expect: oa api=checkJacobi cat=error_bound thr=customized tol=bound:constant:1e-06
}

TEST(IterationLimits, StepsStayUnderTheirLimit) {
  const int max_steps = 50;
  int steps = 0;
  while (steps < 40) ++steps;
  ASSERT_LT(steps, max_steps);  // expect: assert api=EXPECT_LT
}
