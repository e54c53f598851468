#include "minitensor/vec.h"

#include <cmath>

namespace minitensor {

float Vec::Norm() const {
  float s = 0;
  for (float v : values_) s += v * v;
  return std::sqrt(s);
}

bool Vec::ApproxEquals(const Vec& other, float tol) const {
  std::vector<float> gap(values_);
  for (size_t i = 0; i < gap.size(); ++i) gap[i] -= other.values_[i];
  return Vec(gap).Norm() <= tol * Norm();
}

}  // namespace minitensor
