"""The margins page (`report --margins --format html`) and the dashboard's Margins section
render in headless Chromium without a console message, and every link on them is well-formed.
The console check is first shown to catch a page that logs an error. Needs the binary and
Chromium (scripts/setup installs Debian's chromium)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from html_checks import CONSOLE, check_links  # noqa: E402

BINARY = os.environ.get("OALENS_BINARY")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.skipif(not BINARY or not os.path.exists(BINARY or ""), reason="OALENS_BINARY not set"),
    pytest.mark.skipif(not CHROMIUM, reason="no chromium on PATH (scripts/setup installs it)"),
]


def render(page, tmp_path):
    """Chromium's console lines for `page`, and the screenshot's size in bytes."""
    shot = tmp_path / (page.stem + ".png")
    r = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
                        "--window-size=1280,2400", "--screenshot=%s" % shot, page.resolve().as_uri()],
                       capture_output=True, text=True, timeout=180)
    console = [line for line in r.stderr.splitlines() if CONSOLE.search(line)]
    return console, shot.stat().st_size if shot.exists() else 0


def test_the_console_check_catches_an_error(tmp_path):
    page = tmp_path / "noisy.html"
    page.write_text('<html><body><p>x</p><script>console.error("margins-check-42")</script></body></html>')
    console, size = render(page, tmp_path)
    assert any("margins-check-42" in line for line in console) and size > 0


def test_margins_page_renders_cleanly(five_runs, suite_dir, tmp_path):
    page = tmp_path / "margins.html"
    r = subprocess.run([BINARY, "report", "--margins", str(five_runs.db), "--root", str(suite_dir), "--format", "html",
                        "-o", str(page)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    console, size = render(page, tmp_path)
    assert console == [] and size > 10000
    check_links(page.read_text())


def test_dashboard_margins_section_renders_cleanly(five_runs, suite_dir, tmp_path):
    scan_db = tmp_path / "scan.db"
    r = subprocess.run([BINARY, "scan", str(suite_dir), "--db", str(scan_db)], capture_output=True, text=True, timeout=300)
    assert r.returncode in (0, 1), r.stderr
    page = tmp_path / "dashboard.html"
    r = subprocess.run([BINARY, "report", "--dashboard", str(scan_db), "--margins", str(five_runs.db), "--root", str(suite_dir),
                        "-o", str(page)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    html = page.read_text()
    assert "Margins" in html
    console, size = render(page, tmp_path)
    assert console == [] and size > 10000
    check_links(html)
