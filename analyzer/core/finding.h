// One finding of any command, and the one severity scale: a lint rule's (OA1xx, ML2xx), the diff
// gate's (CH3xx), and a scan's diagnostics and OA assertions as the CI formats print them. Every
// writer of findings in reports/ (text, JSON, CSV, SARIF, GitHub, JUnit, GitLab) takes this type,
// so a new output format is one writer over it (docs/architecture.md).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace oalens::analyzer {

// Ordered: `--fail-on LEVEL` fails on findings at LEVEL or above.
enum class Severity { Info, Note, Warning, Error };

constexpr std::string_view severityName(Severity s) {
  switch (s) {
    case Severity::Info: return "info";
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "warning";
}

// "info", "note", "warning", "error"; nullopt for any other word ("never" among them).
constexpr std::optional<Severity> severityNamed(std::string_view name) {
  for (Severity s : {Severity::Info, Severity::Note, Severity::Warning, Severity::Error})
    if (severityName(s) == name) return s;
  return std::nullopt;
}

struct Finding {
  std::string file;  // relative to the directory the command reports paths against
  uint32_t line = 0, column = 0;
  uint32_t endLine = 0, endColumn = 0;  // 0: the finding has a start only
  std::string rule;                     // OA101, CH301, a diagnostic's code
  std::string name;                     // kebab-case: loose-tolerance
  Severity severity = Severity::Warning;
  std::string message;
  std::string fix;          // how to resolve it; empty when the rule says nothing more
  std::string fingerprint;  // stable across line shifts; empty: the writers make one from rule, file and message
};

}  // namespace oalens::analyzer
