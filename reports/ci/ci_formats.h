// Findings of `lint` and `diff` in the formats CI systems read beside SARIF: GitHub workflow
// annotations, JUnit XML (a test report every CI shows: one test case per finding, failed) and
// GitLab's code quality report (a JSON array shown in the merge request, issues told apart by
// their fingerprints). Both commands hand over the same neutral finding, so each format is
// written once.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace oalens::reports {

struct CiFinding {
  std::string file;
  uint32_t line = 0, column = 0, endLine = 0, endColumn = 0;  // 0: not known
  std::string rule, name;                                     // OA101, loose-tolerance
  std::string severity;                                       // error, warning, note, info
  std::string message;
  std::string fingerprint;  // stable across line shifts; made from rule, file and message when empty
};

// `::warning file=...,line=...::message` lines.
std::string githubAnnotations(const std::vector<CiFinding>& findings);

// JUnit XML: a <testsuite> per file with findings, a failed <testcase> per finding; one passing
// test case when there are none, so that the report is never empty. `suite` names the run
// ("oalens lint").
std::string junitXml(const std::vector<CiFinding>& findings, const std::string& suite);

// GitLab code quality: [{description, check_name, fingerprint, severity, location: {path,
// lines: {begin, end}}}], severity one of info, minor, major, critical, blocker.
std::string gitlabCodeQuality(const std::vector<CiFinding>& findings);

}  // namespace oalens::reports
