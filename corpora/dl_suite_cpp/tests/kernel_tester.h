// A kernel tester configured by builder calls: each Test overload computes the kernel's output
// and a reference loop itself and compares them, so a test's call of Test is the check.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using f32_scale_fn = void (*)(const float*, float*, size_t, float);
using u8_scale_fn = void (*)(const uint8_t*, uint8_t*, size_t, uint8_t);

class ScaleKernelTester {
 public:
  ScaleKernelTester& elements(size_t n) {
    elements_ = n;
    return *this;
  }
  ScaleKernelTester& scale(float s) {
    scale_ = s;
    return *this;
  }

  void Test(f32_scale_fn kernel) const {
    std::vector<float> in(elements_, 1.5f), out(elements_), ref(elements_);
    for (size_t i = 0; i < elements_; ++i) ref[i] = in[i] * scale_;
    kernel(in.data(), out.data(), elements_, scale_);
    for (size_t i = 0; i < elements_; ++i)
      ASSERT_NEAR(out[i], ref[i], std::abs(ref[i]) * 1e-6f + 1e-7f);  // expect: oa api=EXPECT_NEAR cat=abs thr=depend tol=atol:depend
  }

  // The integer overload compares exactly: a call that resolves here is no OA check.
  void Test(u8_scale_fn kernel) const {
    std::vector<uint8_t> in(elements_, 3), out(elements_);
    kernel(in.data(), out.data(), elements_, static_cast<uint8_t>(scale_));
    for (size_t i = 0; i < elements_; ++i)
      ASSERT_LE(out[i], std::numeric_limits<uint8_t>::max());  // expect: assert api=EXPECT_LT cat=exact
  }

 private:
  size_t elements_ = 1;
  float scale_ = 1.0f;
};

// A gradient check of the suite's own: both gradients are computed here, compared within a
// tolerance it fixes itself; callers pass what to differentiate.
template <typename F>
bool GradientMatches(F f, float x) {
  const float h = 1e-3f;
  const float numeric = (f(x + h) - f(x - h)) / (2 * h);
  const float analytic = f.derivative(x);
  return std::abs(numeric - analytic) < 1e-2f;
}
