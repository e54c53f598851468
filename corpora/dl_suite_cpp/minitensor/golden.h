// Golden outputs the library's test support loads by name, and the check that compares a tensor
// with one: it answers the first element out of tolerance, nothing when every element is close.
#pragma once
#include <cmath>
#include <optional>
#include <string>

#include "minitensor/tensor.h"

#define MT_EXPORT __attribute__((visibility("default")))

namespace minitensor {

struct GoldenMismatch {
  long index;
  double got;
  double want;
};

class MT_EXPORT GoldenStore {
 public:
  static bool ValuesClose(double got, double want, double thresh) {
    if (std::fabs(got - want) > thresh) {
      return false;
    }
    return true;
  }

  std::optional<GoldenMismatch> FirstMismatch(const Tensor& out, const std::string& name, double thresh) const {
    const Tensor& want = Load(name);
    for (long i = 0; i < out.size(); ++i) {
      if (!ValuesClose(out[i], want[i], thresh)) {
        return GoldenMismatch{i, out[i], want[i]};
      }
    }
    return std::nullopt;
  }

  const Tensor& Load(const std::string& name) const;
};

}  // namespace minitensor

// Fails the test when the tensor strays from the golden output of that name.
#define MT_EXPECT_GOLDEN(store, out, name, thresh)                        \
  {                                                                       \
    auto mismatch = (store)->FirstMismatch((out), (name), (thresh));      \
    if (mismatch) {                                                       \
      ADD_FAILURE() << "element " << mismatch->index << " differs";       \
    }                                                                     \
  }
