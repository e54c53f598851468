#include "reports/html/dashboard.h"

#include <fmt/format.h>

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "reports/html/dashboard_lint.h"
#include "reports/html/svg_charts.h"
#include "reports/sqlite/assertion_timelines.h"
#include "reports/sqlite/dashboard_queries.h"
#include "reports/sqlite/history_tables.h"

namespace oalens::reports {

namespace {

std::vector<Bar> bars(const std::vector<CountedLabel>& counts) {
  std::vector<Bar> out;
  for (const CountedLabel& c : counts) out.push_back({c.label, static_cast<double>(c.count), {}});
  return out;
}

// A table with these headers and rows of cells already in HTML; "none" when it has no row.
std::string table(const std::vector<std::string>& headers, const std::vector<std::vector<std::string>>& rows) {
  if (rows.empty()) return "<p class=\"none\">none</p>\n";
  std::string out = "<table><tr>";
  for (const auto& h : headers) out += "<th>" + htmlEscape(h) + "</th>";
  out += "</tr>\n";
  for (const auto& cells : rows) {
    out += "<tr>";
    for (const std::string& cell : cells) out += "<td>" + cell + "</td>";
    out += "</tr>\n";
  }
  return out + "</table>\n";
}

// The 25 assertions loosened most often (twice or more), each with its changes, one a line.
std::string loosenedTable(Database& db, int64_t repository, const CodeLinks& links) {
  const std::vector<AssertionTimeline> loosened = loosenedAssertions(db, repository, 2, 25);
  if (loosened.empty()) return "<p class=\"none\">none</p>\n";
  std::string out = "<table><tr><th>assertion (now)</th><th>loosenings</th><th>timeline (date, commit, change)</th></tr>\n";
  for (const AssertionTimeline& t : loosened) {
    std::string timeline;
    for (const TimelineStep& s : t.steps)
      timeline +=
          fmt::format("{}{} {} {}", timeline.empty() ? "" : "\n", htmlEscape(s.date), links.commit(s.commit.substr(0, 10), s.commit),
                      links.file(s.details.empty() ? s.kinds : s.details, s.file, static_cast<uint32_t>(s.line), s.commit));
    const TimelineStep& now = t.steps.back();
    out += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                       links.file(fmt::format("{}:{}", now.file, now.line), now.file, static_cast<uint32_t>(now.line), now.commit),
                       t.loosenings, timeline);
  }
  return out + "</table>\n";
}

std::string section(const std::string& id, const std::string& title, const std::string& body) {
  return fmt::format("<section id=\"{}\"><h2>{}</h2>\n{}</section>\n", id, htmlEscape(title), body);
}

std::string figure(const std::string& caption, const std::string& chart) {
  return "<figure>" + chart + "<figcaption>" + htmlEscape(caption) + "</figcaption></figure>\n";
}

std::string scanSection(Database& db, const CodeLinks& links) {
  const std::optional<ScanFacts> latest = latestScan(db);
  if (!latest) return {};
  const ScanFacts& f = *latest;
  std::string body = fmt::format(
      "<p class=\"facts\">root <code>{}</code>: {} files, {} assertions, <b>{} OA assertions</b> ({:.1f}%), {} test cases, {} with an "
      "OA assertion</p>\n",
      htmlEscape(f.root), f.files, f.assertions, f.oaAssertions, f.assertions ? 100.0 * f.oaAssertions / f.assertions : 0.0, f.testCases,
      f.testCasesWithOa);
  body += figure("OA assertions by API (the 12 most used)", horizontalBars(bars(oaAssertionsBy(db, f.id, OaFacet::Api))));
  body += figure("OA assertions by category", horizontalBars(bars(oaAssertionsBy(db, f.id, OaFacet::Category))));
  body += figure("threshold provenance (default: the API's own tolerance; depend: chosen at run time)",
                 horizontalBars(bars(oaAssertionsBy(db, f.id, OaFacet::ThresholdProvenance))));
  body += figure("oracle types (D literal, DT another library, NI naive implementation, RI related function, SCUT same code)",
                 horizontalBars(bars(oaAssertionsBy(db, f.id, OaFacet::OracleType))));
  std::vector<std::vector<std::string>> rows;
  for (const WrittenTolerance& t : loosestWrittenTolerances(db, f.id)) {
    const auto line = static_cast<uint32_t>(std::stoul(t.line));
    rows.push_back({links.file(t.file, t.file, line), links.file(t.line, t.file, line), htmlEscape(t.api), htmlEscape(t.name),
                    htmlEscape(t.text), htmlEscape(t.value)});
  }
  body += "<h3>The loosest written tolerances</h3>\n" + table({"file", "line", "API", "tolerance", "as written", "value"}, rows);
  return section("scan", "Scan", body);
}

// `repository` < 0: every repository of the database (a merged one sums them).
std::string historySection(Database& db, int64_t repository, const CodeLinks& links) {
  if (!hasMinedHistory(db)) return {};
  std::string body = "<table class=\"t5\"><tr><th colspan=\"2\">Table V (as the 2019 study)</th></tr>\n";
  for (const auto& [key, n] : tableFive(db, repository)) body += fmt::format("<tr><td>{}</td><td>{}</td></tr>\n", htmlEscape(key), n);
  body += "</table>\n";
  // Per year: each kind of each change, and each threshold direction.
  static const std::vector<std::pair<std::string, std::string>> kinds = {{"added", "#7fb3d5"},     {"deleted", "#c39bd3"},
                                                                         {"cosmetic", "#bfc9ca"},  {"api", "#f5b041"},
                                                                         {"parameter", "#58d68d"}, {"threshold", "#ec7063"}};
  std::map<std::string, std::map<std::string, double>> perYear;
  for (const YearlyChange& c : changesByYear(db, repository)) {
    const std::string k = "," + c.kinds + ",", &direction = c.direction;
    auto& y = perYear[c.year];
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
  for (const auto& [direction, color] :
       std::vector<std::pair<std::string, std::string>>{{"loosen", "#e74c3c"}, {"tighten", "#2e86c1"}, {"mixed", "#a569bd"}}) {
    Series s{direction, color, {}};
    for (const auto& year : years) s.values.push_back(perYear[year]["dir:" + direction]);
    byDirection.push_back(std::move(s));
  }
  body += figure("OA changes per year, by kind (a change with several kinds counts in each)", stackedColumns(years, byKind));
  body += figure("threshold changes per year, by direction", stackedColumns(years, byDirection));
  body += figure("reasons of OA changes (from commit messages and from the code change)",
                 horizontalBars(bars(changeReasonCounts(db, repository))));
  body += "<h3>Assertions loosened twice or more, with their tolerance timelines</h3>\n" + loosenedTable(db, repository, links);
  std::vector<std::vector<std::string>> rows;
  for (const Loosening& l : latestLoosenings(db, repository))
    rows.push_back({links.commit(l.sha.substr(0, 10), l.sha), htmlEscape(l.date), htmlEscape(l.subject),
                    links.file(fmt::format("{}:{}", l.file, l.line), l.file, static_cast<uint32_t>(l.line), l.sha), htmlEscape(l.details)});
  body += "<h3>The latest loosenings</h3>\n" + table({"commit", "date", "subject", "assertion", "change"}, rows);
  return section("history", "History", body);
}

constexpr const char* kStyle = R"(body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222;padding:0 1em}
h1{font-size:1.6em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}
nav a{margin-right:1em}figure{margin:1.2em 0}figcaption{color:#555;font-size:.9em}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top;white-space:pre-line;overflow-wrap:anywhere}
th{background:#f4f6f7}.t5 td:last-child{text-align:right}.none{color:#888}.facts{font-size:1.05em}
svg.chart text{font-size:12px;fill:#333}svg.chart .bar{fill:#2e86c1}svg.chart .axis{stroke:#999}
svg.chart text.inside{font-size:10px;fill:#fff}svg.chart text.total{font-size:10px}svg.chart a text{fill:#1a5276;text-decoration:underline}
table.sortable th{cursor:pointer;user-select:none}table.sortable th[aria-sort=ascending]::after{content:" \25B2"}
table.sortable th[aria-sort=descending]::after{content:" \25BC"}.findings td{white-space:normal}
.sev-error{color:#b03a2e;font-weight:bold}.sev-warning{color:#9a7d0a}.hint,.count{color:#777;font-size:.9em}
dl.glossary dt{font-weight:bold;margin-top:.5em}dl.glossary dd{margin-left:1.5em}
code{background:#f4f6f7;padding:0 3px}footer{margin-top:3em;color:#888;font-size:.85em})";

// The study's terms, for a reader who has not read it (the oracle-approximation study of
// Nejadgholi and Yang, 2019; docs/oracles.md, docs/mine.md, docs/counting.md).
constexpr const char* kGlossary = R"(<dl class="glossary">
<dt>OA assertion (oracle approximation)</dt><dd>An assertion that accepts the value under test within a tolerance of the expected one (<code>assert_allclose(out, ref, rtol=1e-5)</code>) instead of demanding equality.</dd>
<dt>CUT</dt><dd>The code under test: the value the assertion checks.</dd>
<dt>Oracle types</dt><dd>Where the expected value comes from.
<b>D</b>: literals or data (a hard-coded number, the input passed through);
<b>DT</b>: another library computing the same function (NumPy, SciPy, another framework);
<b>NI</b>: the test author's own implementation (a loop, a hand-written formula);
<b>RI</b>: a related function of the library under test (a layer against the op it should equal);
<b>SCUT</b>: the same code under test, on the same inputs (<b>SCUT_SAME</b>: run twice, saved and loaded, CPU against GPU) or on transformed ones (<b>SCUT_DIFF</b>: a metamorphic relation);
<b>UNKNOWN</b>: the origin could not be traced.</dd>
<dt>Threshold provenance</dt><dd><b>default</b>: the API's own tolerance (none written); <b>literal</b> / <b>constant</b>: written in the test or a named constant (customised); <b>depend</b>: chosen at run time (by dtype, device or backend).</dd>
<dt>Table V</dt><dd>The study's table of OA assertion changes in a project's history: commits touching tests, the commits and changes touching OA assertions, and the changes by kind.</dd>
<dt>Change kinds</dt><dd><b>added</b> / <b>deleted</b> OA assertions; <b>cosmetic</b> (layout, same tokens); <b>api</b> (another assertion API); <b>parameter</b> (the CUT or oracle argument changed); <b>threshold</b> (a tolerance value changed). One change can have several kinds.</dd>
<dt>loosen / tighten / mixed</dt><dd>A threshold change that accepts more (a larger <code>rtol</code>, fewer <code>decimal</code> places), less, or both (one tolerance up, another down).</dd>
<dt>OA1xx, ML2xx, CH3xx</dt><dd>Lint rules on tolerance hygiene in tests (OA), on ML training pitfalls (ML), and the diff gate's findings on a change (CH); <code>oalens rules</code> lists them.</dd>
</dl>
)";

}  // namespace

const char* dashboardStyle() { return kStyle; }

std::string dashboardHtml(Database& db, const std::string& source, int64_t repository, const std::vector<DashboardSection>& extra,
                          const DashboardOptions& options) {
  const CodeLinks links(options.linkTemplate, minedTip(db));
  const std::string scan = hasTable(db, "scans") ? scanSection(db, links) : std::string();
  const std::string history = historySection(db, repository, links);
  const std::string lintBody = lintSectionBody(db, links);
  const std::string lint = lintBody.empty() ? std::string() : section("lint", "Lint", lintBody);
  std::string nav, more;
  for (const auto& [id, title, body] :
       {std::tuple{"scan", "Scan", &scan}, std::tuple{"history", "History", &history}, std::tuple{"lint", "Lint", &lint}})
    if (!body->empty()) nav += fmt::format("<a href=\"#{}\">{}</a>", id, title);
  for (const DashboardSection& e : extra) {
    nav += fmt::format("<a href=\"#{}\">{}</a>", htmlEscape(e.id), htmlEscape(e.title));
    more += section(e.id, e.title, e.body);
  }
  nav += "<a href=\"#glossary\">Glossary</a>";
  std::string page = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>OALens: " + htmlEscape(source) +
                     "</title>\n<style>" + kStyle + "</style></head><body>\n<h1>OALens dashboard</h1>\n<p>database <code>" +
                     htmlEscape(source) + "</code></p>\n<nav>" + nav + "</nav>\n";
  if (scan.empty() && history.empty() && lint.empty())
    page += "<p class=\"none\">The database holds no scan, mined history or lint run.</p>\n";
  page += scan + history + lint + more;
  page += section("glossary", "Glossary", kGlossary);
  if (!lint.empty()) page += std::string("<script>") + findingsTableScript() + "</script>\n";
  page += "<footer>Generated by oalens " OALENS_VERSION " from the database alone; self-contained (no external resource).</footer>\n";
  return page + "</body></html>\n";
}

}  // namespace oalens::reports
