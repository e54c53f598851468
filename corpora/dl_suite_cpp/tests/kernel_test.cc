// Checks made through helpers that compute both sides (a tester's Test, a gradient check), with
// C++ overloads told apart by their arguments, and the library's own comparison.
#include "tests/kernel_tester.h"

#include "minitensor/checks.h"

void scale_f32_scalar(const float* in, float* out, size_t n, float s);
void scale_u8_scalar(const uint8_t* in, uint8_t* out, size_t n, uint8_t s);

namespace {

// Two overloads of one helper: the tolerance is the third argument of one only.
bool approxEqual(float a, float b) { return std::abs(a - b) < 1e-6f; }
bool approxEqual(float a, float b, float eps) { return std::abs(a - b) < eps; }

struct Square {
  float operator()(float x) const { return x * x; }
  float derivative(float x) const { return 2 * x; }
};

TEST(ScaleKernel, BuiltInOneChain) {
  ScaleKernelTester().elements(7).scale(0.5f).Test(scale_f32_scalar);  // expect: oa api=ScaleKernelTester::Test(f32_scale_fn) cat=abs thr=customized tol=atol:constant
}

TEST(ScaleKernel, BuiltInSteps) {
  ScaleKernelTester tester;
  tester.elements(3);
  tester  // expect: oa api=ScaleKernelTester::Test(f32_scale_fn) cat=abs thr=customized tol=atol:constant
      .scale(2.0f)
      .Test(scale_f32_scalar);
}

TEST(ScaleKernel, IntegerKernelComparesExactly) {
  ScaleKernelTester().elements(4).Test(scale_u8_scalar);
}

TEST(Gradients, SquareHasTheRightDerivative) {
  EXPECT_TRUE(GradientMatches(Square(), 0.7f));  // expect: oa api=GradientMatches cat=abs thr=default tol=atol:default:0.01
}

TEST(Overloads, ByArgumentCount) {
  const float y = 0.1f + 0.2f;
  EXPECT_TRUE(approxEqual(y, 0.3f));  // expect: oa api=approxEqual(float,float) cat=abs thr=default tol=atol:default:1e-06
  EXPECT_TRUE(approxEqual(y, 0.3f, 1e-4f));  // expect: oa api=approxEqual(float,float,float) cat=abs thr=customized tol=atol:literal:0.0001
}

TEST(LibraryComparison, ReadFromTheLibraryHeader) {
  const minitensor::Tensor t{{1.0f, 2.0f}};
  EXPECT_TRUE(minitensor::allClose(minitensor::softmax(t), t, 1e-3f));  // expect: oa api=minitensor::allClose cat=abs thr=customized tol=atol:literal:0.001
  ASSERT_TRUE(minitensor::allClose(minitensor::softmax(t), t));  // expect: oa api=minitensor::allClose cat=abs thr=default tol=atol:default:1e-05
}

}  // namespace
