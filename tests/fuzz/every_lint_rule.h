// What the lint fuzz targets run: every rule of the registry.
#pragma once
#include <vector>

#include "analyzer/lint/lint_engine.h"
#include "rules/lint/registry.h"

namespace oalens::fuzz {

inline const std::vector<analyzer::LintRuleFactory>& everyLintRule() {
  static const std::vector<analyzer::LintRuleFactory> rules = [] {
    analyzer::LintOptions every;
    std::vector<std::string> unknown;
    return analyzer::selectRules(rules::lintRegistry(), every, unknown);
  }();
  return rules;
}

}  // namespace oalens::fuzz
