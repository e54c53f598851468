// The suite's approximate values: a factory fixing Catch's margin, and a macro comparing through it.
#pragma once
#include <catch2/catch.hpp>

template <typename T>
auto near(T&& number) -> Catch::Approx {
  const double value = static_cast<double>(number);
  return Catch::Approx(value).margin(1e-12);
}

#define CHECK_NEAR_ENOUGH(a, b) CHECK(a == near(b))  // expect: oa api=near cat=abs_rel thr=default tol=atol:default:1e-12,rtol:default:1.1920928955078125e-05
