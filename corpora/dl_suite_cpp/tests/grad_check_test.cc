// Gradient checks through the library's own checker, which answers with a flag it sets when a
// coordinate is off by more than its fixed tolerance.
#include <boost/test/unit_test.hpp>

#include "minitensor/grad_check.h"

namespace {

struct Quadratic {
  minitensor::Tensor gradient(const minitensor::Tensor& x) const;
  float loss(const minitensor::Tensor& x) const;
};

}  // namespace

BOOST_AUTO_TEST_CASE(quadratic_gradient) {
  Quadratic q;
  minitensor::Tensor x{{0.5f, -1.0f, 2.0f}};
  BOOST_CHECK(minitensor::gradientsAgree(q, x));  // expect: oa api=minitensor::gradientsAgree cat=abs thr=default tol=atol:default:0.02
  BOOST_CHECK(minitensor::gradientsAgree(q, x, 1));  // expect: oa api=minitensor::gradientsAgree cat=abs thr=default tol=atol:default:0.02
}
