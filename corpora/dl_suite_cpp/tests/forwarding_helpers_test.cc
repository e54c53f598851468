// Calls of the suite's comparison helpers (compare_utils.h): through converting and forwarding
// overloads, a float specialisation reached from a loop's lambda, tolerances named as constants.
#include <vector>

#include "compare_utils.h"
#include "minitensor/tensor.h"

namespace {

static const float kSoftmaxRtol = 1e-4f;
static const float kSoftmaxAtol = 1e-5f;

TEST(ForwardingHelpers, VectorsWithinSumBound) {
  std::vector<float> got{0.5f}, want{0.5f};
  ASSERT_TRUE(suite_utils::all_near<float>(got, want, 0.01f, 1.f));  // expect: oa api=suite_utils::all_near(std::vector<T>,std::vector<T>,float,float) cat=abs_rel thr=customized tol=atol:literal:1,rtol:literal:0.01
}

TEST(ForwardingHelpers, TensorsConvertedFirst) {
  minitensor::Tensor x, y;
  x = minitensor::softmax(y);
  ASSERT_TRUE(suite_utils::all_near<int>(x, y, /*rtol*/ 0.1f, /*atol*/ 1.f));  // expect: oa api=suite_utils::all_near(minitensor::Tensor,minitensor::Tensor,float,float) cat=abs_rel thr=customized tol=atol:literal:1,rtol:literal:0.1
}

TEST(ForwardingHelpers, ContainersThroughPointers) {
  std::vector<float> out(4), ref(4);
  suite_utils::compare_values(out, ref, 1e-3f, 1e-5f);  // expect: oa api=suite_utils::compare_values(A,B,float,float) cat=abs_rel thr=customized tol=atol:literal:1e-05,rtol:literal:0.001
}

TEST(ForwardingHelpers, NamedConstants) {
  std::vector<float> out(4), ref(4);
  suite_utils::compare_values(out, ref, kSoftmaxRtol, kSoftmaxAtol);  // expect: oa api=suite_utils::compare_values(A,B,float,float) cat=abs_rel thr=customized tol=atol:constant:1e-05,rtol:constant:0.0001
}

TEST(ForwardingHelpers, ConditionWrittenOut) {
  suite_utils::expect_close(minitensor::sigmoid(0.0f), 0.5f, 1e-6f);  // expect: oa api=suite_utils::expect_close cat=abs thr=customized tol=atol:literal:1e-06
}

TEST(ForwardingHelpers, GlobalNamesake) {
  float a[2] = {1.f, 2.f}, b[2] = {1.f, 2.f};
  compare_values(a, b, 2);  // expect: oa api=compare_values cat=abs thr=default tol=atol:default:0.001
}

}  // namespace
