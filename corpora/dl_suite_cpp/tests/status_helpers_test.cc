// A kernel test helper that asserts inside and answers with a status, called inside an exact
// check of that status by the helper the tests call: the outer helper checks within the
// tolerance it hands down, so each test's call of it is an OA call site.
#include <gtest/gtest.h>

namespace {

enum Status { kOk, kFailed };

Status runKernel(const float* input, float* output, int n);

template <typename T>
Status compareWithGolden(const T* golden, const T* output, int n, float tolerance = 1e-5f) {
  for (int i = 0; i < n; ++i) {
    EXPECT_NEAR(golden[i], output[i], tolerance);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend:1e-05
  }
  return kOk;
}

template <typename T>
void testKernel(const T* input, const T* golden, T* output, int n, float tolerance = 1e-5f) {
  EXPECT_EQ(kOk, runKernel(input, output, n));  // expect: assert api=EXPECT_EQ cat=exact
  EXPECT_EQ(kOk, compareWithGolden(golden, output, n, tolerance));  // expect: assert api=EXPECT_EQ cat=exact
}

TEST(Kernel, Float) {
  const float input[3] = {0.5f, 1.0f, 2.0f};
  const float golden[3] = {0.25f, 1.0f, 4.0f};
  float output[3];
  testKernel(input, golden, output, 3);  // expect: oa api=testKernel cat=abs thr=default tol=atol:default:1e-05
  testKernel(input, golden, output, 3, 1e-3f);  // expect: oa api=testKernel cat=abs thr=customized tol=atol:literal:0.001
}

}  // namespace
