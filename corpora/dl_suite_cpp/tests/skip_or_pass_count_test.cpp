// Another file's `run`, of the same name: it counts, so its check is exact, whatever the other
// file's `run` compares.
#include <gtest/gtest.h>

#include "eps_checks.h"
#include "minitensor/tensor.h"

int run(int n) {
  int got = 0;
  for (int i = 1; i <= n; ++i) got += minitensor::relu(float(i)) > 0;
  return got == n ? kRoutinePassed : 0;
}

TEST(CountRoutine, Ints) {
  EXPECT_PASSED_OR_SKIPPED(run(3));  // expect: assert api=EXPECT_PASSED_OR_SKIPPED
}
