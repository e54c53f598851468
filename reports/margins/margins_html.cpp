#include "reports/margins/margins_html.h"

#include <fmt/format.h>

#include <array>
#include <cmath>

#include "reports/html/dashboard.h"
#include "reports/html/svg_charts.h"

namespace oalens::reports {

namespace {

// The largest share per assertion, by decade: where a suite's tolerances sit.
constexpr std::array<std::pair<double, const char*>, 7> kBuckets = {{{1e-9, "under 1e-9"},
                                                                     {1e-6, "1e-9 to 1e-6"},
                                                                     {1e-3, "1e-6 to 0.1%"},
                                                                     {1e-2, "0.1% to 1%"},
                                                                     {1e-1, "1% to 10%"},
                                                                     {0.5, "10% to 50%"},
                                                                     {1.0, "50% to 100%"}}};

std::string shareText(double v) { return std::isfinite(v) ? fmt::format("{:.3g}", v) : "unbounded"; }

// The bar a largest share falls in: 0 equal, 1..7 kBuckets (up to 50% and 100% inclusive, as
// the verdicts count them), 8 over the whole tolerance.
size_t bucketOf(double used) {
  if (used == 0) return 0;
  for (size_t i = 0; i < kBuckets.size(); ++i) {
    const bool inclusive = kBuckets[i].first >= 0.5;
    if (used < kBuckets[i].first || (inclusive && used == kBuckets[i].first)) return i + 1;
  }
  return kBuckets.size() + 1;
}

std::vector<Bar> shareBars(const MarginsReport& r) {
  std::vector<Bar> bars{{"equal in every run", 0}};
  for (const auto& [limit, label] : kBuckets) bars.push_back({label, 0});
  bars.push_back({"over 100%", 0});
  for (const MarginVerdict& v : r.margins) bars[bucketOf(v.maxUsed)].value += 1;
  return bars;
}

std::string row(const std::vector<std::string>& cells) {
  std::string out = "<tr>";
  for (const std::string& c : cells) out += "<td>" + htmlEscape(c) + "</td>";
  return out + "</tr>\n";
}

std::string verdictTable(const MarginsReport& r, bool tight, size_t limit) {
  std::string out = tight ? "<table><tr><th>assertion</th><th>verdict</th><th>largest share</th><th>runs (failed)</th><th>tolerance</th>"
                            "<th>extreme-value bound</th><th>suggested</th></tr>\n"
                          : "<table><tr><th>assertion</th><th>largest share</th><th>runs</th><th>tolerance</th><th>suggested</th></tr>\n";
  size_t rows = 0;
  for (const MarginVerdict& v : r.margins) {
    const bool isTight = v.verdict == "flaky-tight" || v.verdict == "failing";
    if (tight != isTight || (!tight && v.verdict != "over-loose")) continue;
    if (rows++ == limit) break;
    const std::string where = fmt::format("{}:{}", v.file, v.line);
    if (tight) {
      const std::string bound = v.extreme ? fmt::format("{} at {:g}% ({}, p(exceed) {:.2g})", shareText(v.extreme->usedAtConfidence),
                                                        v.extreme->confidence * 100, v.extreme->distribution, v.extreme->pExceed)
                                          : "";
      out += row({where, v.verdict, shareText(v.maxUsed), fmt::format("{} ({})", v.runs, v.failedRuns), v.tolerance, bound, v.suggested});
    } else {
      out += row({where, shareText(v.maxUsed), std::to_string(v.runs), v.tolerance, v.suggested});
    }
  }
  if (rows == 0) return "<p class=\"none\">none</p>\n";
  return out + "</table>\n";
}

std::string figure(const std::string& caption, const std::string& chart) {
  return "<figure>" + chart + "<figcaption>" + htmlEscape(caption) + "</figcaption></figure>\n";
}

}  // namespace

std::string marginsSectionBody(const MarginsReport& r) {
  std::string body = fmt::format(
      "<p class=\"facts\">root <code>{}</code>: <b>{} of {} OA assertions measured</b> ({} not reached, {} not watched, {} not judged), "
      "{} run{} per test</p>\n",
      htmlEscape(r.root), r.measured, r.oaAssertions, r.notReached, r.notWatched, r.notJudged, r.runsPerTest,
      r.runsPerTest == 1 ? "" : "s");
  body += figure("verdicts (over-loose: under 0.1% of the tolerance in every run; flaky-tight: over 50% in some run, or failed in some)",
                 horizontalBars({{"over-loose", static_cast<double>(r.overLoose)},
                                 {"healthy", static_cast<double>(r.healthy)},
                                 {"flaky-tight", static_cast<double>(r.flakyTight)},
                                 {"failing", static_cast<double>(r.failing)}}));
  body += figure("the largest share of its tolerance each assertion used in any run", horizontalBars(shareBars(r)));
  body += "<h3>Flaky-tight and failing</h3>\n" + verdictTable(r, true, 100);
  body += fmt::format("<h3>Over-loose (the first 100; suggested at {:g}x the largest error)</h3>\n", r.safetyFactor) +
          verdictTable(r, false, 100);
  return body;
}

std::string marginsPage(const MarginsReport& r, const std::string& source) {
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>OALens margins: " + htmlEscape(source) +
         "</title>\n<style>" + dashboardStyle() + "</style></head><body>\n<h1>OALens tolerance margins</h1>\n<p>margins database <code>" +
         htmlEscape(source) + "</code></p>\n<section id=\"margins\"><h2>Margins</h2>\n" + marginsSectionBody(r) +
         "</section>\n<footer>Generated by oalens " OALENS_VERSION
         " from the margins database and a scan of the tree; self-contained (no script, no external resource).</footer>\n</body></html>\n";
}

}  // namespace oalens::reports
