// Helpers that answer like C routines, 0 where every element is close and a nonzero status
// otherwise, whatever their tolerance parameters are named (`ep`, `dp`), and a layer test that
// folds their statuses into one (`status |= ...`), keeps it in a local over a loop and asserts it
// is zero: each comparison is a check of the values within the tolerance its caller gives.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>

int CompareValues(const float* ref, const float* out, size_t n, float ep) {
  for (size_t i = 0; i < n; i++) {
    if (std::fabs(out[i] - ref[i]) > ep) return -1;
  }
  return 0;
}

// Close where the relative or the absolute error is small; a failing flag answered later.
int CompareMixed(const float* ref, const float* out, size_t n, float ep, float dp) {
  int failed = 0;
  for (size_t i = 0; i < n; i++) {
    const float diff = std::fabs(out[i] - ref[i]);
    const float sum = std::fabs(out[i]) + std::fabs(ref[i]);
    if (std::fabs(diff / sum) > ep && diff > dp) {
      failed = 1;
      break;
    }
  }
  if (failed == 0) {
    return 0;
  } else {
    return -1;
  }
}

class FoldedStatusTest : public ::testing::Test {
 protected:
  int CompareOutputs(const float* cpu, const float* device, size_t n, bool half) {
    int status = 0;
    if (half) {
      status |= CompareMixed(cpu, device, n, 0.01f, 0.001f);
    } else {
      status |= CompareMixed(cpu, device, n, 0.01f, 0.0001f);
    }
    return status;
  }

  void CheckAll(const float* cpu, const float* device, size_t n, bool half) {
    int status = 0;
    for (int output = 0; output < 2; ++output) {
      status = CompareOutputs(cpu + output * n, device + output * n, n, half);
      if (status != 0) break;
    }
    EXPECT_EQ(0, status);  // expect: oa api=FoldedStatusTest::CompareOutputs cat=abs_rel thr=default tol=atol:default:0.001,rtol:default:0.01
  }
};

TEST_F(FoldedStatusTest, RoutinesAnswerZeroWhenClose) {
  const float ref[2] = {1.0f, 2.0f}, out[2] = {1.0f, 2.00001f};
  EXPECT_EQ(0, CompareValues(ref, out, 2, 1e-4f));  // expect: oa api=CompareValues cat=abs thr=customized tol=atol:literal:0.0001
  ASSERT_NE(0, CompareValues(ref, out, 2, 1e-9f));  // expect: oa api=CompareValues cat=abs thr=customized tol=atol:literal:1e-09 negated
  EXPECT_EQ(CompareMixed(ref, out, 2, 0.01f, 1e-4f), 0);  // expect: oa api=CompareMixed cat=abs_rel thr=customized tol=atol:literal:0.0001,rtol:literal:0.01
  EXPECT_EQ(0, static_cast<int>(out[0] - ref[0]));  // expect: assert api=EXPECT_EQ
}
