// The SARIF rule descriptors of `oalens lint` (the lint rules) and `oalens diff` (the gate
// rules), both printed from the rule index (rules/rule_index.h) that `oalens rules` lists.
#pragma once
#include <nlohmann/json.hpp>

namespace oalens::cli {

enum class RuleKind { Lint, Gate };
nlohmann::ordered_json sarifRuleDescriptors(RuleKind kind);

}  // namespace oalens::cli
