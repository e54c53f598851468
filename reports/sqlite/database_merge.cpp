#include "reports/sqlite/database_merge.h"

#include <fmt/format.h>

#include <map>

#include "reports/sqlite/history_tables.h"
#include "reports/sqlite/sqlite_writer.h"

namespace oalens::reports {

namespace {

// A table to copy: which columns hold ids of which tables (its own `id` included), and which
// source rows to take.
struct TableCopy {
  const char* name;
  std::vector<std::pair<const char*, const char*>> idColumns;  // column -> table whose ids it holds
  const char* where = "";                                       // on the source rows, alias s
};

// Rows of skipped repositories stay out; ids in `skipped_repos` are the source's.
const std::vector<TableCopy>& tablesInOrder() {
  static const std::vector<TableCopy> tables = {
      {"scans", {{"id", "scans"}}},
      {"files", {{"id", "files"}, {"scan_id", "scans"}}},
      {"test_cases", {{"id", "test_cases"}, {"file_id", "files"}}},
      {"assertions", {{"id", "assertions"}, {"file_id", "files"}, {"test_case_id", "test_cases"}}},
      {"tolerances", {{"assertion_id", "assertions"}}},
      {"oracle_evidence", {{"assertion_id", "assertions"}}},
      {"diagnostics", {{"scan_id", "scans"}}},
      {"repositories", {{"id", "repositories"}}, "s.id NOT IN (SELECT id FROM temp.skipped_repos)"},
      {"commits", {{"id", "commits"}, {"repository_id", "repositories"}}, "s.repository_id NOT IN (SELECT id FROM temp.skipped_repos)"},
      {"oa_changes", {{"id", "oa_changes"}, {"commit_id", "commits"}}, "s.commit_id IN (SELECT id FROM temp.kept_commits)"},
      {"change_reasons",
       {{"change_id", "oa_changes"}},
       "s.change_id IN (SELECT id FROM src.oa_changes WHERE commit_id IN (SELECT id FROM temp.kept_commits))"},
      {"commit_reasons", {{"commit_id", "commits"}}, "s.commit_id IN (SELECT id FROM temp.kept_commits)"},
      {"mine_diagnostics", {{"commit_id", "commits"}}, "s.commit_id IS NULL OR s.commit_id IN (SELECT id FROM temp.kept_commits)"},
      {"mine_runs", {{"id", "mine_runs"}, {"repository_id", "repositories"}}, "s.repository_id NOT IN (SELECT id FROM temp.skipped_repos)"},
      {"assertion_identities", {{"id", "assertion_identities"}}},
      {"lint_runs", {{"id", "lint_runs"}}},
      {"lint_findings", {{"id", "lint_findings"}, {"run_id", "lint_runs"}}},
  };
  return tables;
}

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

bool copyAll(Database& out, std::string& err) {
  // Each table's ids move past the output's largest, before anything is inserted.
  std::map<std::string, int64_t> shift;
  for (const TableCopy& t : tablesInOrder())
    for (const auto& [column, table] : t.idColumns)
      if (!shift.count(table)) shift[table] = countRows(out, fmt::format("SELECT COALESCE(MAX(id), 0) FROM main.{}", table));
  for (const TableCopy& t : tablesInOrder()) {
    if (!sourceHas(out, t.name)) continue;  // an input of an older schema without this table
    std::string columns, values;
    for (const std::string& c : columnsOf(out, "src", t.name)) {
      std::string value = "s." + c;
      for (const auto& [column, table] : t.idColumns)
        if (c == column) value = fmt::format("s.{} + {}", c, shift[table]);
      columns += (columns.empty() ? "" : ", ") + c;
      values += (values.empty() ? "" : ", ") + value;
    }
    const std::string sql = fmt::format("INSERT INTO main.{}({}) SELECT {} FROM src.{} s{}{}", t.name, columns, values, t.name,
                                        *t.where ? " WHERE " : "", t.where);
    if (!out.exec(sql, err)) return false;
  }
  // A blob's assertions name identities by id, inside JSON. A blob already in the output (the
  // same file content mined in two repositories) keeps its first set.
  if (sourceHas(out, "blob_assertion_sets"))
    return out.exec(fmt::format("INSERT OR IGNORE INTO main.blob_assertion_sets(blob, assertions) SELECT s.blob,"
                                " (SELECT json_group_array(json_array(json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]') + {}))"
                                " FROM json_each(s.assertions) j) FROM src.blob_assertion_sets s",
                                shift["assertion_identities"]),
                    err);
  return true;
}

// The output takes the reason patterns of the first input that brings commits; an input whose
// commits were tagged with other patterns (or unknown ones) is said so.
bool mergeReasonPatterns(Database& out, bool outHadCommits, int64_t commitsIn, MergeCounts& counts, std::string& err) {
  if (commitsIn == 0) return true;
  const std::optional<std::string> theirs = metaValue(out, "reason_patterns", "src"), ours = metaValue(out, "reason_patterns");
  if (!outHadCommits && !ours) return !theirs || setMetaValue(out, "reason_patterns", *theirs, err);
  if (!theirs || !ours)
    counts.notes.push_back("its change reasons or the output's were mined before databases kept their reason patterns: the merged "
                           "reasons may have been read with two pattern sets");
  else if (*theirs != *ours)
    counts.notes.push_back("its change reasons were read with other patterns (rules/reasons/reasons.toml) than the output's: the "
                           "merged reasons mix two pattern sets");
  return true;
}

}  // namespace

bool mergeDatabase(Database& out, const std::string& input, MergeCounts& total, std::string& err) {
  MergeCounts counts;
  Statement attach(out, "ATTACH DATABASE ? AS src");
  if (!attach.bind(1, input).run()) {
    err = fmt::format("{}: cannot open: {}", input, attach.error());
    return false;
  }
  auto detach = [&] {
    std::string ignored;
    out.exec("DETACH DATABASE src", ignored);
  };
  if (countRows(out, "SELECT COUNT(*) FROM src.sqlite_master WHERE name = 'meta'") == 0) {
    err = fmt::format("{}: not an OALens database (no meta table)", input);
    detach();
    return false;
  }
  // metaValue finishes its statement before returning: an open one would hold src locked
  // against the schema changes below.
  const std::optional<std::string> version = metaValue(out, "schema_version", "src");
  const int schema = version ? std::atoi(version->c_str()) : 0;
  if (schema < 3 || schema > kSchemaVersion) {
    err = schema < 3 ? fmt::format("{}: schema version {} is older than 3; open it once with `oalens mine` to upgrade it", input, schema)
                     : fmt::format("{}: schema version {} is newer than this oalens ({})", input, schema, kSchemaVersion);
    detach();
    return false;
  }
  const bool ok =
      out.exec("BEGIN IMMEDIATE", err) &&
      out.exec("CREATE TEMP TABLE skipped_repos AS SELECT id FROM src.repositories WHERE path IN (SELECT path FROM main.repositories);"
               "CREATE TEMP TABLE kept_commits AS SELECT id FROM src.commits WHERE repository_id NOT IN (SELECT id FROM temp.skipped_repos);",
               err);
  if (ok) {
    {
      Statement skipped(out, "SELECT path FROM src.repositories WHERE id IN (SELECT id FROM temp.skipped_repos) ORDER BY path");
      bool row = false;
      while (skipped.step(&row) && row) counts.skippedRepositories.push_back(skipped.columnText(0));
    }
    counts.scans += countRows(out, "SELECT COUNT(*) FROM src.scans");
    counts.repositories += countRows(out, "SELECT COUNT(*) FROM src.repositories WHERE id NOT IN (SELECT id FROM temp.skipped_repos)");
    counts.commits += countRows(out, "SELECT COUNT(*) FROM temp.kept_commits");
    counts.oaChanges += countRows(out, "SELECT COUNT(*) FROM src.oa_changes WHERE commit_id IN (SELECT id FROM temp.kept_commits)");
    if (sourceHas(out, "lint_runs")) counts.lintRuns += countRows(out, "SELECT COUNT(*) FROM src.lint_runs");
  }
  const bool outHadCommits = countRows(out, "SELECT COUNT(*) FROM main.commits") > 0;
  const bool copied =
      ok && copyAll(out, err) && mergeReasonPatterns(out, outHadCommits, counts.commits, counts, err) && out.exec("COMMIT", err);
  if (!copied) {
    std::string ignored;
    out.exec("ROLLBACK", ignored);
    err = fmt::format("{}: {}", input, err);
  }
  std::string ignored;
  out.exec("DROP TABLE IF EXISTS temp.skipped_repos; DROP TABLE IF EXISTS temp.kept_commits", ignored);
  detach();
  if (copied) {
    total.scans += counts.scans, total.repositories += counts.repositories, total.commits += counts.commits;
    total.oaChanges += counts.oaChanges, total.lintRuns += counts.lintRuns;
    total.skippedRepositories.insert(total.skippedRepositories.end(), counts.skippedRepositories.begin(), counts.skippedRepositories.end());
    total.notes.insert(total.notes.end(), counts.notes.begin(), counts.notes.end());
  }
  return copied;
}

}  // namespace oalens::reports
