#include "reports/margins/margins_render.h"

#include <fmt/format.h>

#include <cmath>

#include "analyzer/core/visible_text.h"

namespace oalens::reports {

using json = nlohmann::ordered_json;

namespace {

json orNull(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }

// A share of the tolerance: JSON has no infinity, so an unbounded one is null (with
// "unbounded": true beside it).
json share(double v) { return std::isfinite(v) ? json(v) : json(nullptr); }

std::string shareText(double v) { return std::isfinite(v) ? fmt::format("{:.3g}", v) : "inf"; }

json extremeJson(const std::optional<MarginExtreme>& e) {
  if (!e) return nullptr;
  return {{"distribution", e->distribution},
          {"samples", e->samples},
          {"confidence", e->confidence},
          {"used_at_confidence", e->usedAtConfidence},
          {"p_exceed", e->pExceed}};
}

}  // namespace

json marginsJson(const MarginsReport& r) {
  json summary = {{"root", r.root},
                  {"rootdir", r.rootdir},
                  {"runs_per_test", r.runsPerTest},
                  {"safety_factor", r.safetyFactor},
                  {"oa_assertions", r.oaAssertions},
                  {"measured", r.measured},
                  {"not_reached", r.notReached},
                  {"not_watched", r.notWatched},
                  {"not_judged", r.notJudged},
                  {"over_loose", r.overLoose},
                  {"flaky_tight", r.flakyTight},
                  {"healthy", r.healthy},
                  {"failing", r.failing},
                  {"diagnostics", r.diagnostics}};
  json list = json::array();
  for (const MarginVerdict& v : r.margins) {
    list.push_back({{"file", v.file},
                    {"line", v.line},
                    {"end_line", v.endLine},
                    {"api", v.api},
                    {"via", orNull(v.via)},
                    {"test_case", orNull(v.testCase)},
                    {"verdict", v.verdict},
                    {"max_used", share(v.maxUsed)},
                    {"unbounded", !std::isfinite(v.maxUsed)},
                    {"runs", v.runs},
                    {"failed_runs", v.failedRuns},
                    {"tests", v.tests},
                    {"calls", v.calls},
                    {"caught_failures", v.caughtFailures},
                    {"failures_within_tolerance", v.failuresWithin},
                    {"tolerance", v.tolerance},
                    {"max_abs_err", v.maxAbsErr && std::isfinite(*v.maxAbsErr) ? json(*v.maxAbsErr) : json(nullptr)},
                    {"suggested", orNull(v.suggested)},
                    {"suggestion_basis", orNull(v.basis)},
                    {"extreme", extremeJson(v.extreme)}});
  }
  json unjudged = json::array();
  for (const auto& u : r.unjudged) unjudged.push_back({{"file", u.file}, {"line", u.line}, {"api", u.api}, {"reason", u.reason}});
  // Assigned one by one: a braced list of moved json values reads an uninitialised flag of
  // nlohmann's json_ref in 3.11.2 (UndefinedBehaviorSanitizer: "not a valid value for bool").
  json out = json::object();
  out["summary"] = std::move(summary);
  out["margins"] = std::move(list);
  out["unjudged"] = std::move(unjudged);
  return out;
}

std::string marginMessage(const MarginVerdict& v) {
  std::string text = fmt::format("at most {} of {} used, {} run{}", shareText(v.maxUsed), analyzer::withVisibleControls(v.tolerance),
                                 v.runs, v.runs == 1 ? "" : "s");
  if (v.failedRuns)
    text += fmt::format(
        " ({} failed{})", v.failedRuns,
        v.failuresWithin ? fmt::format(", {} call{} within the tolerance", v.failuresWithin, v.failuresWithin == 1 ? "" : "s") : "");
  if (v.extreme)
    text += fmt::format("; {:g}% bound {} ({}, p(exceed) {:.2g})", v.extreme->confidence * 100, shareText(v.extreme->usedAtConfidence),
                        v.extreme->distribution, v.extreme->pExceed);
  if (!v.suggested.empty()) text += fmt::format("; suggested {} ({})", v.suggested, v.basis);
  return text;
}

std::string marginsText(const MarginsReport& r) {
  const std::string notJudged = r.notJudged ? fmt::format(", {} negated or failing only where the test expects it", r.notJudged) : "";
  std::string text = fmt::format(
      "Tolerance margins: {} of {} OA assertions measured ({} not reached, {} of a form the plugin cannot watch{}), {} run{} per test\n"
      "  over-loose {}, flaky-tight {}, healthy {}, failing {}\n",
      r.measured, r.oaAssertions, r.notReached, r.notWatched, notJudged, r.runsPerTest, r.runsPerTest == 1 ? "" : "s", r.overLoose,
      r.flakyTight, r.healthy, r.failing);
  if (r.diagnostics) text += fmt::format("  {} measurement diagnostics (SELECT * FROM diagnostics)\n", r.diagnostics);
  for (const MarginVerdict& v : r.margins)
    text += fmt::format("{}:{}: {}: {}\n", analyzer::withVisibleControls(v.file), v.line, v.verdict, marginMessage(v));
  return text;
}

}  // namespace oalens::reports
