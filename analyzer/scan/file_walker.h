// Finds the source files under a scan root: deterministic order, symbolic links followed once
// (a directory reached twice, as through a link loop, is reported and skipped), VCS and
// virtual-environment folders pruned. Problems become diagnostics; the walk goes on.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "analyzer/core/diagnostics.h"

namespace oalens::analyzer {

struct SourcePath {
  std::filesystem::path absolute;
  std::string relative;  // '/' separated, relative to the root (the file name when root is a file)
};

struct WalkResult {
  std::vector<SourcePath> files;
  std::vector<Diagnostic> diagnostics;
};

WalkResult walkSourceFiles(const std::filesystem::path& root, const std::vector<std::string>& extensions);

}  // namespace oalens::analyzer
