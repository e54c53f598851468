"""The dashboard (`report --dashboard DB --link TEMPLATE`) of a database holding a scan, a mined
history and a lint run, in headless Chromium: no console message, every link well-formed, the
page as wide as the window (nothing overflows it), no chart label running out of its chart, the
findings table filtered from the address and sorted by a click, and a screenshot with its
content in the centre column and white margins, not compared pixel for pixel. Needs the binary
and Chromium (scripts/setup installs Debian's chromium)."""

import json
import os
import re
import shutil
import subprocess
import sys
from urllib.parse import urlparse

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(os.path.dirname(HERE), "support")]
from html_checks import CONSOLE, check_links  # noqa: E402
from png_pixels import read_png  # noqa: E402

BINARY = os.environ.get("OALENS_BINARY")
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.skipif(not BINARY or not os.path.exists(BINARY or ""), reason="OALENS_BINARY not set"),
    pytest.mark.skipif(not CHROMIUM, reason="no chromium on PATH (scripts/setup installs it)"),
]

LINK = "https://example.org/org/repo/blob/{commit}/{file}#L{line}"
WIDTH = 1280


def oalens(*args):
    r = subprocess.run([BINARY] + [str(a) for a in args], capture_output=True, text=True, timeout=600)
    assert r.returncode in (0, 1), (args, r.stderr)
    return r


@pytest.fixture(scope="module")
def dashboard(tmp_path_factory):
    work = tmp_path_factory.mktemp("dashboard")
    db = work / "all.db"
    oalens("scan", os.path.join(SOURCE, "corpora", "dl_suite"), "-q", "--db", db)
    oalens("lint", os.path.join(SOURCE, "corpora", "ml_scripts"), "-q", "--fail-on", "never", "--db", db)
    subprocess.run(["bash", os.path.join(SOURCE, "corpora", "history", "build.sh"), str(work / "repo")], check=True,
                   capture_output=True, timeout=300)
    oalens("mine", work / "repo", "--db", db)
    page = work / "dashboard.html"
    oalens("report", "--dashboard", db, "--link", LINK, "-o", page)
    return page


def chromium(*args):
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0"] + list(args),
                          capture_output=True, text=True, timeout=180)


# Appended to a copy of the page: measures the layout once it is drawn and writes the figures
# into the document, which --dump-dom prints.
MEASURE = """<script>
window.addEventListener('load', function () {
  var clipped = [];
  document.querySelectorAll('svg.chart').forEach(function (svg) {
    var box = svg.getBoundingClientRect();
    svg.querySelectorAll('text').forEach(function (t) {
      var r = t.getBoundingClientRect();
      if (r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1))
        clipped.push(t.textContent);
    });
  });
  var table = document.getElementById('lint-findings');
  var shown = Array.prototype.filter.call(table.tBodies[0].rows, function (r) { return !r.hidden; }).length;
  table.tHead.rows[0].cells[1].click();
  table.tHead.rows[0].cells[1].click();
  var lines = Array.prototype.map.call(table.tBodies[0].rows, function (r) { return parseInt(r.cells[1].getAttribute('data-sort')); });
  var pre = document.createElement('pre');
  pre.id = 'measured';
  pre.textContent = JSON.stringify({width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight,
                                    clipped: clipped, shown: shown, rows: table.tBodies[0].rows.length, lines: lines});
  document.body.appendChild(pre);
});
</script>"""


def measure(page, tmp_path, fragment=""):
    probe = tmp_path / "probe.html"
    probe.write_text(page.read_text().replace("</body>", MEASURE + "</body>"))
    r = chromium("--window-size=%d,1600" % WIDTH, "--dump-dom", probe.resolve().as_uri() + fragment)
    found = re.search(r'<pre id="measured">(.*?)</pre>', r.stdout, re.S)
    assert found, r.stderr[-2000:]
    return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"))


def test_renders_without_console_messages(dashboard, tmp_path):
    shot = tmp_path / "shot.png"
    r = chromium("--window-size=%d,1600" % WIDTH, "--screenshot=%s" % shot, dashboard.resolve().as_uri())
    assert [line for line in r.stderr.splitlines() if CONSOLE.search(line)] == []
    assert shot.exists()


def test_every_link_is_well_formed(dashboard):
    parser = check_links(dashboard.read_text(), schemes=("https",))
    code = [href for href in parser.links if not href.startswith("#")]
    assert len(code) >= 50, len(code)
    for href in code:
        url = urlparse(href)
        assert url.scheme == "https" and url.netloc == "example.org", href
        assert url.path.startswith("/org/repo/blob/") or url.path.startswith("/org/repo/commit/"), href
        assert "{" not in href and " " not in href, href
        if url.fragment:
            assert re.fullmatch(r"L[0-9]+", url.fragment), href


def test_layout_fits_the_window_and_labels_their_charts(dashboard, tmp_path):
    m = measure(dashboard, tmp_path)
    assert m["width"] <= WIDTH, "the page overflows the window: %d px" % m["width"]
    assert 3000 <= m["height"] <= 60000, m["height"]
    assert m["clipped"] == [], "labels outside their chart: %s" % m["clipped"][:5]


def test_findings_table_filters_from_the_address_and_sorts(dashboard, tmp_path):
    everything = measure(dashboard, tmp_path)
    assert everything["shown"] == everything["rows"] > 5
    assert everything["lines"] == sorted(everything["lines"], reverse=True), "two clicks on line: descending"
    some = measure(dashboard, tmp_path, "#filter=ML204")
    assert 0 < some["shown"] < some["rows"], some


def test_screenshot_has_content_in_a_centred_column(dashboard, tmp_path):
    shot = tmp_path / "layout.png"
    chromium("--window-size=%d,1600" % WIDTH, "--force-device-scale-factor=0.5", "--hide-scrollbars", "--screenshot=%s" % shot,
             dashboard.resolve().as_uri())
    width, height, rows = read_png(shot)
    assert (width, height) == (WIDTH // 2, 800), (width, height)

    def ink(row, x0, x1):
        return sum(1 for x in range(x0, x1) if min(row[3 * x:3 * x + 3]) < 200)

    margin = width // 20  # the body is 1,100 px wide in a 1,280 px window: 90 px of white each side
    assert all(ink(r, 0, margin) == 0 and ink(r, width - margin, width) == 0 for r in rows), "content in the margins"
    inked = [ink(r, margin, width - margin) for r in rows]
    assert sum(1 for n in inked if n) > height // 3, "a mostly blank page"
    assert sum(1 for n in inked[: height // 8] if n) > 0, "no heading at the top"
    total = sum(inked)
    assert 0.01 < total / float(width * height) < 0.5, total
