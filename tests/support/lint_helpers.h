// Helpers of the lint tests: run rules over a directory, render findings as the CLI's text
// output does (reading a file and the unified diff of a golden mismatch: golden_text.h).
#pragma once
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "analyzer/lint/lint_engine.h"
#include "rules/lint/registry.h"
#include "tests/support/golden_text.h"
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
    out += f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.column) + ": " + std::string(analyzer::severityName(f.severity)) +
           ": " + f.message + " [" + f.rule + "]\n";
  return out;
}

}  // namespace oalens::testing
