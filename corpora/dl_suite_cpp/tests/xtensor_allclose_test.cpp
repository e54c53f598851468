// A suite built on xtensor whose headers are not in the tree: its closeness functions are known by
// their documented signatures, called unqualified inside `namespace xt` and qualified from outside.
#include <gtest/gtest.h>

#include "xtensor/xarray.hpp"
#include "xtensor/xmath.hpp"

namespace xt {

TEST(xtensor_allclose, inverse_times_matrix) {
  xarray<double> m = {{2.0, 0.0}, {0.0, 4.0}};
  xarray<double> inverse = {{0.5, 0.0}, {0.0, 0.25}};
  xarray<double> identity = {{1.0, 0.0}, {0.0, 1.0}};
  EXPECT_TRUE(allclose(linalg::dot(m, inverse), identity));  // expect: oa api=xt::allclose cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
  EXPECT_TRUE(allclose(linalg::dot(inverse, m), identity, 1e-12, 0.0));  // expect: oa api=xt::allclose cat=abs_rel thr=customized tol=atol:literal:0,rtol:literal:1e-12
}

}  // namespace xt

TEST(xtensor_isclose, halves) {
  xt::xarray<float> x = {1.f, 3.f};
  EXPECT_TRUE(xt::all(xt::isclose(x / 2.f, xt::xarray<float>{0.5f, 1.5f})));  // expect: oa api=xt::isclose cat=abs_rel thr=default tol=atol:default:1e-08,rtol:default:1e-05
  EXPECT_TRUE(xt::all(xt::equal(x, x)));  // expect: assert api=EXPECT_TRUE
}
