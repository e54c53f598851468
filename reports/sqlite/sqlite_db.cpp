#include "reports/sqlite/sqlite_db.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <vector>

namespace oalens::reports {

// A reader cannot remove the -wal and -shm files when it closes, so a database left in WAL
// mode gains both beside it on every `report`. The writer hands it back in a rollback journal;
// while another connection is open the switch fails at once and WAL mode stays.
Database::~Database() {
  if (!db_) return;
  if (writable_) {
    sqlite3_busy_timeout(db_, 0);
    sqlite3_exec(db_, "PRAGMA journal_mode=DELETE;", nullptr, nullptr, nullptr);
  }
  sqlite3_close_v2(db_);
}

bool Database::open(const std::string& path, std::string& err, Access access) {
  const int flags = access == Access::ReadOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    err = fmt::format("cannot open database {}: {}", path, db_ ? sqlite3_errmsg(db_) : "out of memory");
    return false;
  }
  sqlite3_busy_timeout(db_, 5000);
  if (access == Access::ReadOnly) return readOnlyProbe(path, err) && exec("PRAGMA query_only=ON;", err);
  writable_ = true;
  return exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", err);
}

// A database in WAL mode is read through its -shm index, which a reader must be able to
// create: in a directory it cannot write, the first read fails. With no -wal file (the last
// writer checkpointed it away) the file alone holds every row, and is opened as immutable.
bool Database::readOnlyProbe(const std::string& path, std::string& err) {
  if (sqlite3_exec(db_, "SELECT COUNT(*) FROM sqlite_master", nullptr, nullptr, nullptr) == SQLITE_OK) return true;
  std::error_code ec;
  const auto walBytes = std::filesystem::file_size(path + "-wal", ec);
  if (!ec && walBytes > 0) {
    err = fmt::format("cannot read database {}: {} (its -wal file needs a writable directory)", path, sqlite3_errmsg(db_));
    return false;
  }
  sqlite3_close_v2(db_);
  db_ = nullptr;
  std::string uri = "file:";
  for (char c : std::filesystem::absolute(path, ec).string()) {
    if (c == '%' || c == '?' || c == '#') uri += fmt::format("%{:02X}", static_cast<unsigned char>(c));
    else uri += c;
  }
  uri += "?immutable=1";
  if (sqlite3_open_v2(uri.c_str(), &db_, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr) != SQLITE_OK) {
    err = fmt::format("cannot open database {}: {}", path, db_ ? sqlite3_errmsg(db_) : "out of memory");
    return false;
  }
  return true;
}

bool Database::exec(std::string_view sql, std::string& err) {
  char* msg = nullptr;
  std::string s(sql);
  if (sqlite3_exec(db_, s.c_str(), nullptr, nullptr, &msg) != SQLITE_OK) {
    err = fmt::format("SQL failed: {} ({})", msg ? msg : "unknown error", s.substr(0, 80));
    sqlite3_free(msg);
    return false;
  }
  return true;
}

Statement::Statement(Database& db, std::string_view sql) : db_(db.handle()) {
  if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr) != SQLITE_OK) {
    error_ = fmt::format("cannot prepare SQL: {} ({})", sqlite3_errmsg(db_), std::string(sql.substr(0, 80)));
    stmt_ = nullptr;
  }
}

Statement::~Statement() {
  if (stmt_) sqlite3_finalize(stmt_);
}

Statement& Statement::bind(int i, int64_t v) {
  if (stmt_) sqlite3_bind_int64(stmt_, i, v);
  return *this;
}
Statement& Statement::bind(int i, std::string_view v) {
  // An empty view may have no data pointer, which SQLite would bind as NULL, not as ''.
  if (stmt_) sqlite3_bind_text(stmt_, i, v.data() ? v.data() : "", static_cast<int>(v.size()), SQLITE_TRANSIENT);
  return *this;
}
Statement& Statement::bind(int i, std::optional<double> v) {
  if (!stmt_) return *this;
  if (v) sqlite3_bind_double(stmt_, i, *v);
  else sqlite3_bind_null(stmt_, i);
  return *this;
}
Statement& Statement::bindNull(int i) {
  if (stmt_) sqlite3_bind_null(stmt_, i);
  return *this;
}

bool Statement::step(bool* hasRow) {
  if (!stmt_) return false;
  int rc = sqlite3_step(stmt_);
  if (hasRow) *hasRow = rc == SQLITE_ROW;
  if (rc == SQLITE_ROW || rc == SQLITE_DONE) return true;
  error_ = fmt::format("SQL step failed: {}", sqlite3_errmsg(db_));
  return false;
}

bool Statement::run() {
  bool row = false;
  bool ok = step(&row);
  while (ok && row) ok = step(&row);
  reset();
  return ok;
}

std::string Statement::columnText(int i) const {
  const unsigned char* t = sqlite3_column_text(stmt_, i);
  return t ? reinterpret_cast<const char*>(t) : "";
}

std::optional<double> Statement::columnDouble(int i) const {
  if (sqlite3_column_type(stmt_, i) == SQLITE_NULL) return std::nullopt;
  return sqlite3_column_double(stmt_, i);
}

void Statement::reset() {
  if (!stmt_) return;
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::optional<std::string> metaValue(Database& db, std::string_view key, std::string_view schema) {
  Statement q(db, fmt::format("SELECT value FROM {}.meta WHERE key = ?", schema));
  bool row = false;
  if (!q.bind(1, key).step(&row) || !row) return std::nullopt;
  return q.columnText(0);
}

bool setMetaValue(Database& db, std::string_view key, std::string_view value, std::string& err) {
  Statement q(db, "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)");
  if (!q.bind(1, key).bind(2, value).run()) {
    err = q.error();
    return false;
  }
  return true;
}

bool isOalensDatabase(Database& db, const std::string& path, std::string& err) {
  std::vector<std::string> tables;
  {
    Statement q(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
    bool row = false;
    while (q.step(&row) && row) tables.push_back(q.columnText(0));
    if (!q.ok() || !q.error().empty()) {
      err = fmt::format("{}: not a database OALens can read: {}", path, q.ok() ? q.error() : sqlite3_errmsg(db.handle()));
      return false;
    }
  }
  if (tables.empty()) return true;
  const bool hasMeta = std::find(tables.begin(), tables.end(), "meta") != tables.end();
  const std::optional<std::string> version = hasMeta ? metaValue(db, "schema_version") : std::nullopt;
  // Our own tables without their version: a `mine` of an earlier build killed between creating
  // the schema and writing its version, before any row; the next run writes the version.
  if (!version && hasMeta && std::find(tables.begin(), tables.end(), "mine_runs") != tables.end()) return true;
  if (!version) {
    std::string listed;
    for (size_t i = 0; i < tables.size() && i < 5; ++i) listed += (i ? ", " : "") + tables[i];
    if (tables.size() > 5) listed += ", ...";
    err = fmt::format("{}: not an OALens database (it holds other tables: {}; no meta.schema_version); choose another file", path, listed);
    return false;
  }
  char* end = nullptr;
  const long schema = std::strtol(version->c_str(), &end, 10);
  if (end == version->c_str() || *end != '\0' || schema < 1) {
    err = fmt::format("{}: not an OALens database (meta.schema_version is '{}')", path, *version);
    return false;
  }
  if (schema > kSchemaVersion) {
    err = fmt::format("{}: schema version {} is newer than this oalens ({}); use a newer oalens to read or extend it", path, schema,
                      kSchemaVersion);
    return false;
  }
  return true;
}

}  // namespace oalens::reports
