// Per-input problems (a file that cannot be read, a syntax error tree-sitter recovered from,
// an expression nested too deeply). They are recorded and counted; the run goes on. Only usage
// and fatal setup errors stop a run, and those are not Diagnostics but exit code 2.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/core/finding.h"

namespace oalens::analyzer {

struct Diagnostic {
  std::string path;   // relative to the scan root
  uint32_t line = 0;  // 0 when the problem concerns the whole file
  uint32_t col = 0;
  Severity severity = Severity::Warning;
  std::string code;  // stable kebab-case id, e.g. "input-too-large", "syntax-error"
  std::string message;
};

// Whether the diagnostic says an input was not analysed at all: skipped (too large, binary,
// a FIFO, a symlink loop or dangling link, a parse that ran out of time), unreadable, or an
// error. Any of them makes a command exit 1; a file analysed around damage (a syntax error,
// invalid UTF-8, nesting cut at a cap) does not.
bool losesInput(const Diagnostic& d);

// `path:line:col: severity: message [code]`, the form editors and CI parse.
std::string formatDiagnostic(const Diagnostic& d);

// Source text for a message: its runs of white space one space, none at either end, and cut
// to `max` characters (an ellipsis marks the cut).
std::string squeezed(std::string_view text, size_t max = 60);

}  // namespace oalens::analyzer
