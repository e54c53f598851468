// Approximate values made by the suite's factory and its macro (tests/approx_utils.h); a value
// approximated with no margin against zero compares exactly.
#include <catch2/catch.hpp>

#include "approx_utils.h"
#include "minitensor/tensor.h"

TEST_CASE("activations through the suite's approximate values", "[approx]") {
  CHECK(minitensor::sigmoid(0.0f) == near(0.5));  // expect: oa api=near cat=abs_rel thr=default tol=atol:default:1e-12,rtol:default:1.1920928955078125e-05
  CHECK_NEAR_ENOUGH(minitensor::relu(2.0f), 2.0);  // expect: oa api=CHECK_NEAR_ENOUGH cat=abs_rel thr=default tol=atol:default:1e-12,rtol:default:1.1920928955078125e-05
  CHECK(minitensor::relu(-1.0f) == Approx(0.0));  // expect: assert api=Catch::Approx
}
