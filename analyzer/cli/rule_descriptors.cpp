// Rule index entries as SARIF descriptors; the level is the one a finding of the rule gets.
#include "analyzer/cli/rule_descriptors.h"

#include "reports/sarif/sarif_report.h"
#include "rules/rule_index.h"

namespace oalens::cli {

nlohmann::ordered_json sarifRuleDescriptors(RuleKind kind, std::string_view helpBase) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const rules::RuleEntry& r : rules::ruleIndex()) {
    if ((r.family == "gate") != (kind == RuleKind::Gate)) continue;
    out.push_back(reports::sarifRule(
        {r.id, r.name, r.summary, r.description, r.fix, r.page, r.docPage, reports::sarifLevel(r.severity), r.family, r.precision},
        helpBase));
  }
  return out;
}

}  // namespace oalens::cli
