// The library's array closeness and gradient check, called from a fixture's helper, from test
// cases of their own names, with integer element types, and through a count-dispatching macro.
#include <gtest/gtest.h>

#include "minitensor/closeness.h"
#include "tests/close_macros.h"

namespace minitensor {

class ClosenessTest : public ::testing::Test {
 public:
  // The values built from plain vectors of the given element type, then compared.
  template <typename T>
  void ExpectClose(const std::vector<T>& adata, const std::vector<T>& bdata, double rtol, double atol) {
    Tensor a = Tensor::FromValues(adata);
    Tensor b = Tensor::FromValues(bdata);
    EXPECT_TRUE(ArraysClose(a, b, rtol, atol));  // expect: oa api=minitensor::ArraysClose cat=abs_rel thr=depend tol=atol:depend,rtol:depend
  }
};

// A test named for the library's check calls the library's check, not itself.
TEST_F(ClosenessTest, ArraysClose) {
  Tensor a = Tensor::FromValues(std::vector<float>{1.f, 2.f});
  Tensor b = Tensor::FromValues(std::vector<float>{1.f, 2.0001f});
  EXPECT_TRUE(ArraysClose(a, b, 1e-3, 1e-6));  // expect: oa api=minitensor::ArraysClose cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:literal:0.001
  EXPECT_TRUE(ArraysClose(a, b));  // expect: oa api=minitensor::ArraysClose cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
}

TEST_F(ClosenessTest, FloatValues) {
  ExpectClose<float>({1.f, 2.f}, {1.f, 2.1f}, 0., 0.2);  // expect: oa api=minitensor::ClosenessTest::ExpectClose cat=abs_rel thr=customized tol=atol:literal:0.2,rtol:literal:0
}

// Counts compared within less than one: exact.
TEST_F(ClosenessTest, IntegerValues) {
  ExpectClose<int32_t>({1, 2}, {1, 2}, 0., 0.5);  // expect: exact api=minitensor::ClosenessTest::ExpectClose
}

TEST(Gradients, Square) {
  Tensor x = Tensor::FromValues(std::vector<double>{0.5, 1.5});
  Tensor step = Tensor::FromValues(std::vector<double>{1e-3, 1e-3});
  CheckGradients([](const Tensor& t) { return t * t; }, {x}, {step});  // expect: oa api=minitensor::CheckGradients cat=abs_rel thr=default tol=atol:default:1e-05,rtol:default:0.0001
  CheckGradients([](const Tensor& t) { return t * t; }, {x}, {step}, 1e-6, 1e-5);  // expect: oa api=minitensor::CheckGradients cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:literal:1e-05
}

TEST(CloseMacros, ByArgumentCount) {
  Tensor a = Tensor::FromValues(std::vector<float>{1.f});
  Tensor b = Tensor::FromValues(std::vector<float>{1.f});
  EXPECT_TENSORS_CLOSE(a, b);  // expect: oa api=EXPECT_TENSORS_CLOSE/2 cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
  EXPECT_TENSORS_CLOSE(a, b, 1e-3);  // expect: oa api=EXPECT_TENSORS_CLOSE/3 cat=abs_rel thr=customized tol=atol:default:1e-08,rtol:literal:0.001
  EXPECT_TENSORS_CLOSE(a, b, 1e-3, 1e-4);  // expect: oa api=EXPECT_TENSORS_CLOSE/4 cat=abs_rel thr=customized tol=atol:literal:0.0001,rtol:literal:0.001
}

}  // namespace minitensor
