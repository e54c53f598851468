// Writes a scan into the SQLite schema of docs/schema.md (reports/sqlite/schema.sql): one
// transaction for the whole scan, so a database never holds half a scan.
#pragma once
#include <string>

#include "analyzer/lint/lint_engine.h"
#include "analyzer/scan/scanner.h"
#include "reports/sqlite/sqlite_db.h"

extern const char* const kSchemaSql;  // generated from reports/sqlite/schema.sql

namespace oalens::reports {

// Creates what is missing of the current schema: kSchemaSql, then the columns version 6 added to
// tables an older file already has (CREATE TABLE IF NOT EXISTS leaves those as they are).
// A file of a version before 7 gets change_kinds filled from oa_changes.kinds (its
// tolerance_changes stay empty: the numbers were not kept; mine into a new database for them).
bool applySchema(Database& db, std::string& err);

// change_kinds rows for the changes that have none, from oa_changes.kinds (an older database
// upgraded, or merged in).
bool fillChangeKinds(Database& db, std::string& err);

bool writeScanDatabase(const std::string& path, const analyzer::ScanResult& r, std::string& err);

// One lint run and its findings, in one transaction (tables lint_runs and lint_findings).
bool writeLintDatabase(const std::string& path, const std::string& root, const analyzer::LintResult& r, std::string& err);

}  // namespace oalens::reports
