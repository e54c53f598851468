// The findings of `oalens lint` in every format it writes (lint_report.h).
#include "reports/findings/lint_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "reports/csv/csv_report.h"
#include "reports/findings/finding_formats.h"
#include "reports/json/json_report.h"

namespace oalens::reports {

using json = nlohmann::ordered_json;

namespace {

json sarif(const std::vector<analyzer::LintFinding>& findings, json sarifRules, const SarifPlace& place) {
  json results = json::array();
  for (analyzer::Finding f : findings) {
    f.endLine = std::max<uint32_t>(1, f.endLine);  // a lint finding's region always has an end
    results.push_back(sarifResult(f));
  }
  return sarifLog(std::move(sarifRules), std::move(results), place);
}

}  // namespace

std::string lintReportText(const analyzer::LintResult& r, const std::string& format, json sarifRules, const SarifPlace& place) {
  if (format == "json") {
    json list = json::array();
    for (const auto& f : r.findings) {
      list.push_back({{"file", f.file},
                      {"line", f.line},
                      {"column", f.column},
                      {"end_line", f.endLine},
                      {"end_column", f.endColumn},
                      {"rule", f.rule},
                      {"name", f.name},
                      {"severity", analyzer::severityName(f.severity)},
                      {"message", f.message},
                      {"fix", f.fix},
                      {"fingerprint", f.fingerprint}});
      if (f.cell != 0) {
        list.back()["cell"] = f.cell;
        list.back()["cell_line"] = f.cellLine;
      }
    }
    json unused = json::array();
    for (const auto& u : r.unused) unused.push_back({{"file", u.file}, {"line", u.line}, {"column", u.column}, {"rules", u.words}});
    return jsonText(json{{"files_linted", r.files}, {"suppressed", r.suppressed}, {"findings", list}, {"unused_suppressions", unused}}) +
           "\n";
  }
  if (format == "sarif") return jsonText(sarif(r.findings, std::move(sarifRules), place)) + "\n";
  if (const FindingsFormat* registered = findingsFormat(format))
    return registered->write(std::vector<analyzer::Finding>(r.findings.begin(), r.findings.end()), "oalens lint");
  if (format == "csv") {
    std::string out = "file,line,column,rule,name,severity,message,fingerprint\n";
    for (const auto& f : r.findings)
      out += fmt::format("{},{},{},{},{},{},{},{}\n", csvField(f.file), f.line, f.column, f.rule, f.name,
                         analyzer::severityName(f.severity), csvField(f.message), f.fingerprint);
    return out;
  }
  std::string out;
  for (const auto& f : r.findings) {
    const std::string at = f.cell != 0 ? fmt::format("{}:cell {}:line {}:{}", f.file, f.cell, f.cellLine, f.column)
                                       : fmt::format("{}:{}:{}", f.file, f.line, f.column);
    out += fmt::format("{}: {}: {} [{}]\n", at, analyzer::severityName(f.severity), f.message, f.rule);
  }
  return out;
}

// `path:line:col: note: unused suppression ...`, as the diagnostics are printed.
std::string unusedSuppressionText(const analyzer::UnusedSuppression& u) {
  std::string words;
  for (const std::string& w : u.words) words += (words.empty() ? "" : ", ") + w;
  return u.words.size() == 1 && u.words.front().empty()
             ? fmt::format("{}:{}:{}: note: unused suppression: `oalens: ignore` drops no finding on this line", u.file, u.line, u.column)
             : fmt::format("{}:{}:{}: note: unused suppression: no {} finding on this line to ignore", u.file, u.line, u.column, words);
}

// `--statistics`: how many findings each rule has, most first, as ruff prints them.
std::string lintStatisticsText(const analyzer::LintResult& r) {
  std::map<std::pair<std::string, std::string>, size_t> counts;
  for (const auto& f : r.findings) ++counts[{f.rule, f.name}];
  std::vector<std::pair<size_t, std::pair<std::string, std::string>>> rows;
  for (const auto& [rule, n] : counts) rows.push_back({n, rule});
  std::stable_sort(rows.begin(), rows.end(), [](const auto& x, const auto& y) { return x.first > y.first; });
  std::string out;
  for (const auto& [n, rule] : rows) out += fmt::format("{:>6}  {}  {}\n", n, rule.first, rule.second);
  out += fmt::format("{:>6}  findings in {} files ({} suppressed)\n", r.findings.size(), r.files, r.suppressed);
  if (!r.unused.empty()) out += fmt::format("{:>6}  unused suppressions\n", r.unused.size());
  return out;
}

}  // namespace oalens::reports
