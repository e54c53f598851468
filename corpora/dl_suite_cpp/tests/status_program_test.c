/* A C test program: each closeness condition that fails sets the program's status, which main
 * returns at the end; a count compared exactly sets it too, and checks nothing approximate. */
#include <math.h>
#include <stdlib.h>

#include "minitensor/tensor.h"

#define MT_ABS(A) (0 <= (A) ? (A) : -(A))

int main(void) {
  int result = EXIT_SUCCESS;
  const double half = minitensor_sigmoid(0.0);
  if (0.0000001 < MT_ABS(half - 0.5)) result = EXIT_FAILURE;  // expect: oa api=return cat=error_bound thr=customized tol=bound:literal:1e-07
  if (fabs(minitensor_sigmoid(1.0) - 0.7310586) > 1e-6) result = EXIT_FAILURE;  // expect: oa api=return cat=error_bound thr=customized tol=bound:literal:1e-06
  if (2 != minitensor_rank()) result = EXIT_FAILURE;
  return result;
}
