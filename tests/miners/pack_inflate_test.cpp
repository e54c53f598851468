// Every blob `mine` reads from a pack must be the bytes git itself gives, delta-compressed
// objects included: with the default pack windows and with 8 KiB ones, across whose ends most of
// the large objects' zlib streams lie.
#include <git2.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "miners/git/repository.h"
#include "tests/support/process.h"

namespace {

using oalens::miners::Repository;
using oalens::testing::runCommand;
using oalens::testing::scratchDirectory;

// A history of test modules, each version a few edits from the one before, packed with
// deltas: small files, files of about 90 KB, and one of about 400 KB.
std::filesystem::path packedHistory(const std::string& name) {
  const std::filesystem::path dir = scratchDirectory(name);
  std::ostringstream script;
  script << "set -e; cd " << dir << "; git init -q .; git config user.email t@example.com; git config user.name t;"
         << "mkdir -p tests;"
         << "for v in $(seq 1 12); do"
         << "  for f in small large; do"
         << "    n=$([ $f = small ] && echo 40 || echo 1500);"
         << "    seq 1 $n | awk -v v=$v '{ printf \"def test_case_%d():\\n    np.testing.assert_allclose(f(%d), g(%d), rtol=1e-%d)\\n\","
            " $1, $1 * v, $1, ($1 + v) % 9 + 1 }' > tests/test_$f.py;"
         << "  done;"
         << "  seq 1 7000 | awk -v v=$v '{ printf \"def test_huge_%d():\\n    assert abs(h(%d) - %d.%d) < 1e-%d\\n\", $1, $1, $1 * v, v, v "
            "% 7 + 1 }'"
            " > tests/test_huge.py;"
         << "  git add -A; git commit -q -m \"version $v\";"
         << "done; git gc -q; test -z \"$(find .git/objects -type f -path '*/objects/[0-9a-f][0-9a-f]/*')\"";
  const auto r = runCommand(script.str());
  EXPECT_EQ(r.status, 0) << r.out;
  return dir;
}

// Every blob of the history, with git's bytes for it.
std::vector<std::pair<std::string, std::string>> blobsByGit(const std::filesystem::path& dir) {
  const auto ids = runCommand("cd " + dir.string() +
                              " && git rev-list --objects --all | cut -d' ' -f1 | git cat-file --batch-check='%(objecttype) %(objectname)'"
                              " | awk '$1 == \"blob\" { print $2 }'");
  EXPECT_EQ(ids.status, 0) << ids.out;
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream lines(ids.out);
  for (std::string id; std::getline(lines, id);) {
    const auto bytes = runCommand("cd " + dir.string() + " && git cat-file blob " + id);
    EXPECT_EQ(bytes.status, 0) << id;
    out.emplace_back(id, bytes.out);
  }
  return out;
}

void expectBlobsAsGitGivesThem(const std::filesystem::path& dir) {
  std::string err;
  std::optional<Repository> repo = Repository::open(dir.string(), err);
  ASSERT_TRUE(repo) << err;
  const auto blobs = blobsByGit(dir);
  ASSERT_GE(blobs.size(), 36u);
  for (const auto& [id, expected] : blobs) {
    bool binary = false;
    std::optional<std::string> bytes = repo->blob(id, binary, err);
    ASSERT_TRUE(bytes) << id << ": " << err;
    EXPECT_FALSE(binary) << id;
    EXPECT_EQ(bytes->size(), expected.size()) << id;
    EXPECT_TRUE(*bytes == expected) << id << " differs from git cat-file's bytes";
  }
}

}  // namespace

TEST(PackInflate, BlobsAreGitsBytes) {
  const auto dir = packedHistory("oalens_pack_inflate_whole");
  expectBlobsAsGitGivesThem(dir);
  std::filesystem::remove_all(dir);
}

TEST(PackInflate, BlobsWhoseStreamsCrossAWindowAreGitsBytes) {
  // Pack windows are mapped when first needed; this repository's pack has none yet.
  oalens::miners::initGit();
  size_t before = 0;
  ASSERT_EQ(git_libgit2_opts(GIT_OPT_GET_MWINDOW_SIZE, &before), 0);
  ASSERT_EQ(git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, size_t{8192}), 0);
  const auto dir = packedHistory("oalens_pack_inflate_windows");
  expectBlobsAsGitGivesThem(dir);
  git_libgit2_opts(GIT_OPT_SET_MWINDOW_SIZE, before);
  std::filesystem::remove_all(dir);
}
