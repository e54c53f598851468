// The two sides of a change `oalens diff` compares, as git has them: BASE..HEAD or BASE...HEAD
// (objects only, so it works in a bare repository), the index against HEAD (--staged), or the
// work tree against HEAD. Lists the changed files, reads any file of either side (the suite's
// helper modules, the project configuration), the commit trailers that state reasons, and the
// library's top-level packages. All git access of the gate goes through here and miners/git.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "analyzer/scan/test_files.h"
#include "miners/gate/change_wide.h"
#include "miners/gate/trailer_scope.h"
#include "miners/git/repository.h"

namespace oalens::miners {

class ChangeSides {
 public:
  // `range` empty: the index (`staged`) or the work tree. nullopt with err when the repository
  // or the range cannot be read, or the index has unresolved conflicts. `warnings` receives
  // what the run should say even then (commit trailers not read, renames not all found).
  static std::optional<ChangeSides> open(const std::string& repoPath, const std::string& range, bool staged, int renameLimit,
                                         std::string& err, std::vector<std::string>& warnings);

  const Repository& repo() const { return repo_; }
  const std::string& workdir() const { return workdir_; }
  const std::vector<FileChange>& changes() const { return changes_; }
  const TrailerScope& trailers() const { return trailers_; }
  bool isRange() const { return !range_.empty(); }
  bool isWorktree() const { return !staged_ && range_.empty(); }

  // A file on the old side (the range's start; HEAD) or the new one (the range's end; the index;
  // the file on disk); nullopt when there is none.
  std::optional<std::string> fileAt(bool newSide, const std::string& path) const;
  // The Python modules directly in `dir` on a side. The index's directories are read as HEAD
  // has them: a helper package's children are rarely added in the same change as a test that
  // uses them.
  std::vector<std::string> modulesIn(bool newSide, const std::string& dir) const;
  // The top-level package directories at both ends of a range (a package renamed by the change,
  // keras_core -> keras, is still the library), else at HEAD; a side that cannot be read adds a
  // diagnostic.
  std::vector<std::string> packageDirs(std::vector<std::string>& diagnostics) const;
  // The new version of a changed file: its blob, or in the work tree the file on disk.
  std::optional<std::string> newBytes(const FileChange& fc, bool& binary, std::string& err) const;

  // The functions and classes the non-test Python files of the change stop defining (a name
  // moved to another changed file is not removed), and the modules it deletes.
  ChangeFacts removedCode(const analyzer::TestFileFilter& testFiles) const;

 private:
  explicit ChangeSides(Repository repo) : repo_(std::move(repo)) {}
  Repository repo_;
  std::string workdir_, range_;
  bool staged_ = false;
  std::vector<FileChange> changes_;
  TrailerScope trailers_;
  std::vector<std::string> packageCommits_{""};  // where the library's packages are read
};

}  // namespace oalens::miners
