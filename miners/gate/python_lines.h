// Python source split into logical lines, lexically: strings, comments, brackets and
// backslash continuations are tracked, nothing is parsed. The diff scope and the change reach
// use it to see which statement a changed line belongs to; anything it is not sure of (tabs
// in indentation, an unterminated string or bracket) makes it give up.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace oalens::miners {

struct LogicalLine {  // one statement header or simple statement, possibly over several lines
  enum Kind { Def, Class, Decorator, Import, Other };
  int first = 0, last = 0, indent = 0;  // 1-based lines; indentation in spaces
  size_t begin = 0, end = 0;            // bytes, from the first non-blank character
  Kind kind = Other;
  // A def's or class's name, where it lies after `begin`: an owned copy cost an allocation for
  // each line copied (the diff scope copies every line a change leaves in place).
  uint32_t nameOffset = 0, nameSize = 0;
  std::string_view nameIn(std::string_view text) const { return text.substr(begin + nameOffset, nameSize); }
};

// Identifier characters, read byte-wise: ASCII letters, digits and `_`, and every byte of a
// multi-byte UTF-8 character (Python identifiers may be non-ASCII). A table, since the reach
// reads every word of the kept code for each change (identifierEnd was 3% of `mine` on Theano).
namespace detail {
inline constexpr std::array<uint8_t, 256> kIdentifierByte = [] {  // bit 1: may start one; bit 2: may be in one
  std::array<uint8_t, 256> t{};
  for (int c = 0; c < 256; ++c) {
    const bool start = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    t[static_cast<size_t>(c)] = start ? 3 : (c >= '0' && c <= '9') ? 2 : 0;
  }
  return t;
}();
}  // namespace detail
inline bool isIdentifierStart(char c) { return detail::kIdentifierByte[static_cast<unsigned char>(c)] & 1; }
inline bool isIdentifierChar(char c) { return detail::kIdentifierByte[static_cast<unsigned char>(c)] & 2; }

// The end of the identifier characters from `from`, and of the spaces and tabs from `from`.
size_t identifierEnd(std::string_view text, size_t from);
size_t skipBlanks(std::string_view text, size_t from);

// False when the split is unsure.
bool logicalLines(std::string_view source, std::vector<LogicalLine>& out);
// The same from byte `i`, the start of line `line`, for at most `most` logical lines; `i` and
// `line` are left where the next one would start.
bool logicalLinesFrom(std::string_view source, size_t& i, int& line, std::vector<LogicalLine>& out, size_t most);

// One physical line as tree-sitter-python's scanner weighs it after a statement: blank, a
// comment (whose indentation decides which open block it falls in), code, or indented with
// tabs or form feeds, whose width the scanner reckons its own way.
struct LineShape {
  enum Kind { Blank, Comment, Code, Unsure } kind = Blank;
  int indent = 0;  // spaces
};
LineShape lineShape(std::string_view line);

// The indentation of the block the header at `lines[header]` (a def or class) opens; -1 when
// its body is on the header's own line.
int blockIndentAfter(const std::vector<LogicalLine>& lines, size_t header);

}  // namespace oalens::miners
