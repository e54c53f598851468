// `oalens merge`: per-repository databases (one `oalens mine`, `scan` or `lint` each, run as
// independent tasks of any batch engine) combined into one, for reports over many
// repositories. Row ids are shifted past the output's, foreign keys with them, and the
// identity ids inside blob_assertion_sets' JSON too. Each input is merged in one transaction:
// an input that fails leaves the output as it was. A repository already in the output (the
// same path merged twice) keeps its first history; the second is skipped and said so. A
// merged database is for reports: resume mining in the per-repository databases.
#pragma once
#include <string>
#include <vector>

#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

struct MergeCounts {
  int64_t scans = 0, repositories = 0, commits = 0, oaChanges = 0, lintRuns = 0;
  std::vector<std::string> skippedRepositories;  // paths already in the output
  // Said of the input: its change reasons were read with other patterns than the output's
  // (meta `reason_patterns`), so the merged reasons mix two pattern sets.
  std::vector<std::string> notes;
};

// Merges the database at `input` into `out` (opened, with the current schema). False with
// `err` when the input cannot be read or is not an OALens database of schema version 3 or later.
bool mergeDatabase(Database& out, const std::string& input, MergeCounts& counts, std::string& err);

}  // namespace oalens::reports
