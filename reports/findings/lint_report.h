// The findings of `oalens lint` in every format it writes: text (one `path:line:col: severity:
// message [id]` line each, a notebook's by cell), JSON (docs/json.md), CSV, SARIF and the CI
// formats of reports/ci; the per-rule counts of --statistics; the note on an unused suppression.
// The command picks the format and hands the merged result over; nothing here reads files.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "analyzer/lint/lint_engine.h"
#include "reports/sarif/sarif_report.h"

namespace oalens::reports {

// `format`: text, json, csv, sarif, github, junit, gitlab. `sarifRules`: the rule descriptors
// SARIF's driver lists (read only for sarif).
std::string lintReportText(const analyzer::LintResult& r, const std::string& format, nlohmann::ordered_json sarifRules,
                           const SarifPlace& place);

// `--statistics`: how many findings each rule has, most first, as ruff prints them.
std::string lintStatisticsText(const analyzer::LintResult& r);

// `path:line:col: note: unused suppression ...`, as the diagnostics are printed.
std::string unusedSuppressionText(const analyzer::UnusedSuppression& u);

}  // namespace oalens::reports
