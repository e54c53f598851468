// The findings of `oalens diff` in every format it writes (gate_report.h).
#include "reports/findings/gate_report.h"

#include <fmt/format.h>

#include "reports/findings/finding_formats.h"
#include "reports/json/json_report.h"

namespace oalens::reports {

using json = nlohmann::ordered_json;

namespace {

json sarif(const std::vector<GateReportRow>& rows, json sarifRules, const SarifPlace& place) {
  json results = json::array();
  for (const auto& [f, reason] : rows) results.push_back(sarifResult(f));
  return sarifLog(std::move(sarifRules), std::move(results), place);
}

}  // namespace

std::string gateReportText(const std::vector<GateReportRow>& rows, const std::string& format, size_t filesChecked, json sarifRules,
                           const SarifPlace& place) {
  if (format == "json") {
    json list = json::array();
    for (const auto& [f, statedReason] : rows)
      list.push_back({{"file", f.file},
                      {"line", f.line},
                      {"column", f.column},
                      {"rule", f.rule},
                      {"name", f.name},
                      {"severity", analyzer::severityName(f.severity)},
                      {"message", f.message},
                      {"stated_reason", statedReason.empty() ? json(nullptr) : json(statedReason)},
                      {"fingerprint", f.fingerprint}});
    return jsonText(json{{"files_checked", filesChecked}, {"findings", list}}) + "\n";
  }
  if (const FindingsFormat* registered = findingsFormat(format)) {
    std::vector<analyzer::Finding> findings;
    for (const auto& row : rows) findings.push_back(row.finding);
    return registered->write(findings, "oalens diff");
  }
  if (format == "sarif") return jsonText(sarif(rows, std::move(sarifRules), place)) + "\n";
  std::string text;
  for (const auto& [f, reason] : rows)
    text += fmt::format("{}:{}:{}: {}: {} [{}]\n", f.file, f.line, f.column, analyzer::severityName(f.severity), f.message, f.rule);
  return text;
}

}  // namespace oalens::reports
