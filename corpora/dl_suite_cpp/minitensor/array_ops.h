// Operations in the style of an array framework: a comparison answers with a boolean array,
// which the caller reads out with item<bool>(); where it runs is a stream argument.
#pragma once
#include "minitensor/tensor.h"

namespace minitensor {

struct Stream {};

class BoolArray {
 public:
  template <typename T>
  T item() const;
};

BoolArray elementwiseClose(const Tensor& a, const Tensor& b, double rtol, double atol, Stream s);
BoolArray reduceAll(const BoolArray& flags, Stream s);
BoolArray arraysClose(const Tensor& a, const Tensor& b, double rtol = 1e-5, double atol = 1e-8, Stream s = {});

}  // namespace minitensor
