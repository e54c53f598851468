// The GPU delegate's test utilities: an environment running one operation, and a closeness
// check answering with a status, the success one when every element is within `eps`.
#pragma once
#include <vector>

#include "absl/status/status.h"
#include "minitensor/tensor.h"

namespace gpu {

absl::Status PointWiseNear(const std::vector<float>& ref, const std::vector<float>& to_compare, float eps = 0.0f);

}  // namespace gpu
