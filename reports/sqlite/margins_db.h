// Reads a margins database, the SQLite file the pytest plugin oalens_margins writes
// (miners/margins, docs/margins.md): checks that it is one, then reads per call site the
// aggregates the margins report joins with a scan. A database of a few million calls is read
// in one grouped query; the plugin's index on frames(file, line) serves it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace oalens::reports {

// The margins schema version this build reads (meta.schema_version; docs/margins.md).
inline constexpr int kMarginsSchemaVersion = 1;

// One recorded frame position, aggregated over the calls of one test run that passed through
// it: `direct` when the frame made the watched call itself (depth 0), otherwise a caller of a
// wrapper that made it.
struct MarginGroup {
  std::string file;  // relative to the rootdir the plugin recorded (MarginsData::rootdir)
  int64_t line = 0;
  bool direct = true;
  std::string testId;
  int64_t run = 0;
  // Largest share of the tolerance used (may be +inf), over the calls whose outcome counted:
  // nullopt when every call failed and the test caught it (a try/except, pytest.raises: the
  // test passed regardless).
  std::optional<double> maxUsed;
  int64_t failedCalls = 0;   // failed, and the test did not go on to pass
  int64_t caughtCalls = 0;   // failed, and the test passed (or skipped) anyway
  int64_t failedWithin = 0;  // failed with every element within the tolerance (shape, dtype, device)
  int64_t calls = 0;
  // The worst call's check: its API, form (sum, max, decimal, places, delta), the tolerance in
  // force and its parameters, its largest absolute error, and the error and bound of the
  // element that used the largest share (null when not finite).
  std::string api, form, tolerance;
  std::optional<double> rtol, atol, bound, param, maxAbsErr, errAtWorst, tolAtWorst;
};

// An extreme-value estimate the plugin stored for a site (table extremes).
struct MarginExtreme {
  std::string file;
  int64_t line = 0;
  int64_t samples = 0;
  std::string distribution;
  double confidence = 0, usedAtConfidence = 0, pExceed = 0;
};

struct MarginsData {
  std::string rootdir;  // absolute, as the plugin saw it
  int64_t runsPerTest = 1;
  int64_t diagnostics = 0;
  std::vector<std::string> watchedApis;  // catalogue ids of the APIs the plugin records (meta.watched_apis)
  std::vector<MarginGroup> groups;
  std::vector<MarginExtreme> extremes;
};

// Reads `path`. False with err (naming the file) when it cannot be opened, is not a margins
// database (an OALens scan database, another program's, not SQLite at all), is of a newer
// schema, or a query fails on it (a damaged file).
bool readMargins(const std::string& path, MarginsData& out, std::string& err);

}  // namespace oalens::reports
