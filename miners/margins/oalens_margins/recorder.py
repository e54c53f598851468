"""What the plugin knows while the suite runs: the test and run in progress, the frames under
the rootdir that make a call site, and the measurements not yet written.

A call site is the frame that called the watched API, when that frame's file lies under pytest's
rootdir (a library's own internal use of np.allclose is not the suite's check); the outer frames
under the rootdir are kept too, innermost first, so that a check made inside a wrapper joins
both the wrapper's line and the line of the test that called the wrapper. Files are resolved
once per code file (a dict lookup per frame afterwards).
"""

import itertools
import os
import sys
import threading
import time

from .apis import NotMeasured, TRANSPARENT_MODULES, truth

MAX_FRAMES = 16  # frames kept per call; deeper wrapper chains are cut (outermost dropped)
# Rows buffered before a write, and the longest a row waits: one transaction per test cost
# opt_einsum's suite (7,891 tests) more than its checks did; a killed run loses at most this.
FLUSH_ROWS = 5000
# Calls measured per call site and test run; the rest are let through unmeasured (one
# diagnostic says so). A library under the rootdir calling np.isclose in a loop would otherwise
# cost a measurement per element of its work, for records no assertion joins.
MAX_CALLS_PER_SITE = 10000
FLUSH_SECONDS = 2.0
MESSAGE_LIMIT = 500


class Recorder:
    def __init__(self, rootdir, store):
        self.root = os.path.abspath(str(rootdir))
        self.store = store
        self.active = False
        self.local = threading.local()
        self.test_id = ""
        self.run = 0
        self.seed = None
        self.calls = []        # rows of the calls table
        self.frames = []       # rows of the frames table
        self.diagnostics = []  # rows of the diagnostics table
        self.runs = []         # rows of the runs table
        self.outcome, self.duration = "passed", 0.0
        self.flushed = time.monotonic()
        self.spent = 0.0  # seconds spent measuring and writing, besides the APIs' own time
        self.per_site = {}  # (file, line) -> calls seen in the test run in progress
        self.ids = itertools.count(1)  # next() is atomic: checks made on several threads get distinct ids
        self.counts = {"calls": 0, "diagnostics": 0}
        self._paths = {}
        own = os.path.dirname(os.path.abspath(__file__))
        self._excluded = (own + os.sep,)
        self._transparent = set()
        for name in TRANSPARENT_MODULES:
            mod = sys.modules.get(name)
            if mod is not None and getattr(mod, "__file__", None):
                self._transparent.add(mod.__file__)

    def relpath(self, filename):
        """`filename` relative to the rootdir, '/'-separated, or None when outside it."""
        try:
            return self._paths[filename]
        except KeyError:
            pass
        rel = None
        path = os.path.abspath(filename) if not filename.startswith("<") else ""  # <frozen runpy>, <string>
        if path.startswith(self.root + os.sep) and not path.startswith(self._excluded):
            r = path[len(self.root) + 1:].replace(os.sep, "/")
            if "/site-packages/" not in "/" + r and "/dist-packages/" not in "/" + r:
                rel = r
        self._paths[filename] = rel
        return rel

    def site(self, frame):
        """[(file, line), ...] innermost first, or None when the caller lies outside the rootdir."""
        f = frame
        while f is not None and f.f_code.co_filename in self._transparent:
            f = f.f_back
        if f is None:
            return None
        first = self.relpath(f.f_code.co_filename)
        if first is None:
            return None
        key = (first, f.f_lineno)
        seen = self.per_site.get(key, 0) + 1
        self.per_site[key] = seen
        if seen > MAX_CALLS_PER_SITE:
            if seen == MAX_CALLS_PER_SITE + 1:
                self.diagnose("", "over %d calls in one run: the rest not measured" % MAX_CALLS_PER_SITE, key)
            return None
        frames = [key]
        f = f.f_back
        while f is not None and len(frames) < MAX_FRAMES:
            rel = self.relpath(f.f_code.co_filename)
            if rel is not None:
                frames.append((rel, f.f_lineno))
            f = f.f_back
        return frames

    def record(self, api, frames, args, kwargs, passed, result):
        """Measures one call; never raises (a failure becomes a diagnostic)."""
        try:
            m = api.measure(*args, **kwargs)
            if passed is None:
                passed = True if api.kind == "assert" else truth(result)
        except NotMeasured:
            return
        except Exception as e:
            self.diagnose(api.id, "%s: %s" % (type(e).__name__, e), frames[0])
            return
        call_id = next(self.ids)
        file, line = frames[0]
        self.calls.append((call_id, self.test_id, self.run, self.seed, api.id, file, line, m.form, m.rtol, m.atol,
                           m.bound, m.param, m.tolerance_text(), m.max_abs_err, m.max_rel_err, m.err_at_worst,
                           m.tol_at_worst, m.used, m.dtype, m.shape, m.elements, 1 if passed else 0))
        for depth, (f, l) in enumerate(frames):
            self.frames.append((call_id, depth, f, l))
        self.counts["calls"] += 1

    def begin(self, test_id, run, seed):
        self.test_id, self.run, self.seed = test_id, run, seed
        self.per_site = {}
        self.outcome, self.duration = "passed", 0.0

    def report(self, rep):
        """Folds one phase's report (setup, call, teardown) into the run's outcome."""
        self.duration += float(getattr(rep, "duration", 0.0) or 0.0)
        if self.outcome in ("failed", "error"):
            return
        if rep.failed:
            self.outcome = "failed" if rep.when == "call" else "error"
        elif rep.skipped and self.outcome == "passed":
            self.outcome = "xfailed" if hasattr(rep, "wasxfail") else "skipped"
        elif rep.passed and rep.when == "call" and hasattr(rep, "wasxfail"):
            self.outcome = "xpassed"

    def end(self):
        self.runs.append((self.test_id, self.run, self.seed, self.outcome, self.duration))
        self.test_id, self.run, self.seed = "", 0, None
        now = time.monotonic()
        if len(self.frames) + len(self.runs) >= FLUSH_ROWS or now - self.flushed >= FLUSH_SECONDS:
            self.flush()

    def diagnose(self, api_id, message, where=None):
        file, line = where if where else (None, None)
        self.diagnostics.append((self.test_id, self.run, api_id, file, line, str(message)[:MESSAGE_LIMIT]))
        self.counts["diagnostics"] += 1

    def flush(self):
        """Writes what is buffered (one transaction); a write error becomes a warning, once."""
        if not (self.calls or self.diagnostics or self.runs):
            return
        start = time.perf_counter()
        calls, frames, diagnostics, runs = self.calls, self.frames, self.diagnostics, self.runs
        self.calls, self.frames, self.diagnostics, self.runs = [], [], [], []
        self.store.write(calls, frames, diagnostics, runs)
        self.flushed = time.monotonic()
        self.spent += time.perf_counter() - start
