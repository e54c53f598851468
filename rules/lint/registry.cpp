// The X-macro over rules.def: a declared list, not self-registration a linker could drop.
#include "rules/lint/registry.h"

namespace oalens::rules {

#define OALENS_LINT_RULE(id) std::unique_ptr<analyzer::LintRule> make##id();
#include "rules/lint/rules.def"
#undef OALENS_LINT_RULE

const std::vector<analyzer::LintRuleFactory>& lintRegistry() {
  static const std::vector<analyzer::LintRuleFactory> rules = {
#define OALENS_LINT_RULE(id) &make##id,
#include "rules/lint/rules.def"
#undef OALENS_LINT_RULE
  };
  return rules;
}

std::string lintRuleFolder(const analyzer::LintRuleInfo& info) {
  std::string folder = info.id + "_" + info.name;
  for (char& c : folder) c = c == '-' ? '_' : c;
  return folder;
}

}  // namespace oalens::rules
