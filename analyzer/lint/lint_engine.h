// The lint engine (`oalens lint`): runs the scan core once over a path (so lint sees the same
// files, models and assertion records as scan), then every enabled rule over every parsed
// file, one traversal per file dispatching statements, their expressions and the file's
// assertions to the rules that subscribed to them. Findings on a line carrying
// `# oalens: ignore[ID]` (`// oalens: ignore[ID]` in C++; a bare `ignore` drops all) are
// dropped and counted. Output is sorted by (file, line, column, rule) whatever -j is.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "analyzer/lint/lint_rule.h"
#include "analyzer/scan/scanner.h"

namespace oalens::analyzer {

struct LintOptions {
  ScanOptions scan;
  std::set<std::string> only;     // rule ids or names; empty: every rule of the chosen families
  std::set<std::string> ignored;  // rule ids or names left out of whatever the rest chooses
  std::set<LintFamily> families = {LintFamily::Oracle, LintFamily::Ml};
  std::map<std::string, double> overrides;  // "ID.option" -> value
  // `oalens lint --margins DB`: the measured margins of a linted tree's OA assertions, worked
  // out from its scan (the command joins the database; analyzer/ reads none).
  std::function<MeasuredMargins(const ScanResult& scan, const std::filesystem::path& root)> measureMargins;
};

// An `oalens: ignore[...]` marker, or some of its words, that dropped no finding (ruff's unused
// noqa): the rule it names was fixed, or the marker sits on the wrong line.
struct UnusedSuppression {
  std::string file;
  uint32_t line = 0, column = 1;
  std::vector<std::string> words;  // the rule ids or names that dropped nothing; "" for a bare `ignore`
};

struct LintResult {
  std::vector<LintFinding> findings;
  std::vector<Diagnostic> diagnostics;    // the scan's: unreadable files, syntax errors...
  size_t files = 0;                       // files linted
  size_t suppressed = 0;                  // findings dropped by ignore markers
  std::vector<UnusedSuppression> unused;  // sorted by file and line
};

// The rules `options` enables, in registry order; unknown ids or names in `only` come back
// in `unknown`.
std::vector<LintRuleFactory> selectRules(const std::vector<LintRuleFactory>& registry, const LintOptions& options,
                                         std::vector<std::string>& unknown);

LintResult lintScan(const ScanResult& scan, const std::vector<LintRuleFactory>& rules, const LintOptions& options,
                    const MeasuredMargins* measured = nullptr);
LintResult lintPath(const std::filesystem::path& root, const Catalogue& catalogue, const std::vector<LintRuleFactory>& rules,
                    const LintOptions& options);

}  // namespace oalens::analyzer
