#include "minitensor/array_ops.h"

namespace minitensor {

// Every element within atol + rtol * |b|; the defaults are the header's (rtol 1e-5, atol 1e-8).
BoolArray arraysClose(const Tensor& a, const Tensor& b, double rtol /* = 1e-5 */, double atol /* = 1e-8 */, Stream s /* = {} */) {
  return reduceAll(elementwiseClose(a, b, rtol, atol, s), s);
}

}  // namespace minitensor
