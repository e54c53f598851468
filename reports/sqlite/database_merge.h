// `oalens merge`: per-repository databases (one `oalens mine`, `scan` or `lint` each, run as
// independent tasks of any batch engine) combined into one, for reports over many
// repositories. Row ids are shifted past the output's, foreign keys with them; assertion
// identities are shared by their text, so the ids inside blob_assertion_sets' JSON are mapped.
// Each input is merged in one transaction, table by table with INSERT ... SELECT inside SQLite
// (memory does not grow with the inputs): an input that fails leaves the output as it was.
// Merging is idempotent: a repository already in the output (the same path, or the same
// name given with --name) is replaced, its rows deleted in the same transaction. A merged
// database is for reports: resume mining in the per-repository databases.
#pragma once
#include <string>
#include <vector>

#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

// What `merge --name` says of the repository an input holds; empty fields are not given.
// With a name, everything in the input (its mined history, scans and lint runs) belongs to one
// repository whose `path` in the output is the name. `replace`: what the output held under
// that name goes first (the first of the inputs that make up one repository).
struct MergeProvenance {
  std::string name, source, revision, options;
  bool replace = true;
};

struct MergeCounts {
  int64_t scans = 0, repositories = 0, commits = 0, oaChanges = 0, lintRuns = 0;
  std::vector<std::string> replacedRepositories;  // paths that were already in the output
  // Said of the input: its change reasons were read with other patterns than the output's
  // (meta `reason_patterns`), so the merged reasons mix two pattern sets.
  std::vector<std::string> notes;
};

// Merges the database at `input` into `out` (opened, with applySchema run). False with `err`
// when the input cannot be read, is not an OALens database of schema version 3 or later, or
// holds more than one repository while `as.name` is given.
bool mergeDatabase(Database& out, const std::string& input, const MergeProvenance& as, MergeCounts& counts, std::string& err);

}  // namespace oalens::reports
