// Source positions and ranges shared by every frontend and report.
// Lines and columns are 1-based as editors show them; columns count bytes, not characters,
// because that is what tree-sitter reports and what stays stable on invalid UTF-8.
#pragma once
#include <cstdint>

namespace oalens::analyzer {

struct SourcePos {
  uint32_t line = 0;
  uint32_t col = 0;
};

struct SourceRange {
  uint32_t startByte = 0;
  uint32_t endByte = 0;
  SourcePos start;
  SourcePos end;
};

}  // namespace oalens::analyzer
