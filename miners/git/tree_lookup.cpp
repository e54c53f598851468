// Paths looked up in a commit's tree one directory at a time, through a memo of (tree id,
// name) that directories unchanged between commits share: the suite's helper modules of every
// version `mine` reads (miners/walk/suite_wrappers.cpp), and the diff gate's.
#include <algorithm>

#include "miners/git/commit_trees.h"
#include "miners/git/git_handles.h"
#include "miners/git/repository.h"

namespace oalens::miners {

namespace {

using Tree = Owned<git_tree, git_tree_free>;

}  // namespace

git_tree* Repository::rootTreeOf(const std::string& commit) const {
  for (auto& [c, t] : fileAtTrees_)
    if (t && c == commit) return t.get();
  Tree tree;
  std::string err;
  if (!(commit.empty() ? headTree(repo_.get(), tree, err) : commitTree(repo_.get(), commit, tree, err)) || !tree.p) return nullptr;
  auto& slot = fileAtTrees_[fileAtNext_++ % fileAtTrees_.size()];
  slot.first = commit;
  slot.second.reset(tree.p);
  tree.p = nullptr;
  return slot.second.get();
}

std::optional<Repository::TreeEntry> Repository::entryIn(const git_oid& dir, std::string_view name, git_tree* held) const {
  entryKey_.assign(reinterpret_cast<const char*>(dir.id), GIT_OID_RAWSZ);
  entryKey_.append(name);
  if (auto it = entries_.find(entryKey_); it != entries_.end()) return it->second;
  // A directory that changed is asked for many names in a row (a test's imports under
  // tests/): its tree is held, not looked up again for each (JAX: 476,000 lookups since 2023).
  git_tree* tree = held && git_oid_equal(&dir, git_tree_id(held)) ? held : nullptr;
  for (size_t k = 0; !tree && k < recentTrees_.size(); ++k)
    if (recentTrees_[k] && git_oid_equal(&dir, git_tree_id(recentTrees_[k].get()))) tree = recentTrees_[k].get();
  if (!tree) {
    if (git_tree_lookup(&tree, repo_.get(), &dir) != 0) return std::nullopt;  // a missing object: not remembered
    recentTrees_[recentNext_++ % recentTrees_.size()].reset(tree);
  }
  TreeEntry entry;
  const std::string nameText(name);
  if (const git_tree_entry* e = git_tree_entry_byname(tree, nameText.c_str())) {
    entry.id = *git_tree_entry_id(e);
    entry.type = git_tree_entry_type(e);
  }
  if (entries_.size() >= kMaxTreeEntries) entries_.clear();
  entries_.emplace(entryKey_, entry);
  return entry;
}

Repository::PathProbe Repository::probePath(const std::string& commit, std::string_view path) const {
  PathProbe probe;
  git_tree* root = rootTreeOf(commit);
  if (!root) return probe;
  // One directory level at a time through the memo: a directory unchanged between commits
  // keeps its id, so a lookup repeated at another commit is a few hash probes (`mine` looks
  // for a suite's helper modules at every version of every test: 1.4 million paths on Keras).
  git_oid dir = *git_tree_id(root);
  for (size_t start = 0;;) {
    const size_t slash = path.find('/', start);
    const std::string_view name = path.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
    probe.dir = dir;
    probe.dirLength = start;
    std::optional<TreeEntry> entry = entryIn(dir, name, root);
    if (!entry) {
      probe.read = false;
      return probe;
    }
    probe.read = true;
    probe.entry = *entry;
    if (slash == std::string_view::npos) {
      if (entry->type == GIT_OBJECT_BLOB) probe.blob = entry->id;
      return probe;
    }
    if (entry->type != GIT_OBJECT_TREE) return probe;
    dir = entry->id;
    start = slash + 1;
  }
}

std::optional<git_oid> Repository::treeOidAt(const std::string& commit, std::string_view dir) const {
  git_tree* root = rootTreeOf(commit);
  if (!root) return std::nullopt;
  git_oid id = *git_tree_id(root);
  for (size_t start = 0; start < dir.size();) {
    const size_t slash = std::min(dir.find('/', start), dir.size());
    std::optional<TreeEntry> entry = entryIn(id, dir.substr(start, slash - start), root);
    if (!entry || entry->type != GIT_OBJECT_TREE) return std::nullopt;
    id = entry->id;
    start = slash + 1;
  }
  return id;
}

std::optional<git_oid> Repository::blobOidAt(const std::string& commit, const std::string& path) const {
  return probePath(commit, path).blob;
}

std::optional<std::string> Repository::blobIdAt(const std::string& commit, const std::string& path) const {
  auto oid = blobOidAt(commit, path);
  if (!oid) return std::nullopt;
  return hex(&*oid);
}

}  // namespace oalens::miners
