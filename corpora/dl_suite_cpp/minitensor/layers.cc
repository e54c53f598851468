#include "minitensor/layers.h"

#include "minitensor/checks.h"

namespace minitensor {

// Answers whether every parameter of `a` is within `abs_tolerance` of `b`'s: false at the first
// that is not.
bool paramsClose(const Layer& a, const Layer& b, float abs_tolerance /* = 1e-5f */) {
  const std::vector<Tensor> pa = a.params(), pb = b.params();
  if (pa.size() != pb.size()) return false;
  for (size_t i = 0; i < pa.size(); ++i) {
    if (!allClose(pa[i], pb[i], abs_tolerance)) return false;
  }
  return true;
}

}  // namespace minitensor
