// reviewdog's Diagnostic Format, one JSON object a line (`reviewdog -f=rdjsonl`): reviewdog posts
// the findings of a change as review comments on GitHub, GitLab, Gerrit or Bitbucket.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "reports/ci/ci_formats.h"

namespace oalens::reports {

std::string reviewdogLines(const std::vector<Finding>& findings, const std::string&) {
  std::string out;
  for (const Finding& f : findings) {
    nlohmann::ordered_json position = {{"line", std::max<uint32_t>(f.line, 1)}};
    if (f.column > 0) position["column"] = f.column;
    nlohmann::ordered_json range = {{"start", position}};
    if (f.endLine > 0) {
      range["end"] = {{"line", f.endLine}};
      if (f.endColumn > 0) range["end"]["column"] = f.endColumn;
    }
    const char* severity = f.severity == analyzer::Severity::Error     ? "ERROR"
                           : f.severity == analyzer::Severity::Warning ? "WARNING"
                                                                       : "INFO";
    const nlohmann::ordered_json line = {{"message", f.name.empty() ? f.message : fmt::format("{} ({})", f.message, f.name)},
                                         {"location", {{"path", f.file}, {"range", range}}},
                                         {"severity", severity},
                                         {"source", {{"name", "oalens"}}},
                                         {"code", {{"value", f.rule}}}};
    // error_handler::replace: bytes that are not UTF-8 in a path or message become U+FFFD.
    out += line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  }
  return out;
}

}  // namespace oalens::reports
