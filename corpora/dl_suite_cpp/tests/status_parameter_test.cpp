// A test program whose helper reports through the status it is handed by reference: it sets the
// caller's status to EXIT_FAILURE where the results differ by more than the tolerance, so each
// call checks by itself, and the program returns that status; checks failing in an `else`, and a
// verdict compared with the success status.
#include <cmath>
#include <cstdlib>
#include <iostream>

#include "minitensor/tensor.h"

template <typename ScalarT, typename Epsilon>
void run_relu_check(ScalarT const & reference, ScalarT const & result, int & retval, Epsilon const & epsilon)
{
  const double error = std::fabs(reference - result);
  if (error > epsilon)  // expect: oa api=status cat=error_bound thr=depend tol=bound:depend
  {
    std::cout << "FAILED: " << error << std::endl;
    retval = EXIT_FAILURE;
  }
}

int test(double epsilon)
{
  int retval = EXIT_SUCCESS;
  run_relu_check(2.0f, minitensor::relu(2.0f), retval, epsilon);  // expect: oa api=run_relu_check cat=abs thr=depend tol=atol:depend
  run_relu_check(0.0f, minitensor::relu(-1.0f), retval, 1e-6);  // expect: oa api=run_relu_check cat=abs thr=customized tol=atol:literal:1e-06
  return retval;
}

bool all_close(float a, float b, double epsilon) { return std::fabs(a - b) <= epsilon; }

// Passing where the condition holds and failing in the `else`; a negated verdict compared with
// the success status, which still fails where the values differ.
int test_chained(double epsilon)
{
  if (all_close(minitensor::relu(1.0f), 1.0f, epsilon) && all_close(minitensor::relu(-1.0f), 0.0f, epsilon))  // expect: oa api=all_close cat=abs thr=depend tol=atol:depend
    std::cout << "PASSED" << std::endl;
  else
  {
    std::cout << "FAILED" << std::endl;
    return EXIT_FAILURE;
  }
  if (!all_close(minitensor::relu(2.0f), 2.0f, epsilon) != EXIT_SUCCESS)  // expect: oa api=all_close cat=abs thr=depend tol=atol:depend
    return EXIT_FAILURE;
  return EXIT_SUCCESS;
}

int main()
{
  return test(1e-5) == EXIT_SUCCESS ? test_chained(1e-6) : EXIT_FAILURE;
}
