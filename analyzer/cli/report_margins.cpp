#include "analyzer/cli/report_margins.h"

#include <fmt/format.h>

#include <filesystem>

#include "analyzer/cli/config.h"
#include "analyzer/cli/output.h"
#include "analyzer/cli/report_root.h"
#include "analyzer/scan/scanner.h"
#include "reports/json/json_report.h"
#include "reports/margins/margins_html.h"
#include "reports/margins/margins_render.h"
#include "reports/margins/margins_sarif.h"
#include "reports/margins/margins_verdicts.h"
#include "reports/sqlite/margins_db.h"

namespace oalens::cli {

std::shared_ptr<const reports::MarginsData> readMarginsOrSay(const std::string& db) {
  auto data = std::make_shared<reports::MarginsData>();
  std::string err;
  if (reports::readMargins(db, *data, err)) return data;
  fmt::print(stderr, "oalens: {}\n", err);
  return nullptr;
}

std::optional<reports::MarginsReport> judgeMargins(const MarginsArgs& args) {
  std::error_code ec;
  if (!std::filesystem::is_directory(args.root, ec)) {
    fmt::print(stderr, "oalens: {}: no such directory (--root is the tree the tests ran in)\n", args.root);
    return std::nullopt;
  }
  const std::shared_ptr<const reports::MarginsData> data = readMarginsOrSay(args.db);
  if (!data) return std::nullopt;
  analyzer::Catalogue catalogue = analyzer::Catalogue::builtin();
  const std::optional<ProjectConfig> cfg = loadConfig(args.root, "", catalogue);
  if (!cfg) return std::nullopt;
  const std::optional<std::string> helpBase = sarifHelpBase(args.helpUriBase, cfg->helpUriBase);
  if (!helpBase) return std::nullopt;
  analyzer::ScanOptions opt;
  opt.allFiles = true;  // a wrapper's own check lives in a helper module, not a test file
  const analyzer::ScanResult scan = analyzer::scanPath(args.root, catalogue, opt);
  reports::MarginsOptions options;
  options.root = std::filesystem::absolute(args.root, ec).lexically_normal().generic_string();
  options.safetyFactor = args.safetyFactor;
  reports::MarginsReport report = reports::judgeMargins(scan, *data, options);
  report.helpBase = *helpBase;
  return report;
}

int reportMargins(const MarginsArgs& args) {
  const std::optional<reports::MarginsReport> report = judgeMargins(args);
  if (!report) return 2;
  std::string text;
  if (args.format == "json") text = reports::jsonText(reports::marginsJson(*report)) + "\n";
  else if (args.format == "html") text = reports::marginsPage(*report, args.db);
  else if (args.format == "sarif") text = reports::jsonText(reports::marginsSarif(*report, report->helpBase)) + "\n";
  else text = reports::marginsText(*report);
  return writeOutput(args.output, text) ? 0 : 2;
}

}  // namespace oalens::cli
