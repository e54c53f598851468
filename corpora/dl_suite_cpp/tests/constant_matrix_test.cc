// Matrices checked against a constant matrix within a precision, by a method of the matrix:
// Eigen's `isIdentity(prec)`, Kaldi's `IsUnit(cutoff)` with its default cutoff.
#include <gtest/gtest.h>

#include "minitensor/tensor.h"

TEST(ConstantMatrix, AnOrthonormalBasisTimesItsTranspose) {
  auto basis = minitensor::orthonormal_rows(4);
  auto product = minitensor::matmul(basis, minitensor::transpose(basis));
  EXPECT_TRUE(product.isIdentity(1e-6));  // expect: oa api=Eigen::DenseBase::isIdentity cat=abs thr=customized tol=atol:literal:1e-06
  EXPECT_TRUE(product.IsUnit());  // expect: oa api=kaldi::MatrixBase::IsUnit cat=abs thr=default tol=atol:default:1e-05
}
