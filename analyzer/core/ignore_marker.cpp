#include "analyzer/core/ignore_marker.h"

#include <re2/re2.h>

namespace oalens::analyzer {

std::optional<std::vector<std::string>> ignoreMarker(std::string_view line) {
  static const RE2 marker(R"((?:#|//)\s*oalens:\s*ignore(?:\[([A-Za-z0-9_, -]*)\])?)");
  if (line.find("oalens:") == std::string_view::npos) return std::nullopt;
  re2::StringPiece ids;
  if (!RE2::PartialMatch(re2::StringPiece(line.data(), line.size()), marker, &ids)) return std::nullopt;
  std::vector<std::string> rules;
  if (ids.empty()) rules.push_back("");
  std::string id;
  for (char c : std::string_view(ids.data(), ids.size())) {
    if (c == ',' || c == ' ') {
      if (!id.empty()) rules.push_back(id);
      id.clear();
    } else {
      id += c;
    }
  }
  if (!id.empty()) rules.push_back(id);
  return rules;
}

}  // namespace oalens::analyzer
