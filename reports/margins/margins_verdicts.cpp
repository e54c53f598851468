#include "reports/margins/margins_verdicts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "reports/margins/margins_sites.h"

namespace oalens::reports {

namespace {

// `v` rounded up to one significant digit: 3.2e-9 -> 4e-9; 0 stays 0.
double upToOneDigit(double v) {
  if (!(v > 0) || !std::isfinite(v)) return v > 0 ? v : 0;
  double exponent = std::floor(std::log10(v));
  double scale = std::pow(10.0, exponent);
  double mantissa = std::ceil(v / scale - 1e-9);  // 3.0000000001 stays 3
  if (mantissa >= 10) return std::pow(10.0, exponent + 1);
  return mantissa * scale;
}

std::string verdictOf(const MeasuredSite& j) {
  if (j.failed.size() == j.runs.size()) return "failing";
  if (!j.failed.empty() || j.maxUsed > kTightShare) return "flaky-tight";
  if (j.maxUsed < kOverLooseShare) return "over-loose";
  return "healthy";
}

void suggest(MarginVerdict& v, const MarginGroup& worst, double safetyFactor) {
  if (v.verdict == "over-loose") {
    if (v.maxUsed == 0) {
      v.suggested = "exact";
      v.basis = "the values were equal in every run";
      return;
    }
    v.suggested = scaledTolerance(worst, v.maxUsed * safetyFactor);
    if (!v.suggested.empty()) v.basis = fmt::format("{:g}x the largest error measured", safetyFactor);
    return;
  }
  if (v.verdict == "flaky-tight" && v.extreme && v.extreme->usedAtConfidence > 1) {
    // Five samples can put the bound below a share already seen: never suggest less than that.
    v.suggested = scaledTolerance(worst, std::max(v.extreme->usedAtConfidence, v.maxUsed));
    if (!v.suggested.empty())
      v.basis = fmt::format("the {:g}% extreme-value bound ({}, {} runs)", v.extreme->confidence * 100, v.extreme->distribution,
                            v.extreme->samples);
  }
}

}  // namespace

std::string scaledTolerance(const MarginGroup& worst, double factor) {
  auto value = [&](const std::optional<double>& x) { return fmt::format("{:g}", upToOneDigit(*x * factor)); };
  if (!(factor > 0) || !std::isfinite(factor)) return "";
  if (worst.form == "sum" || worst.form == "max") {
    if (!worst.rtol || !worst.atol) return "";
    const bool approx = worst.form == "max";
    return fmt::format("{}={} {}={}", approx ? "rel" : "rtol", value(worst.rtol), approx ? "abs" : "atol", value(worst.atol));
  }
  if (!worst.bound || !(*worst.bound > 0)) return "";
  const double bound = *worst.bound * factor;
  // The most digits whose bound is still `bound`; the nudge keeps 1.5 / 1.5e-9 at 9 digits when
  // the division lands a rounding error under 1e9.
  auto digits = [&](double unit) { return std::floor(std::log10(unit / bound) + 1e-9); };
  if (worst.form == "decimal") return fmt::format("decimal={:g}", digits(1.5));  // |d| < 1.5 * 10**-decimal
  if (worst.form == "places") return fmt::format("places={:g}", digits(0.5));    // round(|d|, places) == 0
  if (worst.form == "delta") return fmt::format("delta={:g}", upToOneDigit(bound));
  return "";
}

MarginsReport judgeMargins(const analyzer::ScanResult& scan, const MarginsData& data, const MarginsOptions& options) {
  MarginsReport report;
  report.root = options.root;
  report.rootdir = data.rootdir;
  report.runsPerTest = data.runsPerTest;
  report.diagnostics = data.diagnostics;
  report.safetyFactor = options.safetyFactor;

  const MarginsSites sites(data, options.root);
  for (const analyzer::Assertion& a : scan.assertions) {
    if (!a.isOa) continue;
    ++report.oaAssertions;
    const int64_t first = a.range.start.line, last = std::max(a.range.end.line, a.range.start.line);
    const MeasuredSite j = sites.at(a.file, first, last, !a.via.empty());
    if (!j.any) {
      const std::string& api = a.via.empty() ? a.api : a.via;
      const bool watched = std::find(data.watchedApis.begin(), data.watchedApis.end(), api) != data.watchedApis.end();
      ++(watched ? report.notReached : report.notWatched);
      report.unjudged.push_back({a.file, a.range.start.line, a.api, watched ? "not reached" : "not watched"});
      continue;
    }
    ++report.measured;
    if (a.negated || !j.worst) {
      ++report.notJudged;
      report.unjudged.push_back({a.file, a.range.start.line, a.api, a.negated ? "negated" : "caught"});
      continue;
    }
    MarginVerdict v;
    v.file = a.file;
    v.line = a.range.start.line;
    v.endLine = a.range.end.line;
    v.api = a.api;
    v.via = a.via;
    v.testCase = a.testCase;
    v.verdict = verdictOf(j);
    v.maxUsed = j.maxUsed;
    v.runs = static_cast<int64_t>(j.runs.size());
    v.failedRuns = static_cast<int64_t>(j.failed.size());
    v.tests = static_cast<int64_t>(j.tests.size());
    v.calls = j.calls;
    v.caughtFailures = j.caught;
    v.failuresWithin = j.failedWithin;
    v.tolerance = j.worst->tolerance;
    v.maxAbsErr = j.worst->maxAbsErr;
    if (const MarginExtreme* e = sites.extremeAt(a.file, first, last)) v.extreme = *e;
    suggest(v, *j.worst, options.safetyFactor);
    if (v.verdict == "over-loose") ++report.overLoose;
    else if (v.verdict == "flaky-tight") ++report.flakyTight;
    else if (v.verdict == "failing") ++report.failing;
    else ++report.healthy;
    report.margins.push_back(std::move(v));
  }
  std::sort(report.margins.begin(), report.margins.end(),
            [](const MarginVerdict& a, const MarginVerdict& b) { return std::tie(a.file, a.line) < std::tie(b.file, b.line); });
  return report;
}

}  // namespace oalens::reports
