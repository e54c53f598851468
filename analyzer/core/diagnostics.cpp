#include "analyzer/core/diagnostics.h"

#include <fmt/format.h>

namespace oalens::analyzer {

std::string_view severityName(Severity s) {
  switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

std::string formatDiagnostic(const Diagnostic& d) {
  return fmt::format("{}:{}:{}: {}: {} [{}]", d.path, d.line, d.col, severityName(d.severity),
                     d.message, d.code);
}

}  // namespace oalens::analyzer
