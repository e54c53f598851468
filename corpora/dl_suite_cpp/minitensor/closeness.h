// The library's own closeness answer over whole arrays, and its gradient check, which throws
// when the backward pass disagrees with finite differences. Tests call both.
#pragma once
#include <functional>
#include <vector>

#include "minitensor/tensor.h"

namespace minitensor {

bool ArraysClose(const Tensor& a, const Tensor& b, double rtol = 1e-5, double atol = 1e-8);

void CheckGradients(const std::function<Tensor(const Tensor&)>& f, const std::vector<Tensor>& inputs, const std::vector<Tensor>& steps,
                    double atol = 1e-5, double rtol = 1e-4);

}  // namespace minitensor
