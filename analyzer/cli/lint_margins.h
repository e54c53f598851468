// `oalens lint --margins DB`: OA101 judges each OA assertion the recorded test runs of a margins
// database reached by what they used of its tolerance (docs/margins.md), not by a fixed cut-off.
#pragma once
#include <string>

#include "analyzer/lint/lint_engine.h"

namespace oalens::cli {

// Reads `db` and sets options.measureMargins. False, with a message on stderr, when `db` cannot
// be read as a margins database.
bool attachLintMargins(const std::string& db, analyzer::LintOptions& options);

}  // namespace oalens::cli
