#include "reports/json/json_report.h"

#include <fmt/format.h>

#include <map>
#include <string_view>

namespace oalens::reports {

using analyzer::Assertion;
using analyzer::ScanResult;
using json = nlohmann::ordered_json;

json scanSummaryJson(const ScanResult& r) {
  json s;
  size_t testFiles = 0, scanned = 0;
  for (const auto& f : r.files) {
    testFiles += f.isTestFile;
    scanned += f.scanned;
  }
  s["counting"] = r.studyCounting ? "study" : "static";
  s["files"] = r.files.size();
  s["files_scanned"] = scanned;
  s["test_files"] = testFiles;
  s["assertions"] = r.assertions.size();
  s["oa_assertions"] = r.oaCount();
  s["test_cases"] = r.testCaseCount();
  s["test_cases_with_oa"] = r.testCasesWithOa();
  s["test_cases_with_direct_oa"] = r.testCasesWithDirectOa();
  s["distinct_test_case_names"] = r.distinctTestCaseNames();
  std::map<std::string, std::pair<size_t, size_t>> perApi;
  std::map<std::string, size_t> perCategory, perProvenance;
  for (const Assertion& a : r.assertions) {
    auto& p = perApi[a.api];
    ++p.first;
    p.second += a.isOa;
    if (!a.isOa) continue;
    ++perCategory[std::string(analyzer::categoryName(a.category))];
    ++perProvenance[std::string(analyzer::thresholdProvenanceName(a.thresholdProvenance))];
  }
  json apis = json::object();
  for (const auto& [api, counts] : perApi) apis[api] = {{"assertions", counts.first}, {"oa_assertions", counts.second}};
  s["per_api"] = apis;
  s["per_category"] = perCategory;
  s["threshold_provenance"] = perProvenance;
  s["wrappers"] = r.wrappers;
  s["library_files"] = r.libraryFiles;
  s["library_packages"] = r.libraryPackages;
  std::map<std::string, size_t> perOracle;
  for (const Assertion& a : r.assertions)
    if (a.isOa) ++perOracle[a.oracleType];
  s["oracle_types"] = perOracle;
  s["diagnostics"] = r.diagnostics.size();
  return s;
}

json assertionJson(const Assertion& a) {
  json j;
  j["file"] = a.file;
  j["line"] = a.range.start.line;
  j["column"] = a.range.start.col;
  j["end_line"] = a.range.end.line;
  j["end_column"] = a.range.end.col;
  j["language"] = analyzer::languageName(a.language);
  j["test_case"] = a.testCase.empty() ? json(nullptr) : json(a.testCase);
  j["function"] = a.function.empty() ? json(nullptr) : json(a.function);
  j["api"] = a.api;
  j["api_text"] = a.apiText;
  j["via"] = a.via.empty() ? json(nullptr) : json(a.via);
  if (!a.checkSites.empty()) j["check_sites"] = a.checkSites;
  j["form"] = a.form;
  j["category"] = analyzer::categoryName(a.category);
  j["is_oa"] = a.isOa;
  j["actual"] = a.actualText;
  j["expected"] = a.expectedText;
  j["swapped"] = a.swapped;
  j["negated"] = a.negated;
  json tols = json::object();
  for (const auto& t : a.tolerances) {
    json tj;
    tj["text"] = t.text;
    tj["value"] = t.value ? json(*t.value) : json(nullptr);
    tj["provenance"] = analyzer::provenanceName(t.provenance);
    if (!t.note.empty()) tj["note"] = t.note;
    tols[t.name] = tj;
  }
  j["tolerances"] = tols;
  j["threshold_provenance"] = a.isOa ? json(analyzer::thresholdProvenanceName(a.thresholdProvenance)) : json(nullptr);
  j["oracle_type"] = a.isOa ? json(a.oracleType) : json(nullptr);
  j["evidence"] = a.evidence;
  return j;
}

namespace {

json toolJson() { return {{"name", "oalens"}, {"schema", 1}}; }

json testCaseJson(const analyzer::TestCaseRecord& t) {
  return {{"file", t.file},
          {"name", t.name},
          {"line", t.line},
          {"end_line", t.endLine},
          {"assertions", t.assertions},
          {"oa_assertions", t.oaAssertions},
          {"reaches_oa", t.reachesOa()},
          {"oa_call_distance", t.oaCallDistance}};
}

json diagnosticJson(const analyzer::Diagnostic& d) {
  return {{"file", d.path}, {"line", d.line},      {"column", d.col}, {"severity", analyzer::severityName(d.severity)},
          {"code", d.code}, {"message", d.message}};
}

// Appends `text`, a JSON value dumped at depth 0, as it reads at `depth` of a document dumped
// with an indent of 2: every line after the first shifted right. A dumped string holds no raw
// line break, so every '\n' is one between lines.
void appendNested(std::string& out, const std::string& text, int depth) {
  const std::string shift(static_cast<size_t>(2 * depth), ' ');
  size_t from = 0;
  for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', from)) {
    out.append(text, from, nl + 1 - from);
    out += shift;
    from = nl + 1;
  }
  out.append(text, from, std::string::npos);
}

// `"key": [...]` at depth 1, its elements made and dumped one at a time.
template <typename Items, typename ToJson>
void appendArray(std::string& out, std::string_view key, const Items& items, ToJson toJson) {
  out += fmt::format("  \"{}\": ", key);
  if (items.empty()) {
    out += "[]";
    return;
  }
  out += "[\n";
  bool first = true;
  for (const auto& item : items) {
    if (!first) out += ",\n";
    first = false;
    out += "    ";
    appendNested(out, jsonText(toJson(item)), 2);
  }
  out += "\n  ]";
}

}  // namespace

json scanJson(const ScanResult& r) {
  json out;
  out["tool"] = toolJson();
  out["summary"] = scanSummaryJson(r);
  json list = json::array();
  for (const Assertion& a : r.assertions) list.push_back(assertionJson(a));
  out["assertions"] = std::move(list);
  json cases = json::array();
  for (const auto& t : r.testCases) cases.push_back(testCaseJson(t));
  out["test_cases"] = std::move(cases);
  json diags = json::array();
  for (const auto& d : r.diagnostics) diags.push_back(diagnosticJson(d));
  out["diagnostics"] = std::move(diags);
  return out;
}

std::string scanJsonText(const ScanResult& r) {
  std::string out = "{\n  \"tool\": ";
  appendNested(out, jsonText(toolJson()), 1);
  out += ",\n  \"summary\": ";
  appendNested(out, jsonText(scanSummaryJson(r)), 1);
  out += ",\n";
  appendArray(out, "assertions", r.assertions, assertionJson);
  out += ",\n";
  appendArray(out, "test_cases", r.testCases, testCaseJson);
  out += ",\n";
  appendArray(out, "diagnostics", r.diagnostics, diagnosticJson);
  out += "\n}";
  return out;
}

}  // namespace oalens::reports
