// The same factory and macro defined again by this file with a looser margin: its own, not the
// header's, and the header's stays everyone else's.
#include <catch2/catch.hpp>

#include "minitensor/tensor.h"

template <typename T>
auto near(T&& number) -> Catch::Approx {
  return Catch::Approx(static_cast<double>(number)).margin(1e-6);
}

#define CHECK_NEAR_ENOUGH(a, b) CHECK(a == near(b))  // expect: oa api=near@tests/approx_redefined_test.cpp cat=abs_rel thr=default tol=atol:default:1e-06,rtol:default:1.1920928955078125e-05

TEST_CASE("activations with a looser margin", "[approx]") {
  CHECK(minitensor::sigmoid(0.0f) == near(0.5));  // expect: oa api=near@tests/approx_redefined_test.cpp cat=abs_rel thr=default tol=atol:default:1e-06,rtol:default:1.1920928955078125e-05
  CHECK_NEAR_ENOUGH(minitensor::relu(3.0f), 3.0);  // expect: oa api=CHECK_NEAR_ENOUGH@tests/approx_redefined_test.cpp cat=abs_rel thr=default tol=atol:default:1e-06,rtol:default:1.1920928955078125e-05
}
