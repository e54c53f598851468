#include "reports/text/text_report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

namespace oalens::reports {

using analyzer::Assertion;

namespace {

std::string pct(size_t part, size_t whole) { return whole ? fmt::format("{:.1f}%", 100.0 * double(part) / double(whole)) : "-"; }

}  // namespace

std::string scanTextSummary(const analyzer::ScanResult& r) {
  std::string out;
  size_t testFiles = 0;
  for (const auto& f : r.files) testFiles += f.isTestFile;
  const size_t oa = r.oaCount();
  out += fmt::format("OALens scan of {}\n\n", r.root.empty() ? "(sources)" : r.root);
  out += "Project (as the study's Table III)\n";
  out += fmt::format("  {:<28}{:>8}\n", "files scanned", r.files.size());
  out += fmt::format("  {:<28}{:>8}\n", "test files", testFiles);
  out += fmt::format("  {:<28}{:>8}\n", "assertions", r.assertions.size());
  out += fmt::format("  {:<28}{:>8}  ({} of assertions)\n", "OA assertions", oa, pct(oa, r.assertions.size()));
  out += fmt::format("  {:<28}{:>8}{}\n", "test cases", r.testCaseCount(), r.studyCounting ? "  (distinct names, --counting study)" : "");
  out += fmt::format("  {:<28}{:>8}  ({} of test cases)\n", "test cases with OA", r.testCasesWithOa(),
                     pct(r.testCasesWithOa(), r.testCaseCount()));

  std::map<std::string, size_t> perApi, perCategory, perProvenance;
  for (const Assertion& a : r.assertions) {
    if (!a.isOa) continue;
    ++perApi[a.api];
    ++perCategory[std::string(analyzer::categoryName(a.category))];
    ++perProvenance[std::string(analyzer::thresholdProvenanceName(a.thresholdProvenance))];
  }
  std::vector<std::pair<std::string, size_t>> apis(perApi.begin(), perApi.end());
  std::stable_sort(apis.begin(), apis.end(), [](auto& a, auto& b) { return a.second > b.second; });
  out += "\nOA assertions per API (as the study's Table II)\n";
  for (const auto& [api, n] : apis) out += fmt::format("  {:<60}{:>7}  {:>6}\n", api, n, pct(n, oa));
  out += "\nOA assertions per category\n";
  for (const auto& [c, n] : perCategory) out += fmt::format("  {:<28}{:>8}  {:>6}\n", c, n, pct(n, oa));
  std::map<std::string, size_t> perOracle;
  for (const Assertion& a : r.assertions)
    if (a.isOa) ++perOracle[a.oracleType];
  out += fmt::format(
      "\nOracle types of OA assertions (as the study's Table IV; library under test: {})\n",
      r.libraryPackages.empty() ? std::string("not found, use --package") : fmt::format("{}", fmt::join(r.libraryPackages, ", ")));
  for (const auto& [t, n] : perOracle) out += fmt::format("  {:<28}{:>8}  {:>6}\n", t, n, pct(n, oa));
  out += "\nThreshold provenance of OA assertions\n";
  for (const auto& [c, n] : perProvenance) out += fmt::format("  {:<28}{:>8}  {:>6}\n", c, n, pct(n, oa));
  if (!r.wrappers.empty()) {
    out += fmt::format("\nProject wrappers discovered ({})\n", r.wrappers.size());
    for (const auto& w : r.wrappers) out += fmt::format("  {}\n", w);
  }
  if (!r.diagnostics.empty()) out += fmt::format("\n{} input problem(s) reported on stderr\n", r.diagnostics.size());
  return out;
}

}  // namespace oalens::reports
