// The lint rules, in the order of rules/lint/rules.def (sorted by id).
#pragma once
#include <string>
#include <vector>

#include "analyzer/lint/lint_rule.h"

namespace oalens::rules {

const std::vector<analyzer::LintRuleFactory>& lintRegistry();

// "OA101_loose_tolerance": the rule's folder under rules/lint/.
std::string lintRuleFolder(const analyzer::LintRuleInfo& info);

}  // namespace oalens::rules
