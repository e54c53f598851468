// RAII over libgit2, read-only: open a repository (work tree or bare git directory), resolve a
// revision, walk commits, diff a commit against its first parent with rename detection, and
// read blobs. libgit2 error codes become messages at this boundary; nothing here throws.
// One Repository per thread: libgit2 objects are not shared across threads.
#pragma once
#include <git2.h>

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace oalens::miners {

// Initialises libgit2 once per process and turns off strict hash verification (read-only
// analysis; the dependency notes measured it as the main cost of blob reads).
void initGit();

struct GitError {
  std::string message;
};

std::string lastGitError(const char* what);

struct FileChange {
  enum class Status { Added, Deleted, Modified, Renamed };
  Status status = Status::Modified;
  std::string oldPath, newPath;
  std::string oldBlob, newBlob;  // hex oids; empty when absent
};

struct CommitInfo {
  std::string sha;
  std::vector<std::string> parents;
  int64_t time = 0;  // committer time, seconds since the epoch
  std::string author;
  std::string message;   // raw bytes as stored
  std::string encoding;  // the commit's declared encoding, empty for UTF-8
};

class Repository {
 public:
  static std::optional<Repository> open(const std::string& path, std::string& err);
  // The repository holding `path` (a directory inside its work tree is enough, as for git).
  static std::optional<Repository> discover(const std::string& path, std::string& err);
  Repository() = default;
  Repository(Repository&&) noexcept = default;
  Repository& operator=(Repository&&) noexcept = default;

  std::optional<std::string> resolve(const std::string& rev, std::string& err) const;
  // Commits reachable from `tip`, parents before children. firstParent follows only first parents.
  // In a shallow clone the commits at the graft point count as roots, as git log treats them.
  std::optional<std::vector<std::string>> walk(const std::string& tip, bool firstParent, std::string& err) const;
  // The graft points of a shallow clone (.git/shallow): commits whose parents are not here.
  std::set<std::string> shallowRoots() const;
  std::optional<CommitInfo> commit(const std::string& sha, std::string& err) const;
  // Changed files between the commit's first parent (or the empty tree) and the commit. With
  // `wanted`, renames are looked for only when a wanted path is added or deleted: a rename pairs
  // an added file with a deleted one, so one that involves a wanted path shows as that path's
  // addition or deletion first. Pairing similar files costs most on commits that move many
  // files; the others are returned unpaired (a commit that edits a test and moves a module).
  using PathFilter = std::function<bool(std::string_view)>;
  std::optional<std::vector<FileChange>> changes(const std::string& sha, std::string& err, const PathFilter& wanted = {}) const;
  // Renames: files with the same blob always pair; edited files are compared for similarity
  // with at most `limit` deleted files each (libgit2's rename_limit, set here so that the
  // repository's diff.renameLimit does not change a history). Past it, the last diff leaves a
  // note (takeRenameNote) that some renames may show as a deletion and an addition.
  static constexpr int kDefaultRenameLimit = 10'000;
  void setRenameLimit(int limit) { renameLimit_ = limit; }
  std::string takeRenameNote() const { return std::exchange(renameNote_, {}); }
  // Blob bytes; nullopt with err set when the object is missing or unreadable.
  std::optional<std::string> blob(const std::string& oid, bool& binary, std::string& err) const;
  // A file's bytes as a commit's tree holds it (HEAD when `commit` is empty), or as the index
  // holds it (`fromIndex`); nullopt when there is no such file.
  std::optional<std::string> fileAt(const std::string& commit, const std::string& path, bool fromIndex = false) const;
  // The blob id (hex) of a file in a commit's tree, without reading the blob; nullopt when there
  // is no such file. Shares fileAt's two trees: `mine` asks for a commit's and its parent's.
  std::optional<std::string> blobIdAt(const std::string& commit, const std::string& path) const;
  // An entry of a tree (type GIT_OBJECT_INVALID: none of that name).
  struct TreeEntry {
    git_oid id{};
    git_object_t type = GIT_OBJECT_INVALID;
  };
  // Where a lookup of `path` in a commit's tree (HEAD when `commit` is empty) ended: the last
  // directory it read ("" for the root, "a/b/"), as a prefix of `path` and by its tree id, and
  // the entry it found there for the next name of `path`; the blob, when that entry is the
  // file. A tree that holds that directory with the same entry of that name answers the same
  // for `path`, whatever else changed. `read` is false when a tree object is missing.
  struct PathProbe {
    std::optional<git_oid> blob;
    size_t dirLength = 0;
    git_oid dir{};
    TreeEntry entry;
    bool read = false;
  };
  PathProbe probePath(const std::string& commit, std::string_view path) const;
  // The entry `name` of the tree `dir` (`held`, when it is that tree, spares reading it);
  // nullopt when the tree cannot be read.
  std::optional<TreeEntry> entryIn(const git_oid& dir, std::string_view name, git_tree* held = nullptr) const;
  // The tree id of directory `dir` ("a/b/", "" for the root) in a commit's tree; nullopt when
  // there is no such directory.
  std::optional<git_oid> treeOidAt(const std::string& commit, std::string_view dir) const;
  // The Python modules directly in directory `dir` ("pkg/") of a commit's tree: "pkg/a.py" for
  // a file, "pkg/sub/__init__.py" for a subdirectory (whether it holds one is not checked). Empty
  // when there is no such directory.
  std::vector<std::string> pythonModulesIn(const std::string& commit, const std::string& dir) const;
  // Where git runs this repository's hooks from: core.hooksPath when set (relative to the top of
  // the work tree, `~/` expanded), else the hooks directory of the common git directory (the
  // main one's for a linked worktree). nullopt with err when the config cannot be read.
  std::optional<std::string> hooksDirectory(std::string& err) const;
  bool isEmpty() const;
  bool isShallow() const;
  bool isBare() const;
  std::string workdir() const;  // empty for a bare repository

  // Changes between two commits' trees (old may be empty: the empty tree).
  std::optional<std::vector<FileChange>> treeChanges(const std::string& oldCommit, const std::string& newCommit, std::string& err,
                                                     const PathFilter& wanted = {}) const;
  // The top-level directories of a commit's tree (HEAD when `commit` is empty; none before the
  // first commit) that hold an __init__.py: the Python packages the oracle classifier takes for
  // the library under test when only the changed files are scanned.
  std::optional<std::vector<std::string>> topLevelPackageDirs(const std::string& commit, std::string& err) const;
  // HEAD (or the empty tree before the first commit) against the index. newBlob is the index blob.
  std::optional<std::vector<FileChange>> stagedChanges(std::string& err) const;
  // HEAD against the work tree; newBlob is empty and the new side is read from the file.
  std::optional<std::vector<FileChange>> worktreeChanges(std::string& err) const;
  std::optional<std::string> mergeBase(const std::string& a, const std::string& b, std::string& err) const;
  // Commits reachable from head but not from base, newest first.
  std::optional<std::vector<std::string>> range(const std::string& base, const std::string& head, std::string& err) const;
  // Paths with unresolved merge conflicts in the index.
  std::vector<std::string> conflicts() const;

 private:
  struct RepoDeleter {
    void operator()(git_repository* r) const { git_repository_free(r); }
  };
  struct TreeDeleter {
    void operator()(git_tree* t) const;
  };
  std::optional<git_oid> blobOidAt(const std::string& commit, const std::string& path) const;
  git_tree* rootTreeOf(const std::string& commit) const;  // held in fileAtTrees_; null when unreadable
  std::unique_ptr<git_repository, RepoDeleter> repo_;
  int renameLimit_ = kDefaultRenameLimit;
  mutable std::string renameNote_;
  // fileAt's last two trees (the two ends of a range): the diff gate reads a few helper modules
  // per side, and reading the commit and its root tree again for each was a quarter of a run.
  mutable std::array<std::pair<std::string, std::unique_ptr<git_tree, TreeDeleter>>, 2> fileAtTrees_;
  mutable size_t fileAtNext_ = 0;
  // entryIn's memo: (tree id, entry name) -> the entry.
  static constexpr size_t kMaxTreeEntries = size_t{1} << 16;
  mutable std::unordered_map<std::string, TreeEntry> entries_;
  // The directories entryIn read last, held for the names asked of them next.
  mutable std::array<std::unique_ptr<git_tree, TreeDeleter>, 8> recentTrees_;
  mutable size_t recentNext_ = 0;
  mutable std::string entryKey_;
};

}  // namespace oalens::miners
