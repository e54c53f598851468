// changedSourceFiles walks only the subtrees whose ids differ; it must report what libgit2's
// tree-to-tree diff reports (before rename detection), in the same order, on commits with
// every kind of entry change: edits, an executable bit, whole subtrees added and deleted, a
// file replaced by a directory of the same name, a file turned into a link and back, a
// submodule, and names that sort around a directory's ('a-b.py', 'a/', 'a_b.py').
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "miners/git/git_handles.h"
#include "miners/git/repository.h"
#include "miners/git/tree_diff.h"

namespace fs = std::filesystem;
using oalens::miners::FileChange;
using oalens::miners::hex;

namespace {

int run(const std::string& cmd) { return WEXITSTATUS(std::system(cmd.c_str())); }

std::string describe(const std::vector<FileChange>& changes) {
  std::string out;
  for (const FileChange& fc : changes)
    out += std::to_string(static_cast<int>(fc.status)) + " " + fc.oldPath + " " + fc.oldBlob.substr(0, 8) + " -> " + fc.newPath + " " +
           fc.newBlob.substr(0, 8) + "\n";
  return out;
}

// libgit2's own diff of the two trees, restricted to .py paths as `mine` restricts it.
std::vector<FileChange> libgit2Changes(git_repository* repo, git_tree* oldTree, git_tree* newTree) {
  git_diff_options opts = GIT_DIFF_OPTIONS_INIT;
  opts.notify_cb = [](const git_diff*, const git_diff_delta* delta, const char*, void*) {
    const std::string path = delta->new_file.path ? delta->new_file.path : delta->old_file.path;
    return path.size() >= 3 && path.compare(path.size() - 3, 3, ".py") == 0 ? 0 : 1;
  };
  git_diff* diff = nullptr;
  EXPECT_EQ(git_diff_tree_to_tree(&diff, repo, oldTree, newTree, &opts), 0);
  std::vector<FileChange> out;
  for (size_t i = 0; diff && i < git_diff_num_deltas(diff); ++i) {
    const git_diff_delta* d = git_diff_get_delta(diff, i);
    FileChange fc;
    fc.status = d->status == GIT_DELTA_ADDED     ? FileChange::Status::Added
                : d->status == GIT_DELTA_DELETED ? FileChange::Status::Deleted
                                                 : FileChange::Status::Modified;
    EXPECT_TRUE(d->status == GIT_DELTA_ADDED || d->status == GIT_DELTA_DELETED || d->status == GIT_DELTA_MODIFIED) << d->status;
    if (fc.status != FileChange::Status::Added) {
      fc.oldPath = d->old_file.path;
      fc.oldBlob = hex(&d->old_file.id);
    }
    if (fc.status != FileChange::Status::Deleted) {
      fc.newPath = d->new_file.path;
      fc.newBlob = hex(&d->new_file.id);
    }
    out.push_back(fc);
  }
  git_diff_free(diff);
  return out;
}

}  // namespace

TEST(TreeDiff, EveryKindOfEntryChangeIsReportedAsLibgit2ReportsIt) {
  const fs::path dir = fs::temp_directory_path() / ("oalens_tree_diff_" + std::to_string(getpid()));
  fs::remove_all(dir);
  const std::string commit = "git commit -q --allow-empty -m step; ";
  const std::string addAll = "git add -A; ";
  const std::string script =
      "set -e; git init -q " + dir.string() + "; cd " + dir.string() +
      "; git config user.email t@example.com; git config user.name t; "
      // 1: files at the top, in nested directories, a link, a non-Python file.
      "mkdir -p pkg/sub/deep a d; echo 1 > a.py; echo 1 > pkg/b.py; echo 1 > pkg/sub/c.py; echo 1 > pkg/sub/deep/e.py;"
      "echo 1 > a/z.py; echo 1 > a-b.py; echo 1 > a_b.py; echo x > notes.txt; echo 1 > x.py; echo 1 > d/f.py;"
      "ln -s a.py link.py; " +
      addAll + commit +
      // 2: an edit deep down, an executable bit, a subtree deleted, a new subtree, a file
      // replaced by a directory of its name, a link replaced by a file, a submodule added.
      "echo 2 > pkg/sub/deep/e.py; chmod +x a.py; git rm -q -r d; mkdir -p new/deeper; echo 1 > new/deeper/g.py;"
      "git rm -q x.py; mkdir x.py; echo 1 > x.py/inner.py; rm link.py; echo 1 > link.py;" +
      addAll + "git update-index --add --cacheinfo 160000,$(git rev-parse HEAD),mod.py; " + commit +
      // 3: the directory back to a file, a file turned into a link, the submodule moved on,
      // names around a directory edited, a non-Python file edited.
      "git rm -q -r x.py; echo 3 > x.py; rm pkg/b.py; ln -s a.py pkg/b.py; echo 2 > a-b.py; echo 2 > a/z.py; echo 2 > a_b.py;"
      "echo y > notes.txt; " +
      addAll + "git update-index --add --cacheinfo 160000,$(git rev-parse HEAD),mod.py; " + commit +
      // 4: nothing Python changes.
      "echo z > notes.txt; git add notes.txt; " + commit;
  ASSERT_EQ(run("bash -c '" + script + "' >/dev/null 2>&1"), 0);

  oalens::miners::initGit();
  git_repository* repo = nullptr;
  ASSERT_EQ(git_repository_open(&repo, dir.c_str()), 0);
  git_revwalk* walk = nullptr;
  ASSERT_EQ(git_revwalk_new(&walk, repo), 0);
  git_revwalk_sorting(walk, GIT_SORT_TOPOLOGICAL | GIT_SORT_REVERSE);
  git_revwalk_push_head(walk);
  git_oid id;
  git_tree* previous = nullptr;
  int commits = 0;
  size_t reported = 0;
  while (git_revwalk_next(&id, walk) == 0) {
    git_commit* c = nullptr;
    git_tree* tree = nullptr;
    ASSERT_EQ(git_commit_lookup(&c, repo, &id), 0);
    ASSERT_EQ(git_commit_tree(&tree, c), 0);
    std::vector<FileChange> walked;
    std::string err;
    ASSERT_TRUE(oalens::miners::changedSourceFiles(repo, previous, tree, walked, err)) << err;
    EXPECT_EQ(describe(walked), describe(libgit2Changes(repo, previous, tree))) << "commit " << commits + 1;
    reported += walked.size();
    git_tree_free(previous);
    previous = tree;
    git_commit_free(c);
    ++commits;
  }
  git_tree_free(previous);
  git_revwalk_free(walk);
  git_repository_free(repo);
  fs::remove_all(dir);
  EXPECT_EQ(commits, 4);
  EXPECT_GE(reported, 20u);  // the script did make the changes it means to
}

namespace {

std::string commandOutput(const std::string& cmd) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return out;
  char buf[256];
  while (fgets(buf, sizeof buf, p)) out += buf;
  pclose(p);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

}  // namespace

// Repository::blobIdAt looks paths up one directory at a time through a memo shared by every
// commit; each answer must be git's (`git rev-parse C:PATH`, blobs only), also for a path whose
// directory became a file, a link, a submodule, and paths asked again after they changed. So
// must the directory where probePath says a lookup ended, its id (treeOidAt's too) and the
// entry it found there.
TEST(TreeDiff, BlobIdsAtACommitAreGits) {
  const fs::path dir = fs::temp_directory_path() / ("oalens_blob_id_at_" + std::to_string(getpid()));
  fs::remove_all(dir);
  const std::string commit = "git add -A; git commit -q --allow-empty -m step; ";
  const std::string script =
      "set -e; git init -q " + dir.string() + "; cd " + dir.string() +
      "; git config user.email t@example.com; git config user.name t; "
      "mkdir -p pkg/testing tests; echo 1 > pkg/testing/case.py; echo 1 > tests/test_a.py; echo 1 > x.py; " +
      commit + "echo 2 > pkg/testing/case.py; git rm -q x.py; mkdir x.py; echo 1 > x.py/inner.py; ln -s tests/test_a.py l.py; " + commit +
      "git update-index --add --cacheinfo 160000,$(git rev-parse HEAD),mod.py; git commit -q -m sub; " +
      "git rm -q -r x.py; echo 3 > x.py; echo 3 > pkg/testing/case.py; " + commit;
  ASSERT_EQ(run("bash -c '" + script + "' >/dev/null 2>&1"), 0);
  std::string err;
  auto repo = oalens::miners::Repository::open(dir.string(), err);
  ASSERT_TRUE(repo) << err;
  const std::vector<std::string> commits{"HEAD~3", "HEAD~2", "HEAD~1", "HEAD", "HEAD~2", "HEAD"};  // back and forth
  const std::vector<std::string> paths{
      "pkg/testing/case.py", "tests/test_a.py",  "x.py", "x.py/inner.py", "l.py", "mod.py", "pkg", "pkg/testing", "none.py",
      "pkg/none/case.py",    "tests/test_a.py/z"};
  int blobs = 0;
  for (const std::string& rev : commits) {
    const std::string sha = commandOutput("git -C " + dir.string() + " rev-parse " + rev);
    for (const std::string& path : paths) {
      const std::string spec = sha + ":" + path;
      const bool isBlob = commandOutput("git -C " + dir.string() + " cat-file -t " + spec + " 2>/dev/null") == "blob";
      const std::string want = isBlob ? commandOutput("git -C " + dir.string() + " rev-parse " + spec) : "";
      EXPECT_EQ(repo->blobIdAt(sha, path).value_or(""), want) << rev << ":" << path;
      blobs += isBlob;
      const oalens::miners::Repository::PathProbe probe = repo->probePath(sha, path);
      ASSERT_TRUE(probe.read) << rev << ":" << path;
      const std::string dirPath = path.substr(0, probe.dirLength);
      ASSERT_TRUE(dirPath.empty() || dirPath.ends_with('/')) << dirPath;
      const std::string dirSpec = dirPath.empty() ? sha + "^{tree}" : sha + ":" + dirPath.substr(0, dirPath.size() - 1);
      EXPECT_EQ(hex(&probe.dir), commandOutput("git -C " + dir.string() + " rev-parse " + dirSpec)) << rev << ":" << path;
      const git_oid dirId = repo->treeOidAt(sha, dirPath).value_or(git_oid{});
      EXPECT_EQ(hex(&dirId), hex(&probe.dir)) << rev << ":" << dirPath;
      const std::string name = path.substr(probe.dirLength, path.find('/', probe.dirLength) - probe.dirLength);
      const std::string entrySpec = sha + ":" + dirPath + name;
      const bool hasEntry = !commandOutput("git -C " + dir.string() + " cat-file -t " + entrySpec + " 2>/dev/null").empty();
      EXPECT_EQ(probe.entry.type != GIT_OBJECT_INVALID, hasEntry) << rev << ":" << dirPath + name;
      if (hasEntry) {
        EXPECT_EQ(hex(&probe.entry.id), commandOutput("git -C " + dir.string() + " rev-parse " + entrySpec)) << rev << ":" << path;
      }
    }
  }
  EXPECT_GE(blobs, 15);
  const std::string head = commandOutput("git -C " + dir.string() + " rev-parse HEAD");
  EXPECT_FALSE(repo->treeOidAt(head, "x.py/")) << "a file is no directory";
  EXPECT_FALSE(repo->treeOidAt(head, "none/")) << "nor is a path that is not there";
  fs::remove_all(dir);
}
