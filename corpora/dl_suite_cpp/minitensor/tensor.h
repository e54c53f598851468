// The library under test: a toy tensor with a few element-wise operations.
#pragma once
#include <cmath>
#include <vector>

namespace minitensor {

struct Tensor {
  std::vector<float> data;
  float operator[](size_t i) const { return data[i]; }
  size_t size() const { return data.size(); }
  bool allclose(const Tensor& other, double rtol = 1e-5, double atol = 1e-8) const;
};

inline float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }
inline float relu(float x) { return x > 0 ? x : 0; }
Tensor softmax(const Tensor& t);
Tensor matmul(const Tensor& a, const Tensor& b);

}  // namespace minitensor
