// Checks run through a method the matrix type inherits from its view, on matrices declared with
// an alias, several to a declaration.
#include "include/host_matrix.h"
#include "minitensor/blas.h"

TEST(Gemv, Float) {
  host_matrix<float> hx(8, 1), hy(8, 1);
  device_matrix<float> dy(8, 1);
  minitensor::gemv(hx, dy);
  hy.near_check(dy);  // expect: oa api=matrix_view::near_check cat=abs thr=default tol=atol:default:0.001
  hy.near_check(dy, 1e-5);  // expect: oa api=matrix_view::near_check cat=abs thr=customized tol=atol:literal:1e-05
}

TEST(Spgemm, Float) {
  host_sparse<float> hA, hB, hC;
  device_sparse<float> dC;
  minitensor::spgemm(hA, hB, dC);
  hC.near_check(dC);  // expect: oa api=sparse_matrix::near_check cat=abs thr=default tol=atol:default:0.001
}
