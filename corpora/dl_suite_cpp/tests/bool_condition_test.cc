// A test program checking through the library's function that takes its condition as a bool;
// Armadillo's approx_equal given a literal zero tolerance, and given integer matrices, compares
// exactly.
#include <armadillo>

#include <cmath>
#include <cstdint>

#include "minitensor/assertions.h"
#include "minitensor/tensor.h"

#define Tol 1e-12
#define LooseTol 1e-4

using namespace minitensor;

template <typename T>
void run() {
  const T y = sigmoid(0.0f);
  MINITENSOR_CHECK_HOLDS(std::abs(y - 0.5) < Tol);  // expect: oa api=minitensor::MINITENSOR_CHECK_HOLDS cat=error_bound thr=customized tol=bound:constant:1e-12
  MINITENSOR_CHECK_HOLDS(std::abs(relu(-1.0f) - 0) < LooseTol, "relu");  // expect: oa api=minitensor::MINITENSOR_CHECK_HOLDS cat=error_bound thr=customized tol=bound:constant:0.0001
  MINITENSOR_CHECK_HOLDS(y > 0);  // expect: assert api=minitensor::MINITENSOR_CHECK_HOLDS cat=exact
}

void copies_compare_exactly() {
  arma::Mat<std::uint8_t> pixels(4, 4, arma::fill::randu);
  arma::Mat<std::uint8_t> copy = pixels;
  arma::fmat weights(4, 4, arma::fill::randu);
  arma::fmat again = weights;
  MINITENSOR_CHECK_HOLDS(arma::approx_equal(weights, again, "absdiff", 0));  // expect: assert api=arma::approx_equal cat=exact
  MINITENSOR_CHECK_HOLDS(arma::approx_equal(pixels, copy, "absdiff", 1e-4));  // expect: assert api=arma::approx_equal
}

int main() {
  run<float>();
  run<double>();
  copies_compare_exactly();
  return 0;
}
