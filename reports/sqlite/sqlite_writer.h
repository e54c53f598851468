// Writes a scan into the SQLite schema of docs/schema.md (reports/sqlite/schema.sql): one
// transaction for the whole scan, so a database never holds half a scan.
#pragma once
#include <string>

#include "analyzer/scan/scanner.h"

extern const char* const kSchemaSql;  // generated from reports/sqlite/schema.sql

namespace oalens::reports {

inline constexpr int kSchemaVersion = 3;

bool writeScanDatabase(const std::string& path, const analyzer::ScanResult& r, std::string& err);

}  // namespace oalens::reports
