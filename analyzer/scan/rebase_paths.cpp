// Rebases a scan's paths (rebase_paths.h).
#include "analyzer/scan/rebase_paths.h"

namespace oalens::analyzer {

void rebasePaths(ScanResult& r, const std::string& prefix) {
  if (prefix.empty()) return;
  auto rebase = [&](std::string& path) {
    if (!path.empty()) path = prefix + path;
  };
  for (auto& a : r.assertions) rebase(a.file);
  for (auto& t : r.testCases) rebase(t.file);
  for (auto& d : r.diagnostics) rebase(d.path);
  for (auto& f : r.files) rebase(f.path);
  for (auto& l : r.libraryFiles) rebase(l);
}

}  // namespace oalens::analyzer
