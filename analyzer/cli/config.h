// Project configuration: .oalens.toml, or [tool.oalens] in pyproject.toml, found by walking up
// from the target (then from the current directory) to the repository root, as ruff and
// pytest find theirs. Adds catalogue entries ([[api]]), scan settings and the rule choices of
// lint and diff. Unknown tables and keys are errors that name the file and the key.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/assertions/catalogue.h"

namespace oalens::cli {

// select / ignore (rule ids, names, families or id prefixes) and per-file-ignores
// ({"glob" = ["ID", ...]}) of a [lint] or [diff] table.
struct RuleChoice {
  std::vector<std::string> select, ignore;
  std::vector<std::pair<std::string, std::vector<std::string>>> perFileIgnores;
};

struct ProjectConfig {
  std::string testFiles;  // [scan] test_files
  std::string source;     // which file it came from, for messages
  RuleChoice lint, diff;
  std::string helpUriBase;  // [sarif] help-uri-base: where SARIF's helpUri points (docs/sarif.md)
};

// The configuration file that applies to `target`: the first .oalens.toml, or pyproject.toml
// with a [tool.oalens] table, from the target's directory up to its repository root (the
// first directory with a .git), then the same from the current directory; empty when none.
// `table` is set to "tool.oalens" for a pyproject.toml.
std::filesystem::path findConfig(const std::filesystem::path& target, std::string& table);

// Loads the built-in catalogue plus the project's extensions. Returns nullopt (after printing
// the schema error) when a configuration file is invalid.
std::optional<ProjectConfig> loadConfig(const std::filesystem::path& target, const std::string& explicitPath,
                                        analyzer::Catalogue& catalogue);

// The configuration in `text`, read as a .oalens.toml (`table` "") or a pyproject.toml
// (`table` "tool.oalens"), added to `catalogue`: for a configuration read from a git tree
// (`oalens diff` reads the old side's). nullopt with err on a schema error.
std::optional<ProjectConfig> configFromText(const std::string& text, const std::string& source, const std::string& table,
                                            analyzer::Catalogue& catalogue, std::string& err);

// Whether a per-file-ignores entry drops rule `id` (or `name`) on `file`.
bool perFileIgnored(const RuleChoice& choice, const std::string& file, const std::string& id, const std::string& name,
                    const std::string& family);

// Whether [lint]'s per-file-ignores drop finding `f`, whose path is relative to `dir`: its
// globs match paths relative to the configuration file's directory.
bool lintFindingIgnored(const ProjectConfig& config, const std::string& file, const std::filesystem::path& dir, const std::string& id,
                        const std::string& name);

}  // namespace oalens::cli
