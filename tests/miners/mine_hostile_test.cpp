// `oalens mine` on hostile repositories: missing objects, empty and missing repositories, shallow
// clones, binary and huge blobs, versions the scan skips, suite helpers that cannot be read. Each
// gives a clear message and the run goes on.
#include "tests/support/mine_fixture.h"

using namespace oalens;
using namespace oalens::testing::mine;

TEST_F(MineHistory, MissingObjectsAreRecordedAndTheRunGoesOn) {
  fs::path broken = gWork / "broken";
  ASSERT_EQ(run("cp -r " + gRepo.string() + " " + broken.string()), 0);
  // Remove the loose object of one early version of a test file.
  ASSERT_EQ(run("bash -c 'cd " + broken.string() +
                " && c=$(git rev-list --reverse HEAD -- tests/test_ops.py | sed -n 2p) && f=$(git rev-parse $c:tests/test_ops.py)"
                " && rm -f .git/objects/${f:0:2}/${f:2}'"),
            0);
  fs::path db = gWork / "broken.db";
  auto s = mineInto(broken, db);
  EXPECT_EQ(s.processed, kFixtureCommits);
  EXPECT_GE(diagnosticsLike(db, "%cannot read blob%"), 1);
}

TEST_F(MineHistory, EmptyAndMissingRepositoriesGiveClearMessages) {
  fs::path empty = gWork / "empty";
  ASSERT_EQ(run("git init -q " + empty.string()), 0);
  miners::MineOptions opt;
  opt.repoPath = empty.string();
  opt.dbPath = (gWork / "empty.db").string();
  std::string err;
  auto s = miners::mine(opt, err);
  ASSERT_TRUE(s.has_value()) << err;
  ASSERT_FALSE(s->warnings.empty());
  EXPECT_NE(s->warnings[0].find("no commits"), std::string::npos);
  opt.repoPath = (gWork / "does-not-exist").string();
  EXPECT_FALSE(miners::mine(opt, err).has_value());
  EXPECT_NE(err.find("cannot open git repository"), std::string::npos) << err;
}

TEST_F(MineHistory, ShallowClonesAreMinedFromTheGraftPointWithAWarning) {
  fs::path shallow = gWork / "shallow";
  ASSERT_EQ(run("git clone -q --depth 5 file://" + gRepo.string() + " " + shallow.string() + " 2>/dev/null"), 0);
  auto s = mineInto(shallow, gWork / "shallow.db");
  EXPECT_EQ(s.walked, 5u);
  EXPECT_EQ(s.failed, 0u);
  bool warned = false;
  for (const auto& w : s.warnings) warned |= w.find("shallow clone") != std::string::npos;
  EXPECT_TRUE(warned);
}

TEST_F(MineHistory, BinaryAndHugeBlobsAreSkippedWithAMessage) {
  fs::path odd = gWork / "odd";
  ASSERT_EQ(scriptedRepository(odd,
                               "mkdir tests"
                               "; printf \"def test_a():\\n    assert_allclose(f(), 1.0, rtol=1e-6)\\n\\0\\1\\2\" > tests/test_bin.py"
                               "; head -c 9000000 /dev/zero | tr \"\\0\" \"#\" > tests/test_huge.py"
                               "; git add -A; git commit -qm one"
                               "; printf \"\\0\\3\" >> tests/test_bin.py; echo \"# more\" >> tests/test_huge.py"
                               "; git commit -qam two"),
            0);
  fs::path db = gWork / "odd.db";
  auto s = mineInto(odd, db);
  EXPECT_EQ(s.processed, 2u);
  EXPECT_EQ(s.failed, 0u);
  EXPECT_GE(diagnosticsLike(db, "%test_bin.py: binary blob % skipped%"), 1);
  EXPECT_GE(diagnosticsLike(db, "%test_huge.py%exceeds the%limit%"), 1);
}

// A NUL byte past the 8,000 bytes git sniffs for binary data: the scan skips such a version, so
// it is unreadable like a binary blob. Before, its checks read as deleted and came back as
// added once the byte was gone (the two commits in between changed none of them).
TEST_F(MineHistory, AVersionTheScanSkipsIsUnreadableNotEmpty) {
  fs::path late = gWork / "late_nul";
  ASSERT_EQ(scriptedRepository(late,
                               "mkdir tests"
                               "; printf \"def test_a():\\n    assert_allclose(f(), 1.0, rtol=1e-6)\\n\" > tests/test_nul.py"
                               "; head -c 9000 /dev/zero | tr \"\\0\" \"#\" >> tests/test_nul.py; echo >> tests/test_nul.py"
                               "; git add -A; git commit -qm one; cp tests/test_nul.py ../late_nul.clean"
                               "; printf \"# \\0\\n\" >> tests/test_nul.py; git commit -qam two"
                               "; echo \"# more\" >> tests/test_nul.py; git commit -qam three"
                               "; cp ../late_nul.clean tests/test_nul.py; git commit -qam four"),
            0);
  fs::path db = gWork / "late_nul.db";
  auto s = mineInto(late, db);
  EXPECT_EQ(s.processed, 4u);
  EXPECT_EQ(s.oaChanges, 1u);  // the addition in `one`
  EXPECT_GE(diagnosticsLike(db, "%test_nul.py: skipped: NUL byte at offset 90%"), 3);
}

// The suite's helpers are read from every commit: helpers with NUL bytes and invalid UTF-8,
// 3,000 nested brackets, a symbolic link, one over the size limit, and (in a broken copy) one
// whose object is gone. The run goes on, the readable base test case still lends its
// `decimal`, and the missing one is said in the diagnostics.
TEST_F(MineHistory, HostileSuiteHelpersLeaveTheRunGoing) {
  fs::path hostile = gWork / "hostile";
  ASSERT_EQ(
      scriptedRepository(
          hostile,
          "mkdir -p pkg/testing tests; : > pkg/__init__.py; : > pkg/testing/__init__.py"
          "; printf \"import numpy as np\\n\\0\\377\\376\\ndef assert_near(a, b, tol=1e-3):\\n    np.testing.assert_allclose(a, b, "
          "atol=tol)\\n\""
          " > pkg/testing/bytes_util.py"
          "; { printf \"x = \"; head -c 3000 /dev/zero | tr \"\\0\" \"(\"; printf 1; head -c 3000 /dev/zero | tr \"\\0\" \")\"; echo; }"
          " > pkg/testing/deep_util.py"
          "; ln -s . pkg/testing/loop_util.py"
          "; head -c 300000 /dev/zero | tr \"\\0\" \"#\" > pkg/testing/huge_util.py"
          "; printf \"import unittest\\nimport numpy as np\\nclass TestCase(unittest.TestCase):\\n"
          "    def assertAlmostEqual(self, a, b, decimal=6):\\n        np.testing.assert_array_almost_equal(a, b, decimal=decimal)\\n\""
          " > pkg/testing/case.py"
          "; printf \"from pkg.testing import bytes_util, deep_util, loop_util, huge_util\\nfrom pkg.testing.case import TestCase\\n"
          "class T(TestCase):\\n    def test_a(self):\\n        self.assertAlmostEqual(f(), 1.0)\\n\" > tests/test_x.py"
          "; git add -A; git commit -qm one"
          "; sed -i \"s/1.0)/1.0, decimal=5)/\" tests/test_x.py; git commit -qam two"),
      0);
  const fs::path db = gWork / "hostile.db";
  auto s = mineInto(hostile, db);
  EXPECT_EQ(s.processed, 2u);
  EXPECT_EQ(s.failed, 0u);
  EXPECT_EQ(loosenings(db), 1) << "decimal 6 -> 5 through pkg/testing/case.py";

  const fs::path broken = gWork / "hostile-broken";
  ASSERT_EQ(run("cp -r " + hostile.string() + " " + broken.string()), 0);
  ASSERT_EQ(
      run("bash -c 'cd " + broken.string() + " && f=$(git rev-parse HEAD:pkg/testing/case.py) && rm -f .git/objects/${f:0:2}/${f:2}'"), 0);
  const fs::path brokenDb = gWork / "hostile-broken.db";
  s = mineInto(broken, brokenDb);
  EXPECT_EQ(s.processed, 2u);
  EXPECT_EQ(s.failed, 0u);
  EXPECT_GE(diagnosticsLike(brokenDb, "%suite helper pkg/testing/case.py cannot be read%"), 1);
  EXPECT_EQ(loosenings(brokenDb), 0) << "read as unittest's assertAlmostEqual, whose decimal means nothing";
}
