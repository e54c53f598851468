#include "reports/csv/csv_report.h"

#include <fmt/format.h>

namespace oalens::reports {

std::string csvField(std::string_view s) {
  // A cell a spreadsheet would read as a formula (= + - @, or a tab or carriage return first)
  // gets a leading ' and quotes (OWASP's CSV injection advice): a file named `=HYPERLINK(...)`
  // or a check's text `-cmd|...` is shown as text, not run.
  const bool formula = !s.empty() && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r');
  if (!formula && s.find_first_of(",\"\n\r") == std::string_view::npos) return std::string(s);
  std::string out = formula ? "\"'" : "\"";
  for (char c : s) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

std::string scanCsv(const analyzer::ScanResult& r) {
  std::string out =
      "file,line,column,end_line,language,test_case,api,via,category,is_oa,actual,expected,tolerances,"
      "threshold_provenance,oracle_type\n";
  for (const auto& a : r.assertions) {
    std::string tols;
    for (const auto& t : a.tolerances) {
      if (!tols.empty()) tols += ';';
      tols += fmt::format("{}={} ({})", t.name, t.value ? fmt::format("{}", *t.value) : t.text, analyzer::provenanceName(t.provenance));
    }
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csvField(a.file), a.range.start.line, a.range.start.col,
                       a.range.end.line, analyzer::languageName(a.language), csvField(a.testCase), csvField(a.api), csvField(a.via),
                       analyzer::categoryName(a.category), a.isOa ? "true" : "false", csvField(a.actualText), csvField(a.expectedText),
                       csvField(tols), a.isOa ? analyzer::thresholdProvenanceName(a.thresholdProvenance) : "", a.isOa ? a.oracleType : "");
  }
  return out;
}

}  // namespace oalens::reports
