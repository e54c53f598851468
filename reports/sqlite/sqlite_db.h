// A thin RAII layer over the SQLite C API: one Database owns a connection, Statement owns a
// prepared statement. Errors come back as false plus a message naming the SQL that failed;
// no exceptions cross this boundary.
#pragma once
#include <sqlite3.h>

#include <optional>
#include <string>
#include <string_view>

namespace oalens::reports {

// The schema version this build writes (docs/schema.md; meta.schema_version).
inline constexpr int kSchemaVersion = 7;

class Statement;

class Database {
 public:
  Database() = default;
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // ReadOnly for the commands that only read (report): a database file that is read-only, or
  // on a read-only medium, can still be reported on, and is never changed.
  enum class Access { ReadOnly, ReadWrite };
  bool open(const std::string& path, std::string& err, Access access = Access::ReadWrite);
  bool exec(std::string_view sql, std::string& err);
  sqlite3* handle() const { return db_; }
  int64_t lastInsertId() const { return sqlite3_last_insert_rowid(db_); }

 private:
  bool readOnlyProbe(const std::string& path, std::string& err);
  sqlite3* db_ = nullptr;
  bool writable_ = false;
};

class Statement {
 public:
  Statement(Database& db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool ok() const { return stmt_ != nullptr; }
  const std::string& error() const { return error_; }
  Statement& bind(int i, int64_t v);
  Statement& bind(int i, std::string_view v);
  Statement& bind(int i, std::optional<double> v);
  Statement& bindNull(int i);
  // Steps once; true on SQLITE_ROW or SQLITE_DONE, false on error (see error()).
  bool step(bool* hasRow = nullptr);
  bool run();  // step to completion, then reset for the next bind
  int64_t columnInt(int i) const { return sqlite3_column_int64(stmt_, i); }
  std::string columnText(int i) const;
  std::optional<double> columnDouble(int i) const;  // nullopt for NULL
  void reset();

 private:
  sqlite3_stmt* stmt_ = nullptr;
  sqlite3* db_ = nullptr;
  std::string error_;
};

// A value of the `meta` table (docs/schema.md) of `schema` ("main", or the name of an attached
// database); nullopt when the key is absent or the table cannot be read.
std::optional<std::string> metaValue(Database& db, std::string_view key, std::string_view schema = "main");
// Sets a value of the main database's `meta` table.
bool setMetaValue(Database& db, std::string_view key, std::string_view value, std::string& err);

// Whether `db` (opened from `path`) is one OALens may read and write: an empty database, or one
// whose meta.schema_version is at most kSchemaVersion. A database of another program (tables,
// but no OALens meta) or of a newer OALens is refused, with err saying which.
bool isOalensDatabase(Database& db, const std::string& path, std::string& err);

}  // namespace oalens::reports
