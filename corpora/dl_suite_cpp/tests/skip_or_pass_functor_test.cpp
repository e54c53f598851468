// No `run` of its own: an object of that name, a functor, is called. The routines the other
// files define stay theirs.
#include <gtest/gtest.h>

#include "eps_checks.h"
#include "minitensor/tensor.h"

struct CountPositives {
  int operator()(int n) const {
    int got = 0;
    for (int i = 1; i <= n; ++i) got += minitensor::relu(float(i)) > 0;
    return got == n ? kRoutinePassed : 0;
  }
};

TEST(FunctorRoutine, Ints) {
  CountPositives run;
  EXPECT_PASSED_OR_SKIPPED(run(4));  // expect: assert api=EXPECT_PASSED_OR_SKIPPED
}
