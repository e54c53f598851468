#include "reports/sqlite/sqlite_db.h"

#include <fmt/format.h>

namespace oalens::reports {

Database::~Database() {
  if (db_) sqlite3_close_v2(db_);
}

bool Database::open(const std::string& path, std::string& err) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    err = fmt::format("cannot open database {}: {}", path, db_ ? sqlite3_errmsg(db_) : "out of memory");
    return false;
  }
  sqlite3_busy_timeout(db_, 5000);
  return exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", err);
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
  if (stmt_) sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
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

}  // namespace oalens::reports
