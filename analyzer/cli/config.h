// Project configuration: .oalens.toml, or [tool.oalens] in pyproject.toml, found in the scan
// root or the current directory. Adds catalogue entries ([[api]]) and scan settings.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/assertions/catalogue.h"

namespace oalens::cli {

struct ProjectConfig {
  std::string testFiles;  // [scan] test_files
  std::string source;     // which file it came from, for messages
  // [lint] select / ignore (rule ids or names) and per-file-ignores ({"glob" = ["ID", ...]}).
  std::vector<std::string> lintSelect, lintIgnore;
  std::vector<std::pair<std::string, std::vector<std::string>>> perFileIgnores;
  std::string helpUriBase;  // [sarif] help-uri-base: where SARIF's helpUri points (docs/sarif.md)
};

// Loads the built-in catalogue plus the project's extensions. Returns nullopt (after printing
// the schema error) when a configuration file is invalid.
std::optional<ProjectConfig> loadConfig(const std::filesystem::path& root, const std::string& explicitPath,
                                        analyzer::Catalogue& catalogue);

// The configuration in `text`, read as a .oalens.toml (`table` "") or a pyproject.toml
// (`table` "tool.oalens"), added to `catalogue`: for a configuration read from a git tree
// (`oalens diff` reads the old side's). nullopt with err on a schema error.
std::optional<ProjectConfig> configFromText(const std::string& text, const std::string& source, const std::string& table,
                                            analyzer::Catalogue& catalogue, std::string& err);

}  // namespace oalens::cli
