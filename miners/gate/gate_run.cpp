// One run of the diff gate over a change (gate_run.h).
#include "miners/gate/gate_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "analyzer/core/input_guard.h"
#include "miners/gate/change_wide.h"

namespace oalens::miners {

size_t checkChange(const ChangeSides& sides, const analyzer::TestFileFilter& testFiles, bool wholeFiles, GateContext& context,
                   std::vector<GateFinding>& findings, std::vector<std::string>& diagnostics) {
  ChangeFacts facts;
  std::vector<std::pair<std::string, std::string>> deletedTests;  // path, text: read against the removed modules
  size_t files = 0;
  std::string err;
  for (const auto& fc : sides.changes()) {
    const bool isTest = (!fc.oldPath.empty() && testFiles.isTest(fc.oldPath)) || (!fc.newPath.empty() && testFiles.isTest(fc.newPath));
    if (!isTest) continue;
    ++files;
    GateFile gf;
    gf.oldPath = fc.oldPath;
    gf.newPath = fc.newPath;
    // Scoping to the changed tests reads Python's blocks; a C++ file is checked whole.
    gf.scopeToChangedTests =
        !wholeFiles && analyzer::languageOfPath(gf.newPath.empty() ? gf.oldPath : gf.newPath) == analyzer::Language::Python;
    bool binary = false;
    // A side the scan would skip (a NUL byte past the 8,000 bytes git sniffs for binary data, a
    // file over the size limit) is unreadable too: its checks would read as all deleted.
    auto refused = [&](const std::string& path, const std::string& bytes) {
      const analyzer::SourceInput in = analyzer::refusalOf(bytes, analyzer::InputLimits{});
      if (in.error != analyzer::ReadError::None) diagnostics.push_back(fmt::format("{}: {}", path, in.message));
      return in.error != analyzer::ReadError::None;
    };
    if (!fc.oldBlob.empty()) {
      gf.oldBytes = sides.repo().blob(fc.oldBlob, binary, err);
      if (!gf.oldBytes || binary) {
        diagnostics.push_back(fmt::format("{}: {}", fc.oldPath, binary ? "binary file skipped" : err));
        continue;
      }
      if (refused(fc.oldPath, *gf.oldBytes)) continue;
    }
    if (!fc.newPath.empty()) {
      gf.newBytes = sides.newBytes(fc, binary, err);
      if (!gf.newBytes || binary) {
        diagnostics.push_back(fmt::format("{}: {}", fc.newPath, binary ? "binary file skipped" : "cannot read the new version"));
        continue;
      }
      if (refused(fc.newPath, *gf.newBytes)) continue;
    }
    context.trailerReason = sides.trailers().reasonFor(fc.oldPath, fc.newPath);
    std::vector<std::string> added;
    auto f = checkFile(gf, context, diagnostics, &added);
    findings.insert(findings.end(), f.begin(), f.end());
    facts.addedOa.insert(added.begin(), added.end());
    if (fc.newPath.empty() && gf.oldBytes) deletedTests.emplace_back(fc.oldPath, std::move(*gf.oldBytes));
  }
  // A deletion the rest of the change explains (the assertion moved to another file, or went
  // with the code it tests) weakens nothing. What the change does to the code under test (the
  // functions and modules it removes) is read only when there is a deletion to explain.
  if (std::any_of(findings.begin(), findings.end(), [](const GateFinding& f) { return f.rule == "CH302"; })) {
    ChangeFacts code = sides.removedCode(testFiles);
    facts.removedNames = std::move(code.removedNames);
    facts.removedModules = std::move(code.removedModules);
    for (const auto& [path, text] : deletedTests)
      if (importsAnyOf(text, facts.removedModules)) facts.testsWithGoneCode.insert(path);
    if (const size_t explained = dropExplainedDeletions(findings, facts))
      diagnostics.push_back(
          fmt::format("{} deleted OA assertion(s) moved to another file or went with the code they test: not reported", explained));
  }
  return files;
}

bool gateFails(const std::vector<GateFinding>& findings, const std::string& failOn) {
  const std::optional<Severity> threshold = analyzer::severityNamed(failOn);
  return threshold && std::any_of(findings.begin(), findings.end(), [&](const GateFinding& f) { return f.severity >= *threshold; });
}

std::vector<reports::GateReportRow> gateReportRows(const std::vector<GateFinding>& findings) {
  std::vector<reports::GateReportRow> rows;
  for (const auto& f : findings) rows.push_back({f, f.statedReason});
  return rows;
}

}  // namespace oalens::miners
