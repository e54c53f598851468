// doctest suite for the optimizers: doctest::Approx, SUBCASE blocks, fixtures, multi-line
// assertions, a check inside a lambda, and tolerances computed or chosen by the element type.
#include <doctest/doctest.h>

#include <cmath>
#include <type_traits>

namespace {

struct SgdFixture {
  double lr = 0.1;
  static constexpr double kStepTol = 1e-9;
};

template <typename T>
T TypeTolerance() {
  return std::is_same<T, float>::value ? T(1e-4) : T(1e-10);
}

}  // namespace

TEST_CASE("sgd takes one step") {
  const double w = 1.0 - 0.1 * 2.0;
  CHECK(w == doctest::Approx(0.8));  // expect: oa api=doctest::Approx cat=abs_rel thr=default tol=rtol:default:1.1920928955078125e-05
  CHECK(w == doctest::Approx(0.8).epsilon(std::pow(10.0, -6)));  // expect: oa api=doctest::Approx cat=abs_rel thr=customized tol=rtol:literal:1e-06

  SUBCASE("with momentum") {
    const double v = 0.9 * 0.0 + 2.0;
    REQUIRE_MESSAGE(std::abs(v - 2.0) < 1e-12, "momentum starts at zero");  // expect: oa api=REQUIRE_MESSAGE cat=error_bound thr=customized tol=bound:literal:1e-12
    CHECK(std::abs(  // expect: oa api=CHECK cat=error_bound thr=customized tol=bound:literal:1e-06
        (w - v * 0.1) -
        0.6) < 1e-6);
  }
}

TEST_CASE_FIXTURE(SgdFixture, "learning rate stays put") {
  CHECK(lr == doctest::Approx(0.1).epsilon(kStepTol));  // expect: oa api=doctest::Approx cat=abs_rel thr=customized tol=rtol:constant:1e-09
  REQUIRE_FALSE(lr == 0.0);  // expect: assert api=REQUIRE_FALSE
}

TEST_CASE_TEMPLATE("adam bias correction", T, float, double) {
  const T corrected = T(0.1) / (T(1) - T(0.9));
  const T tol = TypeTolerance<T>();
  CHECK(std::abs(corrected - T(1)) <= tol);  // expect: oa api=CHECK cat=error_bound thr=customized tol=bound:unresolved
  const T chosen = sizeof(T) == 4 ? T(1e-3) : T(1e-8);
  CHECK(std::abs(corrected - T(1)) <= chosen);  // expect: oa api=CHECK cat=error_bound thr=depend tol=bound:depend
  auto near_one = [&](T x) { CHECK(std::abs(x - T(1)) < T(1e-5)); };  // expect: oa api=CHECK cat=error_bound thr=customized tol=bound:literal:1e-05
  near_one(corrected);
}
