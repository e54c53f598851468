"""`oalens lint --margins`: OA101 judges the OA assertions the recorded runs reached by the share
of the tolerance they used (loose when no run used 0.1% of it), and the others by its fixed
cut-off. Read on the suite's five-run database. Needs the binary."""

import json
import os
import subprocess

import pytest

BINARY = os.environ.get("OALENS_BINARY")
pytestmark = pytest.mark.skipif(not BINARY or not os.path.exists(BINARY or ""), reason="OALENS_BINARY not set")


def oa101(suite_dir, *extra):
    # Run in the suite: outside a repository lint's paths are relative to the current directory.
    r = subprocess.run([BINARY, "lint", ".", "--rule", "OA101", "--format", "json", "--fail-on", "never", *extra],
                       cwd=str(suite_dir), capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    return {(f["file"], f["line"]): f["message"] for f in json.loads(r.stdout)["findings"]}


@pytest.fixture(scope="module")
def measured(five_runs, suite_dir):
    return oa101(suite_dir, "--margins", str(five_runs.db))


@pytest.fixture(scope="module")
def fixed(suite_dir):
    return oa101(suite_dir)


def test_over_loose_check_is_reported_with_its_suggestion(measured, fixed, sites):
    # atol=1e-3 is under the fixed cut-off of 0.1, but no run used 0.1% of it
    assert sites["over_loose"] not in fixed
    assert measured[sites["over_loose"]].startswith("no recorded run used 0.1% of rtol=0 atol=0.001")
    assert measured[sites["over_loose"]].endswith("suggested rtol=0 atol=1e-11 (10x the largest error measured)")


def test_equal_values_are_reported_as_such(measured, sites):
    assert measured[sites["nan_inf_equal"]].startswith("the values were equal in every recorded run (5 runs)")
    assert measured[sites["nan_inf_equal"]].endswith("; suggested exact")


def test_a_wide_tolerance_the_runs_need_is_not_loose(measured, fixed, sites):
    # delta=0.5 passes the fixed cut-off of 0.1, but the runs used half of it
    assert sites["unittest_delta"] in fixed
    assert sites["unittest_delta"] not in measured


def test_healthy_and_failing_checks_are_not_loose(measured, sites):
    for name in ("allclose_both", "unittest_places3", "fails_always"):
        assert sites[name] not in measured, name


def test_refuses_a_file_that_is_no_margins_database(tmp_path, suite_dir):
    bogus = tmp_path / "scan.db"
    bogus.write_bytes(b"not sqlite")
    r = subprocess.run([BINARY, "lint", str(suite_dir), "--margins", str(bogus)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "scan.db" in r.stderr and r.stdout == ""
