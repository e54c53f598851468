// The library's layers, and a check of two layers' parameters its tests use, declared with the
// default tolerance its definition (layers.cc) does not repeat.
#pragma once
#include <vector>

#include "minitensor/tensor.h"

namespace minitensor {

struct Layer {
  std::vector<Tensor> params() const;
};

bool paramsClose(const Layer& a, const Layer& b, float abs_tolerance = 1e-5f);

}  // namespace minitensor
