"""One run of the suite under the plugin: every site's record against the numbers worked out
by hand (expected_sites.py), the frames of wrapper calls, and the runs table."""

import math

import pytest

from conftest import HAVE_TORCH
from expected_sites import SITES


def deterministic_sites():
    for name, want in sorted(SITES.items()):
        if want.get("api") and want.get("used") is not None and (HAVE_TORCH or not want.get("torch")):
            yield name


def calls_at(run, file, line):
    return run.query("SELECT api, used, max_abs_err, passed, tolerance, dtype, test_id, form, tol_at_worst, err_at_worst"
                     " FROM calls WHERE file = ? AND line = ? ORDER BY test_id", file, line)


def frame_calls(run, file, line):
    return run.query("SELECT c.api, c.used, c.max_abs_err, c.passed, f.depth FROM frames f JOIN calls c ON c.id = f.call_id"
                     " WHERE f.file = ? AND f.line = ?", file, line)


def test_the_suite_ran(one_run):
    assert one_run.db.exists(), one_run.result.stdout + one_run.result.stderr
    assert "checks measured" in one_run.result.stdout


@pytest.mark.parametrize("name", list(deterministic_sites()))
def test_deterministic_site(one_run, sites, name):
    want = SITES[name]
    file, line = sites[name]
    rows = frame_calls(one_run, file, line)
    assert rows, "nothing recorded at %s:%d (%s)" % (file, line, name)
    assert {r[0] for r in rows} == {want["api"]}
    used = max(r[1] for r in rows)
    abs_err = max(r[2] for r in rows)
    assert used == pytest.approx(want["used"], rel=1e-9, abs=1e-300), name
    assert abs_err == pytest.approx(want["abs_err"], rel=1e-9, abs=1e-300), name
    assert all(bool(r[3]) == want["passed"] for r in rows), name
    direct = calls_at(one_run, file, line)
    if "tolerance" in want:
        assert {r[4] for r in direct} == {want["tolerance"]}
    if "dtype" in want:
        assert {r[5] for r in direct} == {want["dtype"]}
    if "tests" in want:
        assert len({r[6] for r in direct}) == want["tests"]


def test_share_is_error_over_tolerance(one_run):
    # the stored share is the worst element's error over its tolerance, and passing calls use
    # at most the whole tolerance (strictly less for numpy's decimal form)
    for api, used, _, passed, _, _, _, form, tol, err in one_run.query(
            "SELECT api, used, max_abs_err, passed, tolerance, dtype, test_id, form, tol_at_worst, err_at_worst FROM calls"):
        if tol:
            assert used == pytest.approx(err / tol, rel=1e-12)
        if passed:
            assert used < 1 if form == "decimal" else used <= 1, api
        else:
            assert used > 1


def test_wrapper_frames(one_run, sites):
    inner = sites["wrapper_inner"]
    middle = sites["wrapper_middle"]
    call = sites["wrapper_call"]
    rows_call = sites["wrapper_rows_call"]
    chains = {}
    for call_id, depth, file, line in one_run.query("SELECT call_id, depth, file, line FROM frames ORDER BY call_id, depth"):
        chains.setdefault(call_id, []).append((file, line))
    through = [c for c in chains.values() if c[0] == inner]
    assert [inner, call] in through
    assert through.count([inner, middle, rows_call]) == 2  # one call per row
    assert len(through) == 3


def test_unreached_check_records_nothing(one_run, sites):
    file, line = sites["never_reached"]
    assert frame_calls(one_run, file, line) == []


def test_runs_table(one_run, plain_run):
    runs = dict(((t, r), o) for t, r, o in one_run.query("SELECT test_id, run, outcome FROM runs"))
    assert all(r == 0 for _, r in runs)
    assert runs[("test_failing.py::test_check_fails", 0)] == "failed"
    assert runs[("test_failing.py::test_raises_after_check", 0)] == "failed"
    assert runs[("test_failing.py::test_raises_before_check", 0)] == "failed"
    assert runs[("test_numpy_checks.py::test_over_loose", 0)] == "passed"
    assert len(runs) == len(plain_run.outcomes)


def test_meta_and_no_diagnostics(one_run, suite_dir):
    meta = dict(one_run.query("SELECT key, value FROM meta"))
    assert meta["format"] == "oalens-margins"
    assert meta["schema_version"] == "1"
    assert meta["rootdir"] == str(suite_dir)
    assert meta["runs"] == "1"
    assert int(meta["calls"]) == one_run.query("SELECT COUNT(*) FROM calls")[0][0]
    assert one_run.query("SELECT message FROM diagnostics") == []


def test_random_sites_match_their_truth(one_run, sites):
    for name, want in SITES.items():
        if want.get("truth") is None or (want.get("torch") and not HAVE_TORCH):
            continue
        file, line = sites[name]
        truth = [t["value"] for t in one_run.truths if t["key"] == want["truth"]]
        rows = calls_at(one_run, file, line)
        assert len(rows) == len(truth) == 1, name
        assert rows[0][2] == pytest.approx(truth[0], rel=1e-6), name
        assert rows[0][1] == pytest.approx(truth[0] / want["tol"], rel=1e-6), name
        assert math.isfinite(rows[0][1])
