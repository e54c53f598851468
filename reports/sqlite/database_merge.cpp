#include "reports/sqlite/database_merge.h"

#include <fmt/format.h>

#include <map>

#include "reports/sqlite/history_tables.h"
#include "reports/sqlite/sqlite_writer.h"

namespace oalens::reports {

namespace {

// A table copied row for row: which columns hold ids of which tables (its own `id` included).
// Repositories, the repository of a scan or lint run, and assertion identities are written
// apart (copyRepositories, repositoryOfRuns, copyIdentities).
struct TableCopy {
  const char* name;
  std::vector<std::pair<const char*, const char*>> idColumns;  // column -> table whose ids it holds
};

// Parents before children.
const std::vector<TableCopy>& tablesInOrder() {
  static const std::vector<TableCopy> tables = {
      {"scans", {{"id", "scans"}}},
      {"files", {{"id", "files"}, {"scan_id", "scans"}}},
      {"test_cases", {{"id", "test_cases"}, {"file_id", "files"}}},
      {"assertions", {{"id", "assertions"}, {"file_id", "files"}, {"test_case_id", "test_cases"}}},
      {"tolerances", {{"assertion_id", "assertions"}}},
      {"oracle_evidence", {{"assertion_id", "assertions"}}},
      {"diagnostics", {{"scan_id", "scans"}}},
      {"commits", {{"id", "commits"}, {"repository_id", "repositories"}}},
      {"oa_changes", {{"id", "oa_changes"}, {"commit_id", "commits"}}},
      {"change_reasons", {{"change_id", "oa_changes"}}},
      {"change_kinds", {{"change_id", "oa_changes"}}},
      {"tolerance_changes", {{"change_id", "oa_changes"}}},
      {"commit_reasons", {{"commit_id", "commits"}}},
      {"mine_diagnostics", {{"commit_id", "commits"}}},
      {"mine_runs", {{"id", "mine_runs"}, {"repository_id", "repositories"}}},
      {"lint_runs", {{"id", "lint_runs"}}},
      {"lint_findings", {{"id", "lint_findings"}, {"run_id", "lint_runs"}}},
  };
  return tables;
}

// The rows of replaced repositories, children first. Foreign keys are off while they go: a
// cascade would scan the child tables without an index once per deleted row.
constexpr const char* kDeleteReplaced =
    "CREATE TEMP TABLE replaced_commits AS SELECT id FROM main.commits WHERE repository_id IN (SELECT id FROM temp.replaced);"
    "CREATE TEMP TABLE replaced_files AS SELECT id FROM main.files WHERE scan_id IN"
    " (SELECT id FROM main.scans WHERE repository_id IN (SELECT id FROM temp.replaced));"
    "DELETE FROM main.change_reasons WHERE change_id IN (SELECT id FROM main.oa_changes WHERE commit_id IN temp.replaced_commits);"
    "DELETE FROM main.change_kinds WHERE change_id IN (SELECT id FROM main.oa_changes WHERE commit_id IN temp.replaced_commits);"
    "DELETE FROM main.tolerance_changes WHERE change_id IN (SELECT id FROM main.oa_changes WHERE commit_id IN temp.replaced_commits);"
    "DELETE FROM main.commit_reasons WHERE commit_id IN temp.replaced_commits;"
    "DELETE FROM main.mine_diagnostics WHERE commit_id IN temp.replaced_commits;"
    "DELETE FROM main.oa_changes WHERE commit_id IN temp.replaced_commits;"
    "DELETE FROM main.commits WHERE id IN temp.replaced_commits;"
    "DELETE FROM main.mine_runs WHERE repository_id IN (SELECT id FROM temp.replaced);"
    "DELETE FROM main.tolerances WHERE assertion_id IN (SELECT id FROM main.assertions WHERE file_id IN temp.replaced_files);"
    "DELETE FROM main.oracle_evidence WHERE assertion_id IN (SELECT id FROM main.assertions WHERE file_id IN temp.replaced_files);"
    "DELETE FROM main.assertions WHERE file_id IN temp.replaced_files;"
    "DELETE FROM main.test_cases WHERE file_id IN temp.replaced_files;"
    "DELETE FROM main.files WHERE id IN temp.replaced_files;"
    "DELETE FROM main.diagnostics WHERE scan_id IN (SELECT id FROM main.scans WHERE repository_id IN (SELECT id FROM temp.replaced));"
    "DELETE FROM main.scans WHERE repository_id IN (SELECT id FROM temp.replaced);"
    "DELETE FROM main.lint_findings WHERE run_id IN (SELECT id FROM main.lint_runs WHERE repository_id IN (SELECT id FROM temp.replaced));"
    "DELETE FROM main.lint_runs WHERE repository_id IN (SELECT id FROM temp.replaced);"
    "DELETE FROM main.repositories WHERE id IN (SELECT id FROM temp.replaced);";

constexpr const char* kDropTemporaries =
    "DROP TABLE IF EXISTS temp.replaced; DROP TABLE IF EXISTS temp.replaced_commits; DROP TABLE IF EXISTS temp.replaced_files;"
    "DROP TABLE IF EXISTS temp.identity_map";

std::vector<std::string> columnsOf(Database& db, const std::string& schema, const std::string& table) {
  Statement q(db, fmt::format("SELECT name FROM pragma_table_info('{}', '{}') ORDER BY cid", table, schema));
  std::vector<std::string> out;
  bool row = false;
  while (q.step(&row) && row) out.push_back(q.columnText(0));
  return out;
}

bool sourceHas(Database& db, const std::string& table) {
  return countRows(db, fmt::format("SELECT COUNT(*) FROM src.sqlite_master WHERE type IN ('table', 'view') AND name = '{}'", table)) > 0;
}

bool sourceHasColumn(Database& db, const std::string& table, const std::string& column) {
  for (const std::string& c : columnsOf(db, "src", table))
    if (c == column) return true;
  return false;
}

std::optional<std::string> firstText(Database& db, const std::string& sql) {
  Statement q(db, sql);
  bool row = false;
  if (q.step(&row) && row) return q.columnText(0);
  return std::nullopt;
}

// The oalens that wrote the input: its last mine run's, else its last scan's or lint run's.
std::string toolOfInput(Database& db) {
  for (const char* table : {"mine_runs", "scans", "lint_runs"})
    if (sourceHas(db, table))
      if (auto tool = firstText(db, fmt::format("SELECT tool FROM src.{} ORDER BY id DESC LIMIT 1", table))) return *tool;
  return "";
}

using Shifts = std::map<std::string, int64_t>;

bool isRunTable(std::string_view table) { return table == "scans" || table == "lint_runs"; }

// Copies one table. `repository` is the value of its repository_id column (commits, mine
// runs, scans, lint runs): the named repository's id, or empty for the input's own, shifted
// (a scan or lint run of an input that is no merge belongs to none).
bool copyTable(Database& out, const TableCopy& t, const Shifts& shift, const std::string& repository, std::string& err) {
  std::string columns, values;
  bool hasRepository = false;
  for (const std::string& c : columnsOf(out, "src", t.name)) {
    std::string value = "s." + c;
    for (const auto& [column, table] : t.idColumns)
      if (c == column) value = fmt::format("s.{} + {}", c, shift.at(table));
    if (c == "repository_id") {
      hasRepository = true;
      value = repository.empty() ? fmt::format("s.repository_id + {}", shift.at("repositories")) : repository;
    }
    columns += (columns.empty() ? "" : ", ") + c;
    values += (values.empty() ? "" : ", ") + value;
  }
  if (!hasRepository && isRunTable(t.name)) columns += ", repository_id", values += ", " + (repository.empty() ? "NULL" : repository);
  return out.exec(fmt::format("INSERT INTO main.{}({}) SELECT {} FROM src.{} s", t.name, columns, values, t.name), err);
}

// The input's repositories with their provenance, their ids shifted.
bool copyRepositories(Database& out, int64_t shift, std::string& err) {
  const bool merged = sourceHasColumn(out, "repositories", "source");
  const std::string minedBy =
      sourceHas(out, "mine_runs") ? "(SELECT tool FROM src.mine_runs m WHERE m.repository_id = s.id ORDER BY m.id DESC LIMIT 1)" : "NULL";
  return out.exec(fmt::format("INSERT INTO main.repositories(id, path, tip, source, revision, tool, options)"
                              " SELECT s.id + {0}, s.path, s.tip, {1}, {2}, {3}, {4} FROM src.repositories s",
                              shift, merged ? "COALESCE(s.source, s.path)" : "s.path",
                              merged ? "COALESCE(s.revision, NULLIF(s.tip, ''))" : "NULLIF(s.tip, '')",
                              merged ? fmt::format("COALESCE(s.tool, {})", minedBy) : minedBy, merged ? "s.options" : "NULL"),
                  err);
}

// The named repository the input belongs to: made by its first input, brought up to date by
// the next (the tip of the one that mined it, the provenance given). Its id, or -1.
int64_t upsertNamedRepository(Database& out, const MergeProvenance& as, std::string& err) {
  const bool merged = sourceHasColumn(out, "repositories", "source");
  const std::string tip = firstText(out, "SELECT tip FROM src.repositories").value_or("");
  const std::string source =
      firstText(out, merged ? "SELECT COALESCE(source, path) FROM src.repositories" : "SELECT path FROM src.repositories").value_or("");
  Statement upsert(
      out,
      "INSERT INTO main.repositories(path, tip, source, revision, tool, options) VALUES (?1, ?2, COALESCE(NULLIF(?3, ''), NULLIF(?4, '')),"
      " COALESCE(NULLIF(?5, ''), NULLIF(?2, '')), NULLIF(?6, ''), NULLIF(?7, '')) ON CONFLICT(path) DO UPDATE SET"
      " tip = CASE WHEN excluded.tip <> '' THEN excluded.tip ELSE tip END, source = COALESCE(NULLIF(?3, ''), source, excluded.source),"
      " revision = COALESCE(NULLIF(?5, ''), revision, excluded.revision), tool = COALESCE(tool, excluded.tool),"
      " options = COALESCE(excluded.options, options)");
  upsert.bind(1, as.name)
      .bind(2, tip)
      .bind(3, as.source)
      .bind(4, source)
      .bind(5, as.revision)
      .bind(6, toolOfInput(out))
      .bind(7, as.options);
  if (!upsert.run()) {
    err = upsert.error();
    return -1;
  }
  Statement id(out, "SELECT id FROM main.repositories WHERE path = ?1");
  bool row = false;
  return id.bind(1, as.name).step(&row) && row ? id.columnInt(0) : -1;
}

// Identities are shared by their text: a blob's assertion set names them by id, mapped here.
// A blob already in the output (the same file content mined in two repositories, or the same
// repository merged again) keeps its first set.
bool copyIdentities(Database& out, std::string& err) {
  return out.exec(
      "CREATE INDEX IF NOT EXISTS main.assertion_identities_by_uid ON assertion_identities(uid);"
      "INSERT INTO main.assertion_identities(uid) SELECT DISTINCT s.uid FROM src.assertion_identities s"
      " WHERE NOT EXISTS (SELECT 1 FROM main.assertion_identities m WHERE m.uid = s.uid);"
      "CREATE TEMP TABLE identity_map(src_id INTEGER PRIMARY KEY, out_id INTEGER NOT NULL);"
      "INSERT INTO temp.identity_map SELECT s.id, (SELECT MIN(m.id) FROM main.assertion_identities m WHERE m.uid = s.uid)"
      " FROM src.assertion_identities s;"
      "INSERT OR IGNORE INTO main.blob_assertion_sets(blob, assertions) SELECT s.blob,"
      " (SELECT json_group_array(json_array(json_extract(j.value, '$[0]'),"
      " (SELECT out_id FROM temp.identity_map WHERE src_id = json_extract(j.value, '$[1]'))))"
      " FROM json_each(s.assertions) j) FROM src.blob_assertion_sets s",
      err);
}

bool copyAll(Database& out, const MergeProvenance& as, std::string& err) {
  // Each table's ids move past the output's largest (after the replaced rows went).
  Shifts shift;
  for (const char* table :
       {"repositories", "scans", "files", "test_cases", "assertions", "commits", "oa_changes", "mine_runs", "lint_runs", "lint_findings"})
    shift[table] = countRows(out, fmt::format("SELECT COALESCE(MAX(id), 0) FROM main.{}", table));
  // With a name, every row of the input that names a repository names the one given.
  std::string repository;
  if (!as.name.empty()) {
    const int64_t id = upsertNamedRepository(out, as, err);
    if (id < 0) return false;
    repository = std::to_string(id);
  } else if (!copyRepositories(out, shift["repositories"], err)) {
    return false;
  }
  for (const TableCopy& t : tablesInOrder())
    if (sourceHas(out, t.name) && !copyTable(out, t, shift, repository, err)) return false;  // an older input may lack a table
  if (sourceHas(out, "blob_assertion_sets") && !copyIdentities(out, err)) return false;
  return sourceHas(out, "change_kinds") || fillChangeKinds(out, err);  // an input of version 6 or older
}

// The output takes the reason patterns of the first input that brings commits (or of one that
// replaced all it had); an input whose
// commits were tagged with other patterns (or unknown ones) is said so.
bool mergeReasonPatterns(Database& out, bool outHadCommits, int64_t commitsIn, MergeCounts& counts, std::string& err) {
  if (commitsIn == 0) return true;
  const std::optional<std::string> theirs = metaValue(out, "reason_patterns", "src"), ours = metaValue(out, "reason_patterns");
  if (!outHadCommits) return !theirs || setMetaValue(out, "reason_patterns", *theirs, err);
  if (!theirs || !ours)
    counts.notes.push_back(
        "its change reasons or the output's were mined before databases kept their reason patterns: the merged "
        "reasons may have been read with two pattern sets");
  else if (*theirs != *ours)
    counts.notes.push_back(
        "its change reasons were read with other patterns (rules/reasons/reasons.toml) than the output's: the "
        "merged reasons mix two pattern sets");
  return true;
}

// The output's repositories the input replaces: those of its paths, or of the name given.
bool markReplaced(Database& out, const MergeProvenance& as, MergeCounts& counts, std::string& err) {
  Statement mark(out,
                 "CREATE TEMP TABLE replaced AS SELECT id, path FROM main.repositories WHERE (?2 AND path = ?1)"
                 " OR (?1 = '' AND path IN (SELECT path FROM src.repositories))");
  if (!mark.bind(1, as.name).bind(2, int64_t(as.replace)).run()) {
    err = mark.error();
    return false;
  }
  Statement replaced(out, "SELECT path FROM temp.replaced ORDER BY path");
  bool row = false;
  while (replaced.step(&row) && row) counts.replacedRepositories.push_back(replaced.columnText(0));
  return true;
}

bool checkInput(Database& out, const std::string& input, const MergeProvenance& as, std::string& err) {
  if (countRows(out, "SELECT COUNT(*) FROM src.sqlite_master WHERE name = 'meta'") == 0) {
    err = fmt::format("{}: not an OALens database (no meta table)", input);
    return false;
  }
  // metaValue finishes its statement before returning: an open one would hold src locked
  // against the schema changes below.
  const std::optional<std::string> version = metaValue(out, "schema_version", "src");
  const int schema = version ? std::atoi(version->c_str()) : 0;
  if (schema < 3 || schema > kSchemaVersion) {
    err = schema < 3 ? fmt::format("{}: schema version {} is older than 3; open it once with `oalens mine` to upgrade it", input, schema)
                     : fmt::format("{}: schema version {} is newer than this oalens ({})", input, schema, kSchemaVersion);
    return false;
  }
  if (const int64_t n = countRows(out, "SELECT COUNT(*) FROM src.repositories"); !as.name.empty() && n > 1) {
    err = fmt::format("{}: holds {} repositories; a name is for one", input, n);
    return false;
  }
  return true;
}

}  // namespace

bool mergeDatabase(Database& out, const std::string& input, const MergeProvenance& as, MergeCounts& total, std::string& err) {
  MergeCounts counts;
  Statement attach(out, "ATTACH DATABASE ? AS src");
  if (!attach.bind(1, input).run()) {
    err = fmt::format("{}: cannot open: {}", input, attach.error());
    return false;
  }
  std::string ignored;
  auto detach = [&] { out.exec("DETACH DATABASE src", ignored); };
  if (!checkInput(out, input, as, err)) {
    detach();
    return false;
  }
  counts.scans = countRows(out, "SELECT COUNT(*) FROM src.scans");
  counts.repositories = as.name.empty() ? countRows(out, "SELECT COUNT(*) FROM src.repositories") : 1;
  counts.commits = countRows(out, "SELECT COUNT(*) FROM src.commits");
  counts.oaChanges = countRows(out, "SELECT COUNT(*) FROM src.oa_changes");
  if (sourceHas(out, "lint_runs")) counts.lintRuns = countRows(out, "SELECT COUNT(*) FROM src.lint_runs");
  // Foreign keys cannot be switched inside a transaction; the copy keeps them by construction
  // (tests/cli/merge_test.cpp runs PRAGMA foreign_key_check).
  const bool copied = out.exec("PRAGMA foreign_keys = OFF", err) && out.exec("BEGIN IMMEDIATE", err) &&
                      markReplaced(out, as, counts, err) && out.exec(kDeleteReplaced, err) &&
                      [&] {
                        const bool outHadCommits = countRows(out, "SELECT COUNT(*) FROM main.commits") > 0;
                        return copyAll(out, as, err) && mergeReasonPatterns(out, outHadCommits, counts.commits, counts, err);
                      }() &&
                      out.exec("COMMIT", err);
  if (!copied) {
    out.exec("ROLLBACK", ignored);
    err = fmt::format("{}: {}", input, err);
  }
  out.exec(kDropTemporaries, ignored);
  out.exec("PRAGMA foreign_keys = ON", ignored);
  detach();
  if (copied) {
    total.scans += counts.scans, total.repositories += counts.repositories, total.commits += counts.commits;
    total.oaChanges += counts.oaChanges, total.lintRuns += counts.lintRuns;
    total.replacedRepositories.insert(total.replacedRepositories.end(), counts.replacedRepositories.begin(),
                                      counts.replacedRepositories.end());
    total.notes.insert(total.notes.end(), counts.notes.begin(), counts.notes.end());
  }
  return copied;
}

}  // namespace oalens::reports
