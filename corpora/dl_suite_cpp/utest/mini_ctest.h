/* A C unit-test framework in the form of ctest: test cases declared by a macro, checks that call a
 * function which reports and leaves the test (CTEST_ERR) when the values differ by more than the
 * tolerance; the absolute difference taken by hand, without the math library. */
#ifndef MINI_CTEST_H
#define MINI_CTEST_H

void CTEST_ERR(const char* fmt, ...); /* does not return */

void assert_dbl_near(double exp, double real, double tol, const char* caller, int line);
#define ASSERT_DBL_NEAR(exp, real) assert_dbl_near(exp, real, 1e-4, __FILE__, __LINE__)  // expect: oa api=assert_dbl_near cat=abs thr=customized tol=atol:literal:0.0001
#define ASSERT_DBL_NEAR_TOL(exp, real, tol) assert_dbl_near(exp, real, tol, __FILE__, __LINE__)  // expect: oa api=assert_dbl_near cat=abs thr=depend tol=atol:depend
void assert_equal(long exp, long real, const char* caller, int line);
#define ASSERT_EQUAL(exp, real) assert_equal(exp, real, __FILE__, __LINE__)

#ifdef CTEST_MAIN
void assert_dbl_near(double exp, double real, double tol, const char* caller, int line) {
  double diff = exp - real;
  double absdiff = diff;
  if (diff < 0) {
    absdiff *= -1;
  }
  if (absdiff > tol) {  // expect: oa api=abort_if cat=error_bound thr=depend tol=bound:depend
    CTEST_ERR("%s:%d expected %0.3e, got %0.3e", caller, line, exp, real);
  }
}

void assert_equal(long exp, long real, const char* caller, int line) {
  if (exp != real) {
    CTEST_ERR("%s:%d expected %ld, got %ld", caller, line, exp, real);
  }
}
#endif

#endif
