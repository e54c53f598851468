// The results of `oalens scan` in every format it writes (scan_report.h).
#include "reports/findings/scan_report.h"

#include <fmt/format.h>

#include "reports/ci/ci_formats.h"
#include "reports/csv/csv_report.h"
#include "reports/json/json_report.h"
#include "reports/text/text_report.h"

namespace oalens::reports {

namespace {

// A notice at each OA assertion (the inventory a reviewer reads beside the change) and the
// input problems at their files, as GitHub annotations.
std::vector<analyzer::Finding> scanAnnotations(const analyzer::ScanResult& r) {
  std::vector<analyzer::Finding> out;
  for (const auto& d : r.diagnostics)
    out.push_back({d.path, d.line, d.col, 0, 0, d.code, "",
                   d.severity == analyzer::Severity::Error ? analyzer::Severity::Error : analyzer::Severity::Warning, d.message});
  for (const auto& a : r.assertions) {
    if (!a.isOa) continue;
    std::string tolerances;
    for (const auto& t : a.tolerances) tolerances += fmt::format("{}{}={}", tolerances.empty() ? "" : ", ", t.name, t.text);
    out.push_back(
        {a.file, a.range.start.line, a.range.start.col, a.range.end.line, a.range.end.col, "OA000", "oa-assertion",
         analyzer::Severity::Info,
         fmt::format("{} assertion ({}){}", a.api, analyzer::categoryName(a.category), tolerances.empty() ? "" : ": " + tolerances)});
  }
  return out;
}

}  // namespace

std::string scanReportText(const analyzer::ScanResult& result, const std::string& format, const SarifPlace& place) {
  if (format == "json") return scanJsonText(result) + "\n";
  if (format == "csv") return scanCsv(result);
  if (format == "sarif") return jsonText(scanSarif(result, place)) + "\n";
  if (format == "github") return githubAnnotations(scanAnnotations(result));
  return scanTextSummary(result);
}

}  // namespace oalens::reports
