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
#include "reports/sqlite/history_tables.h"
#include "reports/sqlite/history_views.h"
#include "reports/sqlite/sqlite_db.h"
#include "reports/text/history_text.h"

namespace oalens::cli {

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
        if (db.empty())
          return setExitCode(fatal(fmt::format("{} needs a database: {} DB, or --db DB", view->get_name(), view->get_name())));
        *value = db;
      }
    if (!db.empty() && tablesDb.empty() && changesDb.empty() && loosenedDb.empty() && dashboardDb.empty() && margins.db.empty())
      tablesDb = db;  // `oalens report --db DB`: the tables, the first thing to look at
    if (std::string err; !linkTemplate.empty() && !reports::validLinkTemplate(linkTemplate, err)) return setExitCode(fatal(err));
    if ((format == "html" || format == "sarif") && (margins.db.empty() || !dashboardDb.empty()))
      return setExitCode(
          fatal(fmt::format("--format {} is for --margins alone{}", format, format == "html" ? "; --dashboard writes HTML itself" : "")));
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
    if (path.empty()) return setExitCode(fatal("report needs --tables DB, --changes DB, --loosened DB, --dashboard DB or --margins DB"));
    if (!std::filesystem::exists(path)) return setExitCode(fatal(path + ": no such database"));  // opening would create an empty database
    reports::Database db;
    std::string err;
    if (!db.open(path, err, reports::Database::Access::ReadOnly) || !reports::isOalensDatabase(db, path, err))
      return setExitCode(fatal(err));
    int64_t repository = -1;
    if (!repositoryPath.empty() && (repository = reports::repositoryId(db, repositoryPath)) < 0)
      return setExitCode(fatal(fmt::format("{}: no single repository named {} (see SELECT path FROM repositories)", path, repositoryPath)));
    if (!dashboardDb.empty()) {
      std::vector<reports::DashboardSection> extra;
      if (!margins.db.empty()) {  // the margins report as one more section
        const std::optional<reports::MarginsReport> judged = judgeMargins(margins);
        if (!judged) return setExitCode(2);
        extra.push_back({"margins", "Margins", reports::marginsSectionBody(*judged)});
      }
      if (!writeOutput(output, reports::dashboardHtml(db, dashboardDb, repository, extra, {linkTemplate}))) setExitCode(2);
      return;
    }
    if (!reports::holdsMinedHistory(db)) return setExitCode(fatal(fmt::format("{} holds no mined history (run oalens mine first)", path)));
    const nlohmann::ordered_json out =
        reports::historyViews(db, repository, {!tablesDb.empty(), !changesDb.empty(), !loosenedDb.empty(), atLeast});
    if (out.contains("incomplete"))
      for (const auto& i : out["incomplete"])
        fmt::print(stderr, "oalens: warning: {}: the mined history is incomplete: {}\n",
                   analyzer::withVisibleControls(i["repository"].get<std::string>()),
                   analyzer::withVisibleControls(i["problem"].get<std::string>()));
    const std::string text = format == "json" ? reports::jsonText(out) + "\n" : reports::historyText(out, atLeast);
    if (!writeOutput(output, text)) setExitCode(2);
  });
}

}  // namespace oalens::cli
