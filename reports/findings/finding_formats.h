// The formats that print a run's findings and nothing else, each one writer over
// analyzer::Finding registered once in finding_formats.cpp: `lint` and `diff` offer every one of
// them under --format, with its help, beside their own text, JSON, CSV and SARIF. A new format is
// its writer's file in reports/ci/ (built by a glob) and its line in the table of
// finding_formats.cpp, beside the writer's declaration (docs/architecture.md).
#pragma once
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/core/finding.h"

namespace oalens::reports {

struct FindingsFormat {
  std::string_view name;  // the --format value
  std::string_view help;  // what it is, for --format's help
  // `run` names the run for formats that title it ("oalens lint").
  std::string (*write)(const std::vector<analyzer::Finding>& findings, const std::string& run);
};

// In the order --help lists them.
const std::vector<FindingsFormat>& findingsFormats();

// The registered format of that name, or nullptr.
const FindingsFormat* findingsFormat(std::string_view name);

// A command's own formats, then the registered ones: the values --format accepts.
std::vector<std::string> formatChoices(std::initializer_list<std::string_view> own);

// "output format (github: ...; junit: ...)": --format's help.
std::string formatHelp();

}  // namespace oalens::reports
