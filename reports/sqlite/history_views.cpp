// The views of `oalens report` as JSON, read from a mined database (history_views.h). Tuned for
// databases of a few hundred thousand changes: each list is one query, the reasons of a change
// one prepared statement.
#include "reports/sqlite/history_views.h"

#include <fmt/format.h>

#include "reports/sqlite/assertion_timelines.h"
#include "reports/sqlite/history_tables.h"

namespace oalens::reports {

using json = nlohmann::ordered_json;

namespace {

json table5(Database& db, int64_t repository) {
  json t;
  for (const auto& [key, n] : tableFive(db, repository)) t[key] = n;
  return t;
}

// "api,threshold" -> ["api", "threshold"]
json kindList(const std::string& kinds) {
  json list = json::array();
  for (size_t start = 0; start <= kinds.size();) {
    size_t comma = kinds.find(',', start);
    if (comma == std::string::npos) comma = kinds.size();
    if (comma > start) list.push_back(kinds.substr(start, comma - start));
    start = comma + 1;
  }
  return list;
}

// `reasons` (by reason) and `reason_sources` (reason -> "message" or "code") of a change.
void putReasons(json& change, const Reasons& reasons) {
  json list = json::array(), sources = json::object();
  for (const auto& [reason, source] : reasons) {
    list.push_back(reason);
    sources[reason] = source;
  }
  change["reasons"] = std::move(list);
  change["reason_sources"] = std::move(sources);
}

// The assertions loosened `atLeast` times or more, each with its changes.
json loosened(Database& db, int64_t repository, int64_t atLeast) {
  json list = json::array();
  for (const AssertionTimeline& t : loosenedAssertions(db, repository, atLeast)) {
    json changes = json::array();
    for (const TimelineStep& s : t.steps) {
      json change = {{"commit", s.commit},
                     {"date", s.date},
                     {"subject", s.subject},
                     {"file", s.file},
                     {"line", s.line},
                     {"kinds", kindList(s.kinds)},
                     {"direction", s.direction.empty() ? json(nullptr) : json(s.direction)},
                     {"details", s.details}};
      putReasons(change, s.reasons);
      changes.push_back(std::move(change));
    }
    list.push_back({{"assertion_uid", t.uid},
                    {"file", t.steps.back().file},
                    {"line", t.steps.back().line},
                    {"loosenings", t.loosenings},
                    {"changes", std::move(changes)}});
  }
  return list;
}

json changes(Database& db, int64_t repository) {
  json list = json::array();
  Statement q(db,
              "SELECT c.sha, ch.file, ch.line, ch.kinds, ch.direction, ch.old_tolerances, ch.new_tolerances, ch.assertion_uid,"
              " ch.old_file, ch.old_line, ch.api, ch.old_api, ch.details, ch.id, c.subject"
              " FROM oa_changes ch JOIN commits c ON c.id = ch.commit_id WHERE ?1 < 0 OR c.repository_id = ?1"
              " ORDER BY c.repository_id, c.seq, ch.id");
  q.bind(1, repository);
  ChangeReasons reasons(db);
  bool row = false;
  while (q.step(&row) && row) {
    json j;
    j["commit"] = q.columnText(0);
    j["subject"] = q.columnText(14);
    j["file"] = q.columnText(1);
    j["line"] = q.columnInt(2);
    j["kinds"] = kindList(q.columnText(3));
    std::string dir = q.columnText(4);
    j["direction"] = dir.empty() ? json(nullptr) : json(dir);
    std::string oldT = q.columnText(5), newT = q.columnText(6);
    j["old"] = oldT.empty() ? json(nullptr) : json(oldT);
    j["new"] = newT.empty() ? json(nullptr) : json(newT);
    j["api"] = q.columnText(10);
    std::string oldApi = q.columnText(11);
    j["old_api"] = oldApi.empty() ? json(nullptr) : json(oldApi);
    j["assertion_uid"] = q.columnText(7);
    std::string oldFile = q.columnText(8);
    j["old_file"] = oldFile.empty() ? json(nullptr) : json(oldFile);
    j["old_line"] = oldFile.empty() ? json(nullptr) : json(q.columnInt(9));
    j["details"] = q.columnText(12);
    putReasons(j, reasons.of(q.columnInt(13)));
    list.push_back(std::move(j));
  }
  return list;
}

}  // namespace

bool holdsMinedHistory(Database& db) { return hasTable(db, "oa_changes"); }

json historyViews(Database& db, int64_t repository, const HistoryViewChoice& choice) {
  json out;
  if (choice.tables) {
    out["table5"] = table5(db, repository);
    out["threshold_reasons"] = json::array();
    for (const ReasonCount& r : thresholdReasons(db, repository))
      out["threshold_reasons"].push_back({{"reason", r.reason},
                                          {"source", r.source},
                                          {"changes", r.changes},
                                          {"loosen", r.loosen},
                                          {"tighten", r.tighten},
                                          {"mixed", r.mixed}});
  }
  if (choice.changes) out["changes"] = changes(db, repository);
  const auto incomplete = incompleteHistories(db, repository);
  if (!incomplete.empty()) {
    out["incomplete"] = json::array();
    for (const auto& [repo, problem] : incomplete) out["incomplete"].push_back({{"repository", repo}, {"problem", problem}});
  }
  if (choice.loosened) out["loosened"] = loosened(db, repository, choice.atLeast);
  return out;
}

}  // namespace oalens::reports
