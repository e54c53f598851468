// The SARIF rule descriptors of `oalens lint` (the lint rules) and `oalens diff` (the gate
// rules), both printed from the rule index (rules/rule_index.h) that `oalens rules` lists.
#pragma once
#include <nlohmann/json.hpp>
#include <string_view>

namespace oalens::cli {

enum class RuleKind { Lint, Gate };
// helpBase: the absolute URI the rules' doc pages are relative to (reports::helpUriBase).
nlohmann::ordered_json sarifRuleDescriptors(RuleKind kind, std::string_view helpBase);

}  // namespace oalens::cli
