// Checks written as objects whose truth is the check: the helper builds a verdict from the two
// values and hands it to the framework's report wrapper; the verdict's `operator bool` asks the
// library's one-ULP `float_equal` about the members it was filled with, in declaration order.
#include <ostream>

#include "include/expect_framework.h"
#include "minitensor/float_equal.h"

template <class A, class B>
struct ulp_verdict {
  A computed;
  B reference;

  explicit operator bool() const { return minitensor::float_equal(computed, reference); }  // expect: oa api=minitensor::float_equal cat=ulp thr=default tol=ulps:default:1

  friend std::ostream& operator<<(std::ostream& os, const ulp_verdict& v) { return os << v.computed << " ~ " << v.reference; }
};

// An object whose truth is an exact comparison makes no closeness check of its helper.
struct same_bits {
  float left, right;
  operator bool() const { return left == right; }
};

template <class V>
V described(V verdict) { return verdict; }

template <class A, class B>
auto ulp_close(A computed, B reference) { return described(ulp_verdict<A, B>{computed, reference}); }

inline same_bits bitwise(float x, float y) { return same_bits{x, y}; }

static float scaled(float x) { return x * 0.5f; }

void halves_agree_within_one_ulp() {
  EXPECT(ulp_close(scaled(3.f), 1.5f));  // expect: oa api=ulp_close cat=ulp thr=default tol=ulps:default:1
  EXPECT(!ulp_close(scaled(3.f), 2.f));  // expect: oa api=ulp_close cat=ulp thr=default tol=ulps:default:1 negated
  EXPECT(bitwise(scaled(2.f), 1.f));  // expect: assert api=EXPECT
}

int main() {
  halves_agree_within_one_ulp();
  return 0;
}
