#include "analyzer/core/diagnostics.h"

#include <fmt/format.h>

#include "analyzer/core/visible_text.h"

namespace oalens::analyzer {

bool losesInput(const Diagnostic& d) {
  static constexpr std::string_view kSkipped[] = {"input-too-large",  "input-binary",  "input-unreadable",     "symlink-loop",
                                                  "dangling-symlink", "parse-timeout", "unreadable-directory", "broken-notebook"};
  if (d.severity == Severity::Error) return true;
  for (std::string_view code : kSkipped)
    if (d.code == code) return true;
  return false;
}

std::string formatDiagnostic(const Diagnostic& d) {
  // A path or message may quote an input's bytes: their control bytes are shown, not obeyed.
  return withVisibleControls(fmt::format("{}:{}:{}: {}: {} [{}]", d.path, d.line, d.col, severityName(d.severity), d.message, d.code));
}

std::string squeezed(std::string_view text, size_t max) {
  std::string out;
  bool space = false;
  for (char c : text) {
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += c;
  }
  if (out.size() > max) out = out.substr(0, max - 3) + "...";
  return out;
}

}  // namespace oalens::analyzer
