#include "minitensor/solve.h"
#include "tests/solver_fixtures.h"

using SolverTestFloat = SolverTest;

TEST_F(SolverTestFloat, Converges) { Run(minitensor::solve(4.0f), 2.0f); }  // expect: oa api=SolverTest::Run cat=abs thr=default tol=atol:default:0.0001

TEST_F(ApplicabilityTest, Supported) { Probe(minitensor::supported()); }

struct TimingTest : ::testing::Test {
  void Run() { minitensor::solve(1.0f); }
};

TEST_F(TimingTest, Runs) { Run(); }
