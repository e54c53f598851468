// Two helpers of one name in two namespaces, taking different arguments (a suite and its
// embedded flavour each with its own `nearAll`).
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

namespace full {
namespace check {

inline void nearAll(const std::vector<float>& a, const std::vector<float>& b, double tol = 1e-5) {
  for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], tol);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
}

}  // namespace check
}  // namespace full

namespace embedded {
namespace check {

inline void nearAll(const float* a, int na, const float* b, int nb, double tol = 1e-5) {
  for (int i = 0; i < na && i < nb; ++i) EXPECT_NEAR(a[i], b[i], tol);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
}

inline void nearAll(const double* a, int na, const double* b, int nb, double tol = 1e-9) {
  for (int i = 0; i < na && i < nb; ++i) EXPECT_NEAR(a[i], b[i], tol);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
}

}  // namespace check
}  // namespace embedded
