// The `oalens: ignore[...]` marker (`#` in Python, `//` in C++) that `lint` and the `diff` gate
// honour on a finding's line: `ignore[OA101]`, `ignore[OA101, loose-tolerance]`, or a bare
// `ignore` for every rule.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace oalens::analyzer {

// The rule ids or names the marker on `line` names ("" for a bare `ignore`); nullopt when the
// line carries no marker.
std::optional<std::vector<std::string>> ignoreMarker(std::string_view line);

}  // namespace oalens::analyzer
