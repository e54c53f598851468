// Verifiers of whole outputs, in a namespace versioned through an inline namespace: callers name
// them `minitensor::verify::...`, the versioned name only links them.
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

#define MINITENSOR_VERSIONED_NS v2

namespace minitensor {
inline namespace MINITENSOR_VERSIONED_NS {
namespace verify {

struct tolerance {
  double rms_tol = 0.001;
};

template <class R1, class R2>
double rms_range(const R1& a, const R2& b) {
  double total = 0;
  for (std::size_t i = 0; i < a.size(); ++i) total += (a[i] - b[i]) * (a[i] - b[i]);
  return std::sqrt(total / a.size());
}

template <class R1, class R2>
bool verify_rms(const R1& out, const R2& gold, double threshold = 1e-3) {
  double error = rms_range(out, gold);
  return error <= threshold;
}

template <class R1, class R2>
bool verify_within(const R1& out, const R2& gold, tolerance tols = tolerance{}) {
  double error = rms_range(out, gold);
  return error <= tols.rms_tol;
}

}  // namespace verify
}  // namespace MINITENSOR_VERSIONED_NS
}  // namespace minitensor
