// Findings of `lint` and `diff` in the formats CI systems read beside SARIF: GitHub workflow
// annotations, JUnit XML (a test report every CI shows: one test case per finding, failed) and
// GitLab's code quality report (a JSON array shown in the merge request, issues told apart by
// their fingerprints), from the one Finding of analyzer/core/finding.h, so each format is written
// once for lint, diff and scan.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "analyzer/core/finding.h"

namespace oalens::reports {

using analyzer::Finding;

// `::warning file=...,line=...::message` lines.
std::string githubAnnotations(const std::vector<Finding>& findings);

// JUnit XML: a <testsuite> per file with findings, a failed <testcase> per finding; one passing
// test case when there are none, so that the report is never empty. `suite` names the run
// ("oalens lint").
std::string junitXml(const std::vector<Finding>& findings, const std::string& suite);

// GitLab code quality: [{description, check_name, fingerprint, severity, location: {path,
// lines: {begin, end}}}], severity one of info, minor, major, critical, blocker.
std::string gitlabCodeQuality(const std::vector<Finding>& findings);

}  // namespace oalens::reports
