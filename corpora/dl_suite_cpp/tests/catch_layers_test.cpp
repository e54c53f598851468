// Catch2 suite: Approx values compared with ==, their tolerances set by chained calls, the
// floating-point matchers, and SECTION blocks that belong to their test case.
#include <catch2/catch.hpp>

#include "minitensor/tensor.h"

using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;
using Catch::Matchers::WithinULP;

static const double kCatchMargin = 1e-6;

TEST_CASE("dense layer forward pass", "[layers]") {
  const double out = 0.731058;
  REQUIRE(out == Approx(0.7310586));  // expect: oa api=Catch::Approx cat=abs_rel thr=default tol=rtol:default:1.1920928955078125e-05,atol:default:0
  CHECK(out == Approx(0.7310586).epsilon(0.01));  // expect: oa api=Catch::Approx cat=abs_rel thr=customized tol=rtol:literal:0.01,atol:default:0
  CHECK(Approx(0.73).margin(kCatchMargin).epsilon(1e-3) == out);  // expect: oa api=Catch::Approx cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:constant:1e-06

  SECTION("with a bias") {
    const double biased = out + 1.0;
    REQUIRE_THAT(biased, WithinAbs(1.731058, 1e-6));  // expect: oa api=Catch::Matchers::WithinAbs cat=abs thr=customized tol=atol:literal:1e-06
    CHECK_THAT(biased, WithinRel(1.731058, 0.001) || WithinAbs(1.731058, 1e-9));  // expect: oa api=Catch::Matchers::WithinRel cat=abs_rel thr=customized tol=rtol:literal:0.001
  }
  SECTION("in single precision") {
    const float f = 0.731058f;
    CHECK_THAT(f, WithinULP(0.7310586f, 2));  // expect: oa api=Catch::Matchers::WithinULP cat=ulp thr=customized tol=ulps:literal:2
    CHECK_THAT(f, Catch::Matchers::WithinRel(0.7310586f));  // expect: oa api=Catch::Matchers::WithinRel cat=abs_rel thr=default tol=rtol:default:1.1920928955078125e-05
  }
}

TEST_CASE_METHOD(LayerFixture, "dropout keeps the expectation", "[layers]") {
  CHECK_FALSE(mean == Approx(0.0));  // expect: assert api=Catch::Approx
  REQUIRE(kept == 3);  // expect: assert api=REQUIRE
  REQUIRE_THROWS(minitensor::softmax(minitensor::Tensor{}));
}
