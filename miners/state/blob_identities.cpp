#include "miners/state/blob_identities.h"

#include <algorithm>
#include <charconv>
#include <vector>

namespace oalens::miners {

BlobIdentities::BlobIdentities(reports::Database& db)
    : db_(db),
      setOf_(db, "SELECT assertions FROM blob_assertion_sets WHERE blob = ?"),
      insertIdentity_(db, "INSERT INTO assertion_identities(uid) VALUES (?)"),
      uidOf_(db, "SELECT uid FROM assertion_identities WHERE id = ?"),
      upsertSet_(db, "INSERT OR REPLACE INTO blob_assertion_sets(blob, assertions) VALUES (?, ?)") {}

const reports::Statement* BlobIdentities::firstBroken() const {
  for (const reports::Statement* s : {&setOf_, &insertIdentity_, &uidOf_, &upsertSet_})
    if (!s->ok()) return s;
  return nullptr;
}

bool BlobIdentities::linesOf(const std::string& blob, Lines& out) {
  out.clear();
  bool row = false;
  setOf_.bind(1, blob);
  if (!setOf_.step(&row)) {
    error_ = setOf_.error();
    setOf_.reset();
    return false;
  }
  // A set that does not decode (a database edited by hand) counts as unknown: its assertions
  // get new identities, which loses their history but nothing else.
  if (row && !decode(setOf_.columnText(0), out)) out.clear();
  setOf_.reset();
  return true;
}

std::optional<int64_t> BlobIdentities::create(const std::string& uid) {
  if (!insertIdentity_.bind(1, uid).run()) {
    error_ = insertIdentity_.error();
    return std::nullopt;
  }
  return db_.lastInsertId();
}

std::optional<std::string> BlobIdentities::uidOf(int64_t id) {
  bool row = false;
  uidOf_.bind(1, id);
  const bool stepped = uidOf_.step(&row);
  if (!stepped || !row) {
    error_ = !stepped ? uidOf_.error() : "no assertion identity " + std::to_string(id);
    uidOf_.reset();
    return std::nullopt;
  }
  std::string uid = uidOf_.columnText(0);
  uidOf_.reset();
  return uid;
}

bool BlobIdentities::store(const std::string& blob, const Lines& lines) {
  if (!upsertSet_.bind(1, blob).bind(2, encode(lines)).run()) {
    error_ = upsertSet_.error();
    return false;
  }
  return true;
}

std::string BlobIdentities::encode(const Lines& lines) {
  std::vector<std::pair<uint32_t, int64_t>> sorted(lines.begin(), lines.end());
  std::sort(sorted.begin(), sorted.end());
  std::string out = "[";
  for (const auto& [line, id] : sorted) {
    if (out.size() > 1) out += ',';
    out += '[';
    out += std::to_string(line);
    out += ',';
    out += std::to_string(id);
    out += ']';
  }
  out += ']';
  return out;
}

bool BlobIdentities::decode(std::string_view text, Lines& out) {
  size_t i = 0;
  auto expect = [&](char c) {
    if (i >= text.size() || text[i] != c) return false;
    ++i;
    return true;
  };
  auto number = [&](auto& value) {
    auto [end, ec] = std::from_chars(text.data() + i, text.data() + text.size(), value);
    if (ec != std::errc() || end == text.data() + i) return false;
    i = static_cast<size_t>(end - text.data());
    return true;
  };
  if (!expect('[')) return false;
  if (expect(']')) return i == text.size();
  for (;;) {
    uint32_t line = 0;
    int64_t id = 0;
    if (!expect('[') || !number(line) || !expect(',') || !number(id) || !expect(']')) return false;
    out.emplace(line, id);
    if (expect(']')) return i == text.size();
    if (!expect(',')) return false;
  }
}

bool BlobIdentities::renameVersion2Table(reports::Database& db, bool& renamed, std::string& err) {
  renamed = false;
  reports::Statement q(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'blob_assertions'");
  bool row = false;
  if (!q.step(&row)) {
    err = q.error();
    return false;
  }
  if (!row) return true;
  renamed = true;
  return db.exec("ALTER TABLE blob_assertions RENAME TO blob_assertions_v2", err);
}

bool BlobIdentities::migrateVersion2Rows(reports::Database& db, std::string& err) {
  return db.exec(
      "INSERT INTO assertion_identities(uid)"
      "  SELECT DISTINCT assertion_uid FROM blob_assertions_v2 ORDER BY assertion_uid;"
      "INSERT INTO blob_assertion_sets(blob, assertions)"
      "  SELECT blob, json_group_array(json_array(line, id)) FROM"
      "    (SELECT b.blob AS blob, b.line AS line, i.id AS id FROM blob_assertions_v2 b"
      "     JOIN assertion_identities i ON i.uid = b.assertion_uid ORDER BY b.blob, b.line)"
      "  GROUP BY blob;"
      "DROP TABLE blob_assertions_v2;",
      err);
}

}  // namespace oalens::miners
