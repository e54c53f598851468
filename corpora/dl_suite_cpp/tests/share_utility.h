// Model tests' accuracy helpers: the share of output elements within a tolerance of the reference,
// from the outputs and the reference, from errors measured before, or against a reference file
// the helper reads with a tolerance of its own.
#pragma once
#include <cmath>
#include <string>
#include <vector>

namespace lite {

template <class T = float>
T ShareWithin(const std::vector<std::vector<T>>& out, const std::vector<std::vector<T>>& ref, const float abs_error = 1e-5) {
  size_t within = 0;
  size_t total = 0;
  for (size_t i = 0; i < out.size(); i++) {
    for (size_t j = 0; j < out[i].size(); j++) {
      if (std::abs(out[i][j] - ref[i][j]) < abs_error) {
        within++;
      }
      total++;
    }
  }
  return static_cast<float>(within) / static_cast<float>(total);
}

template <class T = float>
T ShareWithin(const std::vector<std::vector<T>>& errors, const float abs_error = 1e-5) {
  size_t within = 0;
  size_t total = 0;
  for (size_t i = 0; i < errors.size(); i++) {
    for (size_t j = 0; j < errors[i].size(); j++) {
      if (errors[i][j] < abs_error) {
        ++within;
      }
      total++;
    }
  }
  return static_cast<float>(within) / static_cast<float>(total);
}

inline float ShareOfFirstLogits(const std::vector<std::vector<float>>& out, const std::string& ref_file) {
  const std::vector<std::vector<float>> ref = minitensor::readRows(ref_file);
  int right = 0;
  for (size_t i = 0; i < out.size(); i++) {
    right += (std::fabs(out[i][0] - ref[i][0]) < 0.01f);
  }
  return static_cast<float>(right) / static_cast<float>(out.size());
}

}  // namespace lite
