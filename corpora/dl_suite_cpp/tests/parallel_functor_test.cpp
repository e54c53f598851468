// Checks run on a device by functors, as performance-portability suites write them: the functor's
// `operator()` counts the elements a closeness check rejects into the reduction's value, the host
// asserts the reduced count is zero, and the tests reach the functor through a harness class, a
// function that builds it for each type of a pack, and a macro that names that function.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <vector>

#include "minitensor/layers.h"

struct UlpComparison {
  template <class T>
  bool within_ulps(T got, T want, int ulps) const {
    const T scale = std::fabs(want) > T(1) ? std::fabs(want) : T(1);
    return std::fabs(got - want) <= std::numeric_limits<T>::epsilon() * ulps * scale;
  }
};

struct SoftsignOp {
  static float device(float x) { return minitensor::softsign(x); }
  static float host(float x) { return x / (1.0f + std::fabs(x)); }
  static int ulps() { return 4; }
};

// Reduces over itself: `*this` is the functor the parallel construct runs.
template <class Op, std::size_t N>
struct ElementwiseAgreement : UlpComparison {
  float inputs_[N];
  float wanted_[N];

  explicit ElementwiseAgreement(const float (&inputs)[N]) {
    for (std::size_t i = 0; i < N; ++i) {
      inputs_[i] = inputs[i];
      wanted_[i] = Op::host(inputs[i]);
    }
    verify();  // expect: oa api=ElementwiseAgreement::verify cat=abs thr=default tol=atol:default
  }

  void verify() {
    int rejected = 0;
    minitensor::parallel_reduce(minitensor::RangePolicy(0, N), *this, rejected);  // expect: oa api=ElementwiseAgreement::operator() cat=abs thr=default tol=atol:default
    ASSERT_EQ(rejected, 0);  // expect: assert api=ASSERT_EQ
  }

  void operator()(int i, int& count) const {
    const bool agrees = within_ulps(Op::device(inputs_[i]), wanted_[i], Op::ulps());
    if (!agrees) ++count;  // expect: oa api=UlpComparison::within_ulps cat=abs thr=default tol=atol:default
  }
};

template <class... Op, std::size_t N>
void agree_on_each(const float (&inputs)[N]) {
  (void)std::initializer_list<int>{(ElementwiseAgreement<Op, N>(inputs), 0)...};  // expect: oa api=ElementwiseAgreement::ElementwiseAgreement cat=abs thr=default tol=atol:default
}

#define AGREE_ON(OP) \
  agree_on_each<OP>

TEST(ParallelFunctor, SoftsignAgreesWithTheHost) {
  AGREE_ON(SoftsignOp)({-2.0f, -0.5f, 0.0f, 0.5f, 2.0f});  // expect: oa api=agree_on_each cat=abs thr=default tol=atol:default
  agree_on_each<SoftsignOp>({0.25f, 4.0f});  // expect: oa api=agree_on_each cat=abs thr=default tol=atol:default
}

// Built inside the reduction's call, the functor holds what it compares and its bound.
template <class V>
struct WithinBound {
  V expected;
  V computed;
  float bound;

  WithinBound(const V& e, const V& c, float b) : expected(e), computed(c), bound(b) {}

  void operator()(const int i, int& misses) const {
    const float error = std::fabs(expected[i] - computed[i]);
    if (error > bound) misses++;  // expect: oa api=EXPECT_TRUE cat=error_bound thr=customized tol=bound:unresolved
  }
};

template <class V>
void check_scaled(const V& x, float alpha, float bound) {
  V expected = x, computed = x;
  for (std::size_t i = 0; i < x.size(); ++i) expected[i] = alpha * x[i];
  minitensor::scale(alpha, computed);
  int num_errors = 0;
  minitensor::parallel_reduce("scale", minitensor::RangePolicy(0, x.size()), WithinBound<V>(expected, computed, bound), num_errors);  // expect: oa api=WithinBound::operator() cat=abs thr=default tol=atol:default
  EXPECT_TRUE(num_errors == 0);  // expect: assert api=EXPECT_TRUE
}

TEST(ParallelFunctor, ScaleWithinItsBound) {
  const std::vector<float> x = minitensor::linspace(-1.0f, 1.0f, 16);
  check_scaled(x, 3.0f, 1e-6f);  // expect: oa api=check_scaled cat=abs thr=default tol=atol:default
}

// A functor whose count nothing reads checks nothing.
struct Tally {
  void operator()(int i, int& total) const { if (i % 2 == 0) ++total; }
};

TEST(ParallelFunctor, CountsWithoutChecking) {
  int even = 0;
  minitensor::parallel_reduce(minitensor::RangePolicy(0, 8), Tally(), even);
  EXPECT_EQ(even, 4);  // expect: assert api=EXPECT_EQ
}
