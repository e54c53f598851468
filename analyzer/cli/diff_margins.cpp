#include "analyzer/cli/diff_margins.h"

#include <algorithm>
#include <memory>

#include "analyzer/cli/report_margins.h"
#include "reports/margins/margins_loosening.h"
#include "reports/margins/margins_sites.h"

namespace oalens::cli {

bool attachMargins(const std::string& db, const std::string& treeRoot, miners::GateContext& context) {
  const std::shared_ptr<const reports::MarginsData> data = readMarginsOrSay(db);
  if (!data) return false;
  auto sites = std::make_shared<const reports::MarginsSites>(*data, treeRoot.empty() ? data->rootdir : treeRoot);
  context.measuredLoosening = [data, sites](const analyzer::Assertion& oldSide, const analyzer::Assertion& newSide) {
    auto at = [&](const analyzer::Assertion& a) {
      return sites->at(a.file, a.range.start.line, std::max(a.range.end.line, a.range.start.line), !a.via.empty());
    };
    // The runs were of the old side (a CI run of the base) or of the new one (the work tree).
    reports::MeasuredSite site = at(oldSide);
    if (!site.any) site = at(newSide);
    return reports::loosenedAgainstMeasured(site, newSide.tolerances);
  };
  return true;
}

}  // namespace oalens::cli
