#include "reports/sqlite/sqlite_writer.h"

#include <fmt/format.h>

#include <functional>
#include <map>

#include "reports/sqlite/sqlite_db.h"

namespace oalens::reports {

namespace {

bool hasColumn(Database& db, std::string_view table, std::string_view column) {
  Statement q(db, fmt::format("SELECT COUNT(*) FROM pragma_table_info('{}') WHERE name = '{}'", table, column));
  bool row = false;
  return q.step(&row) && row && q.columnInt(0) > 0;
}

}  // namespace

bool applySchema(Database& db, std::string& err) {
  // Version 6: provenance of a merged repository, and the repository a scan or lint run belongs to.
  static constexpr std::pair<std::string_view, std::string_view> kVersion6Columns[] = {
      {"repositories", "source TEXT"},
      {"repositories", "revision TEXT"},
      {"repositories", "tool TEXT"},
      {"repositories", "options TEXT"},
      {"scans", "repository_id INTEGER REFERENCES repositories(id)"},
      {"lint_runs", "repository_id INTEGER REFERENCES repositories(id)"},
  };
  // A file of an older version gets version 7's change_kinds from its oa_changes.kinds.
  const std::optional<std::string> version = metaValue(db, "schema_version");
  const bool before7 = version && std::atoi(version->c_str()) < 7;
  if (!db.exec(kSchemaSql, err)) return false;
  for (const auto& [table, column] : kVersion6Columns) {
    const std::string_view name = column.substr(0, column.find(' '));
    if (!hasColumn(db, table, name) && !db.exec(fmt::format("ALTER TABLE {} ADD COLUMN {}", table, column), err)) return false;
  }
  return !before7 || fillChangeKinds(db, err);
}

bool fillChangeKinds(Database& db, std::string& err) {
  // The comma list split by a recursive CTE; only the changes that have no rows yet.
  return db.exec(
      "WITH RECURSIVE split(change_id, kind, rest) AS ("
      " SELECT id, '', kinds || ',' FROM oa_changes WHERE id NOT IN (SELECT change_id FROM change_kinds)"
      " UNION ALL SELECT change_id, substr(rest, 1, instr(rest, ',') - 1), substr(rest, instr(rest, ',') + 1) FROM split WHERE rest <> '')"
      " INSERT OR IGNORE INTO change_kinds(change_id, kind) SELECT change_id, kind FROM split WHERE kind <> ''",
      err);
}

namespace {

// Opens (or creates) the database with the current schema and runs `body` in one transaction
// that also records the schema version; a failing body rolls everything back.
bool inOneTransaction(const std::string& path, std::string& err, const std::function<bool(Database&)>& body) {
  Database db;
  if (!db.open(path, err) || !isOalensDatabase(db, path, err) || !applySchema(db, err)) return false;
  if (!db.exec("BEGIN IMMEDIATE", err)) return false;
  if (setMetaValue(db, "schema_version", std::to_string(kSchemaVersion), err) && body(db)) return db.exec("COMMIT", err);
  std::string ignored;
  db.exec("ROLLBACK", ignored);
  return false;
}

}  // namespace

static bool writeScan(Database& db, const analyzer::ScanResult& r, std::string& err) {
  auto fail = [&](const Statement& s) {
    err = s.error();
    return false;
  };
  Statement scan(db,
                 "INSERT INTO scans(root, tool, files, assertions, oa_assertions, test_cases, test_cases_with_oa) VALUES (?,?,?,?,?,?,?)");
  scan.bind(1, r.root)
      .bind(2, std::string_view("oalens " OALENS_VERSION))
      .bind(3, int64_t(r.files.size()))
      .bind(4, int64_t(r.assertions.size()))
      .bind(5, int64_t(r.oaCount()))
      .bind(6, int64_t(r.testCaseCount()))
      .bind(7, int64_t(r.testCasesWithOa()));
  if (!scan.run()) return fail(scan);
  const int64_t scanId = db.lastInsertId();

  std::map<std::string, int64_t> fileIds;
  Statement file(db, "INSERT INTO files(scan_id, path, language, is_test_file, scanned) VALUES (?,?,?,?,?)");
  for (const auto& f : r.files) {
    if (!file.bind(1, scanId).bind(2, f.path).bind(3, f.language).bind(4, int64_t(f.isTestFile)).bind(5, int64_t(f.scanned)).run())
      return fail(file);
    fileIds[f.path] = db.lastInsertId();
  }
  std::map<std::pair<std::string, std::string>, int64_t> caseIds;
  Statement tc(db, "INSERT INTO test_cases(file_id, name, line, end_line, assertions, oa_assertions) VALUES (?,?,?,?,?,?)");
  for (const auto& t : r.testCases) {
    if (!tc.bind(1, fileIds[t.file])
             .bind(2, t.name)
             .bind(3, int64_t(t.line))
             .bind(4, int64_t(t.endLine))
             .bind(5, int64_t(t.assertions))
             .bind(6, int64_t(t.oaAssertions))
             .run())
      return fail(tc);
    caseIds[{t.file, t.name}] = db.lastInsertId();
  }
  Statement as(db,
               "INSERT INTO assertions(file_id, test_case_id, line, col, end_line, end_col, language, function, api, api_text, via, form,"
               " category, is_oa, actual, expected, threshold_provenance, oracle_type) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
  Statement tol(db, "INSERT OR REPLACE INTO tolerances(assertion_id, name, text, value, provenance, note) VALUES (?,?,?,?,?,?)");
  Statement ev(db, "INSERT INTO oracle_evidence(assertion_id, step, text) VALUES (?,?,?)");
  for (const auto& a : r.assertions) {
    as.bind(1, fileIds[a.file]);
    if (auto it = caseIds.find({a.file, a.testCase}); !a.testCase.empty() && it != caseIds.end()) as.bind(2, it->second);
    else as.bindNull(2);
    as.bind(3, int64_t(a.range.start.line))
        .bind(4, int64_t(a.range.start.col))
        .bind(5, int64_t(a.range.end.line))
        .bind(6, int64_t(a.range.end.col))
        .bind(7, analyzer::languageName(a.language));
    if (a.function.empty()) as.bindNull(8);
    else as.bind(8, a.function);
    as.bind(9, a.api).bind(10, a.apiText);
    if (a.via.empty()) as.bindNull(11);
    else as.bind(11, a.via);
    as.bind(12, a.form)
        .bind(13, analyzer::categoryName(a.category))
        .bind(14, int64_t(a.isOa))
        .bind(15, a.actualText)
        .bind(16, a.expectedText);
    if (a.isOa) as.bind(17, analyzer::thresholdProvenanceName(a.thresholdProvenance)).bind(18, a.oracleType);
    else as.bindNull(17).bindNull(18);
    if (!as.run()) return fail(as);
    const int64_t id = db.lastInsertId();
    for (const auto& t : a.tolerances) {
      tol.bind(1, id).bind(2, t.name).bind(3, t.text).bind(4, t.value).bind(5, analyzer::provenanceName(t.provenance));
      if (t.note.empty()) tol.bindNull(6);
      else tol.bind(6, t.note);
      if (!tol.run()) return fail(tol);
    }
    for (size_t i = 0; i < a.evidence.size(); ++i)
      if (!ev.bind(1, id).bind(2, int64_t(i)).bind(3, a.evidence[i]).run()) return fail(ev);
  }
  Statement dg(db, "INSERT INTO diagnostics(scan_id, path, line, col, severity, code, message) VALUES (?,?,?,?,?,?,?)");
  for (const auto& d : r.diagnostics)
    if (!dg.bind(1, scanId)
             .bind(2, d.path)
             .bind(3, int64_t(d.line))
             .bind(4, int64_t(d.col))
             .bind(5, analyzer::severityName(d.severity))
             .bind(6, d.code)
             .bind(7, d.message)
             .run())
      return fail(dg);
  return true;
}

bool writeScanDatabase(const std::string& path, const analyzer::ScanResult& r, std::string& err) {
  return inOneTransaction(path, err, [&](Database& db) { return writeScan(db, r, err); });
}

static bool writeLint(Database& db, const std::string& root, const analyzer::LintResult& r, std::string& err) {
  auto fail = [&](const Statement& s) {
    err = s.error();
    return false;
  };
  Statement run(db, "INSERT INTO lint_runs(root, tool, files, findings, suppressed) VALUES (?,?,?,?,?)");
  if (!run.bind(1, root)
           .bind(2, std::string_view("oalens " OALENS_VERSION))
           .bind(3, int64_t(r.files))
           .bind(4, int64_t(r.findings.size()))
           .bind(5, int64_t(r.suppressed))
           .run())
    return fail(run);
  const int64_t runId = db.lastInsertId();
  Statement finding(db,
                    "INSERT INTO lint_findings(run_id, file, line, col, end_line, end_col, rule, name, severity, message, fingerprint)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?)");
  for (const auto& f : r.findings)
    if (!finding.bind(1, runId)
             .bind(2, f.file)
             .bind(3, int64_t(f.line))
             .bind(4, int64_t(f.column))
             .bind(5, int64_t(f.endLine))
             .bind(6, int64_t(f.endColumn))
             .bind(7, f.rule)
             .bind(8, f.name)
             .bind(9, analyzer::severityName(f.severity))
             .bind(10, f.message)
             .bind(11, f.fingerprint)
             .run())
      return fail(finding);
  return true;
}

bool writeLintDatabase(const std::string& path, const std::string& root, const analyzer::LintResult& r, std::string& err) {
  return inOneTransaction(path, err, [&](Database& db) { return writeLint(db, root, r, err); });
}

}  // namespace oalens::reports
