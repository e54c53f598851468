// `oalens mine`: walks a repository's history with libgit2 (never a work tree: blobs only),
// scans the old and new version of every changed test file with the scan core, pairs their
// OA assertions, classifies each change and its reasons, and stores the result in SQLite,
// one transaction per commit. Workers (one Repository each) analyse commits ahead of a single
// writer that commits them in walk order, so a killed run leaves a prefix of whole commits
// and the next run continues after it. The look-ahead window bounds memory.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/assertions/catalogue.h"
#include "analyzer/core/input_guard.h"
#include "analyzer/core/progress_line.h"
#include "miners/git/repository.h"

namespace oalens::miners {

struct MineOptions {
  std::string repoPath;
  std::string dbPath;
  std::string rev = "HEAD";
  bool firstParent = false;
  // Diff merge commits against their first parent too, as `git log -p --diff-merges=first-parent`
  // does: a branch's changes then count again at its merge.
  bool diffMerges = false;
  unsigned threads = 0;
  std::optional<int64_t> since, until;                // committer time bounds, seconds since the epoch
  std::string testFilePattern;                        // Python test files; empty: the scan default
  std::string cppTestFilePattern;                     // C++ test files; empty: the scan default
  bool includeVendored = false;                       // C++ files in vendored folders count as tests (test_files.h)
  int renameLimit = Repository::kDefaultRenameLimit;  // deleted files each added one is compared with
  analyzer::InputLimits limits;
  analyzer::ProgressLine* progress = nullptr;  // a terminal's progress line, one tick per commit; not owned
  // Memory for the analysed versions of test files kept for reuse by later commits.
  size_t blobCacheBytes = size_t{64} << 20;
  // When a change touches only tests, take the untouched tests' assertions from the previous
  // version instead of scanning them (miners/walk/derived_versions.h); off: scan every version whole.
  bool deriveUntouchedTests = true;
  // Build a version's model (scoped or whole) from cached models of its skeleton and tests
  // instead of parsing its text (miners/walk/piece_models.h), within this much memory.
  bool spliceModels = true;
  // Splice each changed test's model in turn from its statements (miners/walk/statement_parts.h).
  bool spliceUnits = true;
  // Leave out of a version's scan the tests that can hold no OA check (miners/gate/check_sieve.h).
  bool leaveOutChecklessTests = true;
  // 128 MB: on Keras master the cache hit 16.6k, 22.2k, 26.4k and 32.6k times at 16, 32, 64 and 128 MB, 32.8k at 1 GB.
  size_t pieceCacheBytes = size_t{128} << 20;
  // Scan each version with the wrappers of the suite's helper modules it imports (its base test
  // case, test utilities) as its commit's tree holds them (miners/walk/suite_wrappers.h); off:
  // only the wrappers the file defines itself.
  bool suiteHelpers = true;
  // Also parse every spliced version's text and compare the two models (slow; for verification).
  bool checkSplices = false;
  // A configuration the command read (`mine --config FILE`): its catalogue and [scan] test_files
  // instead of those of the configuration at the tip.
  std::shared_ptr<const analyzer::Catalogue> catalogue;
  std::string configuredTestFiles;
};

struct MineSummary {
  size_t walked = 0;         // commits reachable from the tip (within since/until)
  size_t alreadyDone = 0;    // skipped: stored by an earlier run
  size_t processed = 0;      // analysed in this run
  size_t failed = 0;         // commits with an error (stored with status 'error')
  size_t touchingTests = 0;  // in this run
  size_t oaCommits = 0;
  size_t oaChanges = 0;
  // Derived versions whose model was spliced, and (with checkSplices) those whose spliced model
  // differed from the parsed one; the first differences are among the warnings.
  size_t spliced = 0;
  size_t spliceMismatches = 0;
  // Versions no earlier change of their file left analysed, derived from its newest analysed
  // version (miners/walk/newest_versions.h).
  size_t derivedFromNewest = 0;
  // Units (changed tests and helpers) parsed for the splice, and those of them spliced in turn
  // from their statements.
  size_t unitsBuilt = 0, unitsFromStatements = 0, skeletonsFromStatements = 0, blocksFromStatements = 0;
  size_t partsParsed = 0, partsReused = 0;  // statements, unit skeletons, and the `pass` of units left out
  std::vector<std::string> warnings;
  // Why the history in the database is incomplete (empty: it is whole): a commit the walk
  // passed over, or commits stored as errors; also in mine_runs. The command then exits 1.
  std::string incomplete;
  int64_t repositoryId = -1;  // the repository's row in the database (`repositories.id`)
};

// Returns nullopt (and err) only for fatal problems: the repository or database cannot be
// opened, or the revision does not exist. Per-commit problems are recorded and counted.
std::optional<MineSummary> mine(const MineOptions& options, std::string& err);

}  // namespace oalens::miners
