// Test helpers: scan in-memory Python sources with the built-in catalogue and look up results.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "analyzer/scan/scanner.h"

namespace oalens::testing {

inline analyzer::ScanResult scanPython(std::vector<std::pair<std::string, std::string>> files, unsigned threads = 1) {
  static const analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
  analyzer::ScanOptions opt;
  opt.threads = threads;
  opt.allFiles = true;
  return analyzer::scanSources(files, catalogue, opt);
}

inline analyzer::ScanResult scanOne(const std::string& code) { return scanPython({{"tests/test_x.py", code}}); }

inline const analyzer::Assertion* atLine(const analyzer::ScanResult& r, uint32_t line) {
  for (const auto& a : r.assertions)
    if (a.range.start.line == line) return &a;
  return nullptr;
}

// The oracle type of the assertion at `line`, or "(no assertion)".
inline std::string oracleTypeAt(const analyzer::ScanResult& r, uint32_t line) {
  const analyzer::Assertion* a = atLine(r, line);
  return a ? a->oracleType : "(no assertion)";
}

// The assertions of one file by their first line.
inline std::map<uint32_t, const analyzer::Assertion*> byLine(const analyzer::ScanResult& r, const std::string& file) {
  std::map<uint32_t, const analyzer::Assertion*> at;
  for (const auto& a : r.assertions)
    if (a.file == file) at[a.range.start.line] = &a;
  return at;
}

// The assertion of `file` starting at `line`, or null.
inline const analyzer::Assertion* inFileAt(const analyzer::ScanResult& r, const std::string& file, uint32_t line) {
  const auto lines = byLine(r, file);
  const auto found = lines.find(line);
  return found == lines.end() ? nullptr : found->second;
}

inline const analyzer::Tolerance* tolerance(const analyzer::Assertion& a, const std::string& name) {
  for (const auto& t : a.tolerances)
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace oalens::testing
