"""`oalens diff --margins`: a loosened tolerance's CH301 message says how much of the old
tolerance the recorded runs used and what share of the new one the largest error is; a check no
run reached says nothing. The suite is copied into a git repository, run once under the plugin,
committed, and three of its tolerances are loosened in the work tree. Needs the binary."""

import json
import os
import shutil
import subprocess

import pytest

from conftest import SUITE, run_pytest, site_lines

BINARY = os.environ.get("OALENS_BINARY")
pytestmark = pytest.mark.skipif(not BINARY or not os.path.exists(BINARY or ""), reason="OALENS_BINARY not set")

FILES = ["pytest.ini", "conftest.py", "test_numpy_checks.py", "test_unittest_checks.py", "test_failing.py"]
LOOSENED = {
    # site: (old text, new text)
    "allclose_both": ("rtol=2.0**-10, atol=2.0**-10", "rtol=2.0**-8, atol=2.0**-8"),
    "over_loose": ("atol=1e-3", "atol=1e-2"),
    "unittest_places3": ("places=3", "places=2"),
    "never_reached": ("[1.0])", "[1.0], rtol=1e-3)"),
}


def git(repo, *args):
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args], check=True,
                   capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def gate(tmp_path_factory):
    repo = tmp_path_factory.mktemp("gate") / "repo"
    repo.mkdir()
    for name in FILES:
        shutil.copy(SUITE / name, repo / name)
    db = repo.parent / "margins.db"
    run_pytest(repo, ["--oalens-margins=%s" % db, "--oalens-margins-runs", "2"])
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "suite")
    sites = site_lines(repo)
    for name, (old, new) in LOOSENED.items():
        path = repo / sites[name][0]
        lines = path.read_text().splitlines(keepends=True)
        assert old in lines[sites[name][1] - 1], name
        lines[sites[name][1] - 1] = lines[sites[name][1] - 1].replace(old, new)
        path.write_text("".join(lines))
    r = subprocess.run([BINARY, "diff", "--repo", str(repo), "--margins", str(db), "--format", "json"], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 1, r.stderr
    findings = json.loads(r.stdout)["findings"]
    return {(f["file"], f["line"]): f for f in findings if f["rule"] == "CH301"}, sites


def message(gate, name):
    findings, sites = gate
    assert sites[name] in findings, "no CH301 at %s:%d" % sites[name]
    return findings[sites[name]]["message"]


def test_share_of_old_and_new_tolerance(gate):
    # worst element: error 2**-12 at |expected| 0, bound 2**-10 before and 2**-8 after
    assert message(gate, "allclose_both").endswith(
        "measured in 2 runs of 1 test: at most 25% of the old tolerance used (largest error 0.00024), "
        "6.25% of the new one; no run came near the old tolerance")


def test_over_loose_check(gate):
    text = message(gate, "over_loose")
    assert "at most 9.09e-08% of the old tolerance used" in text and "9.09e-09% of the new one" in text


def test_places_form(gate):
    # |d| = 2**-12 against 0.5e-3, then 0.5e-2
    assert "at most 48.8% of the old tolerance used" in message(gate, "unittest_places3")
    assert "4.88% of the new one" in message(gate, "unittest_places3")


def test_unreached_check_says_nothing_measured(gate):
    assert "measured" not in message(gate, "never_reached")
