// Every rule of OALens in one list: the lint rules (rules/lint/rules.def, families oracle and
// ml) and the diff gate's rules (rules/gate/registry.cpp, family gate), each read from its own
// registry and put in the same shape. `oalens rules`, docs/rules.md and the SARIF rule
// metadata of `lint` and `diff` are printed from it.
#pragma once
#include <string>
#include <vector>

#include "analyzer/lint/lint_rule.h"

namespace oalens::rules {

struct RuleEntry {
  std::string id, name;
  std::string family;  // oracle, ml, gate
  analyzer::Severity severity;
  std::string precision;    // lint: high, medium, low; gate: judged right of a sample ("30/35") or "-"
  std::string summary;      // one line: what is flagged
  std::string description;  // longer: the gate's own, else the README's "What it flags" (SARIF's fullDescription)
  std::string fix;          // how to resolve a finding (SARIF's help, the `fix` of JSON)
  std::string docPage;      // the rule's README, relative to the repository root
  std::string page;         // markdown: the README's "What it flags" and "Why it matters" (SARIF's help)
  std::vector<analyzer::LintOption> options;
};

// Lint rules in rules.def order (ML2xx, OA1xx), then the gate rules, CH3xx.
std::vector<RuleEntry> ruleIndex();

// docs/rules.md (`oalens rules --format markdown`; a test checks the checked-in copy is current).
std::string rulesMarkdown();

}  // namespace oalens::rules
