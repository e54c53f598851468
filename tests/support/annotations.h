// Reads inline annotations from a corpus: for every file under `root` with one of `extensions`,
// each line holding `marker` (e.g. "# expect: ") maps (relative path, line number) to the text
// after it.
#pragma once
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace oalens::testing {

inline std::map<std::pair<std::string, uint32_t>, std::string> readAnnotations(const std::filesystem::path& root, std::string_view marker,
                                                                               const std::vector<std::string>& extensions = {".py"}) {
  std::map<std::pair<std::string, uint32_t>, std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (std::find(extensions.begin(), extensions.end(), entry.path().extension().string()) == extensions.end()) continue;
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
