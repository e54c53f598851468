#include "gpu/testing_util.h"

#include <cmath>

namespace gpu {

absl::Status PointWiseNear(const std::vector<float>& ref, const std::vector<float>& to_compare, float eps) {
  if (ref.size() != to_compare.size()) {
    return absl::InvalidArgumentError("sizes differ");
  }
  for (size_t i = 0; i < ref.size(); ++i) {
    const float abs_diff = std::fabs(ref[i] - to_compare[i]);
    if (abs_diff > eps) {
      return absl::InternalError("element differs by more than eps");
    }
  }
  return absl::OkStatus();
}

}  // namespace gpu
