// How `oalens mine` reads the versions of a file: merges against their first parent, versions
// derived from the previous one, renames and the helpers a test reads, C++ test files, the
// configuration at the tip, and the same edits read by the gate.
#include "tests/support/mine_fixture.h"

using namespace oalens;
using namespace oalens::testing::mine;

TEST_F(MineHistory, DiffMergesCountsTheMergeAgainstItsFirstParent) {
  fs::path db = gWork / "merges.db";
  mineWith(gRepo, db, [](miners::MineOptions& opt) { opt.diffMerges = true; });
  std::string err;
  reports::Database d;
  ASSERT_TRUE(d.open(db.string(), err));
  reports::Statement q(d, "SELECT oa_changes FROM commits WHERE is_merge = 1");
  bool row = false;
  ASSERT_TRUE(q.step(&row));
  ASSERT_TRUE(row);
  EXPECT_EQ(q.columnInt(0), 2);  // the branch's two new gelu assertions, seen again at the merge
}

TEST_F(MineHistory, UntouchedTestsFromThePreviousVersionGiveTheWholeScanDatabase) {
  fs::path derived = gWork / "derived.db", whole = gWork / "whole.db";
  mineInto(gRepo, derived);
  mineWith(gRepo, whole, [](miners::MineOptions& opt) { opt.deriveUntouchedTests = false; });
  EXPECT_EQ(dump(derived.string()), dump(whole.string()));
}

// A merge that joins two branches' edits of a test file makes a version no commit analysed: the
// next commit's old side. It is derived from the file's newest analysed version, and gives what
// scanning it whole gives.
TEST_F(MineHistory, AVersionMadeByAMergeIsDerivedFromItsFilesNewestVersion) {
  fs::path joined = gWork / "joined";
  auto file = [](const std::string& rtolA, const std::string& rtolB) {
    std::string text = "import numpy as np\\n\\ndef test_a():\\n    np.testing.assert_allclose(f(1), 1.0, rtol=" + rtolA + ")\\n";
    for (int i = 0; i < 4; ++i) text += "\\ndef test_pad" + std::to_string(i) + "():\\n    assert g(" + std::to_string(i) + ") == 0\\n";
    return text + "\\ndef test_b():\\n    np.testing.assert_allclose(h(1), 2.0, rtol=" + rtolB + ")\\n";
  };
  ASSERT_EQ(scriptedRepository(joined, "mkdir tests; printf \"" + file("1e-5", "1e-5") +
                                           "\" > tests/test_ops.py"
                                           "; git add -A; git commit -qm one; git branch side"
                                           "; printf \"" +
                                           file("1e-5", "1e-3") +
                                           "\" > tests/test_ops.py; git commit -qam two"
                                           "; git checkout -q side; printf \"" +
                                           file("1e-4", "1e-5") +
                                           "\" > tests/test_ops.py"
                                           "; git commit -qam three; git checkout -q -; git merge -q --no-edit side"
                                           "; printf \"" +
                                           file("1e-4", "1e-2") + "\" > tests/test_ops.py; git commit -qam four"),
            0);
  fs::path derived = gWork / "joined-derived.db", whole = gWork / "joined-whole.db";
  const miners::MineSummary s = mineInto(joined, derived, 1);
  mineWith(joined, whole, [](miners::MineOptions& opt) {
    opt.threads = 1;
    opt.deriveUntouchedTests = false;
  });
  EXPECT_EQ(s.derivedFromNewest, 1u) << "the merge's version of tests/test_ops.py was scanned whole";
  EXPECT_EQ(dump(derived.string()), dump(whole.string()));
  const std::vector<std::string> rows = rowsOf(derived,
                                               "SELECT c.subject, ch.kinds, coalesce(ch.direction, '') FROM oa_changes ch"
                                               " JOIN commits c ON c.id = ch.commit_id WHERE c.subject = 'four'",
                                               3);
  EXPECT_EQ(rows, (std::vector<std::string>{"four threshold loosen"}));
}

TEST_F(MineHistory, SplicedModelsEqualParsedOnesAndGiveTheSameDatabase) {
  fs::path spliced = gWork / "spliced.db", parsed = gWork / "parsed-scoped.db";
  const miners::MineSummary s = mineWith(gRepo, spliced, [](miners::MineOptions& opt) { opt.checkSplices = true; });
  mineWith(gRepo, parsed, [](miners::MineOptions& opt) { opt.spliceModels = false; });
  EXPECT_GT(s.spliced, 0u) << "no derived version of the fixture history was spliced";
  EXPECT_EQ(s.spliceMismatches, 0u);
  for (const auto& w : s.warnings) ADD_FAILURE() << w;
  EXPECT_EQ(dump(spliced.string()), dump(parsed.string()));
}

TEST_F(MineHistory, RenamesAreLookedForOnlyWhenAWantedPathIsAddedOrDeleted) {
  fs::path moves = gWork / "moves";
  ASSERT_EQ(scriptedRepository(moves,
                               "mkdir -p src tests"
                               "; seq 1 200 | sed \"s/.*/x_& = &/\" > src/util.py; cp src/util.py tests/test_util.py"
                               "; git add -A; git commit -qm one"
                               "; git mv src/util.py src/helpers.py; git commit -qm two"
                               "; git mv tests/test_util.py tests/test_helpers.py; git commit -qm three"
                               "; git mv src/helpers.py src/more.py; echo \"y = 1\" >> tests/test_helpers.py; git commit -qam four"),
            0);
  std::string err;
  auto repo = miners::Repository::open(moves.string(), err);
  ASSERT_TRUE(repo) << err;
  auto commits = repo->walk(*repo->resolve("HEAD", err), false, err);
  ASSERT_TRUE(commits && commits->size() == 4) << err;
  const miners::Repository::PathFilter tests = [](std::string_view p) { return p.rfind("tests/", 0) == 0; };
  auto statuses = [&](const std::string& sha, const miners::Repository::PathFilter& wanted) {
    std::multiset<int> out;
    const auto changes = repo->changes(sha, err, wanted);
    EXPECT_TRUE(changes) << err;
    if (changes)
      for (const auto& fc : *changes) out.insert(static_cast<int>(fc.status));
    return out;
  };
  using S = miners::FileChange::Status;
  const std::multiset<int> renamed{static_cast<int>(S::Renamed)}, unpaired{static_cast<int>(S::Added), static_cast<int>(S::Deleted)};
  EXPECT_EQ(statuses((*commits)[1], {}), renamed);
  EXPECT_EQ(statuses((*commits)[1], tests), unpaired) << "no test moved: not paired";
  EXPECT_EQ(statuses((*commits)[2], tests), renamed);
  const std::multiset<int> renamedAndEdited{static_cast<int>(S::Renamed), static_cast<int>(S::Modified)};
  const std::multiset<int> unpairedAndEdited{static_cast<int>(S::Added), static_cast<int>(S::Deleted), static_cast<int>(S::Modified)};
  EXPECT_EQ(statuses((*commits)[3], {}), renamedAndEdited);
  EXPECT_EQ(statuses((*commits)[3], tests), unpairedAndEdited) << "a test edited, none moved: not paired";
}

// A test file moved to another package keeps its untouched tests' checks, but a check through
// the file's own helper is named by the module it now stands in: carried over from the old
// path, its deletion in the next commit was named after the module it had left (tinygrad
// 8c0ba1da5c, whose name under -j2 then hung on which worker analysed the version first).
TEST_F(MineHistory, ARenamedFilesOwnHelpersAreNamedByItsNewModule) {
  fs::path moved = gWork / "moved";
  const std::string helper = "import numpy as np\\n\\ndef check(a, b):\\n    np.testing.assert_allclose(a, b, rtol=1e-5)\\n\\n";
  const std::string untouched = "def test_sum():\\n    check(add(1, 2), 3.0)\\n\\n";
  const std::string padding = "def test_shape():\\n    x = make(3)\\n    y = make(4)\\n    z = make(5)\\n    assert x.shape == (3,)\\n\\n";
  ASSERT_EQ(scriptedRepository(moved, "mkdir -p tests/unit; printf \"" + helper + untouched + padding +
                                          "def test_mul():\\n    check(mul(2, 2), 4.0)\\n\" > tests/test_ops.py"
                                          "; git add -A; git commit -qm one"
                                          "; git mv tests/test_ops.py tests/unit/test_ops.py; printf \"" +
                                          helper + untouched + padding +
                                          "def test_mul():\\n    check(mul(2, 3), 6.0)\\n\" > tests/unit/test_ops.py; git commit -qam two"
                                          "; printf \"" +
                                          helper + padding +
                                          "def test_mul():\\n    check(mul(2, 3), 6.0)\\n\" > tests/unit/test_ops.py"
                                          "; git commit -qam three"),
            0);
  for (unsigned threads : {1u, 2u}) {
    fs::path db = gWork / ("moved" + std::to_string(threads) + ".db");
    mineInto(moved, db, threads);
    const std::vector<std::string> rows =
        rowsOf(db,
               "SELECT c.subject, ch.kinds, ch.api FROM oa_changes ch JOIN commits c ON c.id = ch.commit_id"
               " WHERE c.subject <> 'one' ORDER BY c.seq, ch.line",
               3);
    EXPECT_EQ(rows, (std::vector<std::string>{"two parameter tests.unit.test_ops.check", "three deleted tests.unit.test_ops.check"}))
        << threads << " thread(s)";
  }
}

// A helper's lookups are remembered with the directories they ended in (SuiteWrappers): a
// commit that changes the helper and its test together reads each side with its own helper, so
// the raised default of the suite's method is a loosening of the unchanged call.
TEST_F(MineHistory, AHelperChangedWithItsTestIsReadAtEachSide) {
  fs::path together = gWork / "together";
  auto helper = [](const std::string& rtol) {
    return "import numpy as np\\nimport unittest\\n\\nclass TestCase(unittest.TestCase):\\n"
           "    def assertClose(self, a, b, rtol=" +
           rtol + "):\\n        np.testing.assert_allclose(a, b, rtol=rtol)\\n";
  };
  const std::string test =
      "from pkg.testing.case import TestCase\\nfrom pkg import ops\\n\\nclass OpsTest(TestCase):\\n"
      "    def test_add(self):\\n        self.assertClose(ops.add(1, 2), 3.0)\\n";
  const std::string more = "\\n    def test_neg(self):\\n        assert ops.neg(1) == -1\\n";
  ASSERT_EQ(scriptedRepository(together,
                               "mkdir -p pkg/testing tests; : > pkg/__init__.py; : > pkg/testing/__init__.py"
                               "; printf \"" +
                                   helper("1e-6") +
                                   "\" > pkg/testing/case.py"
                                   "; printf \"" +
                                   test +
                                   "\" > tests/test_ops.py; git add -A; git commit -qm one"
                                   "; printf \"" +
                                   test + more +
                                   "\" > tests/test_ops.py; git commit -qam two"
                                   "; printf \"" +
                                   helper("1e-4") +
                                   "\" > pkg/testing/case.py"
                                   "; printf \"" +
                                   test + more + more + "\" > tests/test_ops.py; git commit -qam three"),
            0);
  for (unsigned threads : {1u, 2u}) {
    fs::path db = gWork / ("together" + std::to_string(threads) + ".db");
    mineInto(together, db, threads);
    const std::vector<std::string> rows =
        rowsOf(db,
               "SELECT c.subject, ch.kinds, coalesce(ch.direction, ''), ch.new_tolerances FROM oa_changes ch"
               " JOIN commits c ON c.id = ch.commit_id WHERE c.subject <> 'one' ORDER BY c.seq, ch.line",
               4);
    EXPECT_EQ(rows, (std::vector<std::string>{"three threshold loosen atol=0;rtol=1e-4"})) << threads << " thread(s)";
  }
}

// A C++ test file's history: an addition, a loosened EXPECT_NEAR, an API swap from
// EXPECT_FLOAT_EQ to EXPECT_NEAR, a renamed file (the assertion keeps its identity), and a
// deletion, each recorded as for Python.
TEST_F(MineHistory, CppTestFilesAreMinedLikePythonOnes) {
  fs::path cpp = gWork / "cpp";
  ASSERT_EQ(scriptedRepository(cpp,
                               "mkdir tests"
                               "; printf \"TEST(Conv, F) {\\n  EXPECT_NEAR(conv(1), 2.0, 1e-5);\\n  EXPECT_FLOAT_EQ(pool(1), "
                               "0.5f);\\n}\\n\" > tests/conv_test.cc"
                               "; git add -A; git commit -qm one"
                               "; printf \"TEST(Conv, F) {\\n  EXPECT_NEAR(conv(1), 2.0, 1e-3);\\n  EXPECT_NEAR(pool(1), 0.5f, "
                               "1e-6);\\n}\\n\" > tests/conv_test.cc"
                               "; git commit -qam \"flaky on GPU: loosen\""
                               "; git mv tests/conv_test.cc tests/convolution_test.cc; git commit -qm three"
                               "; printf \"TEST(Conv, F) {\\n  EXPECT_NEAR(conv(1), 2.0, 1e-3);\\n}\\n\" > tests/convolution_test.cc"
                               "; git commit -qam four"),
            0);
  fs::path db = gWork / "cpp.db";
  auto s = mineInto(cpp, db);
  EXPECT_EQ(s.processed, 4u);
  reports::Database d;
  std::string err;
  ASSERT_TRUE(d.open(db.string(), err)) << err;
  reports::Statement q(d,
                       "SELECT c.subject, ch.file, ch.kinds, coalesce(ch.direction, ''), ch.assertion_uid FROM oa_changes ch"
                       " JOIN commits c ON c.id = ch.commit_id ORDER BY c.seq, ch.line");
  std::vector<std::string> rows, uids;
  bool row = false;
  while (q.step(&row) && row) {
    rows.push_back(q.columnText(0) + " " + q.columnText(1) + " " + q.columnText(2) + " " + q.columnText(3));
    uids.push_back(q.columnText(4));
  }
  EXPECT_EQ(rows, (std::vector<std::string>{"one tests/conv_test.cc added ", "one tests/conv_test.cc added ",
                                            "flaky on GPU: loosen tests/conv_test.cc threshold loosen",
                                            "flaky on GPU: loosen tests/conv_test.cc api ", "four tests/convolution_test.cc deleted "}));
  ASSERT_EQ(uids.size(), 5u);
  EXPECT_EQ(uids[4], uids[3]) << "the assertion deleted in four is the one swapped in two, across the rename";
}

// The project's own check, declared in the configuration at the tip, is mined through the whole
// history; an invalid configuration there is a warning and the built-in catalogue is used.
TEST_F(MineHistory, TheConfigurationAtTheTipDeclaresTheProjectsOwnChecks) {
  const fs::path repo = gWork / "configured";
  ASSERT_EQ(scriptedRepository(
                repo,
                "mkdir tests"
                "; printf \"from mylib.checks import check_close\\ndef test_a():\\n    check_close(f(1), 2.0, 1e-6)\\n\" > tests/test_m.py"
                "; git add -A; git commit -qm one"
                "; sed -i \"s/1e-6/1e-3/\" tests/test_m.py; git commit -qam two"),
            0);
  std::ofstream(repo / ".oalens.toml") << "[[api]]\nid = \"mylib.checks.check_close\"\ncategory = \"abs\"\noa = true\n"
                                          "params = [\"got\", \"want\", \"eps\"]\nactual = \"got\"\nexpected = \"want\"\n"
                                          "tolerances = { atol = \"eps\" }\n";
  ASSERT_EQ(run("cd " + repo.string() + " && git add -A && git commit -qm three"), 0);
  const fs::path db = gWork / "configured.db";
  auto s = mineInto(repo, db);
  EXPECT_EQ(s.failed, 0u);
  EXPECT_EQ(loosenings(db), 1) << "check_close's atol 1e-6 -> 1e-3, known from the tip's .oalens.toml";

  std::ofstream(repo / ".oalens.toml") << "[[api]]\nid = 3\n";
  ASSERT_EQ(run("cd " + repo.string() + " && git commit -qam four"), 0);
  auto broken = mineInto(repo, gWork / "configured-broken.db");
  bool warned = false;
  for (const auto& w : broken.warnings) warned |= w.find("configuration .oalens.toml at the tip is invalid") != std::string::npos;
  EXPECT_TRUE(warned);
}

// `oalens diff C^..C` and `oalens mine` read every edit of the scripted history alike: a
// threshold change mine finds loosened (or mixed) is a CH301 finding of the gate at the same
// line (CH305 for a bound on a trained model's quality), one it finds tightened a CH307, a
// deletion a CH302, and the gate finds none of these that mine does not. The two share the pairing and the change classifier
// (miners/pairing, miners/classify); this holds them to it.
TEST_F(MineHistory, TheGateAndTheMinerReadEveryEditAlike) {
  const fs::path db = gWork / "agree.db";
  auto s = mineInto(gRepo, db);
  ASSERT_EQ(s.failed, 0u);
  std::set<std::string> mined;
  for (const std::string& row : rowsOf(db,
                                       // A deletion is reported where the assertion was.
                                       "SELECT c.sha, CASE WHEN ch.kinds = 'deleted' THEN coalesce(ch.old_file, ch.file) ELSE ch.file END,"
                                       " CASE WHEN ch.kinds = 'deleted' THEN coalesce(ch.old_line, ch.line) ELSE ch.line END,"
                                       " CASE WHEN ch.kinds = 'deleted' THEN 'deleted' ELSE ch.direction END"
                                       " FROM oa_changes ch JOIN commits c ON c.id = ch.commit_id"
                                       " WHERE ch.direction IN ('loosen', 'tighten', 'mixed') OR ch.kinds = 'deleted'",
                                       4)) {
    std::istringstream in(row);
    std::string sha, file, line, direction;
    in >> sha >> file >> line >> direction;
    mined.insert(sha + " " + file + ":" + line + " " + (direction == "tighten" ? "CH307" : direction == "deleted" ? "CH302" : "CH301"));
  }
  ASSERT_FALSE(mined.empty());
  std::set<std::string> gated;
  for (const std::string& sha : rowsOf(db, "SELECT sha FROM commits WHERE parents != '' AND is_merge = 0 ORDER BY seq", 1)) {
    const fs::path out = gWork / "agree.json";
    run("cd " + gRepo.string() + " && " + OALENS_BINARY + " diff " + sha + "^.." + sha + " --fail-on never --format json > " +
        out.string() + " 2>/dev/null");
    std::ifstream f(out);
    const std::string json((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    // One finding an object: its file, line and rule, in that order.
    for (size_t at = json.find("\"file\": \""); at != std::string::npos; at = json.find("\"file\": \"", at + 1)) {
      const size_t fileEnd = json.find('"', at + 9);
      const size_t lineAt = json.find("\"line\": ", fileEnd), ruleAt = json.find("\"rule\": \"", fileEnd);
      if (lineAt == std::string::npos || ruleAt == std::string::npos) break;
      const std::string rule = json.substr(ruleAt + 9, 5);
      if (rule != "CH301" && rule != "CH307" && rule != "CH302" && rule != "CH305") continue;
      // A bound on a trained model's quality relaxed is the gate's CH305, mine's loosening.
      gated.insert(sha + " " + json.substr(at + 9, fileEnd - at - 9) + ":" + std::to_string(std::stol(json.substr(lineAt + 8))) + " " +
                   (rule == "CH305" ? "CH301" : rule));
    }
  }
  std::multiset<std::string> want(mined.begin(), mined.end()), got(gated.begin(), gated.end());
  EXPECT_EQ(missingAndNoisy(want, got), "") << "missing: mined but not gated; noisy: gated but not mined";
}
