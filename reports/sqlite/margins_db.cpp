#include "reports/sqlite/margins_db.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "reports/sqlite/history_tables.h"
#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

namespace {

// The rows of the calls grouped per frame position and test run. A failed call whose test
// passed anyway was caught (an except clause, pytest.raises): it neither counts as a failure nor
// gives the largest share. MAX(...) is the query's one min/max aggregate, so SQLite takes the
// bare columns (api, form, tolerance...) from the row that holds it: the worst counted call's.
constexpr const char* kGroupsSql =
    "WITH c AS (SELECT calls.*, calls.passed = 0 AND COALESCE(r.outcome IN ('passed', 'skipped', 'xpassed'), 0) AS caught"
    " FROM calls LEFT JOIN runs r ON r.test_id = calls.test_id AND r.run = calls.run)"
    " SELECT f.file, f.line, f.depth = 0, c.test_id, c.run, MAX(CASE WHEN c.caught THEN NULL ELSE c.used END),"
    " SUM(c.passed = 0 AND NOT c.caught), SUM(c.caught), SUM(c.passed = 0 AND NOT c.caught AND c.used <= 1), COUNT(*),"
    " c.api, c.form, c.tolerance, c.rtol, c.atol, c.bound, c.param, c.max_abs_err, c.err_at_worst, c.tol_at_worst"
    " FROM frames f JOIN c ON c.id = f.call_id GROUP BY f.file, f.line, f.depth = 0, c.test_id, c.run ORDER BY f.file, f.line";

constexpr const char* kExtremesSql =
    "SELECT file, line, samples, distribution, confidence, used_at_confidence, p_exceed FROM extremes ORDER BY file, line";

bool checkFormat(Database& db, const std::string& path, std::string& err) {
  Statement tables(db, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
  bool row = false;
  if (!tables.ok() || !tables.step(&row) || !row) {
    err = fmt::format("{}: not a database oalens can read: {}", path, tables.ok() ? tables.error() : sqlite3_errmsg(db.handle()));
    return false;
  }
  const std::optional<std::string> format = tables.columnInt(0) ? metaValue(db, "format") : std::nullopt;
  if (!format || *format != "oalens-margins") {
    err = fmt::format("{}: not a margins database (no meta.format 'oalens-margins'; write one with pytest -p oalens_margins)", path);
    return false;
  }
  const std::string version = metaValue(db, "schema_version").value_or("");
  char* end = nullptr;
  const long schema = std::strtol(version.c_str(), &end, 10);
  if (end == version.c_str() || *end != '\0' || schema < 1) {
    err = fmt::format("{}: not a margins database (meta.schema_version is '{}')", path, version);
    return false;
  }
  if (schema > kMarginsSchemaVersion) {
    err = fmt::format("{}: margins schema version {} is newer than this oalens reads ({})", path, schema, kMarginsSchemaVersion);
    return false;
  }
  return true;
}

bool readGroups(Database& db, const std::string& path, MarginsData& out, std::string& err) {
  Statement q(db, kGroupsSql);
  bool row = false;
  while (q.step(&row) && row) {
    MarginGroup g;
    g.file = q.columnText(0);
    g.line = q.columnInt(1);
    g.direct = q.columnInt(2) != 0;
    g.testId = q.columnText(3);
    g.run = q.columnInt(4);
    g.maxUsed = q.columnDouble(5);
    g.failedCalls = q.columnInt(6);
    g.caughtCalls = q.columnInt(7);
    g.failedWithin = q.columnInt(8);
    g.calls = q.columnInt(9);
    g.api = q.columnText(10);
    g.form = q.columnText(11);
    g.tolerance = q.columnText(12);
    g.rtol = q.columnDouble(13);
    g.atol = q.columnDouble(14);
    g.bound = q.columnDouble(15);
    g.param = q.columnDouble(16);
    g.maxAbsErr = q.columnDouble(17);
    g.errAtWorst = q.columnDouble(18);
    g.tolAtWorst = q.columnDouble(19);
    out.groups.push_back(std::move(g));
  }
  if (!q.ok() || !q.error().empty()) {
    err = fmt::format("{}: cannot read the recorded calls: {}", path, q.ok() ? q.error() : sqlite3_errmsg(db.handle()));
    return false;
  }
  return true;
}

bool readExtremes(Database& db, const std::string& path, MarginsData& out, std::string& err) {
  Statement q(db, kExtremesSql);
  bool row = false;
  while (q.step(&row) && row) {
    MarginExtreme e;
    e.file = q.columnText(0);
    e.line = q.columnInt(1);
    e.samples = q.columnInt(2);
    e.distribution = q.columnText(3);
    e.confidence = q.columnDouble(4).value_or(0);
    e.usedAtConfidence = q.columnDouble(5).value_or(0);
    e.pExceed = q.columnDouble(6).value_or(0);
    out.extremes.push_back(std::move(e));
  }
  if (!q.ok() || !q.error().empty()) {
    err = fmt::format("{}: cannot read the extreme-value estimates: {}", path, q.ok() ? q.error() : sqlite3_errmsg(db.handle()));
    return false;
  }
  return true;
}

}  // namespace

bool readMargins(const std::string& path, MarginsData& out, std::string& err) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {  // opening would create an empty database
    err = fmt::format("{}: no such database", path);
    return false;
  }
  Database db;
  if (!db.open(path, err, Database::Access::ReadOnly) || !checkFormat(db, path, err)) return false;
  out.rootdir = metaValue(db, "rootdir").value_or("");
  out.runsPerTest = std::strtoll(metaValue(db, "runs").value_or("1").c_str(), nullptr, 10);
  out.diagnostics = countRows(db, "SELECT COUNT(*) FROM diagnostics");
  const std::string watched = metaValue(db, "watched_apis").value_or("");
  for (size_t start = 0; start < watched.size();) {
    size_t comma = std::min(watched.find(',', start), watched.size());
    if (comma > start) out.watchedApis.push_back(watched.substr(start, comma - start));
    start = comma + 1;
  }
  return readGroups(db, path, out, err) && readExtremes(db, path, out, err);
}

}  // namespace oalens::reports
