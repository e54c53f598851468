// The kernel tests' element-wise matcher lists in the form TensorFlow Lite writes them: one
// matcher a value, within an absolute error and a share of the value. The catalogue reads
// `tflite::ArrayFloatNear` whatever definitions the tree holds; this header's two overloads
// (a template over the values' type and a braced list forwarding to it) must not hide it.
#pragma once
#include <gmock/gmock.h>

#include <initializer_list>
#include <vector>

namespace tflite {

MATCHER_P3(NearAbsRel, want, abs_err, rel_err, "") { return std::abs(arg - want) <= std::max(abs_err, rel_err * std::abs(want)); }

template <typename T>
std::vector<::testing::Matcher<float>> ArrayFloatNear(const std::vector<T>& values, float max_abs_err = 1e-5f, float max_rel_err = 0) {
  std::vector<::testing::Matcher<float>> each;
  each.reserve(values.size());
  for (const T& v : values) each.emplace_back(NearAbsRel(static_cast<float>(v), max_abs_err, max_rel_err));
  return each;
}

inline std::vector<::testing::Matcher<float>> ArrayFloatNear(std::initializer_list<float> values, float max_abs_err = 1e-5f,
                                                             float max_rel_err = 0) {
  return ArrayFloatNear<float>(std::vector<float>(values), max_abs_err, max_rel_err);
}

}  // namespace tflite
