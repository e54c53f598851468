#include "miners/state/mine_store.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <algorithm>
#include <chrono>
#include <thread>
#include <utility>

#include "analyzer/assertions/runtime_choice.h"
#include "analyzer/core/input_guard.h"
#include "miners/classify/reason_resolver.h"
#include "miners/state/blob_identities.h"
#include "reports/sqlite/sqlite_writer.h"

namespace oalens::miners {

std::string messageAsUtf8(const std::string& raw, const std::string& encoding) {
  std::string enc;
  for (char c : encoding) enc += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const bool latin1 = enc == "iso-8859-1" || enc == "latin1" || enc == "latin-1" || enc == "iso8859-1" || enc == "cp1252";
  std::string out;
  for (size_t i = 0; i < raw.size();) {
    const auto c = static_cast<unsigned char>(raw[i]);
    if (latin1) {
      if (c < 0x80) out += static_cast<char>(c);
      else {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
      }
      ++i;
      continue;
    }
    auto bad = analyzer::findInvalidUtf8(std::string_view(raw).substr(i));
    if (!bad) {
      out.append(raw, i, std::string::npos);
      break;
    }
    out.append(raw, i, *bad);
    out += "\xEF\xBF\xBD";
    i += *bad + 1;
  }
  return out;
}

// "api,threshold" -> {"api", "threshold"}
static std::vector<std::string> splitKinds(const std::string& list) {
  std::vector<std::string> out;
  for (size_t start = 0; start < list.size();) {
    size_t comma = list.find(',', start);
    if (comma == std::string::npos) comma = list.size();
    if (comma > start) out.push_back(list.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

struct MineStore::Statements {
  explicit Statements(reports::Database& db)
      : insertCommit(db,
                     "INSERT INTO commits(repository_id, seq, sha, parents, time, author, subject, message, is_merge, test_files,"
                     " oa_changes, status, error) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"),
        identities(db),
        insertChange(db,
                     "INSERT INTO oa_changes(commit_id, assertion_uid, file, line, old_file, old_line, api, old_api, kinds, direction,"
                     " old_tolerances, new_tolerances, details, old_text, new_text) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"),
        insertChangeReason(db, "INSERT OR IGNORE INTO change_reasons(change_id, reason, source) VALUES (?,?,?)"),
        insertChangeKind(db, "INSERT OR IGNORE INTO change_kinds(change_id, kind) VALUES (?,?)"),
        insertToleranceChange(db,
                              "INSERT OR REPLACE INTO tolerance_changes(change_id, name, old_value, new_value, factor, direction)"
                              " VALUES (?,?,?,?,?,?)"),
        insertDiagnostic(db, "INSERT INTO mine_diagnostics(commit_id, path, message) VALUES (?,?,?)"),
        insertCommitReason(db, "INSERT OR IGNORE INTO commit_reasons(commit_id, reason) VALUES (?,?)"),
        previousChange(db, "SELECT old_text, new_text FROM oa_changes WHERE assertion_uid = ? ORDER BY id DESC LIMIT 1"),
        begin(db, "BEGIN IMMEDIATE"),
        commit(db, "COMMIT") {}
  const reports::Statement* firstBroken() const {
    for (const reports::Statement* s : {&insertCommit, &insertChange, &insertChangeReason, &insertChangeKind, &insertToleranceChange,
                                        &insertDiagnostic, &insertCommitReason, &previousChange, &begin, &commit})
      if (!s->ok()) return s;
    return identities.firstBroken();
  }
  reports::Statement insertCommit;
  BlobIdentities identities;
  reports::Statement insertChange, insertChangeReason, insertChangeKind, insertToleranceChange, insertDiagnostic, insertCommitReason;
  reports::Statement previousChange;  // an assertion's last change before this commit: is this one its undoing?
  // Prepared once: the writer opens and closes a transaction for each of a history's commits.
  reports::Statement begin, commit;
};

MineStore::MineStore() = default;
MineStore::~MineStore() = default;

MineStore::LockFile::~LockFile() {
  if (fd >= 0) ::close(fd);
}

bool MineStore::lockAgainstOtherRuns(const std::string& path, std::string& err) {
  lock_.fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  if (lock_.fd < 0) {
    err = fmt::format("cannot open database {}: {}", path, std::strerror(errno));
    return false;
  }
  if (::flock(lock_.fd, LOCK_EX | LOCK_NB) != 0) {
    err = errno == EWOULDBLOCK ? fmt::format("another oalens mine is writing {}; wait for it to end, or mine into another database", path)
                               : fmt::format("cannot lock database {}: {}", path, std::strerror(errno));
    return false;
  }
  return true;
}

bool MineStore::open(const std::string& path, std::string& err) {
  if (!db_.open(path, err) || !reports::isOalensDatabase(db_, path, err) || !lockAgainstOtherRuns(path, err) || !upgradeSchema(err))
    return false;
  sql_ = std::make_unique<Statements>(db_);
  if (const reports::Statement* broken = sql_->firstBroken()) {
    err = broken->error();
    return false;
  }
  return true;
}

bool MineStore::recordRun(const std::string& tip, size_t walked, size_t failed, const std::string& problem, std::string& err) {
  reports::Statement ins(db_, "INSERT INTO mine_runs(repository_id, tip, tool, walked, failed, complete, problem) VALUES (?,?,?,?,?,?,?)");
  ins.bind(1, repositoryId_)
      .bind(2, tip)
      .bind(3, std::string_view("oalens " OALENS_VERSION))
      .bind(4, int64_t(walked))
      .bind(5, int64_t(failed))
      .bind(6, int64_t(problem.empty()));
  if (problem.empty()) ins.bindNull(7);
  else ins.bind(7, problem);
  if (!ins.run()) {
    err = ins.error();
    return false;
  }
  return true;
}

bool MineStore::hasCommits() {
  reports::Statement q(db_, "SELECT 1 FROM commits LIMIT 1");
  bool row = false;
  return q.step(&row) && row;
}

std::optional<std::string> MineStore::meta(const std::string& key) { return reports::metaValue(db_, key); }

bool MineStore::setMeta(const std::string& key, const std::string& value, std::string& err) {
  return reports::setMetaValue(db_, key, value, err);
}

bool MineStore::beginRepository(const std::string& path, const std::string& tip, std::string& err) {
  reports::Statement ins(db_, "INSERT INTO repositories(path, tip) VALUES (?, ?) ON CONFLICT(path) DO UPDATE SET tip = excluded.tip");
  if (!ins.bind(1, path).bind(2, tip).run()) {
    err = ins.error();
    return false;
  }
  reports::Statement q(db_, "SELECT id FROM repositories WHERE path = ?");
  bool row = false;
  if (!q.bind(1, path).step(&row) || !row) {
    err = q.error();
    return false;
  }
  repositoryId_ = q.columnInt(0);
  reports::Statement shas(db_, "SELECT sha FROM commits WHERE repository_id = ?");
  shas.bind(1, repositoryId_);
  while (shas.step(&row) && row) done_.insert(shas.columnText(0));
  return true;
}

// The schema, with a database of version 2 rewritten in one transaction: a resumed run
// continues on it as if it had been mined by this version.
bool MineStore::upgradeSchema(std::string& err) {
  if (!db_.exec("BEGIN IMMEDIATE", err)) return false;
  bool version2 = false;
  // The schema version is written with the tables it describes: a run killed while creating a
  // database leaves no tables, or tables a resumed run recognises as its own.
  if (BlobIdentities::renameVersion2Table(db_, version2, err) && reports::applySchema(db_, err) &&
      (!version2 || BlobIdentities::migrateVersion2Rows(db_, err)) &&
      reports::setMetaValue(db_, "schema_version", std::to_string(reports::kSchemaVersion), err) && db_.exec("COMMIT", err))
    return true;
  std::string ignored;
  db_.exec("ROLLBACK", ignored);
  return false;
}

namespace {

uint8_t kindBits(const ChangeKinds& k) {
  return (k.added ? kKindAdded : 0) | (k.deleted ? kKindDeleted : 0) | (k.cosmetic ? kKindCosmetic : 0) | (k.api ? kKindApi : 0) |
         (k.parameter ? kKindParameter : 0) | (k.threshold ? kKindThreshold : 0);
}

// The tolerances the check writes (not the API's defaults), by name and text: equal where an edit
// left what the test chose alone (`atol=1e-5` kept while `np.allclose` became `assert_allclose`).
bool sameWrittenTolerances(const analyzer::Assertion& a, const analyzer::Assertion& b) {
  auto written = [](const analyzer::Assertion& x) {
    std::vector<std::pair<std::string_view, std::string_view>> out;
    for (const analyzer::Tolerance& t : x.tolerances)
      if (t.provenance != analyzer::Provenance::Default) out.emplace_back(t.name, t.comparableText());
    std::sort(out.begin(), out.end());
    return out;
  };
  return written(a) == written(b);
}

std::string tolerancesText(const analyzer::Assertion& a) {
  std::string out;
  for (const auto& t : a.tolerances) out += fmt::format("{}{}={}", out.empty() ? "" : ";", t.name, t.text);
  return out;
}

std::string joined(const std::vector<std::string>& v, const char* sep) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

}  // namespace

// Long: every row of one commit (the commit, its files, assertions, changes, tolerance changes,
// reasons, problems) is written in one transaction, which any failing statement rolls back; the
// statements share the ids the earlier ones returned.
bool MineStore::writeCommit(size_t seq, const CommitResult& r, const std::vector<MessageMatch>& stated, int testDelayMs, StoredCommit& out,
                            std::string& err) {
  if (!sql_->begin.run()) {
    err = sql_->begin.error();
    return false;
  }
  auto rollBack = [&](const std::string& why) {
    err = why;
    std::string ignored;
    db_.exec("ROLLBACK", ignored);
    return false;
  };
  auto fail = [&](const reports::Statement& s) { return rollBack(s.error()); };
  const std::string message = messageAsUtf8(r.info.message, r.info.encoding);
  const std::string subject = message.substr(0, message.find('\n'));
  std::string parents = joined(r.info.parents, " ");
  size_t changes = 0;  // every pair of a kind is stored below
  for (const FileResult& f : r.files)
    changes += std::count_if(f.kinds.begin(), f.kinds.end(), [](const ChangeKinds& k) { return k.any(); });
  reports::Statement& c = sql_->insertCommit;
  c.bind(1, repositoryId_)
      .bind(2, int64_t(seq))
      .bind(3, r.info.sha)
      .bind(4, parents)
      .bind(5, r.info.time)
      .bind(6, messageAsUtf8(r.info.author, r.info.encoding))
      .bind(7, subject)
      .bind(8, message)
      .bind(9, int64_t(r.merge))
      .bind(10, int64_t(r.testFiles))
      .bind(11, int64_t(changes))
      .bind(12, std::string_view(r.ok ? "ok" : "error"));
  if (r.ok) c.bindNull(13);
  else c.bind(13, r.error);
  if (!c.run()) return fail(c);
  const int64_t commitId = db_.lastInsertId();
  const std::string shortSha = r.info.sha.substr(0, 12);

  BlobIdentities& ids = sql_->identities;
  auto failIds = [&] { return rollBack(ids.error()); };
  reports::Statement& ch = sql_->insertChange;
  reports::Statement& whyStmt = sql_->insertChangeReason;
  reports::Statement& diag = sql_->insertDiagnostic;
  // How many checks of the commit got each edit: the same one on many reads as a refactoring.
  std::unordered_map<std::string, int> edits;
  for (const FileResult& f : r.files)
    for (const PairEvidence& e : f.evidence)
      if (!e.editSignature.empty()) ++edits[e.editSignature];
  std::unordered_map<std::string, int64_t> madeNow;  // identities created by this commit
  std::unordered_map<int64_t, std::string> uidOfMade;
  auto identity = [&](std::string uid) -> std::optional<int64_t> {
    if (auto it = madeNow.find(uid); it != madeNow.end()) return it->second;  // two assertions on one line
    std::optional<int64_t> id = ids.create(uid);
    if (id) uidOfMade.emplace(*id, uid), madeNow.emplace(std::move(uid), *id);
    return id;
  };
  if (!r.note.empty() && !diag.bind(1, commitId).bind(2, std::string_view("")).bind(3, r.note).run()) return fail(diag);
  for (const FileResult& f : r.files) {
    for (const auto& d : f.diagnostics)
      if (!diag.bind(1, commitId).bind(2, f.change.newPath.empty() ? f.change.oldPath : f.change.newPath).bind(3, d).run())
        return fail(diag);
    // Identities: the old side's from the blob it was recorded with, or new ones.
    // (The old blob was usually stored as the new side of an earlier commit: one lookup.)
    std::vector<int64_t> oldIds(f.olds().size()), newIds(f.news().size(), 0);
    BlobIdentities::Lines known;
    if (!f.olds().empty() && !ids.linesOf(f.change.oldBlob, known)) return failIds();
    bool oldGrew = false;
    for (size_t o = 0; o < f.olds().size(); ++o) {
      const uint32_t line = f.olds()[o].range.start.line;
      if (auto it = known.find(line); it != known.end()) {
        oldIds[o] = it->second;
        continue;
      }
      std::optional<int64_t> id = identity(fmt::format("{}^:{}:{}", shortSha, f.change.oldPath, line));
      if (!id) return failIds();
      oldIds[o] = *id;
      known.emplace(line, *id);  // two assertions on one line share the first one's identity
      oldGrew = true;
    }
    if (oldGrew && !ids.store(f.change.oldBlob, known)) return failIds();
    for (size_t p = 0; p < f.pairs.size(); ++p)
      if (f.pairs[p].newIndex >= 0 && f.pairs[p].oldIndex >= 0) newIds[size_t(f.pairs[p].newIndex)] = oldIds[size_t(f.pairs[p].oldIndex)];
    if (!f.news().empty()) {
      // A version stored before (a revert) keeps the identities it was stored with.
      BlobIdentities::Lines lines;
      if (!ids.linesOf(f.change.newBlob, lines)) return failIds();
      const size_t before = lines.size();
      for (size_t n = 0; n < f.news().size(); ++n) {
        const uint32_t line = f.news()[n].range.start.line;
        if (newIds[n] == 0) {
          std::optional<int64_t> id = identity(fmt::format("{}:{}:{}", shortSha, f.change.newPath, line));
          if (!id) return failIds();
          newIds[n] = *id;
        }
        lines.emplace(line, newIds[n]);
      }
      if (lines.size() != before && !ids.store(f.change.newBlob, lines)) return failIds();
    }
    auto uidText = [&](int64_t id) -> std::optional<std::string> {
      if (auto it = uidOfMade.find(id); it != uidOfMade.end()) return it->second;
      return ids.uidOf(id);
    };
    for (size_t p = 0; p < f.pairs.size(); ++p) {
      const ChangeKinds& k = f.kinds[p];
      if (!k.any()) continue;
      const AssertionVersion* o = f.pairs[p].oldIndex >= 0 ? &f.olds()[size_t(f.pairs[p].oldIndex)] : nullptr;
      const AssertionVersion* n = f.pairs[p].newIndex >= 0 ? &f.news()[size_t(f.pairs[p].newIndex)] : nullptr;
      const AssertionVersion* main = n ? n : o;
      const std::optional<std::string> uid = uidText(n ? newIds[size_t(f.pairs[p].newIndex)] : oldIds[size_t(f.pairs[p].oldIndex)]);
      if (!uid) return failIds();
      // The check back to its text before its previous change: an earlier edit undone. Read
      // before this change is stored, which would be the latest.
      bool undoes = false;
      if (o && n && (k.api || k.parameter || k.threshold) && o->normalized() != n->normalized()) {
        reports::Statement& prev = sql_->previousChange;
        prev.bind(1, *uid);
        bool row = false;
        if (!prev.step(&row)) return fail(prev);
        undoes = row && prev.columnText(0) == n->normalized() && prev.columnText(1) == o->normalized();
        prev.reset();
      }
      ch.bind(1, commitId).bind(2, *uid).bind(3, n ? f.change.newPath : f.change.oldPath).bind(4, int64_t(main->range.start.line));
      if (o) ch.bind(5, f.change.oldPath).bind(6, int64_t(o->range.start.line)).bind(8, o->assertion().api);
      else ch.bindNull(5).bindNull(6).bindNull(8);
      ch.bind(7, main->assertion().api).bind(9, k.kindList());
      std::string_view dir = directionName(k.direction);
      if (dir.empty()) ch.bindNull(10);
      else ch.bind(10, dir);
      if (o) ch.bind(11, tolerancesText(o->assertion()));
      else ch.bindNull(11);
      if (n) ch.bind(12, tolerancesText(n->assertion()));
      else ch.bindNull(12);
      ch.bind(13, joined(k.details, "; "));
      if (o) ch.bind(14, o->normalized());
      else ch.bindNull(14);
      if (n) ch.bind(15, n->normalized());
      else ch.bindNull(15);
      if (!ch.run()) return fail(ch);
      const int64_t changeId = db_.lastInsertId();
      for (const std::string& kind : splitKinds(k.kindList()))
        if (!sql_->insertChangeKind.bind(1, changeId).bind(2, kind).run()) return fail(sql_->insertChangeKind);
      for (const ToleranceValueChange& v : k.values) {
        reports::Statement& tc = sql_->insertToleranceChange;
        tc.bind(1, changeId).bind(2, v.name).bind(3, std::optional<double>(v.oldValue)).bind(4, std::optional<double>(v.newValue));
        if (v.factor > 0) tc.bind(5, std::optional<double>(v.factor));
        else tc.bindNull(5);
        if (!tc.bind(6, directionName(v.direction)).run()) return fail(tc);
      }
      ChangeEvidence evidence;
      evidence.kinds = kindBits(k);
      evidence.undoesPreviousChange = undoes;
      // From the code: the new side's tolerance or the blocks holding it are chosen by a dtype
      // or a device the old side's were not (analyzer/assertions/runtime_choice.h); not for a
      // change of layout only, such as a check indented into a new block.
      if (o && n && (k.api || k.parameter || k.threshold)) {
        const analyzer::RuntimeChoices g = analyzer::gainedChoices(o->assertion().runtimeChoices, n->assertion().runtimeChoices);
        evidence.gainedDtypeChoice = ((g.tolerance | g.blocks) & analyzer::kByDtype) != 0;
        evidence.gainedDeviceChoice = ((g.tolerance | g.blocks) & analyzer::kByDevice) != 0;
        evidence.movedToAssertingCall =
            assertsACondition(o->assertion()) && n->assertion().form == "call" && sameWrittenTolerances(o->assertion(), n->assertion());
        evidence.assertionRebased = !k.api && o->assertion().api != n->assertion().api;
        const std::string_view api = n->assertion().api;
        evidence.fixesItsHelper =
            !k.api && !k.parameter && o->normalized() == n->normalized() &&
            messageFixesHelper(message, api.substr(api.rfind('.') == std::string_view::npos ? 0 : api.rfind('.') + 1));
        evidence.followsItsHelper = k.parameter && !k.api && subjectNamesSuiteHelper(message, api);
        if (p < f.evidence.size()) {
          const PairEvidence& pe = f.evidence[p];
          evidence.callsChangedLibrary = pe.callsChangedLibrary;
          evidence.testReworked = pe.testReworked;
          evidence.movedToLibraryApi = pe.movedToLibraryApi;
          evidence.broadLibraryChange = pe.broadLibraryChange;
          evidence.libraryChanged = pe.libraryChanged;
          evidence.testGainedCases = pe.testGainedCases;
          evidence.comparesMore = pe.comparesMore;
          evidence.followsLibraryRename = pe.followsLibraryRename;
          evidence.renamesAModuleAlias = pe.renamesAModuleAlias;
          evidence.renamesALocal = pe.renamesALocal;
          evidence.respellsItsValues = pe.respellsItsValues;
          evidence.sameEditOnManyChecks = !pe.editSignature.empty() && edits[pe.editSignature] >= kManyChecks;
        }
      }
      for (const ResolvedReason& why : resolveReasons(stated, evidence))
        if (!whyStmt.bind(1, changeId).bind(2, why.reason).bind(3, why.source).run()) return fail(whyStmt);
    }
  }
  reports::Statement& cr = sql_->insertCommitReason;
  std::vector<std::string> statedIds;
  for (const MessageMatch& m : stated)
    if (std::find(statedIds.begin(), statedIds.end(), m.id) == statedIds.end()) statedIds.push_back(m.id);
  for (const auto& reason : statedIds)
    if (!cr.bind(1, commitId).bind(2, reason).run()) return fail(cr);
  if (testDelayMs > 0) std::this_thread::sleep_for(std::chrono::milliseconds(testDelayMs));
  if (!sql_->commit.run()) return rollBack(sql_->commit.error());
  done_.insert(r.info.sha);
  out.oaChanges = changes;
  return true;
}

}  // namespace oalens::miners
