#include "analyzer/cli/lint_margins.h"

#include <memory>

#include "analyzer/cli/report_margins.h"
#include "reports/margins/margins_verdicts.h"

namespace oalens::cli {

bool attachLintMargins(const std::string& db, analyzer::LintOptions& options) {
  const std::shared_ptr<const reports::MarginsData> data = readMarginsOrSay(db);
  if (!data) return false;
  options.measureMargins = [data](const analyzer::ScanResult& scan, const std::filesystem::path& root) {
    analyzer::MeasuredMargins measured;
    std::error_code ec;
    if (!std::filesystem::is_directory(root, ec)) return measured;  // a file named alone: its paths are not the tree's
    reports::MarginsOptions judge;
    judge.root = std::filesystem::absolute(root, ec).lexically_normal().generic_string();
    for (const reports::MarginVerdict& v : reports::judgeMargins(scan, *data, judge).margins)
      measured[{v.file, v.line}] = {v.verdict, v.maxUsed, v.runs, v.tolerance, v.suggested, v.basis};
    return measured;
  };
  return true;
}

}  // namespace oalens::cli
