// A vector whose closeness check is a method, defined in the library's source file (vec.cc).
#pragma once
#include <vector>

namespace minitensor {

class Vec {
 public:
  explicit Vec(std::vector<float> values) : values_(std::move(values)) {}
  bool ApproxEquals(const Vec& other, float tol = 0.01f) const;
  float Norm() const;

 private:
  std::vector<float> values_;
};

}  // namespace minitensor
