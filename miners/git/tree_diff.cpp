#include "miners/git/tree_diff.h"

#include <fmt/format.h>

#include <string_view>

#include "analyzer/frontend/frontends.h"
#include "miners/git/git_handles.h"

namespace oalens::miners {

namespace {

using OwnedTree = Owned<git_tree, git_tree_free>;

enum class Kind { File, Link, Submodule, Tree };

// libgit2's GIT_MODE_TYPE: an executable file is still a file.
Kind kindOf(const git_tree_entry* e) {
  switch (git_tree_entry_filemode(e)) {
    case GIT_FILEMODE_TREE: return Kind::Tree;
    case GIT_FILEMODE_LINK: return Kind::Link;
    case GIT_FILEMODE_COMMIT: return Kind::Submodule;
    default: return Kind::File;
  }
}

// A file some frontend reads (Python or C++); the others never reach the analysis.
bool isSourcePath(std::string_view path) { return analyzer::languageOfPath(path).has_value(); }

class TreeWalk {
 public:
  TreeWalk(git_repository* repo, std::vector<FileChange>& out, std::string& err) : repo_(repo), out_(out), err_(err) {}

  bool compare(const git_tree* oldTree, const git_tree* newTree, std::string& prefix) {
    const size_t oldCount = oldTree ? git_tree_entrycount(oldTree) : 0, newCount = newTree ? git_tree_entrycount(newTree) : 0;
    for (size_t i = 0, j = 0; i < oldCount || j < newCount;) {
      const git_tree_entry* o = i < oldCount ? git_tree_entry_byindex(oldTree, i) : nullptr;
      const git_tree_entry* n = j < newCount ? git_tree_entry_byindex(newTree, j) : nullptr;
      // Git's tree order: a subtree sorts as its name followed by '/', which is also the
      // order of the full paths it holds.
      const int order = !o ? 1 : !n ? -1 : git_tree_entry_cmp(o, n);
      const bool ok = order < 0   ? oneSide(o, FileChange::Status::Deleted, prefix)
                      : order > 0 ? oneSide(n, FileChange::Status::Added, prefix)
                                  : bothSides(o, n, prefix);
      if (!ok) return false;
      if (order <= 0) ++i;
      if (order >= 0) ++j;
    }
    return true;
  }

 private:
  bool bothSides(const git_tree_entry* o, const git_tree_entry* n, std::string& prefix) {
    const bool sameId = git_oid_equal(git_tree_entry_id(o), git_tree_entry_id(n));
    const Kind oldKind = kindOf(o), newKind = kindOf(n);
    if (oldKind == Kind::Tree && newKind == Kind::Tree) {
      if (sameId) return true;  // the subtree both share: nothing in it changed
      OwnedTree oldSub, newSub;
      if (!lookup(o, prefix, oldSub) || !lookup(n, prefix, newSub)) return false;
      return descend(oldSub.p, newSub.p, git_tree_entry_name(o), prefix);
    }
    if (oldKind != newKind) {  // libgit2 without GIT_DIFF_INCLUDE_TYPECHANGE: a deletion and an addition
      return oneSide(o, FileChange::Status::Deleted, prefix) && oneSide(n, FileChange::Status::Added, prefix);
    }
    if (sameId && git_tree_entry_filemode(o) == git_tree_entry_filemode(n)) return true;
    const std::string path = prefix + git_tree_entry_name(n);
    if (!isSourcePath(path)) return true;
    FileChange fc;
    fc.status = FileChange::Status::Modified;
    fc.oldPath = fc.newPath = path;
    fc.oldBlob = hex(git_tree_entry_id(o));
    fc.newBlob = hex(git_tree_entry_id(n));
    out_.push_back(std::move(fc));
    return true;
  }

  bool oneSide(const git_tree_entry* e, FileChange::Status status, std::string& prefix) {
    if (kindOf(e) == Kind::Tree) {
      OwnedTree sub;
      if (!lookup(e, prefix, sub)) return false;
      return status == FileChange::Status::Deleted ? descend(sub.p, nullptr, git_tree_entry_name(e), prefix)
                                                   : descend(nullptr, sub.p, git_tree_entry_name(e), prefix);
    }
    std::string path = prefix + git_tree_entry_name(e);
    if (!isSourcePath(path)) return true;
    FileChange fc;
    fc.status = status;
    if (status == FileChange::Status::Deleted) {
      fc.oldPath = std::move(path);
      fc.oldBlob = hex(git_tree_entry_id(e));
    } else {
      fc.newPath = std::move(path);
      fc.newBlob = hex(git_tree_entry_id(e));
    }
    out_.push_back(std::move(fc));
    return true;
  }

  bool descend(const git_tree* oldSub, const git_tree* newSub, const char* name, std::string& prefix) {
    const size_t length = prefix.size();
    prefix.append(name).push_back('/');
    const bool ok = compare(oldSub, newSub, prefix);
    prefix.resize(length);
    return ok;
  }

  bool lookup(const git_tree_entry* e, const std::string& prefix, OwnedTree& into) {
    if (git_tree_lookup(&into.p, repo_, git_tree_entry_id(e)) == 0) return true;
    err_ = lastGitError(fmt::format("cannot read the tree {}{} (missing object?)", prefix, git_tree_entry_name(e)).c_str());
    return false;
  }

  git_repository* repo_;
  std::vector<FileChange>& out_;
  std::string& err_;
};

}  // namespace

bool changedSourceFiles(git_repository* repo, const git_tree* oldTree, const git_tree* newTree, std::vector<FileChange>& out,
                        std::string& err) {
  std::string prefix;
  return TreeWalk(repo, out, err).compare(oldTree, newTree, prefix);
}

}  // namespace oalens::miners
