#include "reports/margins/margins_sarif.h"

#include <fmt/format.h>

#include <cstdint>
#include <string_view>

#include "reports/margins/margins_render.h"
#include "reports/sarif/sarif_report.h"

namespace oalens::reports {

using json = nlohmann::ordered_json;

namespace {

using analyzer::Severity;

struct VerdictRule {
  std::string_view verdict, id, name;
  Severity severity;
  std::string_view summary, help;
};

constexpr VerdictRule kRules[] = {
    {"over-loose", "MG101", "over-loose-tolerance", Severity::Note, "no recorded test run used 0.1% of the tolerance",
     "Every recorded run of the test stayed under 0.1% of the tolerance: it would pass a result far worse than any seen. "
     "Tighten it to the suggested value (a safety factor times the largest error measured), or state why it is wide."},
    {"flaky-tight", "MG102", "flaky-tight-tolerance", Severity::Warning,
     "a recorded test run failed the check or used over half of its tolerance",
     "Some run failed or came within a factor of two of the tolerance: the test can fail on another seed, machine or library "
     "version. Look at the extreme-value bound; fix the computation or widen the tolerance to the suggested bound."},
    {"failing", "MG103", "failing-check", Severity::Error, "the check failed in every recorded run that reached it",
     "The check never passed in the recorded runs (an expected failure, or a broken test)."},
};

const VerdictRule* ruleOf(std::string_view verdict) {
  for (const VerdictRule& r : kRules)
    if (r.verdict == verdict) return &r;
  return nullptr;
}

// FNV-1a: stable across runs and machines; keyed by what the assertion is, not its line.
std::string fingerprint(const MarginVerdict& v, std::string_view rule) {
  uint64_t h = 1469598103934665603ULL;
  for (std::string_view part : {rule, std::string_view(v.file), std::string_view(v.testCase), std::string_view(v.api)}) {
    for (unsigned char c : part) h = (h ^ c) * 1099511628211ULL;
    h = (h ^ 0x1f) * 1099511628211ULL;
  }
  return fmt::format("{:016x}", h);
}

}  // namespace

json marginsSarif(const MarginsReport& report, std::string_view helpBase) {
  json rules = json::array();
  for (const VerdictRule& r : kRules)
    rules.push_back(
        sarifRule({r.id, r.name, r.summary, r.help, r.help, "", "docs/margins.md", sarifLevel(r.severity), "margins", "-"}, helpBase));
  json results = json::array();
  std::map<std::string, int> occurrences;  // identical assertions of one test case told apart
  for (const MarginVerdict& v : report.margins) {
    const VerdictRule* rule = ruleOf(v.verdict);
    if (!rule) continue;  // healthy
    const std::string message = fmt::format("{}: {}", v.verdict, marginMessage(v));
    std::string print = fingerprint(v, rule->id);
    if (const int nth = occurrences[print]++; nth > 0) print += fmt::format(":{}", nth);
    analyzer::Finding finding{v.file, v.line, 1, v.endLine, 0, std::string(rule->id), std::string(rule->name), rule->severity, message};
    finding.fingerprint = print;
    json result = sarifResult(finding);
    result["properties"] = {{"max_used", std::isfinite(v.maxUsed) ? json(v.maxUsed) : json(nullptr)},
                            {"runs", v.runs},
                            {"failed_runs", v.failedRuns},
                            {"tolerance", v.tolerance},
                            {"suggested", v.suggested.empty() ? json(nullptr) : json(v.suggested)}};
    results.push_back(std::move(result));
  }
  return sarifLog(std::move(rules), std::move(results), {report.root, std::string(helpBase)});
}

}  // namespace oalens::reports
