// The dashboard's reads (dashboard_queries.h).
#include "reports/sqlite/dashboard_queries.h"

#include "reports/sqlite/history_tables.h"

namespace oalens::reports {

namespace {

// Every row of `sql`, with `bind` as its first parameter, each made by `read`.
template <class Row, class Read>
std::vector<Row> rowsOf(Database& db, const std::string& sql, int64_t bind, Read read) {
  Statement q(db, sql);
  q.bind(1, bind);
  std::vector<Row> out;
  bool row = false;
  while (q.step(&row) && row) out.push_back(read(q));
  return out;
}

std::vector<CountedLabel> countedLabels(Database& db, const std::string& sql, int64_t bind) {
  return rowsOf<CountedLabel>(db, sql, bind, [](Statement& q) { return CountedLabel{q.columnText(0), q.columnInt(1)}; });
}

}  // namespace

std::optional<ScanFacts> latestScan(Database& db) {
  Statement q(db, "SELECT id, root, files, assertions, oa_assertions, test_cases, test_cases_with_oa FROM scans ORDER BY id DESC LIMIT 1");
  bool row = false;
  if (!q.step(&row) || !row) return std::nullopt;
  return ScanFacts{q.columnInt(0), q.columnText(1), q.columnInt(2), q.columnInt(3), q.columnInt(4), q.columnInt(5), q.columnInt(6)};
}

std::vector<CountedLabel> oaAssertionsBy(Database& db, int64_t scan, OaFacet facet) {
  const std::string oaOfScan = " FROM assertions a JOIN files f ON f.id = a.file_id WHERE f.scan_id = ? AND a.is_oa = 1 ";
  switch (facet) {
    case OaFacet::Api: return countedLabels(db, "SELECT a.api, COUNT(*)" + oaOfScan + "GROUP BY a.api ORDER BY 2 DESC, 1 LIMIT 12", scan);
    case OaFacet::Category: return countedLabels(db, "SELECT a.category, COUNT(*)" + oaOfScan + "GROUP BY 1 ORDER BY 2 DESC, 1", scan);
    case OaFacet::ThresholdProvenance:
      return countedLabels(db, "SELECT a.threshold_provenance, COUNT(*)" + oaOfScan + "GROUP BY 1 ORDER BY 2 DESC, 1", scan);
    case OaFacet::OracleType: return countedLabels(db, "SELECT a.oracle_type, COUNT(*)" + oaOfScan + "GROUP BY 1 ORDER BY 2 DESC, 1", scan);
  }
  return {};
}

std::vector<WrittenTolerance> loosestWrittenTolerances(Database& db, int64_t scan) {
  return rowsOf<WrittenTolerance>(
      db,
      "SELECT f.path, a.line, a.api, t.name, t.text, t.value FROM tolerances t JOIN assertions a ON a.id = t.assertion_id"
      " JOIN files f ON f.id = a.file_id WHERE f.scan_id = ? AND a.is_oa = 1 AND t.provenance != 'default' AND t.value IS NOT NULL"
      " AND t.name IN ('atol', 'rtol', 'delta', 'bound', 'epsilon', 'margin') ORDER BY t.value DESC, f.path, a.line LIMIT 15",
      scan, [](Statement& q) {
        return WrittenTolerance{q.columnText(0), q.columnText(1), q.columnText(2), q.columnText(3), q.columnText(4), q.columnText(5)};
      });
}

bool hasMinedHistory(Database& db) { return hasTable(db, "oa_changes") && countRows(db, "SELECT COUNT(*) FROM commits") > 0; }

std::vector<YearlyChange> changesByYear(Database& db, int64_t repository) {
  return rowsOf<YearlyChange>(
      db,
      "SELECT strftime('%Y', c.time, 'unixepoch'), ch.kinds, ch.direction FROM oa_changes ch JOIN commits c ON c.id = ch.commit_id"
      " WHERE ?1 < 0 OR c.repository_id = ?1",
      repository, [](Statement& q) {
        return YearlyChange{q.columnText(0), q.columnText(1), q.columnText(2)};
      });
}

std::vector<CountedLabel> changeReasonCounts(Database& db, int64_t repository) {
  return countedLabels(
      db,
      "SELECT r.reason || ' (' || r.source || ')', COUNT(*) FROM change_reasons r JOIN oa_changes ch ON ch.id = r.change_id"
      " JOIN commits c ON c.id = ch.commit_id WHERE ?1 < 0 OR c.repository_id = ?1 GROUP BY 1 ORDER BY 2 DESC, 1",
      repository);
}

std::vector<Loosening> latestLoosenings(Database& db, int64_t repository) {
  return rowsOf<Loosening>(
      db,
      "SELECT c.sha, date(c.time, 'unixepoch'), c.subject, ch.details, ch.file, ch.line"
      " FROM oa_changes ch JOIN commits c ON c.id = ch.commit_id WHERE (?1 < 0 OR c.repository_id = ?1) AND ch.direction IN "
      "('loosen', 'mixed') ORDER BY c.time DESC, c.seq DESC, ch.id DESC LIMIT 15",
      repository, [](Statement& q) {
        return Loosening{q.columnText(0), q.columnText(1), q.columnText(2), q.columnText(3), q.columnText(4), q.columnInt(5)};
      });
}

std::string minedTip(Database& db) {
  if (!hasTable(db, "repositories") || countRows(db, "SELECT COUNT(*) FROM repositories") != 1) return {};
  Statement q(db, "SELECT tip FROM repositories");
  bool row = false;
  return q.step(&row) && row ? q.columnText(0) : std::string();
}

std::optional<LintRunFacts> latestLintRun(Database& db) {
  if (!hasTable(db, "lint_runs")) return std::nullopt;
  Statement q(db, "SELECT id, root, files, findings, suppressed FROM lint_runs ORDER BY id DESC LIMIT 1");
  bool row = false;
  if (!q.step(&row) || !row) return std::nullopt;
  return LintRunFacts{q.columnInt(0), q.columnText(1), q.columnInt(2), q.columnInt(3), q.columnInt(4)};
}

std::vector<CountedLabel> lintFindingsByRule(Database& db, int64_t run) {
  return countedLabels(db, "SELECT rule || ' ' || name, COUNT(*) FROM lint_findings WHERE run_id = ? GROUP BY 1 ORDER BY 2 DESC, 1", run);
}

std::vector<CountedLabel> lintFindingsByFile(Database& db, int64_t run) {
  return countedLabels(db, "SELECT file, COUNT(*) FROM lint_findings WHERE run_id = ? GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 15", run);
}

std::vector<StoredLintFinding> lintFindingsOf(Database& db, int64_t run, int64_t limit) {
  Statement q(
      db,
      "SELECT file, line, col, rule, name, severity, message FROM lint_findings WHERE run_id = ? ORDER BY file, line, col, rule LIMIT ?");
  q.bind(1, run).bind(2, limit);
  std::vector<StoredLintFinding> out;
  bool row = false;
  while (q.step(&row) && row)
    out.push_back({q.columnText(0), q.columnInt(1), q.columnInt(2), q.columnText(3), q.columnText(4), q.columnText(5), q.columnText(6)});
  return out;
}

}  // namespace oalens::reports
