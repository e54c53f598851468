// Boost.Test suite for the losses: CLOSE takes a tolerance in percent, CLOSE_FRACTION a
// fraction, SMALL an absolute bound on one value, BOOST_TEST a `tolerance` manipulator (a fraction).
#define BOOST_TEST_MODULE losses
#include <boost/test/unit_test.hpp>

#include <cmath>

BOOST_AUTO_TEST_SUITE(losses)

BOOST_AUTO_TEST_CASE(cross_entropy_of_a_certain_prediction) {
  const double loss = -std::log(0.999);
  BOOST_CHECK_SMALL(loss, 1e-2);  // expect: oa api=BOOST_CHECK_SMALL cat=abs thr=customized tol=atol:literal:0.01
  BOOST_CHECK_CLOSE(loss, 0.0010005, 0.1);  // expect: oa api=BOOST_CHECK_CLOSE cat=abs_rel thr=customized tol=percent:literal:0.1
  BOOST_REQUIRE_CLOSE_FRACTION(loss, 0.0010005, 1e-3);  // expect: oa api=BOOST_CHECK_CLOSE_FRACTION cat=abs_rel thr=customized tol=rtol:literal:0.001
  BOOST_TEST(loss == 0.0010005, boost::test_tools::tolerance(1e-3));  // expect: oa api=BOOST_TEST cat=abs_rel thr=customized tol=rtol:literal:0.001
  BOOST_TEST(loss == 0.0010005);  // expect: assert api=BOOST_TEST cat=exact
}

BOOST_FIXTURE_TEST_CASE(mse_is_symmetric, LossFixture) {
  BOOST_CHECK_EQUAL(mse(a, b), mse(b, a));  // expect: assert api=BOOST_CHECK_EQUAL
  BOOST_CHECK(std::fabs(mse(a, b) - 0.25) < 1e-9);  // expect: oa api=BOOST_CHECK cat=error_bound thr=customized tol=bound:literal:1e-09
  BOOST_CHECK_THROW(mse(a, empty), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
