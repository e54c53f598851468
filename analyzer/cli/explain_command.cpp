// `oalens explain FILE:LINE`: scans the tree around FILE and prints everything OALens knows
// about the assertions that start on LINE: API, category, compared values, tolerances with
// their provenance, threshold class, oracle type, and the evidence chain behind it.
#include <fmt/format.h>

#include <filesystem>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/config.h"
#include "analyzer/cli/output.h"
#include "analyzer/oracle/oracle_classifier.h"
#include "analyzer/scan/scanner.h"

namespace oalens::cli {

namespace fs = std::filesystem;

namespace {

std::string describe(const analyzer::Assertion& a) {
  std::string out = fmt::format("{}:{}:{}: {} ({}){}\n", a.file, a.range.start.line, a.range.start.col, a.api,
                                analyzer::categoryName(a.category), a.isOa ? ", oracle approximation" : ", not an OA assertion");
  if (!a.via.empty()) out += fmt::format("  wrapper of:          {}\n", a.via);
  out += fmt::format("  test case:           {}\n", a.testCase.empty() ? "-" : a.testCase);
  out += fmt::format("  actual (CUT):        {}\n", a.actualText.empty() ? "-" : a.actualText);
  out += fmt::format("  expected (oracle):   {}{}\n", a.expectedText.empty() ? "-" : a.expectedText,
                     a.swapped ? "   (arguments were swapped in the call)" : "");
  for (const auto& t : a.tolerances)
    out += fmt::format("  tolerance {:<10} {} = {} ({}{}{})\n", t.name, t.text, t.value ? fmt::format("{}", *t.value) : "?",
                       analyzer::provenanceName(t.provenance), t.note.empty() ? "" : ": ", t.note);
  if (!a.isOa) return out;
  if (a.negated) out += "  negated:             passes when the values differ\n";
  out += fmt::format("  threshold:           {}\n", analyzer::thresholdProvenanceName(a.thresholdProvenance));
  // The decisive step first, in one line a maintainer can check; then the chain that led there.
  out += fmt::format("  oracle type:         {}: {}\n", a.oracleType, a.oracleReason.empty() ? "-" : a.oracleReason);
  out += "  evidence:\n";
  for (size_t i = 0; i < a.evidence.size(); ++i) out += fmt::format("    {}. {}\n", i + 1, a.evidence[i]);
  return out;
}

}  // namespace

void addExplainCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("explain", "show how one assertion was classified, with the evidence");
  static std::string where, root = ".";
  static std::vector<std::string> packages;
  cmd->add_option("location", where, "FILE:LINE, FILE relative to --repo")->required();
  cmd->add_option("--repo,--root", root, "the tree to scan (the test suite or repository); FILE is relative to it")->capture_default_str();
  cmd->add_option("--package", packages, "top-level package of the library under test");
  cmd->callback([] {
    auto colon = where.rfind(':');
    if (colon == std::string::npos) {
      fmt::print(stderr, "oalens: expected FILE:LINE, got '{}'\n", where);
      setExitCode(2);
      return;
    }
    std::string file = where.substr(0, colon);
    uint32_t line = 0;
    try {
      line = static_cast<uint32_t>(std::stoul(where.substr(colon + 1)));
    } catch (const std::exception&) {
      fmt::print(stderr, "oalens: '{}' is not a line number\n", where.substr(colon + 1));
      setExitCode(2);
      return;
    }
    std::error_code ec;
    fs::path rel = fs::path(file).is_absolute() ? fs::relative(file, root, ec) : fs::path(file);
    if (!fs::exists(fs::path(root) / rel, ec)) {
      fmt::print(stderr, "oalens: {}: no such file under {}\n", rel.generic_string(), root);
      setExitCode(2);
      return;
    }
    analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
    if (!loadConfig(root, "", catalogue)) {
      setExitCode(2);
      return;
    }
    analyzer::ScanOptions opt;
    opt.allFiles = true;
    analyzer::ScanResult r = analyzer::scanPath(root, catalogue, opt);
    analyzer::classifyOracles(r, packages);
    std::string out;
    for (const auto& a : r.assertions)
      if (a.file == rel.generic_string() && a.range.start.line <= line && line <= a.range.end.line) out += describe(a);
    if (out.empty()) {
      fmt::print(stderr, "oalens: no assertion at {}:{} (scanned {})\n", rel.generic_string(), line, root);
      setExitCode(1);
      return;
    }
    if (!writeOutput("", out)) setExitCode(2);
  });
}

}  // namespace oalens::cli
