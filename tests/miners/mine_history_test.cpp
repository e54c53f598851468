// `oalens mine` on the scripted fixture history (corpora/history/build.sh) against its ground
// truth (expected_changes.tsv), and resumption: a second run, an older database upgraded, thread-count
// independence, a run killed at random points and resumed.
#include "tests/support/mine_fixture.h"

using namespace oalens;
using namespace oalens::testing::mine;

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
