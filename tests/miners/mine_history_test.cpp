// `oalens mine` on the scripted fixture history (corpora/history/build.sh) against its ground
// truth (expected_changes.tsv), plus resumption, thread-count independence, a run killed at
// random points and resumed, and hostile repositories.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <set>
#include <sstream>

#include "miners/git/repository.h"
#include "miners/walk/miner.h"
#include "reports/sqlite/sqlite_db.h"
#include "tests/support/history_fixture.h"

namespace fs = std::filesystem;
using namespace oalens;

namespace {

const fs::path kSource = OALENS_SOURCE_DIR;
constexpr size_t kFixtureCommits = 59;  // corpora/history/build.sh
fs::path gWork;
fs::path gRepo;

int run(const std::string& cmd) { return WEXITSTATUS(std::system(cmd.c_str())); }

// A new repository at `dir` with a committer, where the shell `commands` run (inside single
// quotes, so they quote with double ones).
int scriptedRepository(const fs::path& dir, const std::string& commands) {
  return run("bash -c 'set -e; git init -q " + dir.string() + "; cd " + dir.string() +
             "; git config user.email t@example.com; git config user.name t; " + commands + "'");
}

std::string dump(const std::string& dbPath) {
  reports::Database db;
  std::string err;
  if (!db.open(dbPath, err)) return "cannot open: " + err;
  std::ostringstream out;
  const char* queries[] = {
      "SELECT seq, sha, parents, time, author, subject, message, is_merge, test_files, oa_changes, status, coalesce(error, '') FROM "
      "commits ORDER BY seq",
      "SELECT c.sha, ch.assertion_uid, ch.file, ch.line, coalesce(ch.old_file, ''), coalesce(ch.old_line, ''), ch.api, "
      "coalesce(ch.old_api, ''),"
      " ch.kinds, coalesce(ch.direction, ''), coalesce(ch.old_tolerances, ''), coalesce(ch.new_tolerances, ''), ch.details FROM oa_changes "
      "ch"
      " JOIN commits c ON c.id = ch.commit_id ORDER BY c.seq, ch.id",
      "SELECT c.sha, ch.assertion_uid, r.reason, r.source FROM change_reasons r JOIN oa_changes ch ON ch.id = r.change_id"
      " JOIN commits c ON c.id = ch.commit_id ORDER BY c.seq, ch.id, r.reason",
      "SELECT blob, line, assertion_uid FROM blob_assertions ORDER BY blob, line",
      "SELECT c.sha, r.reason FROM commit_reasons r JOIN commits c ON c.id = r.commit_id ORDER BY c.seq, r.reason"};
  for (const char* sql : queries) {
    reports::Statement q(db, sql);
    bool row = false;
    while (q.step(&row) && row) {
      for (int i = 0; i < 16; ++i) out << q.columnText(i) << '\t';
      out << '\n';
    }
    out << "--\n";
  }
  return out.str();
}

// The loosened thresholds a mined database records, or -1 when it cannot be read.
int64_t loosenings(const fs::path& db) {
  reports::Database d;
  std::string err;
  if (!d.open(db.string(), err)) return -1;
  reports::Statement q(d, "SELECT COUNT(*) FROM oa_changes WHERE kinds = 'threshold' AND direction = 'loosen'");
  bool row = false;
  return q.step(&row) && row ? q.columnInt(0) : -1;
}

// Mines repo into db on two threads; `adjust` changes any other option.
miners::MineSummary mineWith(const fs::path& repo, const fs::path& db, const std::function<void(miners::MineOptions&)>& adjust) {
  miners::MineOptions opt;
  opt.repoPath = repo.string();
  opt.dbPath = db.string();
  opt.threads = 2;
  adjust(opt);
  std::string err;
  auto s = miners::mine(opt, err);
  EXPECT_TRUE(s.has_value()) << err;
  return s.value_or(miners::MineSummary{});
}

miners::MineSummary mineInto(const fs::path& repo, const fs::path& db, unsigned threads = 2) {
  return mineWith(repo, db, [&](miners::MineOptions& opt) { opt.threads = threads; });
}

class MineHistory : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    gWork = fs::temp_directory_path() / ("oalens_mine_" + std::to_string(::getpid()));
    fs::remove_all(gWork);
    fs::create_directories(gWork);
    gRepo = oalens::testing::historyFixture();
  }
  static void TearDownTestSuite() { fs::remove_all(gWork); }
};

// The rows of a ground-truth file of corpora/history (header skipped) as keys
// "subject | file:line | rest | ...", made of its first `columns` columns.
std::multiset<std::string> groundTruth(const std::string& name, size_t columns) {
  std::ifstream f(kSource / "corpora/history" / name);
  std::multiset<std::string> keys;
  std::string line;
  std::getline(f, line);  // header
  while (std::getline(f, line)) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, '\t');) cols.push_back(c);
    if (cols.size() < columns || cols[3] == "none") continue;  // a commit expected to change no OA assertion
    std::string key = cols[0] + " | " + cols[1] + ":" + cols[2];
    for (size_t i = 3; i < columns; ++i) key += " | " + cols[i];
    keys.insert(key);
  }
  return keys;
}

// The same keys of a query's rows (subject, file, line, then the rest).
std::multiset<std::string> minedKeys(reports::Database& d, const std::string& sql, int columns) {
  std::multiset<std::string> keys;
  reports::Statement q(d, sql);
  bool row = false;
  while (q.step(&row) && row) {
    std::string key = q.columnText(0) + " | " + q.columnText(1) + ":" + q.columnText(2);
    for (int i = 3; i < columns; ++i) key += " | " + q.columnText(i);
    keys.insert(key);
  }
  return keys;
}

// What was expected and not mined, and mined and not expected, a line each; empty when equal.
std::string missingAndNoisy(const std::multiset<std::string>& want, const std::multiset<std::string>& got) {
  std::string out;
  for (const auto& w : want)
    if (!got.count(w)) out += "  missing: " + w + "\n";
  for (const auto& g : got)
    if (!want.count(g)) out += "  noisy:   " + g + "\n";
  return out;
}

// The rows of a query, each its first `columns` columns joined by spaces.
std::vector<std::string> rowsOf(const fs::path& dbPath, const std::string& sql, int columns) {
  reports::Database d;
  std::string err;
  if (!d.open(dbPath.string(), err)) return {"cannot open: " + err};
  reports::Statement q(d, sql);
  std::vector<std::string> rows;
  bool row = false;
  while (q.step(&row) && row) {
    std::string line;
    for (int i = 0; i < columns; ++i) line += (i ? " " : "") + q.columnText(i);
    rows.push_back(std::move(line));
  }
  return rows;
}

int64_t diagnosticsLike(const fs::path& dbPath, const std::string& like) {
  reports::Database d;
  std::string err;
  if (!d.open(dbPath.string(), err)) return -1;
  reports::Statement q(d, "SELECT COUNT(*) FROM mine_diagnostics WHERE message LIKE ?");
  bool row = false;
  return q.bind(1, like).step(&row) && row ? q.columnInt(0) : -1;
}

}  // namespace

TEST_F(MineHistory, ChangesMatchTheGroundTruth) {
  fs::path db = gWork / "golden.db";
  auto s = mineInto(gRepo, db);
  EXPECT_EQ(s.walked, kFixtureCommits);
  EXPECT_EQ(s.failed, 0u);
  reports::Database d;
  std::string err;
  ASSERT_TRUE(d.open(db.string(), err)) << err;
  const std::multiset<std::string> got = minedKeys(
      d,
      "SELECT c.subject, ch.file, ch.line, ch.kinds, coalesce(ch.direction, '-') FROM oa_changes ch JOIN commits c ON c.id = ch.commit_id",
      5);
  EXPECT_EQ(missingAndNoisy(groundTruth("expected_changes.tsv", 5), got), "");
  bool row = false;
  // A Latin-1 commit message is stored as UTF-8.
  reports::Statement latin(d, "SELECT COUNT(*) FROM commits WHERE subject LIKE '%Jos\xc3\xa9%'");
  ASSERT_TRUE(latin.step(&row));
  EXPECT_EQ(latin.columnInt(0), 1);
}

// The reasons read from the code (source `code`) against expected_code_reasons.tsv: every one
// expected, nothing else (a tolerance chosen by the input's size gives none).
TEST_F(MineHistory, CodeReasonsMatchTheGroundTruth) {
  fs::path db = gWork / "code_reasons.db";
  mineInto(gRepo, db);
  reports::Database d;
  std::string err;
  ASSERT_TRUE(d.open(db.string(), err)) << err;
  const std::multiset<std::string> want = groundTruth("expected_code_reasons.tsv", 4);
  EXPECT_EQ(want.size(), 3u);
  EXPECT_EQ(missingAndNoisy(want, minedKeys(d,
                                            "SELECT c.subject, ch.file, ch.line, r.reason FROM change_reasons r JOIN oa_changes ch ON"
                                            " ch.id = r.change_id JOIN commits c ON c.id = ch.commit_id WHERE r.source = 'code'",
                                            4)),
            "");
}

TEST_F(MineHistory, SecondRunOnlyProcessesNewCommits) {
  fs::path db = gWork / "resume.db";
  mineInto(gRepo, db);
  std::string before = dump(db.string());
  auto again = mineInto(gRepo, db);
  EXPECT_EQ(again.processed, 0u);
  EXPECT_EQ(again.alreadyDone, kFixtureCommits);
  EXPECT_EQ(dump(db.string()), before);
}

// A database of schema version 2 (one blob_assertions row per assertion and version) is
// rewritten when mine opens it, and the run resumes on it to the same database.
TEST_F(MineHistory, AVersion2DatabaseIsUpgradedAndResumed) {
  const fs::path clean = gWork / "v3.db", old = gWork / "v2.db";
  mineInto(gRepo, clean);
  mineWith(gRepo, old, [](miners::MineOptions& opt) { opt.rev = "HEAD~8"; });
  {
    reports::Database db;
    std::string err;
    ASSERT_TRUE(db.open(old.string(), err)) << err;
    ASSERT_TRUE(
        db.exec("CREATE TABLE v2_rows AS SELECT blob, line, assertion_uid FROM blob_assertions;"
                "DROP VIEW blob_assertions; DROP TABLE blob_assertion_sets; DROP TABLE assertion_identities;"
                "CREATE TABLE blob_assertions (blob TEXT NOT NULL, line INTEGER NOT NULL, assertion_uid TEXT NOT NULL,"
                " PRIMARY KEY (blob, line)) WITHOUT ROWID;"
                "INSERT INTO blob_assertions SELECT * FROM v2_rows; DROP TABLE v2_rows;"
                "UPDATE meta SET value = '2' WHERE key = 'schema_version';",
                err))
        << err;
  }
  const auto resumed = mineInto(gRepo, old);
  EXPECT_GT(resumed.alreadyDone, 0u);
  EXPECT_GT(resumed.processed, 0u);
  EXPECT_EQ(dump(old.string()), dump(clean.string()));
}

// A resumed run reads its new commits' reasons with the patterns the database was first mined
// with (meta `reason_patterns`), so that all its reasons compare, and says so.
TEST_F(MineHistory, AResumedRunKeepsTheDatabasesReasonPatterns) {
  const fs::path db = gWork / "patterns.db";
  mineWith(gRepo, db, [](miners::MineOptions& opt) { opt.rev = "HEAD~8"; });
  auto reasonsOf = [&](const std::string& sql) {
    reports::Database d;
    std::string err;
    std::multiset<std::string> out;
    if (!d.open(db.string(), err)) return out;
    reports::Statement q(d, sql);
    bool row = false;
    while (q.step(&row) && row) out.insert(q.columnText(0));
    return out;
  };
  const std::string earlier = "SELECT r.reason FROM commit_reasons r JOIN commits c ON c.id = r.commit_id";
  const std::multiset<std::string> before = reasonsOf(earlier);
  ASSERT_FALSE(before.empty());
  {
    reports::Database d;
    std::string err;
    ASSERT_TRUE(d.open(db.string(), err)) << err;
    ASSERT_TRUE(d.exec("UPDATE meta SET value = '[[reason]]\nid = \"any\"\npattern = \".\"\n' WHERE key = 'reason_patterns'", err)) << err;
  }
  const auto resumed = mineInto(gRepo, db);
  ASSERT_GT(resumed.processed, 0u);
  bool told = false;
  for (const auto& w : resumed.warnings) told |= w.find("patterns it was first mined with") != std::string::npos;
  EXPECT_TRUE(told);
  std::multiset<std::string> after = reasonsOf(earlier);
  for (const auto& r : before) {  // the earlier commits keep theirs
    const auto kept = after.find(r);
    ASSERT_NE(kept, after.end()) << r;
    after.erase(kept);
  }
  const std::vector<std::string> everyNewCommit(resumed.processed, "any");
  EXPECT_EQ(after, std::multiset<std::string>(everyNewCommit.begin(), everyNewCommit.end()))
      << "each new commit tagged by the stored patterns alone";

  // Nothing to tag, nothing said.
  const auto idle = mineInto(gRepo, db);
  EXPECT_EQ(idle.processed, 0u);
  EXPECT_TRUE(idle.warnings.empty());

  // A database from before the patterns were kept: told that its reasons may mix.
  const fs::path older = gWork / "patterns-unkept.db";
  mineWith(gRepo, older, [](miners::MineOptions& opt) { opt.rev = "HEAD~8"; });
  {
    reports::Database d;
    std::string err;
    ASSERT_TRUE(d.open(older.string(), err)) << err;
    ASSERT_TRUE(d.exec("DELETE FROM meta WHERE key = 'reason_patterns'", err)) << err;
  }
  told = false;
  for (const auto& w : mineInto(gRepo, older).warnings) told |= w.find("before it kept its reason patterns") != std::string::npos;
  EXPECT_TRUE(told);
}

TEST_F(MineHistory, ThreadCountDoesNotChangeTheDatabase) {
  mineInto(gRepo, gWork / "j1.db", 1);
  mineInto(gRepo, gWork / "j4.db", 4);
  EXPECT_EQ(dump((gWork / "j1.db").string()), dump((gWork / "j4.db").string()));
}

TEST_F(MineHistory, KilledRunsResumeToTheSameDatabase) {
  fs::path clean = gWork / "clean.db", killed = gWork / "killed.db";
  mineInto(gRepo, clean);
  std::mt19937 rng(20261122);
  std::uniform_int_distribution<int> wait(20, 400);
  for (int attempt = 0; attempt < 5; ++attempt) {
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      setenv("OALENS_TEST_COMMIT_DELAY_MS", "25", 1);
      int devnull = open("/dev/null", O_WRONLY);
      dup2(devnull, 1);
      dup2(devnull, 2);
      execl(OALENS_BINARY, "oalens", "mine", gRepo.c_str(), "--db", killed.c_str(), "-j", "2", static_cast<char*>(nullptr));
      _exit(127);
    }
    usleep(static_cast<useconds_t>(wait(rng)) * 1000);
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
  }
  mineInto(gRepo, killed);
  EXPECT_EQ(dump(killed.string()), dump(clean.string()));
}

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

// A run killed between creating the schema and writing its version (a build before they were
// one transaction) left our tables without meta.schema_version: the next run takes the
// database as its own and resumes.
TEST_F(MineHistory, TablesLeftWithoutTheirVersionAreResumed) {
  const fs::path db = gWork / "interrupted.db";
  ASSERT_EQ(run("sqlite3 " + db.string() + " < " + (kSource / "reports/sqlite/schema.sql").string()), 0);
  auto s = mineInto(gRepo, db);
  EXPECT_EQ(s.failed, 0u);
  EXPECT_GT(s.processed, 0u);
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
