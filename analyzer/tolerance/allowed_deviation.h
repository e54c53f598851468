// What one tolerance lets through, as a deviation |actual - expected| (absolute tolerances)
// or a fraction of |expected| (relative ones), with the APIs' own constants: unittest rounds
// the difference to `places` digits (|d| < 0.5 * 10^-places), numpy's almost_equal accepts
// |d| < 1.5 * 10^-decimal. Used where checks of different systems are compared (mine's
// threshold direction) or judged (lint's loose-tolerance). significant and ulps have no such
// form and give nullopt.
#pragma once
#include <cmath>
#include <optional>
#include <string>
#include <string_view>

#include "analyzer/assertions/assertion.h"

namespace oalens::analyzer {

inline std::optional<double> allowedDeviation(std::string_view name, double value) {
  if (name == "places") return 0.5 * std::pow(10.0, -value);
  if (name == "decimal") return 1.5 * std::pow(10.0, -value);
  if (name == "atol" || name == "rtol" || name == "delta" || name == "prec" || name == "bound" || name == "epsilon" || name == "margin")
    return value;
  return std::nullopt;
}

// An error bound is a deviation only on a difference (`abs(a - b) < t`, expected side known)
// or an absolute value (`np.abs(d) < t`): `err < t` may be relative, `x <= 1` is a range.
inline bool boundsAnAbsoluteDeviation(const Assertion& a) {
  if (!a.expectedText.empty()) return true;
  std::string t;
  for (char c : a.actualText)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') t += c;
  for (const char* f : {"abs(", "np.abs(", "numpy.abs(", "np.absolute(", "numpy.absolute(", "math.fabs(", "np.fabs(", "torch.abs("})
    if (t.rfind(f, 0) == 0) return true;
  return false;
}

inline bool isRelativeTolerance(std::string_view name) { return name == "rtol" || name == "epsilon"; }

}  // namespace oalens::analyzer
