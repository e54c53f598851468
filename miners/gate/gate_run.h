// One run of the diff gate over a change: every changed test file checked (diff_gate.h), then
// the change-wide pass that drops the deletions the rest of the change explains
// (change_wide.h). `oalens diff` sets up the sides and the context, calls checkChange, chooses
// the rules and hands the findings to reports/findings/gate_report.h.
#pragma once
#include <string>
#include <vector>

#include "analyzer/scan/test_files.h"
#include "miners/gate/change_sides.h"
#include "miners/gate/diff_gate.h"
#include "reports/findings/gate_report.h"

namespace oalens::miners {

// Appends the findings of the change's test files to `findings` and what could not be read to
// `diagnostics`; returns how many test files were checked. `wholeFiles`: scan both versions of
// a Python test file whole instead of only the tests the change touches. Sets
// context.trailerReason for each file in turn.
size_t checkChange(const ChangeSides& sides, const analyzer::TestFileFilter& testFiles, bool wholeFiles, GateContext& context,
                   std::vector<GateFinding>& findings, std::vector<std::string>& diagnostics);

// Whether a finding reaches `failOn` (info, note, warning, error; never: none does).
bool gateFails(const std::vector<GateFinding>& findings, const std::string& failOn);

// The findings as the writers of reports/ read them.
std::vector<reports::GateReportRow> gateReportRows(const std::vector<GateFinding>& findings);

}  // namespace oalens::miners
