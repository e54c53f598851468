// Comparison helpers of the suite, in the shapes large suites grow: a predicate that clears a
// flag on the first element off by more than `atol + rtol * |b|`, an overload that converts its
// arguments and answers with its sibling's verdict, an exact primary template with a float
// specialisation that checks through locals, a loop given as a lambda, and a container overload
// that forwards to the pointer one. A global function of the same name lives beside the
// namespace; a call inside the namespace means the namespace's own.
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

#include "minitensor/tensor.h"

inline void compare_values(const float* got, const float* want, size_t n) {
  for (size_t i = 0; i < n; ++i) EXPECT_NEAR(got[i], want[i], 1e-3f);  // expect: oa api=EXPECT_NEAR cat=abs thr=customized tol=atol:literal:0.001
}

namespace suite_utils {

template <typename T>
static inline bool all_near(const std::vector<T>& a, const std::vector<T>& b, float rtol, float atol) {
  if (a.size() != b.size()) return false;
  bool flag = true;
  for (size_t i = 0; i < a.size(); i++) {
    float diff = std::abs(static_cast<float>(a[i]) - static_cast<float>(b[i]));
    if (diff > (atol + rtol * std::abs(static_cast<float>(b[i])))) {
      flag = false;
      break;
    }
  }
  return flag;
}

template <typename T>
static inline bool all_near(const minitensor::Tensor& a, const minitensor::Tensor& b, float rtol, float atol) {
  std::vector<float> av = a.data;
  std::vector<float> bv = b.data;
  return all_near(av, bv, rtol, atol);
}

template <typename F>
void for_each_index(size_t n, F f) {
  for (size_t i = 0; i < n; ++i) f(i);
}

template <typename T>
inline void compare_one(const T* got, const T* want, size_t i, float rtol, float atol, bool& pass) {
  EXPECT_EQ(want[i], got[i]);  // expect: not-oa api=EXPECT_EQ
  if (want[i] != got[i]) pass = false;
}

template <typename T>
inline void compare_one_fp(const T* got, const T* want, size_t i, float rtol, float atol, bool& pass) {
  const float want_f = static_cast<float>(want[i]);
  const float got_f = static_cast<float>(got[i]);
  const double diff = got_f - want_f;
  const double gap = double(rtol) * (std::abs(want_f) > std::abs(got_f) ? std::abs(want_f) : std::abs(got_f)) + atol;
  bool good = std::abs(diff) <= gap;
  EXPECT_TRUE(good) << "index " << i;  // expect: oa api=EXPECT_TRUE cat=error_bound thr=depend tol=bound:depend
  if (!good) pass = false;
}

template <>
inline void compare_one(const float* got, const float* want, size_t i, float rtol, float atol, bool& pass) {
  compare_one_fp(got, want, i, rtol, atol, pass);  // expect: oa api=suite_utils::compare_one_fp cat=abs_rel thr=depend tol=atol:depend,rtol:depend
}

template <typename T>
inline void compare_values(const T* got, const T* want, size_t n, float rtol = 1e-4f, float atol = 1e-6f) {
  bool pass = true;
  for_each_index(n, [&](size_t i) {
    if (!pass) return;
    compare_one(got, want, i, rtol, atol, pass);  // expect: oa api=suite_utils::compare_one(float,float,size_t,float,float,bool) cat=abs_rel thr=depend tol=atol:depend:1e-06,rtol:depend:0.0001
  });
}

template <typename A, typename B>
inline void compare_values(const A& got, const B& want, float rtol = 1e-4f, float atol = 1e-6f) {
  ASSERT_EQ(got.size(), want.size());  // expect: not-oa api=ASSERT_EQ
  compare_values(got.data(), want.data(), want.size(), rtol, atol);  // expect: oa api=suite_utils::compare_values(T,T,size_t,float,float) cat=abs_rel thr=depend tol=atol:depend:1e-06,rtol:depend:0.0001
}

inline void expect_close(float a, float b, float tol) {
  EXPECT_TRUE(std::abs(a - b) <= tol);  // expect: oa api=EXPECT_TRUE cat=error_bound thr=depend tol=bound:depend
}

}  // namespace suite_utils
