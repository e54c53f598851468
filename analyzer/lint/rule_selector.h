// What a rule selector (`--select`, `--ignore`, `select = [...]` in .oalens.toml) names, as ruff
// reads its selectors: a rule's id (`OA103`) or name (`one-sided-error-bound`), a family
// (`oracle`, `ml`, `gate`), or a prefix of ids (`OA`, `ML2`, `CH30`).
#pragma once
#include <string_view>

namespace oalens::analyzer {

enum class SelectorMatch { None, Exact, Group };

inline SelectorMatch selectorMatch(std::string_view selector, std::string_view id, std::string_view name, std::string_view family) {
  if (selector == id || selector == name) return SelectorMatch::Exact;
  if (selector == family) return SelectorMatch::Group;
  // An id prefix is two capitals and up to two digits: "OA1" names the OA1xx rules, "O" nothing.
  const bool prefix = selector.size() >= 2 && selector.size() < id.size() && id.starts_with(selector);
  return prefix ? SelectorMatch::Group : SelectorMatch::None;
}

}  // namespace oalens::analyzer
