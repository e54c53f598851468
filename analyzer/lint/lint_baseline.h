// A baseline of lint findings (`oalens lint --write-baseline FILE`, then `--baseline FILE`; the
// diff gate's too, `oalens diff --write-baseline FILE`, keyed by its own fingerprints): the
// fingerprints of the findings a project accepts today, so that CI fails only on new ones. The
// fingerprint hashes the rule, the file and the flagged line's text with its occurrence, so a
// baselined finding stays baselined when lines are added above it, and comes back when its line
// changes. The file is JSON: {"version": 1, "fingerprints": [{"fingerprint", "rule", "file"}]}.
#pragma once
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analyzer/lint/lint_engine.h"

namespace oalens::analyzer {

// The fingerprints of a baseline file; nullopt with `err` set when it cannot be read or is no baseline.
std::optional<std::set<std::string>> readLintBaseline(const std::string& path, std::string& err);

// One accepted finding of a baseline: `oalens diff --write-baseline` writes the gate's the same way.
struct BaselineEntry {
  std::string fingerprint, rule, file;
};
std::string baselineText(const std::vector<BaselineEntry>& entries);
// The baseline's text for these findings.
std::string lintBaselineText(const LintResult& result);
// Drops the findings the baseline holds; how many.
size_t applyLintBaseline(LintResult& result, const std::set<std::string>& fingerprints);

}  // namespace oalens::analyzer
