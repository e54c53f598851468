// Helpers of the lint tests: run rules over a directory, render findings as the CLI's text
// output does, read a file, and show a unified diff for a golden mismatch.
#pragma once
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "analyzer/lint/lint_engine.h"
#include "rules/lint/registry.h"
#include "tests/support/process.h"

namespace oalens::testing {

inline analyzer::LintResult lintDirectory(const std::filesystem::path& dir, std::set<std::string> only = {}, unsigned threads = 1,
                                          std::map<std::string, double> overrides = {}) {
  analyzer::LintOptions opt;
  opt.scan.threads = threads;
  opt.only = std::move(only);
  opt.overrides = std::move(overrides);
  std::vector<std::string> unknown;
  return analyzer::lintPath(dir, analyzer::Catalogue::builtin(), analyzer::selectRules(rules::lintRegistry(), opt, unknown), opt);
}

inline std::string renderFindings(const analyzer::LintResult& r) {
  std::string out;
  for (const auto& f : r.findings)
    out += f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.column) + ": " + std::string(analyzer::lintSeverityName(f.severity)) +
           ": " + f.message + " [" + f.rule + "]\n";
  return out;
}

inline std::string readText(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

inline std::string unifiedDiff(const std::string& expected, const std::string& actual) {
  const std::filesystem::path dir = scratchDirectory("oalens_golden_diff");
  std::ofstream(dir / "expected.txt") << expected;
  std::ofstream(dir / "actual.txt") << actual;
  auto r = runCommand("diff -u " + (dir / "expected.txt").string() + " " + (dir / "actual.txt").string());
  std::filesystem::remove_all(dir);
  return r.out;
}

}  // namespace oalens::testing
