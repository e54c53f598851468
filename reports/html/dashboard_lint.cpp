#include "reports/html/dashboard_lint.h"

#include <fmt/format.h>

#include "reports/html/svg_charts.h"
#include "reports/sqlite/dashboard_queries.h"

namespace oalens::reports {

namespace {

// 5,000 rows keep the page under about 2 MB and quick to sort; the bars above count them all.
constexpr int64_t kMaxRows = 5000;

std::vector<Bar> countBars(const std::vector<CountedLabel>& counts) {
  std::vector<Bar> out;
  for (const CountedLabel& c : counts) out.push_back({c.label, static_cast<double>(c.count), {}});
  return out;
}

std::string figure(const std::string& caption, const std::string& chart) {
  return "<figure>" + chart + "<figcaption>" + htmlEscape(caption) + "</figcaption></figure>\n";
}

}  // namespace

std::string lintSectionBody(Database& db, const CodeLinks& links) {
  const std::optional<LintRunFacts> latest = latestLintRun(db);
  if (!latest) return {};
  const int64_t run = latest->id;
  const int64_t findings = latest->findings;
  std::string body = fmt::format("<p class=\"facts\"><code>{}</code>: {} files, <b>{} findings</b>, {} suppressed</p>\n",
                                 htmlEscape(latest->root), latest->files, findings, latest->suppressed);
  body += figure("findings by rule", horizontalBars(countBars(lintFindingsByRule(db, run))));
  std::vector<Bar> files = countBars(lintFindingsByFile(db, run));
  for (Bar& b : files) b.href = links.fileUrl(b.label, 0);
  body += figure("the files with the most findings (15)", horizontalBars(files));

  std::string rows;
  size_t shown = 0;
  for (const StoredLintFinding& f : lintFindingsOf(db, run, kMaxRows)) {
    const auto line = static_cast<uint32_t>(f.line);
    rows += fmt::format("<tr><td>{}</td><td data-sort=\"{}\">{}</td><td>{}</td><td>{}</td><td class=\"sev-{}\">{}</td><td>{}</td></tr>\n",
                        links.file(f.file, f.file, line), line, links.file(fmt::format("{}:{}", line, f.column), f.file, line),
                        htmlEscape(f.rule), htmlEscape(f.name), htmlEscape(f.severity), htmlEscape(f.severity), htmlEscape(f.message));
    ++shown;
  }
  if (shown == 0) return body;
  body += fmt::format("<h3>Every finding{}</h3>\n", findings > kMaxRows ? fmt::format(" (the first {} of {})", kMaxRows, findings) : "");
  body +=
      "<p><label>filter <input type=\"search\" data-filter=\"lint-findings\" placeholder=\"a file, rule, severity or word\"></label>"
      " <span class=\"count\" id=\"lint-findings-count\"></span> <span class=\"hint\">click a column's header to sort</span></p>\n";
  body +=
      "<table class=\"sortable findings\" id=\"lint-findings\"><thead><tr><th>file</th><th>line:col</th><th>rule</th><th>name</th>"
      "<th>severity</th><th>message</th></tr></thead><tbody>\n" +
      rows + "</tbody></table>\n";
  return body;
}

const char* findingsTableScript() {
  // Plain DOM, no library. Sorting reads a cell's data-sort (numbers) or its text; filtering
  // hides the rows whose text lacks every word typed. `#filter=...` fills the box on load.
  return R"JS(
(function () {
  function cellKey(row, i) {
    var c = row.cells[i], v = c.getAttribute('data-sort');
    return v !== null ? parseFloat(v) : c.textContent.toLowerCase();
  }
  document.querySelectorAll('table.sortable').forEach(function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, i) {
      th.tabIndex = 0;
      th.title = 'sort by ' + th.textContent;
      var sort = function () {
        var up = th.getAttribute('aria-sort') !== 'ascending';
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
        var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = cellKey(a, i), y = cellKey(b, i);
          return (x < y ? -1 : x > y ? 1 : 0) * (up ? 1 : -1);
        });
        rows.forEach(function (r) { body.appendChild(r); });
      };
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (e) { if (e.key === 'Enter') sort(); });
    });
  });
  document.querySelectorAll('input[data-filter]').forEach(function (input) {
    var table = document.getElementById(input.getAttribute('data-filter'));
    var count = document.getElementById(input.getAttribute('data-filter') + '-count');
    var apply = function () {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean), shown = 0;
      Array.prototype.forEach.call(table.tBodies[0].rows, function (r) {
        var text = r.textContent.toLowerCase();
        var keep = words.every(function (w) { return text.indexOf(w) >= 0; });
        r.hidden = !keep;
        shown += keep ? 1 : 0;
      });
      if (count) count.textContent = shown + ' of ' + table.tBodies[0].rows.length + ' shown';
    };
    input.addEventListener('input', apply);
    var m = /[#&]filter=([^&]*)/.exec(location.hash);
    if (m) input.value = decodeURIComponent(m[1]);
    apply();
  });
})();
)JS";
}

}  // namespace oalens::reports
