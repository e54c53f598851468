// Library test helpers as oracles: ATen's allclose (function and method), TensorFlow's
// ExpectTensorNear / ExpectClose, Eigen's isApprox, and this project's own predicate.
#include <gtest/gtest.h>

#include "minitensor/tensor.h"

namespace minitensor {
namespace {

Tensor Reference() { return Tensor{{1.0f, 2.0f}}; }

bool SameUpTo(const Tensor& a, const Tensor& b, float eps) {
  for (size_t i = 0; i < a.size(); ++i)
    if (std::abs(a[i] - b[i]) > eps) return false;
  return true;
}

TEST(Matmul, AgainstATen) {
  const auto out = matmul(Reference(), Reference());
  ASSERT_TRUE(torch::allclose(out, Reference()));  // expect: oa api=torch::allclose cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
  EXPECT_TRUE(at::allclose(out, Reference(), 1e-4, 1e-6));  // expect: oa api=torch::allclose cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:literal:0.0001
  EXPECT_TRUE(out.allclose(Reference(), /*rtol=*/1e-3));  // expect: oa api=at::Tensor::allclose cat=abs_rel thr=customized tol=atol:default:1e-08,rtol:literal:0.001
  EXPECT_FALSE(out.allclose(Tensor{{9.0f, 9.0f}}));  // expect: oa api=at::Tensor::allclose cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
}

TEST(Matmul, AgainstTensorFlowHelpers) {
  const auto out = matmul(Reference(), Reference());
  test::ExpectTensorNear<float>(out, Reference(), 1e-5);  // expect: oa api=tensorflow::test::ExpectTensorNear cat=abs thr=customized tol=atol:literal:1e-05
  tensorflow::test::ExpectClose(out, Reference());  // expect: oa api=tensorflow::test::ExpectClose cat=abs_rel thr=default tol=atol:default:5.9604644775390625e-07,rtol:default:5.9604644775390625e-07
  test::ExpectTensorEqual<float>(out, out);  // expect: assert api=tensorflow::test::ExpectTensorEqual cat=exact
}

TEST(Matmul, AgainstEigen) {
  Eigen::MatrixXf a = Eigen::MatrixXf::Random(3, 3);
  Eigen::MatrixXf b = a * Eigen::MatrixXf::Identity(3, 3);
  EXPECT_TRUE(a.isApprox(b));  // expect: oa api=Eigen::DenseBase::isApprox cat=abs_rel thr=default tol=rtol:default:1e-05
  EXPECT_TRUE(a.isApprox(b, 1e-6f));  // expect: oa api=Eigen::DenseBase::isApprox cat=abs_rel thr=customized tol=rtol:literal:1e-06
  VERIFY_IS_APPROX(a, b);  // expect: oa api=VERIFY_IS_APPROX cat=abs_rel thr=default tol=rtol:default:1e-3
  VERIFY_IS_MUCH_SMALLER_THAN((a - b).norm(), a.norm());  // expect: oa api=VERIFY_IS_MUCH_SMALLER_THAN cat=abs_rel thr=default tol=rtol:default:1e-3
}

TEST(Matmul, ProjectPredicate) {
  const auto out = matmul(Reference(), Reference());
  EXPECT_TRUE(SameUpTo(out, Reference(), 1e-4f));  // expect: oa api=minitensor::SameUpTo cat=abs thr=customized tol=atol:literal:0.0001
  EXPECT_EQ(out.size(), 2u);  // expect: assert api=EXPECT_EQ
}

}  // namespace
}  // namespace minitensor
