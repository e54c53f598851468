// What the dashboard (reports/html/dashboard.cpp) shows of a database, read here so that its
// SQL stays with the schema: the latest scan and its counts, the mined history's changes per
// year, reasons and latest loosenings, the latest lint run and its findings. Text columns come
// as SQLite prints them (a REAL tolerance as "1e-05"), so the page shows what the table holds.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

struct CountedLabel {
  std::string label;
  int64_t count = 0;
};

struct ScanFacts {
  int64_t id = 0;
  std::string root;
  int64_t files = 0, assertions = 0, oaAssertions = 0, testCases = 0, testCasesWithOa = 0;
};
std::optional<ScanFacts> latestScan(Database& db);

// The OA assertions of a scan counted by one of their columns: api (the 12 most used),
// category, threshold_provenance, oracle_type; most first, then by name.
enum class OaFacet { Api, Category, ThresholdProvenance, OracleType };
std::vector<CountedLabel> oaAssertionsBy(Database& db, int64_t scan, OaFacet facet);

// The 15 largest written tolerances of a scan's OA assertions (atol, rtol, delta, bound,
// epsilon, margin; not the APIs' defaults).
struct WrittenTolerance {
  std::string file, line, api, name, text, value;
};
std::vector<WrittenTolerance> loosestWrittenTolerances(Database& db, int64_t scan);

// `repository` < 0 below: every repository of the database.
bool hasMinedHistory(Database& db);
struct YearlyChange {
  std::string year, kinds, direction;  // kinds comma-separated, as oa_changes stores them
};
std::vector<YearlyChange> changesByYear(Database& db, int64_t repository);
std::vector<CountedLabel> changeReasonCounts(Database& db, int64_t repository);  // "reason (source)"
struct Loosening {
  std::string sha, date, subject, details, file;
  int64_t line = 0;
};
std::vector<Loosening> latestLoosenings(Database& db, int64_t repository);  // the 15 latest, loosen or mixed

// The tip of the one mined repository, or "" when there are none or several.
std::string minedTip(Database& db);

struct LintRunFacts {
  int64_t id = 0;
  std::string root;
  int64_t files = 0, findings = 0, suppressed = 0;
};
std::optional<LintRunFacts> latestLintRun(Database& db);
std::vector<CountedLabel> lintFindingsByRule(Database& db, int64_t run);  // "ID name"
std::vector<CountedLabel> lintFindingsByFile(Database& db, int64_t run);  // the 15 with the most
struct StoredLintFinding {
  std::string file;
  int64_t line = 0, column = 0;
  std::string rule, name, severity, message;
};
std::vector<StoredLintFinding> lintFindingsOf(Database& db, int64_t run, int64_t limit);

}  // namespace oalens::reports
