// The two sides of a change (change_sides.h). Tuned for a pre-commit hook: the work tree and the
// index are read as they are, without a checkout; a range reads only objects.
#include "miners/gate/change_sides.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

namespace oalens::miners {

namespace fs = std::filesystem;

namespace {

std::optional<std::string> readFile(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return std::nullopt;
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

std::optional<ChangeSides> ChangeSides::open(const std::string& repoPath, const std::string& range, bool staged, int renameLimit,
                                             std::string& err, std::vector<std::string>& warnings) {
  // A path inside the work tree is enough, as for git.
  auto repo = Repository::discover(repoPath, err);
  if (!repo) return std::nullopt;
  repo->setRenameLimit(renameLimit);
  ChangeSides sides(std::move(*repo));
  sides.workdir_ = sides.repo_.workdir();
  sides.range_ = range;
  sides.staged_ = staged;
  const Repository& git = sides.repo_;
  std::optional<std::vector<FileChange>> changes;
  if (!range.empty()) {
    const bool symmetric = range.find("...") != std::string::npos;
    const size_t sep = range.find(symmetric ? "..." : "..");
    if (sep == std::string::npos) {
      err = fmt::format("expected BASE..HEAD or BASE...HEAD, got '{}'", range);
      return std::nullopt;
    }
    std::string baseRev = range.substr(0, sep), headRev = range.substr(sep + (symmetric ? 3 : 2));
    auto base = git.resolve(baseRev.empty() ? "HEAD" : baseRev, err);
    auto head = base ? git.resolve(headRev.empty() ? "HEAD" : headRev, err) : std::nullopt;
    if (!head) return std::nullopt;
    std::string from = *base;
    if (symmetric) {
      auto mb = git.mergeBase(*base, *head, err);
      if (!mb) return std::nullopt;
      from = *mb;
    }
    changes = git.treeChanges(from, *head, err);
    sides.packageCommits_ = {from, *head};  // both: a package renamed by the change (keras_core -> keras) is still the library
    // Reasons stated in commit trailers, each for the files its own commit changes.
    if (auto commits = git.range(from, *head, err)) {
      if (auto scope = scopeTrailers(git, *commits, err)) sides.trailers_ = std::move(*scope);
      else warnings.push_back(fmt::format("commit trailers not read: {}", err));
    }
  } else {
    // Before the first commit HEAD is the empty tree: everything is new, nothing is weakened.
    auto conflicted = git.conflicts();
    if (!conflicted.empty()) {
      err = fmt::format("unresolved merge conflicts in {} file(s), first {}; resolve them before checking tolerances", conflicted.size(),
                        conflicted.front());
      return std::nullopt;
    }
    changes = staged ? git.stagedChanges(err) : git.worktreeChanges(err);
  }
  if (!changes) return std::nullopt;
  if (std::string note = git.takeRenameNote(); !note.empty()) warnings.push_back(std::move(note));
  sides.changes_ = std::move(*changes);
  return sides;
}

std::optional<std::string> ChangeSides::fileAt(bool newSide, const std::string& path) const {
  if (!newSide) return repo_.fileAt(packageCommits_.front(), path);
  if (!range_.empty()) return repo_.fileAt(packageCommits_.back(), path);
  if (staged_) return repo_.fileAt("", path, /*fromIndex=*/true);
  return readFile(fs::path(workdir_) / path);
}

std::vector<std::string> ChangeSides::modulesIn(bool newSide, const std::string& dir) const {
  if (!newSide) return repo_.pythonModulesIn(packageCommits_.front(), dir);
  if (!range_.empty()) return repo_.pythonModulesIn(packageCommits_.back(), dir);
  if (staged_) return repo_.pythonModulesIn("", dir);
  std::vector<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator it(fs::path(workdir_) / dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (it->is_directory(ec)) out.push_back(dir + name + "/__init__.py");
    else if (name.ends_with(".py")) out.push_back(dir + name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> ChangeSides::packageDirs(std::vector<std::string>& diagnostics) const {
  std::vector<std::string> packageDirs;
  std::string err;
  for (const std::string& commit : packageCommits_) {
    auto dirs = repo_.topLevelPackageDirs(commit, err);
    if (dirs) packageDirs.insert(packageDirs.end(), dirs->begin(), dirs->end());
    else diagnostics.push_back(fmt::format("the library's packages could not be read ({}); oracles are not compared", err));
  }
  return packageDirs;
}

std::optional<std::string> ChangeSides::newBytes(const FileChange& fc, bool& binary, std::string& err) const {
  if (!fc.newBlob.empty()) return repo_.blob(fc.newBlob, binary, err);
  if (isWorktree()) return readFile(fs::path(workdir_) / fc.newPath);
  return std::nullopt;
}

ChangeFacts ChangeSides::removedCode(const analyzer::TestFileFilter& testFiles) const {
  const std::string worktreeDir = isWorktree() ? workdir_ : std::string();
  ChangeFacts facts;
  std::set<std::string> before, after;
  std::string err;
  for (const auto& fc : changes_) {
    const std::string& path = fc.newPath.empty() ? fc.oldPath : fc.newPath;
    if (!path.ends_with(".py") || testFiles.isTest(path)) continue;
    bool binary = false;
    if (!fc.oldBlob.empty())
      if (auto text = repo_.blob(fc.oldBlob, binary, err); text && !binary) before.merge(definedNames(*text));
    std::optional<std::string> now;
    if (!fc.newBlob.empty()) now = repo_.blob(fc.newBlob, binary, err);
    else if (!fc.newPath.empty() && !worktreeDir.empty()) now = readFile(fs::path(worktreeDir) / fc.newPath);
    if (now && !binary) after.merge(definedNames(*now));
    if (fc.newPath.empty())
      for (const std::string& name : moduleNamesOf(fc.oldPath)) facts.removedModules.insert(name);
  }
  std::set_difference(before.begin(), before.end(), after.begin(), after.end(),
                      std::inserter(facts.removedNames, facts.removedNames.end()));
  return facts;
}

}  // namespace oalens::miners
