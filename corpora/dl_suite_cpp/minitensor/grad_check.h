// The library's gradient check: central differences of a loss against the gradient the model
// reports, coordinate by coordinate. It does not stop at the first bad coordinate (it reports
// them all when asked to), so it keeps a flag and answers with it at the end.
#pragma once
#include <cmath>
#include <cstdio>

#include "minitensor/tensor.h"

namespace minitensor {

template <typename Model>
bool gradientsAgree(Model& model, Tensor x, int verbosity = 0) {
  const float step = 5e-3f;
  const Tensor analytic = model.gradient(x);
  bool failed = false;
  for (size_t i = 0; i < x.size(); ++i) {
    const float kept = x.data[i];
    x.data[i] = kept - step;
    const float below = model.loss(x);
    x.data[i] = kept + step;
    const float above = model.loss(x);
    x.data[i] = kept;
    const float numeric = (above - below) / (2 * step);
    float gap = std::fabs(numeric - analytic[i]);
    const float scale = std::fmax(std::fabs(numeric), std::fabs(analytic[i]));
    if (gap > 0.02f && scale > 0.f) gap /= scale;
    if (gap > 0.02f || std::isnan(gap)) {
      failed = true;
      if (verbosity > 0) std::fprintf(stderr, "coordinate %zu: %g\n", i, gap);
    }
  }
  return !failed;
}

}  // namespace minitensor
