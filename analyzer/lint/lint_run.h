// `oalens lint PATH...`: each path linted as its own root (a directory, or a file as pre-commit
// passes them one by one) and the results merged into one, with every path made relative to the
// report root. The caller says what goes before a root's paths and which findings its
// configuration drops (per-file-ignores), so that this stays free of configuration files. And the
// exit code such a run ends with.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/lint/lint_engine.h"

namespace oalens::analyzer {

struct LintRootHooks {
  // What to put before the paths of a root: "sub/tests/", "" for the report root itself.
  std::function<std::string(const std::string& path)> prefixFor;
  // Whether the configuration drops a finding; `dir` is the directory its path is relative to.
  // Dropped findings count as suppressed.
  std::function<bool(const LintFinding& f, const std::filesystem::path& dir)> ignoredByConfig;
};

LintResult lintRoots(const std::vector<std::string>& paths, const Catalogue& catalogue, const std::vector<LintRuleFactory>& rules,
                     const LintOptions& options, const LintRootHooks& hooks);

// `--set ID.option=value` settings into `overrides` ("ID.option" -> value); the first setting
// that is not of that form, or whose value is not a number, when there is one.
std::optional<std::string> parseRuleSettings(const std::vector<std::string>& settings, std::map<std::string, double>& overrides);

// 1 when a finding reaches `failOn` (info, note, warning, error; never: none does) or an input
// could not be read (the run is then incomplete, whatever --fail-on says); else 0.
int lintExitCode(const LintResult& result, const std::string& failOn);

}  // namespace oalens::analyzer
