// Fixtures of the solver tests: two bases each with a RunImpl of their own, one that checks the
// solution within a tolerance and one that checks a flag.
#pragma once
#include <gtest/gtest.h>

struct SolverCheckBase {
  void RunImpl(float got, float want) { EXPECT_NEAR(got, want, 1e-4f); }  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:0.0001
};

struct SolverTest : SolverCheckBase, ::testing::Test {
  void Run(float got, float want) { this->RunImpl(got, want); }  // expect: oa api=SolverCheckBase::RunImpl cat=abs thr=default tol=atol:default:0.0001
};

struct ApplicabilityBase {
  void RunImpl(bool supported) { EXPECT_TRUE(supported); }  // expect: assert api=EXPECT_TRUE
};

struct ApplicabilityTest : ApplicabilityBase, ::testing::Test {
  void Probe(bool supported) { this->RunImpl(supported); }
};
