#include "reports/html/dashboard.h"

#include <fmt/format.h>

#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "reports/html/svg_charts.h"
#include "reports/sqlite/assertion_timelines.h"
#include "reports/sqlite/history_tables.h"

namespace oalens::reports {

namespace {

bool hasTable(Database& db, const char* name) {
  return countRows(db, fmt::format("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '{}'", name)) > 0;
}

std::vector<Bar> bars(Database& db, const std::string& sql, std::optional<int64_t> bind = std::nullopt) {
  Statement q(db, sql);
  if (bind) q.bind(1, *bind);
  std::vector<Bar> out;
  bool row = false;
  while (q.step(&row) && row) out.push_back({q.columnText(0), static_cast<double>(q.columnInt(1))});
  return out;
}

// A table of rows from `sql`, every cell escaped.
std::string table(Database& db, const std::string& sql, const std::vector<std::string>& headers, std::optional<int64_t> bind = std::nullopt) {
  Statement q(db, sql);
  if (bind) q.bind(1, *bind);
  std::string out = "<table><tr>";
  for (const auto& h : headers) out += "<th>" + htmlEscape(h) + "</th>";
  out += "</tr>\n";
  bool row = false;
  size_t rows = 0;
  while (q.step(&row) && row) {
    out += "<tr>";
    for (size_t i = 0; i < headers.size(); ++i) out += "<td>" + htmlEscape(q.columnText(static_cast<int>(i))) + "</td>";
    out += "</tr>\n";
    ++rows;
  }
  if (rows == 0) return "<p class=\"none\">none</p>\n";
  return out + "</table>\n";
}

// The 25 assertions loosened most often (twice or more), each with its changes, one a line.
std::string loosenedTable(Database& db, int64_t repository) {
  const std::vector<AssertionTimeline> loosened = loosenedAssertions(db, repository, 2, 25);
  if (loosened.empty()) return "<p class=\"none\">none</p>\n";
  std::string out = "<table><tr><th>assertion (now)</th><th>loosenings</th><th>timeline (date, commit, change)</th></tr>\n";
  for (const AssertionTimeline& t : loosened) {
    std::string timeline;
    for (const TimelineStep& s : t.steps)
      timeline += fmt::format("{}{} {} {}", timeline.empty() ? "" : "\n", s.date, s.commit.substr(0, 10), s.details.empty() ? s.kinds : s.details);
    out += fmt::format("<tr><td>{}:{}</td><td>{}</td><td>{}</td></tr>\n", htmlEscape(t.steps.back().file), t.steps.back().line, t.loosenings,
                       htmlEscape(timeline));
  }
  return out + "</table>\n";
}

std::string section(const std::string& id, const std::string& title, const std::string& body) {
  return fmt::format("<section id=\"{}\"><h2>{}</h2>\n{}</section>\n", id, htmlEscape(title), body);
}

std::string figure(const std::string& caption, const std::string& chart) {
  return "<figure>" + chart + "<figcaption>" + htmlEscape(caption) + "</figcaption></figure>\n";
}

std::string scanSection(Database& db) {
  Statement latest(db, "SELECT id, root, files, assertions, oa_assertions, test_cases, test_cases_with_oa FROM scans ORDER BY id DESC LIMIT 1");
  bool row = false;
  if (!latest.step(&row) || !row) return {};
  const int64_t scan = latest.columnInt(0);
  std::string body = fmt::format(
      "<p class=\"facts\">root <code>{}</code>: {} files, {} assertions, <b>{} OA assertions</b> ({:.1f}%), {} test cases, {} with an "
      "OA assertion</p>\n",
      htmlEscape(latest.columnText(1)), latest.columnInt(2), latest.columnInt(3), latest.columnInt(4),
      latest.columnInt(3) ? 100.0 * latest.columnInt(4) / latest.columnInt(3) : 0.0, latest.columnInt(5), latest.columnInt(6));
  const std::string oaOfScan = " FROM assertions a JOIN files f ON f.id = a.file_id WHERE f.scan_id = ? AND a.is_oa = 1 ";
  body += figure("OA assertions by API (the 12 most used)",
                 horizontalBars(bars(db, "SELECT a.api, COUNT(*)" + oaOfScan + "GROUP BY a.api ORDER BY 2 DESC, 1 LIMIT 12", scan)));
  body += figure("OA assertions by category", horizontalBars(bars(db, "SELECT a.category, COUNT(*)" + oaOfScan + "GROUP BY 1 ORDER BY 2 DESC, 1", scan)));
  body += figure("threshold provenance (default: the API's own tolerance; depend: chosen at run time)",
                 horizontalBars(bars(db, "SELECT a.threshold_provenance, COUNT(*)" + oaOfScan + "GROUP BY 1 ORDER BY 2 DESC, 1", scan)));
  body += figure("oracle types (D literal, DT another library, NI naive implementation, RI related function, SCUT same code)",
                 horizontalBars(bars(db, "SELECT a.oracle_type, COUNT(*)" + oaOfScan + "GROUP BY 1 ORDER BY 2 DESC, 1", scan)));
  body += "<h3>The loosest written tolerances</h3>\n" +
          table(db,
                "SELECT f.path, a.line, a.api, t.name, t.text, t.value FROM tolerances t JOIN assertions a ON a.id = t.assertion_id"
                " JOIN files f ON f.id = a.file_id WHERE f.scan_id = ? AND a.is_oa = 1 AND t.provenance != 'default' AND t.value IS NOT NULL"
                " AND t.name IN ('atol', 'rtol', 'delta', 'bound', 'epsilon', 'margin') ORDER BY t.value DESC, f.path, a.line LIMIT 15",
                {"file", "line", "API", "tolerance", "as written", "value"}, scan);
  return section("scan", "Scan", body);
}

// `repository` < 0: every repository of the database (a merged one sums them).
std::string historySection(Database& db, int64_t repository) {
  if (!hasTable(db, "oa_changes") || countRows(db, "SELECT COUNT(*) FROM commits") == 0) return {};
  std::string body = "<table class=\"t5\"><tr><th colspan=\"2\">Table V (as the 2019 study)</th></tr>\n";
  for (const auto& [key, n] : tableFive(db, repository)) body += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", htmlEscape(key), n);
  body += "</table>\n";
  // Per year: each kind of each change, and each threshold direction.
  static const std::vector<std::pair<std::string, std::string>> kinds = {
      {"added", "#7fb3d5"}, {"deleted", "#c39bd3"}, {"cosmetic", "#bfc9ca"}, {"api", "#f5b041"}, {"parameter", "#58d68d"}, {"threshold", "#ec7063"}};
  std::map<std::string, std::map<std::string, double>> perYear;
  Statement q(db, "SELECT strftime('%Y', c.time, 'unixepoch'), ch.kinds, ch.direction FROM oa_changes ch JOIN commits c ON c.id = ch.commit_id"
                  " WHERE ?1 < 0 OR c.repository_id = ?1");
  q.bind(1, repository);
  bool row = false;
  while (q.step(&row) && row) {
    const std::string year = q.columnText(0), k = "," + q.columnText(1) + ",", direction = q.columnText(2);
    auto& y = perYear[year];
    for (const auto& [kind, color] : kinds)
      if (k.find("," + kind + ",") != std::string::npos) y[kind] += 1;
    if (!direction.empty()) y["dir:" + direction] += 1;
  }
  std::vector<std::string> years;
  for (const auto& [year, counts] : perYear) years.push_back(year);
  std::vector<Series> byKind, byDirection;
  for (const auto& [kind, color] : kinds) {
    Series s{kind, color, {}};
    for (const auto& year : years) s.values.push_back(perYear[year][kind]);
    byKind.push_back(std::move(s));
  }
  for (const auto& [direction, color] : std::vector<std::pair<std::string, std::string>>{{"loosen", "#e74c3c"}, {"tighten", "#2e86c1"}, {"mixed", "#a569bd"}}) {
    Series s{direction, color, {}};
    for (const auto& year : years) s.values.push_back(perYear[year]["dir:" + direction]);
    byDirection.push_back(std::move(s));
  }
  body += figure("OA changes per year, by kind (a change with several kinds counts in each)", stackedColumns(years, byKind));
  body += figure("threshold changes per year, by direction", stackedColumns(years, byDirection));
  body += figure("reasons of OA changes (from commit messages and from the code change)",
                 horizontalBars(bars(db,
                                     "SELECT r.reason || ' (' || r.source || ')', COUNT(*) FROM change_reasons r JOIN oa_changes ch ON ch.id = r.change_id"
                                     " JOIN commits c ON c.id = ch.commit_id WHERE ?1 < 0 OR c.repository_id = ?1 GROUP BY 1 ORDER BY 2 DESC, 1",
                                     repository)));
  body += "<h3>Assertions loosened twice or more, with their tolerance timelines</h3>\n" + loosenedTable(db, repository);
  body += "<h3>The latest loosenings</h3>\n" +
          table(db,
                "SELECT substr(c.sha, 1, 10), date(c.time, 'unixepoch'), c.subject, ch.file || ':' || ch.line, ch.details FROM oa_changes ch"
                " JOIN commits c ON c.id = ch.commit_id WHERE (?1 < 0 OR c.repository_id = ?1) AND ch.direction IN ('loosen', 'mixed')"
                " ORDER BY c.time DESC, c.seq DESC, ch.id DESC LIMIT 15",
                {"commit", "date", "subject", "assertion", "change"}, repository);
  return section("history", "History", body);
}

std::string lintSection(Database& db) {
  if (!hasTable(db, "lint_runs")) return {};
  Statement latest(db, "SELECT id, root, files, findings, suppressed FROM lint_runs ORDER BY id DESC LIMIT 1");
  bool row = false;
  if (!latest.step(&row) || !row) return {};
  const int64_t run = latest.columnInt(0);
  std::string body = fmt::format("<p class=\"facts\"><code>{}</code>: {} files, <b>{} findings</b>, {} suppressed</p>\n",
                                 htmlEscape(latest.columnText(1)), latest.columnInt(2), latest.columnInt(3), latest.columnInt(4));
  body += figure("findings by rule", horizontalBars(bars(db, "SELECT rule || ' ' || name, COUNT(*) FROM lint_findings WHERE run_id = ? GROUP BY 1 ORDER BY 2 DESC, 1", run)));
  body += figure("the files with the most findings (15)",
                 horizontalBars(bars(db, "SELECT file, COUNT(*) FROM lint_findings WHERE run_id = ? GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 15", run)));
  return section("lint", "Lint", body);
}

constexpr const char* kStyle = R"(body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
nav a{margin-right:1em}figure{margin:1.2em 0}figcaption{color:#555;font-size:.9em}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top;white-space:pre-line}
th{background:#f4f6f7}.t5 td:last-child{text-align:right}.none{color:#888}.facts{font-size:1.05em}
svg.chart text{font-size:12px;fill:#333}svg.chart .bar{fill:#2e86c1}svg.chart .axis{stroke:#999}
code{background:#f4f6f7;padding:0 3px}footer{margin-top:3em;color:#888;font-size:.85em})";

}  // namespace

const char* dashboardStyle() { return kStyle; }

std::string dashboardHtml(Database& db, const std::string& source, int64_t repository, const std::vector<DashboardSection>& extra) {
  const std::string scan = hasTable(db, "scans") ? scanSection(db) : std::string();
  const std::string history = historySection(db, repository);
  const std::string lint = lintSection(db);
  std::string nav, more;
  for (const auto& [id, title, body] : {std::tuple{"scan", "Scan", &scan}, std::tuple{"history", "History", &history}, std::tuple{"lint", "Lint", &lint}})
    if (!body->empty()) nav += fmt::format("<a href=\"#{}\">{}</a>", id, title);
  for (const DashboardSection& e : extra) {
    nav += fmt::format("<a href=\"#{}\">{}</a>", htmlEscape(e.id), htmlEscape(e.title));
    more += section(e.id, e.title, e.body);
  }
  std::string page = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>OALens: " + htmlEscape(source) +
                     "</title>\n<style>" + kStyle + "</style></head><body>\n<h1>OALens dashboard</h1>\n<p>database <code>" + htmlEscape(source) +
                     "</code></p>\n<nav>" + nav + "</nav>\n";
  if (scan.empty() && history.empty() && lint.empty())
    page += "<p class=\"none\">The database holds no scan, mined history or lint run.</p>\n";
  page += scan + history + lint + more;
  page += "<footer>Generated by oalens " OALENS_VERSION " from the database alone; self-contained (no script, no external resource).</footer>\n";
  return page + "</body></html>\n";
}

}  // namespace oalens::reports
