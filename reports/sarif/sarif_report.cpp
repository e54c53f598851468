#include "reports/sarif/sarif_report.h"

#include <fmt/format.h>
#include <xxhash.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace oalens::reports {

using json = nlohmann::ordered_json;

namespace {

constexpr std::string_view kSchema = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr std::string_view kRootId = "SRCROOT";

// An OA assertion's identity for code scanning: what it checks, where, not its line, so that an
// alert survives lines added above it. Identical assertions of one function are told apart by
// their order.
std::string assertionPrint(const analyzer::Assertion& a, std::map<std::string, int>& seen) {
  std::string key = fmt::format("OA000\x1f{}\x1f{}\x1f{}\x1f{}\x1f{}", a.file, a.function, a.api, a.actualText, a.expectedText);
  for (const auto& t : a.tolerances) key += fmt::format("\x1f{}={}", t.name, t.text);
  std::string print = fmt::format("{:016x}", XXH3_64bits(key.data(), key.size()));
  if (const int nth = seen[print]++; nth > 0) print += fmt::format(":{}", nth);
  return print;
}

}  // namespace

std::string uriOfPath(std::string_view path) {
  std::string out;
  for (unsigned char c : path) {
    const bool unreserved = std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (unreserved) out += static_cast<char>(c);
    else out += fmt::format("%{:02X}", c);
  }
  return out;
}

std::string helpUriBase(std::string_view base) {
  const size_t colon = base.find(':');
  const bool schemed = colon != std::string_view::npos && colon > 0 && std::isalpha(static_cast<unsigned char>(base[0])) &&
                       std::all_of(base.begin(), base.begin() + colon,
                                   [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.'; });
  if (!schemed || base.find_first_of(" \t\r\n\"<>\\^`{|}") != std::string_view::npos) return "";
  return std::string(base) + (base.ends_with('/') ? "" : "/");
}

json scanSarif(const analyzer::ScanResult& r, const SarifPlace& place) {
  const std::string_view full =
      "An assertion that accepts the output within a tolerance of the oracle (assert_allclose, assertAlmostEqual, "
      "EXPECT_NEAR, an error bound): the inventory of `oalens scan`, with each one's API, category, tolerances and "
      "where they come from.";
  const std::string_view help =
      "Not a defect: each result is one OA assertion. Its properties say where its tolerance comes from "
      "(threshold_provenance) and what it compares against (oracle_type); `oalens explain FILE:LINE` shows why.";
  json rules = json::array({sarifRule(
      {"OA000", "oa-assertion-inventory", "oracle-approximation assertion", full, help, "", "docs/json.md", "note", "inventory", "-"},
      place.helpBase)});
  json results = json::array();
  std::map<std::string, int> seen;
  for (const auto& a : r.assertions) {
    if (!a.isOa) continue;
    std::string tols;
    for (const auto& t : a.tolerances) tols += fmt::format("{}{}={}", tols.empty() ? "" : ", ", t.name, t.text);
    const std::string message =
        fmt::format("{} assertion ({}){}", a.api, analyzer::categoryName(a.category), tols.empty() ? "" : ": " + tols);
    analyzer::Finding inventory{a.file,  a.range.start.line, a.range.start.col,        a.range.end.line, a.range.end.col,
                                "OA000", "oa-assertion",     analyzer::Severity::Note, message};
    inventory.fingerprint = assertionPrint(a, seen);
    json result = sarifResult(inventory);
    result["properties"] = {{"api", a.api},
                            {"category", analyzer::categoryName(a.category)},
                            {"threshold_provenance", analyzer::thresholdProvenanceName(a.thresholdProvenance)},
                            {"oracle_type", a.oracleType}};
    results.push_back(std::move(result));
  }
  json notes = json::array();
  for (const auto& d : r.diagnostics)
    notes.push_back({{"level", d.severity == analyzer::Severity::Error ? "error" : "warning"},
                     {"message", {{"text", fmt::format("{}: {}", d.path, d.message)}}},
                     {"descriptor", {{"id", d.code}}}});
  return sarifLog(std::move(rules), std::move(results), place, {{"executionSuccessful", true}, {"toolExecutionNotifications", notes}});
}

json sarifRule(const SarifRule& r, std::string_view helpBase) {
  const std::string helpUri = std::string(helpBase) + uriOfPath(r.docPage);
  const std::string_view description = r.description.empty() ? r.summary : r.description;
  std::string markdown = fmt::format("**{} {}**: {}\n\n", r.id, r.name, r.summary);
  markdown += r.markdown.empty() ? std::string(description) : std::string(r.markdown);
  if (!r.help.empty()) markdown += fmt::format("\n\n**How to resolve**: {}", r.help);
  markdown += fmt::format("\n\n[Documentation of {}]({})\n", r.id, helpUri);
  json rule = {{"id", r.id}, {"name", r.name}, {"shortDescription", {{"text", r.summary}}}, {"fullDescription", {{"text", description}}}};
  rule["help"] = {{"text", r.help.empty() ? description : r.help}, {"markdown", markdown}};
  rule["helpUri"] = helpUri;
  rule["defaultConfiguration"] = {{"level", r.level}};
  rule["properties"] = {{"family", r.family}, {"precision", r.precision}};
  return rule;
}

std::string_view sarifLevel(analyzer::Severity s) {
  return s == analyzer::Severity::Error ? "error" : s == analyzer::Severity::Warning ? "warning" : "note";
}

json sarifResult(const analyzer::Finding& f) {
  json region = {{"startLine", std::max<uint32_t>(1, f.line)}, {"startColumn", std::max<uint32_t>(1, f.column)}};
  if (f.endLine > 0) {
    region["endLine"] = std::max(f.endLine, std::max<uint32_t>(1, f.line));
    region["endColumn"] = std::max<uint32_t>(1, f.endColumn);
  }
  json artifact = {{"uri", uriOfPath(f.file)}, {"uriBaseId", kRootId}};
  return {{"ruleId", f.rule},
          {"level", sarifLevel(f.severity)},
          {"message", {{"text", f.message}}},
          {"locations", json::array({{{"physicalLocation", {{"artifactLocation", artifact}, {"region", region}}}}})},
          {"partialFingerprints", {{"oalens/v1", f.fingerprint}}}};
}

json sarifLog(json rules, json results, const SarifPlace& place, json invocation) {
  std::map<std::string, size_t> index;
  for (size_t i = 0; i < rules.size(); ++i) index.emplace(rules[i]["id"].get<std::string>(), i);
  json indexed = json::array();
  for (json& result : results) {
    json one;
    for (auto& [key, value] : result.items()) {
      one[key] = std::move(value);
      if (key != "ruleId") continue;
      if (auto it = index.find(one["ruleId"].get<std::string>()); it != index.end()) one["ruleIndex"] = it->second;
    }
    indexed.push_back(std::move(one));
  }
  json root = {{"description", {{"text", "the root the result paths are relative to"}}}};
  if (!place.root.empty()) {
    std::string dir = place.root;
    if (!dir.ends_with('/')) dir += '/';
    root = {{"uri", "file://" + uriOfPath(dir)}};
  }
  json run = {{"tool", {{"driver", {{"name", "oalens"}, {"version", OALENS_VERSION}, {"rules", std::move(rules)}}}}}};
  if (!invocation.is_null()) run["invocations"] = json::array({std::move(invocation)});
  run["originalUriBaseIds"] = {{kRootId, root}};
  run["results"] = std::move(indexed);
  return {{"$schema", kSchema}, {"version", "2.1.0"}, {"runs", json::array({std::move(run)})}};
}

}  // namespace oalens::reports
