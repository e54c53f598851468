// Test helpers: the OA assertion versions of an in-memory Python source, as `mine` keeps them,
// and a line per version that says everything a derived version must get right.
#pragma once
#include <string>
#include <vector>

#include "miners/pairing/pairing.h"
#include "tests/support/scan_helpers.h"

namespace oalens::testing {

inline std::vector<miners::AssertionVersion> oaVersionsOf(const std::string& source, std::vector<std::string>& diagnostics) {
  analyzer::ScanResult r = scanPython({{"tests/test_ops.py", source}});
  for (const auto& d : r.diagnostics) diagnostics.push_back(d.message);
  std::vector<miners::AssertionVersion> out;
  for (auto& v : miners::assertionVersions(r))
    if (v.assertion().isOa) out.push_back(std::move(v));
  return out;
}

inline std::string describeVersions(const std::vector<miners::AssertionVersion>& vs) {
  std::string out;
  for (const auto& v : vs) {
    const auto& a = v.assertion();
    const auto& r = v.range;
    out += std::to_string(r.start.line) + ":" + std::to_string(r.start.col) + "-" + std::to_string(r.end.line) + " [" +
           std::to_string(r.startByte) + "," + std::to_string(r.endByte) + "] " + a.testCase + " " + a.api + " " + v.normalized();
    for (const auto& t : a.tolerances)
      out += " " + t.name + "=" + t.text + (t.value ? "(" + std::to_string(*t.value) + ")" : "") + " " +
             std::string(analyzer::provenanceName(t.provenance)) + " " + t.note;
    out += " " + a.oracleType;
    out += "\n";
  }
  return out;
}

// `text` with its first `from` replaced by `to`.
inline std::string withReplaced(std::string text, std::string_view from, std::string_view to) {
  return text.replace(text.find(from), from.size(), to);
}

}  // namespace oalens::testing
