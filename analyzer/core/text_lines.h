// Lines of a text as views, and a line without its surrounding blanks: what the diff gate, the
// lint engine and the reason tagger each cut by hand before.
#pragma once
#include <string_view>
#include <vector>

namespace oalens::analyzer {

// Every line of `text` without its '\n', the empty one after a final '\n' included, so that
// line k (1-based) is element k - 1.
inline std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// `line` without the spaces and tabs around it and a '\r' left by a CRLF ending.
inline std::string_view trimmedLine(std::string_view line) {
  while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r')) line.remove_suffix(1);
  return line;
}

}  // namespace oalens::analyzer
