"""`oalens report --margins` on the five-run database of the suite: each site's verdict and
suggestion, the unreached checks, the rootdir moved under another --root, and databases it
must refuse with exit 2. Needs the binary (OALENS_BINARY, set by CTest)."""

import json
import os
import sqlite3
import subprocess

import pytest

from conftest import HAVE_TORCH
from expected_sites import SITES

BINARY = os.environ.get("OALENS_BINARY")
pytestmark = pytest.mark.skipif(not BINARY or not os.path.exists(BINARY or ""), reason="OALENS_BINARY not set")


def report(*args):
    return subprocess.run([BINARY, "report"] + [str(a) for a in args], capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def verdicts(five_runs, suite_dir):
    r = report("--margins", five_runs.db, "--root", suite_dir, "--format", "json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def by_site(doc):
    return {(m["file"], m["line"]): m for m in doc["margins"]}


@pytest.mark.parametrize("name", sorted(n for n, w in SITES.items() if w["verdict"] and (HAVE_TORCH or not w.get("torch"))))
def test_site_verdict(verdicts, sites, name):
    want = SITES[name]
    margins = by_site(verdicts)
    assert sites[name] in margins, "no verdict at %s:%d (%s)" % (sites[name] + (name,))
    got = margins[sites[name]]
    assert got["verdict"] == want["verdict"], name
    assert got["runs"] == 5 * want.get("tests", 1) * (2 if name == "wrapper_inner" else 1)
    if want.get("used") is not None:
        assert got["max_used"] == pytest.approx(want["used"], rel=1e-9, abs=1e-300)
    if "suggested" in want:
        assert got["suggested"] == want["suggested"]
        assert got["suggestion_basis"] in ("10x the largest error measured", "the values were equal in every run")
    if want["verdict"] == "failing":
        assert got["failed_runs"] == got["runs"]
        assert got["failures_within_tolerance"] == 0


def test_flaky_tight_has_an_extreme_value_bound(verdicts, sites):
    got = by_site(verdicts)[sites["random_tight"]]
    extreme = got["extreme"]
    assert extreme["distribution"] == "gumbel_r" and extreme["samples"] == 5 and extreme["confidence"] == 0.99
    assert extreme["used_at_confidence"] > got["max_used"]
    if extreme["used_at_confidence"] > 1:
        assert got["suggested"].startswith("rtol=0 atol=") and "extreme-value bound" in got["suggestion_basis"]


def test_unjudged_checks_are_listed(verdicts, sites):
    reasons = {(u["file"], u["line"]): u["reason"] for u in verdicts["unjudged"]}
    for name, want in SITES.items():
        if "unjudged" in want:
            assert reasons.get(sites[name]) == want["unjudged"], name
            assert sites[name] not in by_site(verdicts)
    assert "not watched" in reasons.values()  # test_random.py's bare `assert abs(...) < 1e-2`
    s = verdicts["summary"]
    assert s["measured"] + s["not_reached"] + s["not_watched"] == s["oa_assertions"]
    assert s["over_loose"] + s["flaky_tight"] + s["healthy"] + s["failing"] + s["not_judged"] == s["measured"]
    assert s["runs_per_test"] == 5


def test_text_lists_every_verdict(five_runs, suite_dir, verdicts):
    r = report("--margins", five_runs.db, "--root", suite_dir)
    assert r.returncode == 0
    lines = r.stdout.splitlines()
    assert lines[0].startswith("Tolerance margins: %d of %d OA assertions measured" % (
        verdicts["summary"]["measured"], verdicts["summary"]["oa_assertions"]))
    for m in verdicts["margins"]:
        assert any(l.startswith("%s:%d: %s: " % (m["file"], m["line"], m["verdict"])) for l in lines)


def test_sarif_lists_every_verdict_but_healthy(five_runs, suite_dir, verdicts):
    r = report("--margins", five_runs.db, "--root", suite_dir, "--format", "sarif")
    assert r.returncode == 0, r.stderr
    run = json.loads(r.stdout)["runs"][0]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert rules == ["MG101", "MG102", "MG103"]
    level = {"over-loose": "note", "flaky-tight": "warning", "failing": "error"}
    want = {(m["file"], m["line"]): m["verdict"] for m in verdicts["margins"] if m["verdict"] != "healthy"}
    got = {}
    for result in run["results"]:
        place = result["locations"][0]["physicalLocation"]
        assert place["artifactLocation"]["uriBaseId"] == "SRCROOT"
        verdict = result["message"]["text"].split(":")[0]
        assert result["level"] == level[verdict] and rules[result["ruleIndex"]] == result["ruleId"]
        got[(place["artifactLocation"]["uri"], place["region"]["startLine"])] = verdict
    assert got == want
    prints = [result["partialFingerprints"]["oalens/v1"] for result in run["results"]]
    assert len(set(prints)) == len(prints)
    assert run["originalUriBaseIds"]["SRCROOT"]["uri"].endswith("/")
    assert report("--tables", five_runs.db, "--format", "sarif").returncode == 2


def test_safety_factor(five_runs, suite_dir, sites):
    r = report("--margins", five_runs.db, "--root", suite_dir, "--format", "json", "--safety-factor", "100")
    assert by_site(json.loads(r.stdout))[sites["over_loose"]]["suggested"] == "rtol=0 atol=1e-10"
    assert report("--margins", five_runs.db, "--root", suite_dir, "--safety-factor", "0.5").returncode == 2


def test_root_above_the_rootdir(five_runs, suite_dir, sites):
    r = report("--margins", five_runs.db, "--root", suite_dir.parent, "--format", "json")
    assert r.returncode == 0, r.stderr
    file, line = sites["over_loose"]
    assert by_site(json.loads(r.stdout))[("suite/" + file, line)]["verdict"] == "over-loose"


def refused(db, tmp_path, needle):
    r = report("--margins", db, "--root", tmp_path)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert needle in r.stderr, r.stderr
    assert r.stdout == ""


def test_refuses_what_is_not_a_margins_database(tmp_path, five_runs):
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(bytes(range(256)) * 64)
    refused(garbage, tmp_path, "garbage.db")
    refused(tmp_path / "missing.db", tmp_path, "no such database")
    foreign = tmp_path / "foreign.db"
    con = sqlite3.connect(str(foreign))
    con.execute("CREATE TABLE meta(key TEXT, value TEXT)")
    con.execute("INSERT INTO meta VALUES ('schema_version', '5')")
    con.commit()
    con.close()
    refused(foreign, tmp_path, "not a margins database")
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    refused(empty, tmp_path, "not a margins database")
    truncated = tmp_path / "truncated.db"
    truncated.write_bytes(five_runs.db.read_bytes()[:3000])
    r = report("--margins", truncated, "--root", tmp_path)
    assert r.returncode == 2 and "truncated.db" in r.stderr


def altered_copy(five_runs, path, sql):
    """A copy of the five-run database at `path`, with `sql` run on it."""
    path.write_bytes(five_runs.db.read_bytes())
    con = sqlite3.connect(str(path))
    con.execute(sql)
    con.commit()
    con.close()
    return path


def test_refuses_newer_and_damaged_databases(tmp_path, five_runs):
    newer = altered_copy(five_runs, tmp_path / "newer.db", "UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    refused(newer, tmp_path, "newer")
    damaged = altered_copy(five_runs, tmp_path / "damaged.db", "DROP TABLE frames")
    refused(damaged, tmp_path, "cannot read the recorded calls")


def test_refuses_a_scan_database_and_a_missing_root(tmp_path, five_runs, suite_dir):
    scan_db = tmp_path / "scan.db"
    r = subprocess.run([BINARY, "scan", str(suite_dir), "--db", str(scan_db)], capture_output=True, text=True)
    assert r.returncode in (0, 1), r.stderr
    refused(scan_db, tmp_path, "not a margins database")
    r = report("--margins", five_runs.db, "--root", tmp_path / "nowhere")
    assert r.returncode == 2 and "no such directory" in r.stderr


def test_html_page_and_dashboard_section(tmp_path, five_runs, suite_dir, sites):
    page = tmp_path / "margins.html"
    r = report("--margins", five_runs.db, "--root", suite_dir, "--format", "html", "-o", page)
    assert r.returncode == 0, r.stderr
    html = page.read_text()
    assert html.startswith("<!DOCTYPE html>") and '<section id="margins">' in html
    assert "<td>%s:%d</td><td>flaky-tight</td>" % sites["random_tight"] in html
    assert "<td>%s:%d</td>" % sites["over_loose"] in html and "<td>rtol=0 atol=1e-11</td>" in html
    scan_db = tmp_path / "scan.db"
    subprocess.run([BINARY, "scan", str(suite_dir), "-q", "--db", str(scan_db)], capture_output=True)
    dashboard = tmp_path / "dashboard.html"
    r = report("--dashboard", scan_db, "--margins", five_runs.db, "--root", suite_dir, "-o", dashboard)
    assert r.returncode == 0, r.stderr
    html = dashboard.read_text()
    assert '<section id="scan">' in html and '<section id="margins">' in html and '<a href="#margins">Margins</a>' in html
    r = report("--dashboard", scan_db, "--margins", tmp_path / "missing.db", "--root", suite_dir, "-o", dashboard)
    assert r.returncode == 2 and "no such database" in r.stderr
    assert report("--tables", scan_db, "--format", "html").returncode == 2
