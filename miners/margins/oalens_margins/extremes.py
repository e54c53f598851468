"""Extreme-value estimates of the tolerance a site will use, from its per-run maxima.

For each call site (every frame recorded, so a wrapper's line and its callers' lines each get
one; a failure its test caught left out) whose runs came close to the tolerance (a run used over half of it, or failed), the largest
share used in each run is one sample; with three or more samples that are not all equal, SciPy
fits an extreme-value distribution to them: Gumbel (scipy.stats.gumbel_r) below 20 samples,
where a three-parameter fit is unstable, the generalised extreme-value distribution
(scipy.stats.genextreme) from 20 on. Stored per site: the share a run stays under with the
chosen confidence, and the estimated probability that a run uses more than the whole tolerance.

Runs at the end of the pytest run, on what the database holds; SciPy missing is a diagnostic,
not an error.
"""

import math
import warnings

MIN_SAMPLES = 3
GEV_SAMPLES = 20  # from here on the three-parameter fit is used
NEAR = 0.5  # a run above this share of its tolerance makes the site a candidate (flaky-tight)


def per_run_maxima(con):
    """{(file, line): {run: (max_used, all_passed)}} over every recorded frame."""
    sites = {}
    # a failure the test caught (it passed regardless) is no sample, as in the report
    q = ("WITH c AS (SELECT calls.*, calls.passed = 0 AND COALESCE(r.outcome IN ('passed', 'skipped', 'xpassed'), 0)"
         " AS caught FROM calls LEFT JOIN runs r ON r.test_id = calls.test_id AND r.run = calls.run)"
         " SELECT f.file, f.line, c.run, MAX(CASE WHEN c.caught THEN NULL ELSE c.used END), MIN(c.passed OR c.caught)"
         " FROM frames f JOIN c ON c.id = f.call_id GROUP BY f.file, f.line, c.run")
    for file, line, run, used, passed in con.execute(q):
        sites.setdefault((file, line), {})[run] = (used, passed)
    return sites


def candidates(sites):
    for site, runs in sorted(sites.items()):
        values = [u for u, _ in runs.values() if u is not None]
        near = any(u > NEAR for u in values) or any(p == 0 for _, p in runs.values())
        finite = [u for u in values if math.isfinite(u)]
        if near and len(finite) >= MIN_SAMPLES and max(finite) > min(finite):
            yield site, finite


def fit(samples, confidence):
    """(distribution, shape, loc, scale, used_at_confidence, p_exceed)."""
    import numpy as np
    from scipy import stats

    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        if len(samples) >= GEV_SAMPLES:
            c, loc, scale = stats.genextreme.fit(samples)
            dist, shape = stats.genextreme(c, loc=loc, scale=scale), float(c)
            name = "genextreme"
        else:
            loc, scale = stats.gumbel_r.fit(samples)
            dist, shape, name = stats.gumbel_r(loc=loc, scale=scale), None, "gumbel_r"
        q, p = float(dist.ppf(confidence)), float(dist.sf(1.0))
    if not (math.isfinite(loc) and math.isfinite(scale) and scale > 0 and math.isfinite(q) and math.isfinite(p)):
        return None
    return name, shape, float(loc), float(scale), q, p


def estimate(store, recorder, confidence):
    try:
        import scipy.stats  # noqa: F401
    except Exception as e:
        recorder.diagnose("", "no extreme-value estimates: scipy is not importable (%s)" % e)
        return 0
    rows = []
    for (file, line), samples in candidates(per_run_maxima(store.con)):
        try:
            got = fit(samples, confidence)
        except Exception as e:
            recorder.diagnose("", "extreme-value fit failed: %s: %s" % (type(e).__name__, e), (file, line))
            continue
        if got is None:
            continue
        name, shape, loc, scale, q, p = got
        rows.append((file, line, len(samples), name, shape, loc, scale, confidence, q, p))
    store.write_extremes(rows)
    return len(rows)
