"""Five runs per test: the outcomes pytest reports are those of a run without the plugin, the
real run draws the same random numbers as without it, each extra run is seeded as documented
and recorded, and the sites near their tolerance get an extreme-value estimate."""

import random
import re

import numpy as np
import pytest

from conftest import HAVE_TORCH
from expected_sites import SITES
from oalens_margins.runs import seed_of

RUNS = 5


def summary_line(result):
    lines = [l for l in result.stdout.splitlines() if re.search(r"\d+ (passed|failed)", l)]
    return re.sub(r" in [\d.]+s.*", "", lines[-1]) if lines else ""


def test_outcomes_unchanged(plain_run, one_run, five_runs):
    assert five_runs.outcomes == plain_run.outcomes
    assert one_run.outcomes == plain_run.outcomes
    assert five_runs.result.returncode == plain_run.result.returncode == 1  # the suite has failing tests
    assert summary_line(five_runs.result) == summary_line(plain_run.result)


def test_every_run_recorded(five_runs, plain_run):
    runs = five_runs.query("SELECT test_id, run, seed, outcome FROM runs ORDER BY test_id, run")
    assert len(runs) == RUNS * len(plain_run.outcomes)
    for test_id, run, seed, outcome in runs:
        assert seed == (None if run == 0 else seed_of(0, test_id, run))
    failing = [o for t, _, _, o in runs if t == "test_failing.py::test_check_fails"]
    assert failing == ["failed"] * RUNS


def test_deterministic_sites_repeat(five_runs, sites):
    for name, want in SITES.items():
        if want.get("used") is None or not want.get("api") or (want.get("torch") and not HAVE_TORCH):
            continue
        file, line = sites[name]
        rows = five_runs.query("SELECT c.run, c.used FROM frames f JOIN calls c ON c.id = f.call_id WHERE f.file = ? AND f.line = ?",
                               file, line)
        assert sorted({r for r, _ in rows}) == list(range(RUNS)), name
        assert max(u for _, u in rows) == pytest.approx(want["used"], rel=1e-9, abs=1e-300), name


def test_real_run_draws_as_without_plugin(plain_run, five_runs):
    for key in ("noise_healthy", "noise_tight", "python_random", "torch_noise"):
        plain = [t["value"] for t in plain_run.truths if t["key"] == key]
        five = [t["value"] for t in five_runs.truths if t["key"] == key]
        if not plain and key == "torch_noise" and not HAVE_TORCH:
            continue
        assert len(plain) == 1 and len(five) == RUNS, key
        assert five[-1] == plain[0], key  # the real run comes last and is not reseeded


def redraw(key, seed):
    """The largest error the test draws after the plugin seeds the generators with `seed`."""
    if key in ("noise_healthy", "noise_tight"):
        np.random.seed(seed)
        return float(np.max(np.abs(np.random.normal(0.0, 1e-7, size=256))))
    if key == "python_random":
        random.seed(seed)
        return random.uniform(0.0, 1e-3)
    import torch

    torch.manual_seed(seed)
    return float((torch.randn(64) * 1e-7).abs().max())


def test_extra_runs_use_their_seeds(five_runs, sites):
    for name, want in SITES.items():
        if want.get("truth") is None or (want.get("torch") and not HAVE_TORCH):
            continue
        file, line = sites[name]
        rows = five_runs.query("SELECT run, seed, max_abs_err, used FROM calls WHERE file = ? AND line = ? AND run > 0 ORDER BY run",
                               file, line)
        assert len(rows) == RUNS - 1, name
        for run, seed, err, used in rows:
            expected = redraw(want["truth"], seed)
            assert err == pytest.approx(expected, rel=1e-6), (name, run)
            assert used == pytest.approx(expected / want["tol"], rel=1e-6), (name, run)
        values = [e for _, _, e, _ in rows]
        assert len(set(values)) == len(values), "the extra runs drew the same numbers: %s" % name


def test_extreme_value_estimates(five_runs, sites):
    rows = {(f, l): (n, d, q, p) for f, l, n, d, q, p in
            five_runs.query("SELECT file, line, samples, distribution, used_at_confidence, p_exceed FROM extremes")}
    tight = sites["random_tight"]
    assert tight in rows
    samples, dist, q, p = rows[tight]
    largest = five_runs.query("SELECT MAX(used) FROM calls WHERE file = ? AND line = ?", *tight)[0][0]
    assert samples == RUNS and dist == "gumbel_r"
    assert q > largest and 0 < p < 1
    # a site that used over half its tolerance but the same share in every run has no spread to fit
    assert sites["torch_close_default"] not in rows
    assert sites["random_healthy"] not in rows
    # failures the test caught are no samples: the site failing in every run has none to fit
    assert sites["caught_first"] not in rows


def test_runs_option_needs_database(suite_dir):
    from conftest import run_pytest

    r = run_pytest(suite_dir, ["--oalens-margins-runs", "3", "test_parametrized.py"])
    assert r.returncode == 4 and "needs --oalens-margins" in r.stderr
