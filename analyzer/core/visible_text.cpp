#include "analyzer/core/visible_text.h"

#include <fmt/format.h>

namespace oalens::analyzer {

namespace {

bool isControl(unsigned char c) { return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f; }

}  // namespace

namespace {

// The offset of the first byte withVisibleControls rewrites, or the text's size.
size_t firstControl(std::string_view text) {
  size_t first = 0;
  for (; first < text.size(); ++first) {
    const auto c = static_cast<unsigned char>(text[first]);
    if (isControl(c) || (c == 0xc2 && first + 1 < text.size() && static_cast<unsigned char>(text[first + 1]) < 0xa0 &&
                         static_cast<unsigned char>(text[first + 1]) >= 0x80))
      break;
  }
  return first;
}

}  // namespace

bool hasControls(std::string_view text) { return firstControl(text) != text.size(); }

std::string withVisibleControls(std::string_view text) {
  const size_t first = firstControl(text);
  if (first == text.size()) return std::string(text);
  std::string out(text.substr(0, first));
  for (size_t i = first; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (isControl(c)) {
      out += fmt::format("\\x{:02x}", c);
    } else if (c == 0xc2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
               static_cast<unsigned char>(text[i + 1]) < 0xa0) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned char>(text[i + 1]));
      ++i;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace oalens::analyzer
