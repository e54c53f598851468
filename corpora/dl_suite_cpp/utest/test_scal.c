/* Level-1 routines in C against naive loops, on the ctest-style framework of utest/mini_ctest.h. */
#include "mini_ctest.h"
#include "minitensor/cblas.h"

#define SINGLE_EPS 1e-04
#define DOUBLE_EPS 1e-13

CTEST(sscal, scales_in_place) {
  float x[] = {1.0f, 2.0f, 3.0f};
  mt_sscal(3, 0.5f, x, 1);
  ASSERT_DBL_NEAR_TOL(0.5, x[0], SINGLE_EPS);  // expect: oa api=ASSERT_DBL_NEAR_TOL cat=abs thr=customized tol=atol:constant:0.0001
  ASSERT_DBL_NEAR(1.5, x[2]);  // expect: oa api=ASSERT_DBL_NEAR cat=abs thr=default tol=atol:default:0.0001
}

CTEST(dnrm2, against_a_naive_loop) {
  double x[] = {3.0, 4.0};
  double naive = 0.0;
  for (int i = 0; i < 2; i++) naive += x[i] * x[i];
  ASSERT_DBL_NEAR_TOL(mt_sqrt(naive), mt_dnrm2(2, x, 1), DOUBLE_EPS);  // expect: oa api=ASSERT_DBL_NEAR_TOL cat=abs thr=customized tol=atol:constant:1e-13
  ASSERT_EQUAL(2, mt_count(x, 2));  // expect: assert api=ASSERT_EQUAL
}
