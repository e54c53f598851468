#include "reports/ci/ci_formats.h"

#define XXH_INLINE_ALL
#include <fmt/format.h>
#include <xxhash.h>

#include <map>
#include <nlohmann/json.hpp>

#include "reports/github/github_annotations.h"
#include "reports/html/svg_charts.h"
#include "reports/json/json_report.h"

namespace oalens::reports {

using analyzer::Severity;

namespace {

// HTML's escapes (which also turn bytes that are not UTF-8 into U+FFFD), then what XML needs
// besides: a newline kept in an attribute, and the control characters XML 1.0 cannot carry at
// all, even escaped, as U+FFFD.
std::string xmlEscaped(std::string_view text) {
  const std::string escaped = htmlEscape(text);
  std::string out;
  out.reserve(escaped.size());
  for (char c : escaped) {
    if (c == '\n') out += "&#10;";
    else if (c == '\t') out += "&#9;";
    else if (static_cast<unsigned char>(c) < 0x20) out += "\xEF\xBF\xBD";
    else out += c;
  }
  return out;
}

std::string fingerprintOf(const Finding& f) {
  if (!f.fingerprint.empty()) return f.fingerprint;
  const std::string key = fmt::format("{}\x1f{}\x1f{}", f.rule, f.file, f.message);
  return fmt::format("{:016x}", XXH3_64bits(key.data(), key.size()));
}

}  // namespace

std::string githubAnnotations(const std::vector<Finding>& findings) {
  std::string out;
  for (const Finding& f : findings) {
    const std::string_view level = f.severity == Severity::Error ? "error" : f.severity == Severity::Warning ? "warning" : "notice";
    const std::string title = f.name.empty() ? f.rule : f.rule + " " + f.name;
    out += githubAnnotation({level, f.file, f.line, f.column, f.endLine, f.endColumn, title, f.message});
  }
  return out;
}

std::string junitXml(const std::vector<Finding>& findings, const std::string& suite) {
  std::map<std::string, std::vector<const Finding*>> byFile;  // sorted: the report does not depend on -j
  for (const Finding& f : findings) byFile[f.file].push_back(&f);
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\">\n", xmlEscaped(suite), std::max<size_t>(findings.size(), 1),
                     findings.size());
  if (findings.empty())
    out += fmt::format(
        "  <testsuite name=\"{0}\" tests=\"1\" failures=\"0\">\n    <testcase name=\"no findings\" classname=\"{0}\"/>\n"
        "  </testsuite>\n",
        xmlEscaped(suite));
  for (const auto& [file, list] : byFile) {
    out += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\">\n", xmlEscaped(file), list.size(), list.size());
    for (const Finding* f : list) {
      const std::string at = fmt::format("{}:{}:{}", f->file, f->line, f->column);
      out += fmt::format("    <testcase name=\"{} {} at {}:{}\" classname=\"{}\" file=\"{}\" line=\"{}\">\n", xmlEscaped(f->rule),
                         xmlEscaped(f->name), f->line, f->column, xmlEscaped(f->file), xmlEscaped(f->file), f->line);
      out +=
          fmt::format("      <failure message=\"{}\" type=\"{}\">{}: {}: {} [{}]</failure>\n", xmlEscaped(f->message), xmlEscaped(f->rule),
                      xmlEscaped(at), xmlEscaped(analyzer::severityName(f->severity)), xmlEscaped(f->message), xmlEscaped(f->rule));
      out += "    </testcase>\n";
    }
    out += "  </testsuite>\n";
  }
  out += "</testsuites>\n";
  return out;
}

std::string gitlabCodeQuality(const std::vector<Finding>& findings) {
  nlohmann::ordered_json issues = nlohmann::ordered_json::array();
  for (const Finding& f : findings) {
    const char* severity = f.severity == Severity::Error     ? "critical"
                           : f.severity == Severity::Warning ? "major"
                           : f.severity == Severity::Note    ? "minor"
                                                             : "info";
    const uint32_t begin = std::max<uint32_t>(f.line, 1);
    issues.push_back({{"description", fmt::format("{} [{}]", f.message, f.rule)},
                      {"check_name", f.rule},
                      {"fingerprint", fingerprintOf(f)},
                      {"severity", severity},
                      {"location", {{"path", f.file}, {"lines", {{"begin", begin}, {"end", std::max(begin, f.endLine)}}}}}});
  }
  return jsonText(issues) + "\n";
}

}  // namespace oalens::reports
