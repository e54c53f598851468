#include "analyzer/scan/file_walker.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <set>
#include <system_error>

namespace oalens::analyzer {

namespace fs = std::filesystem;

namespace {

bool prunedDirectory(const std::string& name) {
  static const std::set<std::string> kPruned = {".git", ".hg",         ".svn",          "node_modules",  "__pycache__", ".tox", ".venv",
                                                "venv", ".mypy_cache", ".pytest_cache", "site-packages", ".eggs",       ".nox"};
  return kPruned.count(name) > 0;
}

bool hasExtension(const fs::path& p, const std::vector<std::string>& exts) {
  std::string e = p.extension().string();
  return std::find(exts.begin(), exts.end(), e) != exts.end();
}

}  // namespace

WalkResult walkSourceFiles(const fs::path& root, const std::vector<std::string>& exts) {
  WalkResult out;
  std::error_code ec;
  auto rootStatus = fs::status(root, ec);
  if (ec || !fs::exists(rootStatus)) {
    out.diagnostics.push_back({root.string(), 0, 0, Severity::Error, "input-not-found", "no such file or directory"});
    return out;
  }
  if (!fs::is_directory(rootStatus)) {
    out.files.push_back({root, root.filename().string()});
    return out;
  }
  std::set<std::pair<dev_t, ino_t>> seenDirs;
  // Explicit stack: directory depth is the input's to choose.
  std::vector<std::pair<fs::path, std::string>> stack{{root, ""}};
  while (!stack.empty()) {
    auto [dir, rel] = stack.back();
    stack.pop_back();
    struct stat st {};
    if (::stat(dir.c_str(), &st) != 0) {
      out.diagnostics.push_back({rel.empty() ? "." : rel, 0, 0, Severity::Warning, "unreadable-directory",
                                 fmt::format("skipped: cannot stat directory: {}", std::strerror(errno))});
      continue;
    }
    if (!seenDirs.insert({st.st_dev, st.st_ino}).second) {
      out.diagnostics.push_back(
          {rel, 0, 0, Severity::Warning, "symlink-loop", "skipped: directory already visited (symbolic link loop or duplicate link)"});
      continue;
    }
    std::vector<std::pair<fs::path, std::string>> subdirs;
    fs::directory_iterator it(dir, fs::directory_options::none, ec);
    if (ec) {
      out.diagnostics.push_back({rel.empty() ? "." : rel, 0, 0, Severity::Warning, "unreadable-directory",
                                 fmt::format("skipped: cannot list directory: {}", ec.message())});
      continue;
    }
    for (; it != fs::directory_iterator(); it.increment(ec)) {
      if (ec) break;
      const fs::path p = it->path();
      const std::string name = p.filename().string();
      const std::string childRel = rel.empty() ? name : rel + "/" + name;
      std::error_code sec;
      auto s = fs::status(p, sec);  // follows links
      if (sec || s.type() == fs::file_type::not_found) {
        if (hasExtension(p, exts))
          out.diagnostics.push_back({childRel, 0, 0, Severity::Warning, "dangling-symlink", "skipped: dangling symbolic link"});
        continue;
      }
      if (fs::is_directory(s)) {
        if (!prunedDirectory(name)) subdirs.emplace_back(p, childRel);
        continue;
      }
      if (hasExtension(p, exts)) out.files.push_back({p, childRel});
    }
    std::sort(subdirs.begin(), subdirs.end(), [](auto& a, auto& b) { return a.second > b.second; });
    for (auto& sd : subdirs) stack.push_back(std::move(sd));
  }
  std::sort(out.files.begin(), out.files.end(), [](const SourcePath& a, const SourcePath& b) { return a.relative < b.relative; });
  return out;
}

}  // namespace oalens::analyzer
