// Which OA assertion identity sits at which line of which blob version: how `mine` carries an
// assertion's identity from the version it was last changed in to the next change. Each
// identity text (`sha:path:line` of the version the assertion was first seen in) is stored once
// in `assertion_identities`, and each blob once in `blob_assertion_sets`, as a JSON array of
// [line, identity id] pairs; the view `blob_assertions` shows the (blob, line, assertion_uid)
// rows. Storing a row per assertion and version instead wrote 370,000 rows of repeated identity
// text on Keras master: 40 of the database's 54 MB and half of the bytes the writer wrote.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "reports/sqlite/sqlite_db.h"

namespace oalens::miners {

class BlobIdentities {
 public:
  using Lines = std::unordered_map<uint32_t, int64_t>;  // line -> identity id

  explicit BlobIdentities(reports::Database& db);
  // The first statement that failed to prepare, or null.
  const reports::Statement* firstBroken() const;

  // The lines of `blob` stored so far (none if it was never stored); false on a database error.
  bool linesOf(const std::string& blob, Lines& out);
  // A new identity for `uid`; nullopt on a database error.
  std::optional<int64_t> create(const std::string& uid);
  // The identity text of `id`; nullopt on a database error or an unknown id.
  std::optional<std::string> uidOf(int64_t id);
  // Stores (or replaces) the whole set of `blob`.
  bool store(const std::string& blob, const Lines& lines);
  const std::string& error() const { return error_; }

  // "[[line,id],...]" in line order; decode accepts what encode writes (false otherwise).
  static std::string encode(const Lines& lines);
  static bool decode(std::string_view text, Lines& out);

  // Rewrites a database of schema version 2 (one `blob_assertions` row per assertion and
  // version) to this layout, inside the caller's transaction. Called before the schema runs.
  static bool renameVersion2Table(reports::Database& db, bool& renamed, std::string& err);
  static bool migrateVersion2Rows(reports::Database& db, std::string& err);

 private:
  reports::Database& db_;
  reports::Statement setOf_, insertIdentity_, uidOf_, upsertSet_;
  std::string error_;
};

}  // namespace oalens::miners
