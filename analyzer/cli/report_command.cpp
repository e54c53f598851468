// `oalens report`: reads only the database. --tables prints the study's Table V for the mined
// history; --changes lists every OA change; both as text or JSON (docs/json.md). --dashboard
// writes a self-contained HTML page of everything the database holds (reports/html/). --margins
// reads a margins database instead (report_margins.h).
#include <fmt/format.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "analyzer/cli/commands.h"
#include "analyzer/cli/output.h"
#include "analyzer/cli/report_margins.h"
#include "analyzer/core/visible_text.h"
#include "reports/html/dashboard.h"
#include "reports/html/dashboard_links.h"
#include "reports/json/json_report.h"
#include "reports/margins/margins_html.h"
#include "reports/sqlite/assertion_timelines.h"
#include "reports/sqlite/history_tables.h"
#include "reports/sqlite/sqlite_db.h"

namespace oalens::cli {

using json = nlohmann::ordered_json;

namespace {

json table5(reports::Database& db, int64_t repository) {
  json t;
  for (const auto& [key, n] : reports::tableFive(db, repository)) t[key] = n;
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
void putReasons(json& change, const reports::Reasons& reasons) {
  json list = json::array(), sources = json::object();
  for (const auto& [reason, source] : reasons) {
    list.push_back(reason);
    sources[reason] = source;
  }
  change["reasons"] = std::move(list);
  change["reason_sources"] = std::move(sources);
}

// The assertions loosened `atLeast` times or more, each with its changes.
json loosened(reports::Database& db, int64_t repository, int64_t atLeast) {
  json list = json::array();
  for (const reports::AssertionTimeline& t : reports::loosenedAssertions(db, repository, atLeast)) {
    json changes = json::array();
    for (const reports::TimelineStep& s : t.steps) {
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

json changes(reports::Database& db, int64_t repository) {
  json list = json::array();
  reports::Statement q(db,
                       "SELECT c.sha, ch.file, ch.line, ch.kinds, ch.direction, ch.old_tolerances, ch.new_tolerances, ch.assertion_uid,"
                       " ch.old_file, ch.old_line, ch.api, ch.old_api, ch.details, ch.id, c.subject"
                       " FROM oa_changes ch JOIN commits c ON c.id = ch.commit_id WHERE ?1 < 0 OR c.repository_id = ?1"
                       " ORDER BY c.repository_id, c.seq, ch.id");
  q.bind(1, repository);
  reports::ChangeReasons reasons(db);
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

// `["kinds"] direction  details  [reasons]`, leaving out what is empty; a reason read from the
// code says so (`hardware from the code`).
std::string kindsToReasons(const json& c) {
  std::string reasons;
  for (const auto& [reason, source] : c["reason_sources"].items())
    reasons += fmt::format("{}{}{}", reasons.empty() ? "" : ", ", reason, source.get<std::string>() == "code" ? " from the code" : "");
  std::string out = c["kinds"].dump();
  if (!c["direction"].is_null()) out += " " + c["direction"].get<std::string>();
  if (const std::string& details = c["details"].get_ref<const std::string&>(); !details.empty()) out += "  " + details;
  if (!reasons.empty()) out += "  [" + reasons + "]";
  return out;
}

// One change in the text list: `sha file:line ["kinds"] direction  details  [reasons]`.
std::string changeLine(const json& c) {
  return fmt::format("{} {}:{} {}\n", c["commit"].get<std::string>().substr(0, 12), c["file"].get<std::string>(), c["line"].get<int64_t>(),
                     kindsToReasons(c));
}

// Each assertion with how often it was loosened, then its changes a line each.
std::string loosenedText(const json& loosened, int64_t atLeast) {
  auto times = [](int64_t n) { return fmt::format("{} time{}", n, n == 1 ? "" : "s"); };
  std::string text = fmt::format("Assertions loosened {} or more: {}\n", times(atLeast), loosened.size());
  for (const auto& a : loosened) {
    text += fmt::format("{}:{}  loosened {}  (uid {})\n", a["file"].get<std::string>(), a["line"].get<int64_t>(),
                        times(a["loosenings"].get<int64_t>()), a["assertion_uid"].get<std::string>());
    for (const auto& c : a["changes"]) {
      text += fmt::format("  {} {} {}\n", c["date"].get<std::string>(), c["commit"].get<std::string>().substr(0, 12), kindsToReasons(c));
    }
  }
  return text;
}

}  // namespace

void addReportCommand(CLI::App& app) {
  CLI::App* cmd = app.add_subcommand("report", "tables, change lists and the HTML dashboard from an oalens database");
  static std::string tablesDb, changesDb, loosenedDb, dashboardDb, repositoryPath, format = "text", output, db;
  static int64_t atLeast = 2;
  static std::string linkTemplate;
  static MarginsArgs margins;
  // Each view names its database (`--tables DB`) or takes --db's, the name every command has.
  static CLI::Option* views[4];
  views[0] = cmd->add_option("--tables", tablesDb, "print the study's Table V for the mined history in DB (or --db)")->expected(0, 1);
  views[1] = cmd->add_option("--changes", changesDb, "list every OA change in DB (or --db)")->expected(0, 1);
  views[2] =
      cmd->add_option("--loosened", loosenedDb, "list the assertions loosened --at-least times in DB (or --db), each with its changes")
          ->expected(0, 1);
  cmd->add_option("--db", db, "the oalens database the views read");
  cmd->add_option("--at-least", atLeast, "loosenings that make an assertion one --loosened lists")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  views[3] =
      cmd->add_option("--dashboard,--html", dashboardDb,
                      "write a self-contained HTML dashboard of DB or --db (scan, history, lint; with --margins, its verdicts) to -o "
                      "or stdout")
          ->expected(0, 1);
  cmd->add_option("--repository", repositoryPath,
                  "only this repository's history (its path as mined, or the end of it; for merged databases)");
  cmd->add_option("--margins", margins.db,
                  "judge each OA assertion of --root by the tolerance share the test runs in DB used (pytest -p oalens_margins)");
  cmd->add_option("--repo,--root", margins.root, "with --margins: the tree the tests ran in, scanned for its OA assertions")
      ->capture_default_str();
  cmd->add_option("--help-uri-base", margins.helpUriBase,
                  "with --margins --format sarif: absolute URI the docs are under, for SARIF's helpUri (docs/sarif.md)");
  cmd->add_option("--safety-factor", margins.safetyFactor,
                  "with --margins: an over-loose tolerance is suggested at this many times the largest error")
      ->check(CLI::Range(1.0, 1e6))
      ->capture_default_str();
  cmd->add_option("--format", format, "output format (html, sarif: --margins alone)")
      ->check(CLI::IsMember({"text", "json", "html", "sarif"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", output, "write to this file instead of stdout");
  cmd->add_option("--link", linkTemplate,
                  "with --dashboard: link every file, line and commit to the code, e.g. "
                  "https://github.com/ORG/REPO/blob/{commit}/{file}#L{line}");
  cmd->callback([] {
    // A view given without its own database reads --db's.
    for (auto [view, value] : {std::pair{views[0], &tablesDb}, std::pair{views[1], &changesDb}, std::pair{views[2], &loosenedDb},
                               std::pair{views[3], &dashboardDb}})
      if (view->count() > 0 && value->empty()) {
        if (db.empty()) {
          fmt::print(stderr, "oalens: {} needs a database: {} DB, or --db DB\n", view->get_name(), view->get_name());
          setExitCode(2);
          return;
        }
        *value = db;
      }
    if (!db.empty() && tablesDb.empty() && changesDb.empty() && loosenedDb.empty() && dashboardDb.empty() && margins.db.empty())
      tablesDb = db;  // `oalens report --db DB`: the tables, the first thing to look at
    if (std::string err; !linkTemplate.empty() && !reports::validLinkTemplate(linkTemplate, err)) {
      fmt::print(stderr, "oalens: {}\n", err);
      setExitCode(2);
      return;
    }
    if ((format == "html" || format == "sarif") && (margins.db.empty() || !dashboardDb.empty())) {
      fmt::print(stderr, "oalens: --format {} is for --margins alone{}\n", format,
                 format == "html" ? "; --dashboard writes HTML itself" : "");
      setExitCode(2);
      return;
    }
    if (!margins.db.empty() && dashboardDb.empty()) {
      margins.format = format;
      margins.output = output;
      setExitCode(reportMargins(margins));
      return;
    }
    const std::string& path = !dashboardDb.empty() ? dashboardDb
                              : !tablesDb.empty()  ? tablesDb
                              : !changesDb.empty() ? changesDb
                                                   : loosenedDb;
    if (path.empty()) {
      fmt::print(stderr, "oalens: report needs --tables DB, --changes DB, --loosened DB, --dashboard DB or --margins DB\n");
      setExitCode(2);
      return;
    }
    if (!std::filesystem::exists(path)) {  // opening would create an empty database
      fmt::print(stderr, "oalens: {}: no such database\n", path);
      setExitCode(2);
      return;
    }
    reports::Database db;
    std::string err;
    if (!db.open(path, err, reports::Database::Access::ReadOnly) || !reports::isOalensDatabase(db, path, err)) {
      fmt::print(stderr, "oalens: {}\n", err);
      setExitCode(2);
      return;
    }
    int64_t repository = -1;
    if (!repositoryPath.empty() && (repository = reports::repositoryId(db, repositoryPath)) < 0) {
      fmt::print(stderr, "oalens: {}: no single repository named {} (see SELECT path FROM repositories)\n", path, repositoryPath);
      setExitCode(2);
      return;
    }
    if (!dashboardDb.empty()) {
      std::vector<reports::DashboardSection> extra;
      if (!margins.db.empty()) {  // the margins report as one more section
        const std::optional<reports::MarginsReport> judged = judgeMargins(margins);
        if (!judged) {
          setExitCode(2);
          return;
        }
        extra.push_back({"margins", "Margins", reports::marginsSectionBody(*judged)});
      }
      if (!writeOutput(output, reports::dashboardHtml(db, dashboardDb, repository, extra, {linkTemplate}))) setExitCode(2);
      return;
    }
    if (reports::countRows(db, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'oa_changes'") == 0) {
      fmt::print(stderr, "oalens: {} holds no mined history (run oalens mine first)\n", path);
      setExitCode(2);
      return;
    }
    json out;
    if (!tablesDb.empty()) {
      out["table5"] = table5(db, repository);
      out["threshold_reasons"] = json::array();
      for (const reports::ReasonCount& r : reports::thresholdReasons(db, repository))
        out["threshold_reasons"].push_back({{"reason", r.reason},
                                            {"source", r.source},
                                            {"changes", r.changes},
                                            {"loosen", r.loosen},
                                            {"tighten", r.tighten},
                                            {"mixed", r.mixed}});
    }
    if (!changesDb.empty()) out["changes"] = changes(db, repository);
    const auto incomplete = reports::incompleteHistories(db, repository);
    if (!incomplete.empty()) {
      out["incomplete"] = json::array();
      for (const auto& [repo, problem] : incomplete) {
        out["incomplete"].push_back({{"repository", repo}, {"problem", problem}});
        fmt::print(stderr, "oalens: warning: {}: the mined history is incomplete: {}\n", analyzer::withVisibleControls(repo),
                   analyzer::withVisibleControls(problem));
      }
    }
    if (!loosenedDb.empty()) out["loosened"] = loosened(db, repository, atLeast);
    std::string text;
    if (format == "json") {
      text = reports::jsonText(out) + "\n";
    } else {
      if (out.contains("table5")) {
        const json& t = out["table5"];
        text += "OA assertion changes (as the study's Table V)\n";
        for (const char* k : {"commits", "oa_commits", "oa_changes", "additions", "deletions", "cosmetic", "non_cosmetic", "api",
                              "parameter", "threshold", "loosen", "tighten", "mixed"})
          text += fmt::format("  {:<16}{:>8}\n", k, t[k].get<int64_t>());
        text += "Reasons of threshold changes (a change with several counts in each)\n";
        text += fmt::format("  {:<22}{:>8}{:>8}{:>8}{:>8}\n", "reason (source)", "changes", "loosen", "tighten", "mixed");
        for (const auto& r : out["threshold_reasons"])
          text +=
              fmt::format("  {:<22}{:>8}{:>8}{:>8}{:>8}\n", r["reason"].get<std::string>() + " (" + r["source"].get<std::string>() + ")",
                          r["changes"].get<int64_t>(), r["loosen"].get<int64_t>(), r["tighten"].get<int64_t>(), r["mixed"].get<int64_t>());
        if (out["threshold_reasons"].empty()) text += "  none\n";
      }
      if (out.contains("incomplete"))
        for (const auto& i : out["incomplete"])
          text += fmt::format("Incomplete history of {}: {}\n", i["repository"].get<std::string>(), i["problem"].get<std::string>());
      if (out.contains("changes"))
        for (const auto& c : out["changes"]) text += changeLine(c);
      if (out.contains("loosened")) text += loosenedText(out["loosened"], atLeast);
    }
    if (!writeOutput(output, text)) setExitCode(2);
  });
}

}  // namespace oalens::cli
