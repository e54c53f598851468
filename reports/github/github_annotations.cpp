#include "reports/github/github_annotations.h"

#include <fmt/format.h>

namespace oalens::reports {
namespace {

// The runner reads `%`, CR and LF as escapes in a message, and `:` and `,` also in a property.
std::string escaped(std::string_view text, bool property) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    if (c == '%') out += "%25";
    else if (c == '\r') out += "%0D";
    else if (c == '\n') out += "%0A";
    else if (property && c == ':') out += "%3A";
    else if (property && c == ',') out += "%2C";
    else out += c;
  }
  return out;
}

}  // namespace

std::string githubAnnotation(const Annotation& a) {
  std::string props = "file=" + escaped(a.file, true);
  if (a.line) props += fmt::format(",line={}", a.line);
  if (a.column) props += fmt::format(",col={}", a.column);
  if (a.endLine) props += fmt::format(",endLine={}", a.endLine);
  if (a.endColumn && a.endLine == a.line) props += fmt::format(",endColumn={}", a.endColumn);  // GitHub reads it on one line only
  if (!a.title.empty()) props += ",title=" + escaped(a.title, true);
  return fmt::format("::{} {}::{}\n", a.level, props, escaped(a.message, false));
}

}  // namespace oalens::reports
