#include "miners/git/repository.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "analyzer/frontend/frontends.h"
#include "analyzer/oracle/origin_tracer.h"
#include "miners/git/binary_content.h"
#include "miners/git/commit_trees.h"
#include "miners/git/git_handles.h"
#include "miners/git/line_signature.h"
#include "miners/git/rename_detection.h"
#include "miners/git/tree_diff.h"

namespace oalens::miners {

namespace {

using Commit = Owned<git_commit, git_commit_free>;
using Tree = Owned<git_tree, git_tree_free>;
using Diff = Owned<git_diff, git_diff_free>;
using Blob = Owned<git_blob, git_blob_free>;
using Walker = Owned<git_revwalk, git_revwalk_free>;
using Object = Owned<git_object, git_object_free>;
using Reference = Owned<git_reference, git_reference_free>;

}  // namespace

void initGit() {
  static std::once_flag once;
  std::call_once(once, [] {
    git_libgit2_init();
    git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
    git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, 0);
    // libgit2 keeps parsed trees and commits up to 256 MB of their raw size (more in memory):
    // on JAX's 37,554 commits that was 430 MB of the 1,072 MB peak, and it grew all run long. The
    // walk reads each commit's trees once and its parent's while they are recent: 32 MB cost no
    // measurable time on Keras, Theano or JAX (docs/mine.md, memory).
    git_libgit2_opts(GIT_OPT_SET_CACHE_MAX_SIZE, static_cast<ssize_t>(32) << 20);
  });
}

std::string lastGitError(const char* what) {
  const git_error* e = git_error_last();
  return fmt::format("{}: {}", what, e && e->message ? e->message : "unknown libgit2 error");
}

namespace {

// libgit2 1.5's revparse leaks the reference it found, and with it the reference database,
// when the reference names an object that is not there (a branch file edited by hand, a pruned
// object): such a reference is told here, in git's words, before revparse reads it.
bool namesAMissingObject(git_repository* repo, const std::string& rev, std::string& err) {
  Reference named, direct;
  const std::string refName = rev.substr(0, rev.find('^'));
  if (git_reference_dwim(&named.p, repo, refName.c_str()) != 0 || git_reference_resolve(&direct.p, named.p) != 0) return false;
  Object target;
  if (git_object_lookup(&target.p, repo, git_reference_target(direct.p), GIT_OBJECT_ANY) == 0) return false;
  err = lastGitError(fmt::format("cannot resolve revision '{}'", rev).c_str());
  return true;
}

}  // namespace

std::optional<Repository> Repository::open(const std::string& path, std::string& err) {
  initGit();
  git_repository* r = nullptr;
  if (git_repository_open_ext(&r, path.c_str(), GIT_REPOSITORY_OPEN_NO_SEARCH, nullptr) != 0) {
    err = lastGitError(fmt::format("cannot open git repository {}", path).c_str());
    return std::nullopt;
  }
  Repository repo;
  repo.repo_.reset(r);
  return repo;
}

bool Repository::isEmpty() const { return git_repository_is_empty(repo_.get()) == 1; }
bool Repository::isShallow() const { return git_repository_is_shallow(repo_.get()) == 1; }

std::optional<std::string> Repository::resolve(const std::string& rev, std::string& err) const {
  if (namesAMissingObject(repo_.get(), rev, err)) return std::nullopt;
  Object obj;
  if (git_revparse_single(&obj.p, repo_.get(), rev.c_str()) != 0) {
    err = lastGitError(fmt::format("cannot resolve revision '{}'", rev).c_str());
    return std::nullopt;
  }
  Object peeled;
  if (git_object_peel(&peeled.p, obj.p, GIT_OBJECT_COMMIT) != 0) {
    err = lastGitError(fmt::format("'{}' is not a commit", rev).c_str());
    return std::nullopt;
  }
  return hex(git_object_id(peeled.p));
}

std::set<std::string> Repository::shallowRoots() const {
  std::set<std::string> roots;
  std::ifstream f(std::string(git_repository_path(repo_.get())) + "shallow");
  for (std::string line; std::getline(f, line);)
    if (line.size() >= GIT_OID_HEXSZ) roots.insert(line.substr(0, GIT_OID_HEXSZ));
  return roots;
}

namespace {

// libgit2 1.5 does not read .git/shallow: its walk fails at the first missing parent, and a
// topological walk then yields nothing. This walk stops at the graft points instead and emits
// each commit after its parents (iterative post-order, first parents first). With
// `skipUnreadable` a commit that cannot be read (deleted, or corrupt in its pack) is passed
// over like a graft point, so that the history after it is still mined; `err` names the first
// one, as git does ("Could not read ..."), and the child whose parents could not be followed.
std::optional<std::vector<std::string>> postOrderWalk(git_repository* repo, const git_oid& tip, bool firstParent,
                                                      const std::set<std::string>& roots, bool skipUnreadable, std::string& err) {
  std::vector<std::string> out;
  std::set<std::string> seen;
  struct Frame {
    std::string sha;
    std::vector<std::string> parents;
    size_t next = 0;
  };
  std::vector<Frame> stack;
  auto enter = [&](const std::string& sha, const std::string& child) -> bool {
    if (!seen.insert(sha).second) return true;
    git_oid oid;
    Commit c;
    if (git_oid_fromstr(&oid, sha.c_str()) != 0 || git_commit_lookup(&c.p, repo, &oid) != 0) {
      const std::string why = lastGitError("");
      if (err.empty())
        err = child.empty() ? fmt::format("could not read commit {}{}", sha, why)
                            : fmt::format(
                                  "could not read commit {}{}; failed to traverse the parents of commit {}: the history behind it "
                                  "is not mined",
                                  sha, why, child.substr(0, 12));
      return false;
    }
    Frame f{sha, {}, 0};
    if (!roots.count(sha)) {
      const unsigned n = firstParent ? std::min(1u, git_commit_parentcount(c.p)) : git_commit_parentcount(c.p);
      for (unsigned i = 0; i < n; ++i) f.parents.push_back(hex(git_commit_parent_id(c.p, i)));
    }
    stack.push_back(std::move(f));
    return true;
  };
  if (!enter(hex(&tip), "")) return out;
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next < top.parents.size()) {
      const std::string parent = top.parents[top.next++];
      const std::string child = top.sha;
      if (!enter(parent, child) && !skipUnreadable) return out;  // keep what was walked; err says where it stopped
      continue;
    }
    out.push_back(std::move(top.sha));
    stack.pop_back();
  }
  return out;
}

}  // namespace

std::optional<std::vector<std::string>> Repository::walk(const std::string& tip, bool firstParent, std::string& err) const {
  if (isShallow()) {
    git_oid oid;
    if (git_oid_fromstr(&oid, tip.c_str()) != 0) {
      err = lastGitError("cannot start the commit walk");
      return std::nullopt;
    }
    return postOrderWalk(repo_.get(), oid, firstParent, shallowRoots(), true, err);
  }
  Walker w;
  git_oid oid;
  if (git_revwalk_new(&w.p, repo_.get()) != 0 || git_oid_fromstr(&oid, tip.c_str()) != 0) {
    err = lastGitError("cannot start the commit walk");
    return std::nullopt;
  }
  git_revwalk_sorting(w.p, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
  if (firstParent) git_revwalk_simplify_first_parent(w.p);
  if (git_revwalk_push(w.p, &oid) != 0) {
    err = lastGitError("cannot walk from the tip");
    return std::nullopt;
  }
  std::vector<std::string> out;
  git_oid next;
  int rc;
  while ((rc = git_revwalk_next(&next, w.p)) == 0) out.push_back(hex(&next));
  if (rc != GIT_ITEROVER) {
    // A commit that cannot be read: libgit2's topological walk reads every commit before it
    // yields one, so it yields none. Walk again passing over the unreadable ones; err says which.
    err.clear();
    return postOrderWalk(repo_.get(), oid, firstParent, {}, true, err);
  }
  return out;
}

std::optional<CommitInfo> Repository::commit(const std::string& sha, std::string& err) const {
  git_oid oid;
  Commit c;
  if (git_oid_fromstr(&oid, sha.c_str()) != 0 || git_commit_lookup(&c.p, repo_.get(), &oid) != 0) {
    err = lastGitError(fmt::format("cannot read commit {}", sha).c_str());
    return std::nullopt;
  }
  CommitInfo info;
  info.sha = sha;
  for (unsigned i = 0; i < git_commit_parentcount(c.p); ++i) info.parents.push_back(hex(git_commit_parent_id(c.p, i)));
  info.time = static_cast<int64_t>(git_commit_time(c.p));
  const git_signature* a = git_commit_author(c.p);
  info.author = a && a->name ? a->name : "";
  const char* msg = git_commit_message_raw(c.p);
  info.message = msg ? msg : "";
  const char* enc = git_commit_message_encoding(c.p);
  info.encoding = enc ? enc : "";
  return info;
}

namespace {

using Index = Owned<git_index, git_index_free>;

git_diff_options sourcesOnly() {
  // One `*<ext>` per extension a frontend reads. libgit2 only reads the pathspec strings;
  // static storage outlives every diff.
  static const std::vector<std::string> globs = [] {
    std::vector<std::string> out;
    for (const std::string& ext : analyzer::sourceExtensions()) out.push_back("*" + ext);
    return out;
  }();
  static const std::vector<char*> patterns = [] {
    std::vector<char*> out;
    for (const std::string& g : globs) out.push_back(const_cast<char*>(g.c_str()));
    return out;
  }();
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.pathspec = {const_cast<char**>(patterns.data()), patterns.size()};
  return opts;
}

}  // namespace

std::optional<Repository> Repository::discover(const std::string& path, std::string& err) {
  initGit();
  git_buf root = {nullptr, 0, 0};
  if (git_repository_discover(&root, path.c_str(), 0, nullptr) != 0) {
    err = lastGitError(fmt::format("not inside a git repository: {}", path).c_str());
    return std::nullopt;
  }
  const std::string found = root.ptr;
  git_buf_dispose(&root);
  return open(found, err);
}

std::optional<std::string> Repository::hooksDirectory(std::string& err) const {
  git_config* cfg = nullptr;
  if (git_repository_config_snapshot(&cfg, repo_.get()) != 0) {
    err = lastGitError("cannot read the repository's configuration");
    return std::nullopt;
  }
  const char* value = nullptr;
  std::string configured;
  if (git_config_get_string(&value, cfg, "core.hooksPath") == 0 && value) configured = value;
  git_config_free(cfg);
  if (configured.empty()) return (std::filesystem::path(git_repository_commondir(repo_.get())) / "hooks").string();
  if (configured.rfind("~/", 0) == 0)
    if (const char* home = std::getenv("HOME")) configured = std::string(home) + configured.substr(1);
  std::filesystem::path p(configured);
  if (p.is_relative()) p = std::filesystem::path(isBare() ? git_repository_path(repo_.get()) : workdir()) / p;
  return p.lexically_normal().string();
}

bool Repository::isBare() const { return git_repository_is_bare(repo_.get()) == 1; }

std::string Repository::workdir() const {
  const char* w = git_repository_workdir(repo_.get());
  return w ? w : "";
}

bool commitTree(git_repository* repo, const std::string& sha, Tree& out, std::string& err) {
  if (sha.empty()) return true;  // the empty tree
  git_oid oid;
  Commit c;
  if (git_oid_fromstr(&oid, sha.c_str()) != 0 || git_commit_lookup(&c.p, repo, &oid) != 0 || git_commit_tree(&out.p, c.p) != 0) {
    err = lastGitError(fmt::format("cannot read the tree of {} (shallow clone or missing object?)", sha).c_str());
    return false;
  }
  return true;
}

// The same files as sourcesOnly's pathspec, for tree-to-tree diffs: a suffix test per changed
// entry instead of libgit2's wildcard matcher (1.2% of `mine` on Keras master, perf).
git_diff_options sourceDeltasOnly() {
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.notify_cb = [](const git_diff*, const git_diff_delta* delta, const char*, void*) {
    auto isSource = [](const char* path) { return path && analyzer::languageOfPath(path).has_value(); };
    return isSource(delta->old_file.path) || isSource(delta->new_file.path) ? 0 : 1;
  };
  return opts;
}

std::optional<std::vector<FileChange>> Repository::treeChanges(const std::string& oldCommit, const std::string& newCommit, std::string& err,
                                                               const PathFilter& wanted) const {
  Tree oldTree, newTree;
  if (!commitTree(repo_.get(), oldCommit, oldTree, err) || !commitTree(repo_.get(), newCommit, newTree, err)) return std::nullopt;
  if (wanted) {
    // Without both an added and a deleted file there is no rename to look for, nor is there one
    // that matters unless a wanted path is added or deleted: a rename pairs an added file with a
    // deleted one, so one between two other files leaves every wanted change as it is (a commit
    // that adds a module and edits its tests). The files the walk of the differing subtrees
    // finds are what libgit2's diff would report.
    std::vector<FileChange> changed;
    if (!changedSourceFiles(repo_.get(), oldTree.p, newTree.p, changed, err)) return std::nullopt;
    bool wantedAddedOrDeleted = false, added = false, deleted = false;
    for (const FileChange& fc : changed) {
      const bool isAdded = fc.status == FileChange::Status::Added, isDeleted = fc.status == FileChange::Status::Deleted;
      if (isAdded || isDeleted) wantedAddedOrDeleted = wantedAddedOrDeleted || wanted(isAdded ? fc.newPath : fc.oldPath);
      added = added || isAdded;
      deleted = deleted || isDeleted;
    }
    if (!wantedAddedOrDeleted || !added || !deleted) return changed;
  }
  git_diff_options opts = sourceDeltasOnly();
  Diff d;
  if (git_diff_tree_to_tree(&d.p, repo_.get(), oldTree.p, newTree.p, &opts) != 0) {
    err = lastGitError("cannot diff the two trees");
    return std::nullopt;
  }
  return renamedDeltas(d.p, renameLimit_, renameNote_, err);
}

bool headTree(git_repository* repo, Tree& out, std::string& err) {
  if (git_repository_head_unborn(repo) == 1) return true;  // no commits yet: compare with the empty tree
  Object head;
  if (namesAMissingObject(repo, "HEAD", err)) return false;
  if (git_revparse_single(&head.p, repo, "HEAD^{tree}") != 0) {
    err = lastGitError("cannot read HEAD");
    return false;
  }
  out.p = reinterpret_cast<git_tree*>(head.p);
  head.p = nullptr;
  return true;
}

std::optional<std::vector<std::string>> Repository::topLevelPackageDirs(const std::string& commit, std::string& err) const {
  Tree root;
  if (!(commit.empty() ? headTree(repo_.get(), root, err) : commitTree(repo_.get(), commit, root, err))) return std::nullopt;
  std::vector<std::string> dirs;
  if (!root.p) return dirs;
  // `src/pkg/__init__.py` (the src layout; also python/, python-package/, lib/) is imported as
  // `pkg`, like `pkg/__init__.py`.
  auto collect = [&](git_tree* tree, bool descendIntoSourceRoots, auto& self) -> void {
    const size_t n = git_tree_entrycount(tree);
    for (size_t i = 0; i < n; ++i) {
      const git_tree_entry* e = git_tree_entry_byindex(tree, i);
      if (git_tree_entry_type(e) != GIT_OBJECT_TREE) continue;
      Tree sub;
      if (git_tree_lookup(&sub.p, repo_.get(), git_tree_entry_id(e)) != 0) continue;  // a missing subtree names no package
      if (git_tree_entry_byname(sub.p, "__init__.py")) {
        dirs.emplace_back(git_tree_entry_name(e));
        continue;
      }
      if (descendIntoSourceRoots && analyzer::isSourceRoot(git_tree_entry_name(e))) {
        self(sub.p, false, self);
        continue;
      }
      // faiss/python/__init__.py: the bindings of the library in faiss/, installed as `faiss`.
      const git_tree_entry* python = descendIntoSourceRoots ? git_tree_entry_byname(sub.p, "python") : nullptr;
      Tree bindings;
      if (python && git_tree_entry_type(python) == GIT_OBJECT_TREE &&
          git_tree_lookup(&bindings.p, repo_.get(), git_tree_entry_id(python)) == 0 && git_tree_entry_byname(bindings.p, "__init__.py"))
        dirs.emplace_back(git_tree_entry_name(e));
    }
  };
  collect(root.p, true, collect);
  return dirs;
}

std::optional<std::vector<FileChange>> Repository::stagedChanges(std::string& err) const {
  Tree head;
  if (!headTree(repo_.get(), head, err)) return std::nullopt;
  Index index;
  if (git_repository_index(&index.p, repo_.get()) != 0) {
    err = lastGitError("cannot read the index");
    return std::nullopt;
  }
  git_diff_options opts = sourcesOnly();
  Diff d;
  if (git_diff_tree_to_index(&d.p, repo_.get(), head.p, index.p, &opts) != 0) {
    err = lastGitError("cannot diff HEAD against the index");
    return std::nullopt;
  }
  return renamedDeltas(d.p, renameLimit_, renameNote_, err);
}

std::optional<std::vector<FileChange>> Repository::worktreeChanges(std::string& err) const {
  if (isBare()) {
    err = "a bare repository has no work tree";
    return std::nullopt;
  }
  Tree head;
  if (!headTree(repo_.get(), head, err)) return std::nullopt;
  git_diff_options opts = sourcesOnly();
  opts.flags |= GIT_DIFF_INCLUDE_UNTRACKED | GIT_DIFF_RECURSE_UNTRACKED_DIRS;
  Diff d;
  if (git_diff_tree_to_workdir_with_index(&d.p, repo_.get(), head.p, &opts) != 0) {
    err = lastGitError("cannot diff HEAD against the work tree");
    return std::nullopt;
  }
  auto out = renamedDeltas(d.p, renameLimit_, renameNote_, err);
  if (out)
    for (auto& fc : *out) fc.newBlob.clear();  // the new side lives in the work tree
  return out;
}

std::optional<std::string> Repository::mergeBase(const std::string& a, const std::string& b, std::string& err) const {
  git_oid oa, ob, base;
  if (git_oid_fromstr(&oa, a.c_str()) != 0 || git_oid_fromstr(&ob, b.c_str()) != 0 || git_merge_base(&base, repo_.get(), &oa, &ob) != 0) {
    err = lastGitError("no merge base");
    return std::nullopt;
  }
  return hex(&base);
}

std::optional<std::vector<std::string>> Repository::range(const std::string& base, const std::string& head, std::string& err) const {
  Walker w;
  git_oid ob, oh;
  if (git_revwalk_new(&w.p, repo_.get()) != 0 || git_oid_fromstr(&oh, head.c_str()) != 0 || git_revwalk_push(w.p, &oh) != 0 ||
      (!base.empty() && (git_oid_fromstr(&ob, base.c_str()) != 0 || git_revwalk_hide(w.p, &ob) != 0))) {
    err = lastGitError("cannot walk the range");
    return std::nullopt;
  }
  std::vector<std::string> out;
  git_oid next;
  while (git_revwalk_next(&next, w.p) == 0) out.push_back(hex(&next));
  return out;
}

std::vector<std::string> Repository::conflicts() const {
  std::vector<std::string> out;
  Index index;
  if (git_repository_index(&index.p, repo_.get()) != 0 || !git_index_has_conflicts(index.p)) return out;
  git_index_conflict_iterator* it = nullptr;
  if (git_index_conflict_iterator_new(&it, index.p) != 0) return out;
  const git_index_entry *ancestor, *ours, *theirs;
  while (git_index_conflict_next(&ancestor, &ours, &theirs, it) == 0) {
    const git_index_entry* e = ours ? ours : theirs ? theirs : ancestor;
    if (e) out.emplace_back(e->path);
  }
  git_index_conflict_iterator_free(it);
  return out;
}

std::optional<std::vector<FileChange>> Repository::changes(const std::string& sha, std::string& err, const PathFilter& wanted) const {
  git_oid oid;
  Commit c;
  if (git_oid_fromstr(&oid, sha.c_str()) != 0 || git_commit_lookup(&c.p, repo_.get(), &oid) != 0) {
    err = lastGitError(fmt::format("cannot read commit {}", sha).c_str());
    return std::nullopt;
  }
  const std::string parent = git_commit_parentcount(c.p) > 0 ? hex(git_commit_parent_id(c.p, 0)) : std::string{};
  return treeChanges(parent, sha, err, wanted);
}

// A blob's bytes and whether git takes it for binary; nullopt when it cannot be read.
static std::optional<std::string> blobBytes(git_repository* repo, const git_oid& oid, bool& binary) {
  Blob b;
  if (git_blob_lookup(&b.p, repo, &oid) != 0) return std::nullopt;
  const auto* data = static_cast<const char*>(git_blob_rawcontent(b.p));
  const auto size = static_cast<size_t>(git_blob_rawsize(b.p));
  binary = looksBinary(std::string_view(data, size));
  return std::string(data, size);
}

std::optional<std::string> Repository::blob(const std::string& oidHex, bool& binary, std::string& err) const {
  git_oid oid;
  std::optional<std::string> bytes;
  if (git_oid_fromstr(&oid, oidHex.c_str()) != 0 || !(bytes = blobBytes(repo_.get(), oid, binary))) {
    err = lastGitError(fmt::format("cannot read blob {}", oidHex).c_str());
    return std::nullopt;
  }
  return bytes;
}

void Repository::TreeDeleter::operator()(git_tree* t) const { git_tree_free(t); }

std::vector<std::string> Repository::pythonModulesIn(const std::string& commit, const std::string& dir) const {
  std::vector<std::string> out;
  Tree root;
  std::string err;
  if (!(commit.empty() ? headTree(repo_.get(), root, err) : commitTree(repo_.get(), commit, root, err)) || !root.p) return out;
  Tree sub;
  git_tree* tree = root.p;
  if (!dir.empty()) {
    git_tree_entry* e = nullptr;
    const std::string path = dir.ends_with('/') ? dir.substr(0, dir.size() - 1) : dir;
    if (git_tree_entry_bypath(&e, root.p, path.c_str()) != 0) return out;
    const bool isTree = git_tree_entry_type(e) == GIT_OBJECT_TREE;
    const int looked = isTree ? git_tree_lookup(&sub.p, repo_.get(), git_tree_entry_id(e)) : -1;
    git_tree_entry_free(e);
    if (looked != 0) return out;  // a file, or a missing object: no modules
    tree = sub.p;
  }
  const std::string prefix = dir.empty() || dir.ends_with('/') ? dir : dir + "/";
  for (size_t i = 0, n = git_tree_entrycount(tree); i < n; ++i) {
    const git_tree_entry* e = git_tree_entry_byindex(tree, i);
    const std::string name = git_tree_entry_name(e);
    if (git_tree_entry_type(e) == GIT_OBJECT_TREE) out.push_back(prefix + name + "/__init__.py");
    else if (git_tree_entry_type(e) == GIT_OBJECT_BLOB && name.ends_with(".py")) out.push_back(prefix + name);
  }
  return out;
}

std::optional<std::string> Repository::fileAt(const std::string& commit, const std::string& path, bool fromIndex) const {
  git_oid oid;
  if (fromIndex) {
    Index index;
    if (git_repository_index(&index.p, repo_.get()) != 0) return std::nullopt;
    const git_index_entry* e = git_index_get_bypath(index.p, path.c_str(), 0);
    if (!e) return std::nullopt;
    oid = e->id;
  } else {
    auto found = blobOidAt(commit, path);
    if (!found) return std::nullopt;
    oid = *found;
  }
  bool binary = false;
  std::optional<std::string> bytes = blobBytes(repo_.get(), oid, binary);
  if (binary) return std::nullopt;
  return bytes;
}

}  // namespace oalens::miners
