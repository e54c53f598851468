// The mining database: the schema of docs/schema.md, one transaction per commit, assertion
// identities carried from blob to blob, and the set of commits already stored, so a second run
// only analyses new commits and a killed run resumes after its last whole commit. One run at a
// time writes a database: a second `mine` on it is refused while the first holds its lock.
#pragma once
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "miners/classify/reason_tagger.h"
#include "miners/state/commit_result.h"
#include "reports/sqlite/sqlite_db.h"

namespace oalens::miners {

struct StoredCommit {
  size_t oaChanges = 0;
};

class MineStore {
 public:
  MineStore();
  ~MineStore();
  bool open(const std::string& path, std::string& err);
  bool beginRepository(const std::string& path, const std::string& tip, std::string& err);
  bool isDone(const std::string& sha) const { return done_.count(sha) > 0; }
  bool hasCommits();
  std::optional<std::string> meta(const std::string& key);
  bool setMeta(const std::string& key, const std::string& value, std::string& err);
  int64_t repositoryId() const { return repositoryId_; }  // after beginRepository
  // Writes one commit atomically; false only when the database refuses the transaction. Each
  // change gets the reasons resolveReasons gives from what its message `stated` and the change's
  // evidence (miners/classify/reason_resolver.h); the commit the reasons its message states.
  bool writeCommit(size_t seq, const CommitResult& r, const std::vector<MessageMatch>& stated, int testDelayMs, StoredCommit& out,
                   std::string& err);
  // The row of a run that reached its end (table mine_runs): complete unless `problem` says why.
  bool recordRun(const std::string& tip, size_t walked, size_t failed, const std::string& problem, std::string& err);

 private:
  // Prepared once per run: a commit touching test files runs them thousands of times, and
  // preparing them per commit and per lookup took 5% of `mine` (perf, Keras to 2.2.4).
  struct Statements;
  bool upgradeSchema(std::string& err);
  bool lockAgainstOtherRuns(const std::string& path, std::string& err);
  // An flock on the database file, held for the run (released by the kernel if the run dies).
  // Declared before db_ so that it is closed after SQLite's connection: closing any descriptor
  // of the file drops the POSIX locks SQLite holds on it.
  struct LockFile {
    int fd = -1;
    ~LockFile();
  } lock_;
  reports::Database db_;
  std::unique_ptr<Statements> sql_;  // declared after db_: finalized before it closes
  int64_t repositoryId_ = 0;
  std::set<std::string> done_;
};

// Commit messages as UTF-8: Latin-1 when the commit says so, invalid bytes as U+FFFD otherwise.
std::string messageAsUtf8(const std::string& raw, const std::string& encoding);

}  // namespace oalens::miners
