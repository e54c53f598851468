#include "reports/sarif/sarif_report.h"

#include <fmt/format.h>

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
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", json::array({run})}};
}

}  // namespace oalens::reports
