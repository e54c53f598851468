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

std::vector<FileChange> collectDeltas(git_diff* d) {
  std::vector<FileChange> out;
  for (size_t i = 0; i < git_diff_num_deltas(d); ++i) {
    const git_diff_delta* delta = git_diff_get_delta(d, i);
    FileChange fc;
    switch (delta->status) {
      case GIT_DELTA_ADDED:
      case GIT_DELTA_UNTRACKED: fc.status = FileChange::Status::Added; break;
      case GIT_DELTA_DELETED: fc.status = FileChange::Status::Deleted; break;
      case GIT_DELTA_RENAMED: fc.status = FileChange::Status::Renamed; break;
      case GIT_DELTA_MODIFIED: fc.status = FileChange::Status::Modified; break;
      default: continue;  // type changes, submodules, conflicts (reported separately)
    }
    if (fc.status != FileChange::Status::Added) {
      fc.oldPath = delta->old_file.path;
      fc.oldBlob = hex(&delta->old_file.id);
    }
    if (fc.status != FileChange::Status::Deleted) {
      fc.newPath = delta->new_file.path;
      if (delta->new_file.flags & GIT_DIFF_FLAG_VALID_ID && !git_oid_is_zero(&delta->new_file.id)) fc.newBlob = hex(&delta->new_file.id);
    }
    out.push_back(std::move(fc));
  }
  return out;
}

// libgit2's default rename threshold (diff_tform.c, DEFAULT_THRESHOLD; find options leave it
// 0). Pairs scoring under it never become renames and never keep a better pair from becoming
// one (a mapping is replaced only by a higher score), so any score under it gives the same
// renames: the comparison may stop as soon as the threshold is out of reach.
constexpr int kRenameThreshold = 50;

// libgit2's default rename metric with each pair's score remembered. git_diff_find_similar
// scores every added file against every deleted one, and scores them all again after a round
// in which a better match bumped an earlier one: on Keras master one commit that moves 1,297
// files made 626,050 comparisons of 313,025 pairs (2.3% of `mine` in all, perf). The renames
// are libgit2's own (line_signature.h); a score under kRenameThreshold may be any such score.
struct RememberedScores {
  std::unordered_map<uint64_t, int> byPair;  // the two signatures' numbers
  uint32_t signatures = 0;
};

struct NumberedSignature {
  LineSignature sig;
  uint32_t number = 0;
};

int numbered(void** out, git_hashsig* sig, void* scores) {
  *out = new NumberedSignature{LineSignature(sig), static_cast<RememberedScores*>(scores)->signatures++};
  return 0;
}

git_diff_similarity_metric rememberingMetric(RememberedScores& scores) {
  git_diff_similarity_metric metric{};
  metric.payload = &scores;
  metric.file_signature = [](void** out, const git_diff_file*, const char* fullpath, void* payload) {
    git_hashsig* sig = nullptr;
    const int error = git_hashsig_create_fromfile(&sig, fullpath, LineSignature::kOptions);
    return error < 0 ? error : numbered(out, sig, payload);
  };
  metric.buffer_signature = [](void** out, const git_diff_file*, const char* buf, size_t len, void* payload) {
    git_hashsig* sig = nullptr;
    const int error = git_hashsig_create(&sig, buf, len, LineSignature::kOptions);
    return error < 0 ? error : numbered(out, sig, payload);
  };
  metric.free_signature = [](void* sig, void*) { delete static_cast<NumberedSignature*>(sig); };
  metric.similarity = [](int* score, void* a, void* b, void* payload) {
    auto& remembered = static_cast<RememberedScores*>(payload)->byPair;
    const auto* sa = static_cast<const NumberedSignature*>(a);
    const auto* sb = static_cast<const NumberedSignature*>(b);
    // Most pairs of a large move are ruled out by the bound faster than a score is looked up.
    if (!sa->sig.mayReach(sb->sig, kRenameThreshold)) {
      *score = 0;
      return 0;
    }
    const uint64_t pair = uint64_t{sa->number} << 32 | sb->number;
    if (auto it = remembered.find(pair); it != remembered.end()) {
      *score = it->second;
      return 0;
    }
    const int similarity = sa->sig.similarityAtLeast(sb->sig, kRenameThreshold);
    if (similarity < 0) return similarity;
    remembered.emplace(pair, similarity);
    *score = similarity;
    return 0;
  };
  return metric;
}

// Added and deleted files with the same blob, paired as renames in path order, as git's
// exact rename detection pairs them whatever its rename limit: libgit2 compares each added
// file with at most `rename_limit` deleted ones, so in a move of 10,000 files 8,999 stayed a
// deletion and an addition.
void pairExactRenames(std::vector<FileChange>& changes) {
  std::unordered_map<std::string, std::vector<size_t>> deletedByBlob;
  for (size_t i = 0; i < changes.size(); ++i)
    if (changes[i].status == FileChange::Status::Deleted && !changes[i].oldBlob.empty()) deletedByBlob[changes[i].oldBlob].push_back(i);
  if (deletedByBlob.empty()) return;
  std::unordered_map<std::string, size_t> used;  // blob -> how many of its deletions are paired
  std::vector<bool> drop(changes.size(), false);
  for (FileChange& fc : changes) {
    if (fc.status != FileChange::Status::Added || fc.newBlob.empty()) continue;
    auto it = deletedByBlob.find(fc.newBlob);
    if (it == deletedByBlob.end() || used[fc.newBlob] >= it->second.size()) continue;
    const size_t deleted = it->second[used[fc.newBlob]++];
    fc.status = FileChange::Status::Renamed;
    fc.oldPath = changes[deleted].oldPath;
    fc.oldBlob = changes[deleted].oldBlob;
    drop[deleted] = true;
  }
  size_t kept = 0;
  for (size_t i = 0; i < changes.size(); ++i) {
    if (drop[i]) continue;
    if (kept != i) changes[kept] = std::move(changes[i]);  // not onto itself: a self-move empties a string
    ++kept;
  }
  changes.resize(kept);
}

// Whether the added files, or the deleted ones, all have a file of the same blob on the other
// side (or there are none): then no rename needs a similarity score.
bool everyRenameIsExact(git_diff* d) {
  std::unordered_map<std::string, int> balance;  // blob -> deleted minus added files with it
  size_t added = 0, deleted = 0;
  for (size_t i = 0; i < git_diff_num_deltas(d); ++i) {
    const git_diff_delta* delta = git_diff_get_delta(d, i);
    if (delta->status == GIT_DELTA_DELETED) {
      ++deleted;
      ++balance[hex(&delta->old_file.id)];
    } else if (delta->status == GIT_DELTA_ADDED) {
      if (!(delta->new_file.flags & GIT_DIFF_FLAG_VALID_ID) || git_oid_is_zero(&delta->new_file.id)) return false;
      ++added;
      --balance[hex(&delta->new_file.id)];
    } else if (delta->status == GIT_DELTA_UNTRACKED) {
      return false;
    }
  }
  if (added == 0 || deleted == 0) return true;
  bool addsMatched = true, deletesMatched = true;
  for (const auto& [blob, n] : balance) {
    addsMatched = addsMatched && n >= 0;
    deletesMatched = deletesMatched && n <= 0;
  }
  return addsMatched || deletesMatched;
}

// The changed files of a diff, renames detected: libgit2's similarity pairing with our own
// limit (the mined repository's diff.renameLimit is not read, so two clones give the same
// history), then the exact renames it left. When more files were deleted than the limit lets
// it compare, `note` says that an edited file moved beyond it counts as a deletion and an
// addition.
std::optional<std::vector<FileChange>> renamedDeltas(git_diff* d, int renameLimit, std::string& note, std::string& err) {
  // A move where every added file, or every deleted one, has a twin of the same blob on the
  // other side needs no similarity scores: libgit2 would compare each pair (10,000 moved files:
  // 10^8 comparisons, 6.5 s), and the exact pairing below finds them all.
  if (everyRenameIsExact(d)) {
    std::vector<FileChange> changes = collectDeltas(d);
    pairExactRenames(changes);
    return changes;
  }
  git_diff_find_options find = GIT_DIFF_FIND_OPTIONS_INIT;
  find.flags = GIT_DIFF_FIND_RENAMES;
  find.rename_limit = static_cast<size_t>(renameLimit);
  RememberedScores scores;
  git_diff_similarity_metric metric = rememberingMetric(scores);
  find.metric = &metric;
  if (git_diff_find_similar(d, &find) != 0) {
    err = lastGitError("rename detection failed");
    return std::nullopt;
  }
  std::vector<FileChange> changes = collectDeltas(d);
  pairExactRenames(changes);
  size_t added = 0, deleted = 0;
  for (const FileChange& fc : changes) {
    added += fc.status == FileChange::Status::Added;
    deleted += fc.status == FileChange::Status::Deleted;
  }
  if (added > 0 && deleted > static_cast<size_t>(renameLimit))
    note = fmt::format(
        "{} deleted and {} added files are more than the rename limit {} lets be compared: an edited file moved "
        "beyond it counts as a deletion and an addition (raise --rename-limit)",
        deleted, added, renameLimit);
  return changes;
}

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
