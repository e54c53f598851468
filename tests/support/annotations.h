// Reads inline annotations from a corpus: for every .py file under `root`, each line holding
// `marker` (e.g. "# expect: ") maps (relative path, line number) to the text after it.
#pragma once
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <utility>

namespace oalens::testing {

inline std::map<std::pair<std::string, uint32_t>, std::string> readAnnotations(const std::filesystem::path& root,
                                                                               std::string_view marker) {
  std::map<std::pair<std::string, uint32_t>, std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".py") continue;
    const std::string rel = std::filesystem::relative(entry.path(), root).generic_string();
    std::ifstream f(entry.path());
    std::string line;
    for (uint32_t n = 1; std::getline(f, line); ++n) {
      auto at = line.find(marker);
      if (at != std::string::npos) out[{rel, n}] = line.substr(at + marker.size());
    }
  }
  return out;
}

}  // namespace oalens::testing
