// Helpers of the tests that mine scripted histories (tests/miners/mine_*_test.cpp): the fixture
// history of corpora/history/build.sh, a scratch directory per test process, mining with options,
// and reading a mined database back as rows, keys or a dump.
#pragma once

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

namespace oalens::testing::mine {

namespace fs = std::filesystem;

inline const fs::path kSource = OALENS_SOURCE_DIR;
inline constexpr size_t kFixtureCommits = 59;  // corpora/history/build.sh
inline fs::path gWork;
inline fs::path gRepo;

inline int run(const std::string& cmd) { return WEXITSTATUS(std::system(cmd.c_str())); }

// A new repository at `dir` with a committer, where the shell `commands` run (inside single
// quotes, so they quote with double ones).
inline int scriptedRepository(const fs::path& dir, const std::string& commands) {
  return run("bash -c 'set -e; git init -q " + dir.string() + "; cd " + dir.string() +
             "; git config user.email t@example.com; git config user.name t; " + commands + "'");
}

inline std::string dump(const std::string& dbPath) {
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
inline int64_t loosenings(const fs::path& db) {
  reports::Database d;
  std::string err;
  if (!d.open(db.string(), err)) return -1;
  reports::Statement q(d, "SELECT COUNT(*) FROM oa_changes WHERE kinds = 'threshold' AND direction = 'loosen'");
  bool row = false;
  return q.step(&row) && row ? q.columnInt(0) : -1;
}

// Mines repo into db on two threads; `adjust` changes any other option.
inline miners::MineSummary mineWith(const fs::path& repo, const fs::path& db, const std::function<void(miners::MineOptions&)>& adjust) {
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

inline miners::MineSummary mineInto(const fs::path& repo, const fs::path& db, unsigned threads = 2) {
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
inline std::multiset<std::string> groundTruth(const std::string& name, size_t columns) {
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
inline std::multiset<std::string> minedKeys(reports::Database& d, const std::string& sql, int columns) {
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
inline std::string missingAndNoisy(const std::multiset<std::string>& want, const std::multiset<std::string>& got) {
  std::string out;
  for (const auto& w : want)
    if (!got.count(w)) out += "  missing: " + w + "\n";
  for (const auto& g : got)
    if (!want.count(g)) out += "  noisy:   " + g + "\n";
  return out;
}

// The rows of a query, each its first `columns` columns joined by spaces.
inline std::vector<std::string> rowsOf(const fs::path& dbPath, const std::string& sql, int columns) {
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

inline int64_t diagnosticsLike(const fs::path& dbPath, const std::string& like) {
  reports::Database d;
  std::string err;
  if (!d.open(dbPath.string(), err)) return -1;
  reports::Statement q(d, "SELECT COUNT(*) FROM mine_diagnostics WHERE message LIKE ?");
  bool row = false;
  return q.bind(1, like).step(&row) && row ? q.columnInt(0) : -1;
}

}  // namespace oalens::testing::mine
