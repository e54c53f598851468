#include "reports/html/dashboard_lint.h"

#include <fmt/format.h>

#include "reports/html/svg_charts.h"
#include "reports/sqlite/history_tables.h"

namespace oalens::reports {

namespace {

// 5,000 rows keep the page under about 2 MB and quick to sort; the bars above count them all.
constexpr int64_t kMaxRows = 5000;

std::vector<Bar> countBars(Database& db, const std::string& sql, int64_t run) {
  Statement q(db, sql);
  q.bind(1, run);
  std::vector<Bar> out;
  bool row = false;
  while (q.step(&row) && row) out.push_back({q.columnText(0), static_cast<double>(q.columnInt(1)), {}});
  return out;
}

std::string figure(const std::string& caption, const std::string& chart) {
  return "<figure>" + chart + "<figcaption>" + htmlEscape(caption) + "</figcaption></figure>\n";
}

}  // namespace

std::string lintSectionBody(Database& db, const CodeLinks& links) {
  if (countRows(db, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'lint_runs'") == 0) return {};
  Statement latest(db, "SELECT id, root, files, findings, suppressed FROM lint_runs ORDER BY id DESC LIMIT 1");
  bool row = false;
  if (!latest.step(&row) || !row) return {};
  const int64_t run = latest.columnInt(0);
  const int64_t findings = latest.columnInt(3);
  std::string body = fmt::format("<p class=\"facts\"><code>{}</code>: {} files, <b>{} findings</b>, {} suppressed</p>\n",
                                 htmlEscape(latest.columnText(1)), latest.columnInt(2), findings, latest.columnInt(4));
  body += figure("findings by rule",
                 horizontalBars(countBars(
                     db, "SELECT rule || ' ' || name, COUNT(*) FROM lint_findings WHERE run_id = ? GROUP BY 1 ORDER BY 2 DESC, 1", run)));
  std::vector<Bar> files =
      countBars(db, "SELECT file, COUNT(*) FROM lint_findings WHERE run_id = ? GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 15", run);
  for (Bar& b : files) b.href = links.fileUrl(b.label, 0);
  body += figure("the files with the most findings (15)", horizontalBars(files));

  Statement q(
      db,
      "SELECT file, line, col, rule, name, severity, message FROM lint_findings WHERE run_id = ? ORDER BY file, line, col, rule LIMIT ?");
  q.bind(1, run).bind(2, kMaxRows);
  std::string rows;
  size_t shown = 0;
  while (q.step(&row) && row) {
    const std::string file = q.columnText(0);
    const auto line = static_cast<uint32_t>(q.columnInt(1));
    rows += fmt::format("<tr><td>{}</td><td data-sort=\"{}\">{}</td><td>{}</td><td>{}</td><td class=\"sev-{}\">{}</td><td>{}</td></tr>\n",
                        links.file(file, file, line), line, links.file(fmt::format("{}:{}", line, q.columnInt(2)), file, line),
                        htmlEscape(q.columnText(3)), htmlEscape(q.columnText(4)), htmlEscape(q.columnText(5)), htmlEscape(q.columnText(5)),
                        htmlEscape(q.columnText(6)));
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
