#include "reports/margins/margins_loosening.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "analyzer/tolerance/allowed_deviation.h"

namespace oalens::reports {

namespace {

std::optional<double> valueOf(const std::vector<analyzer::Tolerance>& tolerances, std::string_view name) {
  for (const analyzer::Tolerance& t : tolerances)
    if (t.name == name && t.value && std::isfinite(*t.value)) return t.value;
  return std::nullopt;
}

std::string percent(double share) { return fmt::format("{:.3g}%", share * 100); }

std::string plural(size_t n, std::string_view word) { return fmt::format("{} {}{}", n, word, n == 1 ? "" : "s"); }

}  // namespace

std::optional<double> boundUnder(const MarginGroup& worst, const std::vector<analyzer::Tolerance>& tolerances) {
  if (worst.form == "sum" || worst.form == "max") {
    const std::optional<double> newRtol = valueOf(tolerances, "rtol"), newAtol = valueOf(tolerances, "atol");
    if (!newRtol && !newAtol) return std::nullopt;
    const double rtol = newRtol.value_or(worst.rtol.value_or(0)), atol = newAtol.value_or(worst.atol.value_or(0));
    if (rtol == 0) return atol;
    // |b| of the worst element, from the bound it had: sum atol + rtol * |b|; max: the rel term
    // when it exceeded abs, else unknown.
    if (!worst.tolAtWorst || !worst.rtol || !(*worst.rtol > 0)) return std::nullopt;
    const double oldAtol = worst.atol.value_or(0);
    double magnitude = 0;
    if (worst.form == "sum") magnitude = std::max(0.0, *worst.tolAtWorst - oldAtol) / *worst.rtol;
    else if (*worst.tolAtWorst > oldAtol) magnitude = *worst.tolAtWorst / *worst.rtol;
    else return std::nullopt;
    return worst.form == "sum" ? atol + rtol * magnitude : std::max(rtol * magnitude, atol);
  }
  if (worst.form != "decimal" && worst.form != "places" && worst.form != "delta") return std::nullopt;
  const std::optional<double> v = valueOf(tolerances, worst.form);
  return v ? analyzer::allowedDeviation(worst.form, *v) : std::nullopt;
}

std::string loosenedAgainstMeasured(const MeasuredSite& site, const std::vector<analyzer::Tolerance>& newTolerances) {
  if (!site.any) return "";
  std::string text = fmt::format("measured in {} of {}", plural(site.runs.size(), "run"), plural(site.tests.size(), "test"));
  if (!site.worst) return text + ": every failure there was caught by the test";
  const MarginGroup& worst = *site.worst;
  if (!site.failed.empty()) text += fmt::format(", {} failed under the old tolerance", site.failed.size());
  if (site.maxUsed == 0) return text + ": the values were equal in every run";
  if (!std::isfinite(site.maxUsed)) return text + ": an infinite error (NaN or inf) in some run";
  text += fmt::format(": at most {} of the old tolerance used", percent(site.maxUsed));
  if (worst.errAtWorst) text += fmt::format(" (largest error {:.2g})", *worst.errAtWorst);
  if (const std::optional<double> bound = boundUnder(worst, newTolerances); bound && *bound > 0 && worst.errAtWorst)
    text += fmt::format(", {} of the new one", percent(*worst.errAtWorst / *bound));
  if (site.failed.empty() && site.maxUsed < 0.5) text += "; no run came near the old tolerance";
  return text;
}

}  // namespace oalens::reports
