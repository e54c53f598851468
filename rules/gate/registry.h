// The diff gate's rules (CH3xx), described once: id, kebab-case name, severity, precision, the
// one-line summary, what the rule flags and how a finding is resolved. `oalens diff` fills its
// findings' names and severities from this table; `oalens rules`, docs/rules.md and diff's SARIF
// rule metadata print it. Each rule has a folder rules/gate/<ID>_<name>/ with its README and a
// before/after fixture pair the tests run (tests/miners/gate_rules_test.cpp).
// Kept free of the miners so that rules/ and the gate can both read it without a cycle.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "analyzer/core/finding.h"

namespace oalens::rules {

struct GateRule {
  const char* id;
  const char* name;
  analyzer::Severity severity;
  const char* summary;      // one line: what is flagged
  const char* description;  // the README's "What it flags", short: SARIF's fullDescription
  const char* fix;          // how a finding is resolved: SARIF's help
  // Findings judged right of a seeded sample of real histories (docs/diff.md), or "-" where
  // no sample was judged.
  const char* precision;
};
const std::vector<GateRule>& gateRules();

// "CH301_loosened_tolerance": the rule's folder under rules/gate/.
std::string gateRuleFolder(const GateRule& rule);

}  // namespace oalens::rules
