// A vendored test framework's own tests: not the suite's, left out unless --include-vendored.
#include <gtest/gtest.h>

TEST(MiniCheckSelf, NearAcceptsACloseValue) { EXPECT_NEAR(1.0, 1.0 + 1e-9, 1e-6); }
