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
bool applySchema(Database& db, std::string& err);

bool writeScanDatabase(const std::string& path, const analyzer::ScanResult& r, std::string& err);

// One lint run and its findings, in one transaction (tables lint_runs and lint_findings).
bool writeLintDatabase(const std::string& path, const std::string& root, const analyzer::LintResult& r, std::string& err);

}  // namespace oalens::reports
