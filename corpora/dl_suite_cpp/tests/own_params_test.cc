// A test file with a helper of its own named as the library's check (tests/layer_params_test.cc
// calls the library's, qualified): it counts the parameters two layers have alike.
#include <gtest/gtest.h>

#include "minitensor/layers.h"

int paramsClose(const std::vector<int>& a, const std::vector<int>& b) {
  int same = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) same += a[i] == b[i];
  return same;
}

TEST(OwnParams, CountsEqualSizes) {
  EXPECT_EQ(paramsClose({1, 2, 3}, {1, 2, 4}), 2);  // expect: assert api=EXPECT_EQ
}
