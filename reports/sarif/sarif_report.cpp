#include "reports/sarif/sarif_report.h"

#include <fmt/format.h>

#include <algorithm>

namespace oalens::reports {

using json = nlohmann::ordered_json;

json scanSarif(const analyzer::ScanResult& r) {
  json rule = {{"id", "OA000"},
               {"name", "oa-assertion-inventory"},
               {"shortDescription", {{"text", "oracle-approximation assertion"}}},
               {"fullDescription", {{"text", "An assertion that accepts the output within a tolerance of the oracle."}}},
               {"defaultConfiguration", {{"level", "note"}}}};
  json results = json::array();
  for (const auto& a : r.assertions) {
    if (!a.isOa) continue;
    std::string tols;
    for (const auto& t : a.tolerances) tols += fmt::format("{}{}={}", tols.empty() ? "" : ", ", t.name, t.text);
    json props = {{"api", a.api}, {"category", analyzer::categoryName(a.category)},
                  {"threshold_provenance", analyzer::thresholdProvenanceName(a.thresholdProvenance)},
                  {"oracle_type", a.oracleType}};
    results.push_back({{"ruleId", "OA000"},
                       {"level", "note"},
                       {"message", {{"text", fmt::format("{} assertion ({}){}", a.api, analyzer::categoryName(a.category),
                                                         tols.empty() ? "" : ": " + tols)}}},
                       {"locations",
                        json::array({{{"physicalLocation",
                                       {{"artifactLocation", {{"uri", a.file}, {"uriBaseId", "SRCROOT"}}},
                                        {"region",
                                         {{"startLine", a.range.start.line},
                                          {"startColumn", a.range.start.col},
                                          {"endLine", a.range.end.line},
                                          {"endColumn", a.range.end.col}}}}}}})},
                       {"properties", props}});
  }
  json notes = json::array();
  for (const auto& d : r.diagnostics)
    notes.push_back({{"level", d.severity == analyzer::Severity::Error ? "error" : "warning"},
                     {"message", {{"text", fmt::format("{}: {}", d.path, d.message)}}},
                     {"descriptor", {{"id", d.code}}}});
  json run = {{"tool", {{"driver", {{"name", "oalens"}, {"version", OALENS_VERSION},
                                    {"rules", json::array({rule})}}}}},
              {"invocations", json::array({{{"executionSuccessful", true}, {"toolExecutionNotifications", notes}}})},
              {"results", results}};
  return sarifLog(std::move(run));
}

json sarifLog(json run) {
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", json::array({std::move(run)})}};
}

json sarifRun(json rules, json results) {
  return {{"tool", {{"driver", {{"name", "oalens"}, {"version", OALENS_VERSION}, {"rules", std::move(rules)}}}}}, {"results", std::move(results)}};
}

json sarifRule(const SarifRule& r) {
  json rule = {{"id", r.id}, {"name", r.name}, {"shortDescription", {{"text", r.summary}}}};
  if (!r.description.empty()) rule["fullDescription"] = {{"text", r.description}};
  rule["help"] = {{"text", r.help}};
  rule["helpUri"] = r.helpUri;
  rule["defaultConfiguration"] = {{"level", r.level}};
  rule["properties"] = {{"family", r.family}, {"precision", r.precision}};
  return rule;
}

json sarifResult(const SarifFinding& f) {
  json region = {{"startLine", f.line}, {"startColumn", std::max<uint32_t>(1, f.column)}};
  if (f.endLine > 0) {
    region["endLine"] = f.endLine;
    region["endColumn"] = std::max<uint32_t>(1, f.endColumn);
  }
  return {{"ruleId", f.rule},
          {"level", f.level},
          {"message", {{"text", f.message}}},
          {"partialFingerprints", {{"oalens/v1", f.fingerprint}}},
          {"locations", json::array({{{"physicalLocation", {{"artifactLocation", {{"uri", f.file}}}, {"region", region}}}}})}};
}

}  // namespace oalens::reports
