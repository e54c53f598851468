// Edits of a text by line number, for tests that diff two versions of a file.
#pragma once

#include <string>

namespace oalens::testing {

// `text` with its line `line` (1-based) replaced by `with` (which may hold several lines, or none).
inline std::string replaceLine(std::string text, int line, const std::string& with) {
  size_t start = 0;
  for (int l = 1; l < line; ++l) start = text.find('\n', start) + 1;
  const size_t end = text.find('\n', start);
  return text.replace(start, end - start, with);
}

}  // namespace oalens::testing
