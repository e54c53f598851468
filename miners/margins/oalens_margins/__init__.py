"""oalens_margins: a pytest plugin that measures how much of each tolerance a test really uses.

    python3 -m pytest -p oalens_margins --oalens-margins margins.db [--oalens-margins-runs N]

At every call of a watched closeness API (apis.py) made from a file under pytest's rootdir it
records the call site, the test and run, the largest absolute and relative error, the tolerance
in force and the share of it the worst element used, into the SQLite file given (store.py,
docs/margins.md). `oalens report --margins DB --root TREE` joins these with the scan's OA
assertions. The plugin never changes a test's outcome: the measurement runs after the API has
answered, its failures are recorded as diagnostics, and extra runs report nothing (runs.py).
Without --oalens-margins the plugin does nothing at all.
"""

import os
import shlex
import sys
import time

import pytest

from . import extremes, runs
from .apis import APIS
from .patcher import Patcher
from .recorder import Recorder
from .store import Store, StoreError

__all__ = ["pytest_addoption"]

_state = None  # the Margins of this pytest run, once started


class Margins:
    def __init__(self, config, rootdir):
        opt = config.known_args_namespace if hasattr(config, "known_args_namespace") else config.option
        self.path = opt.oalens_margins
        self.runs = opt.oalens_margins_runs
        self.seed = opt.oalens_margins_seed
        self.confidence = opt.oalens_margins_confidence
        if self.runs < 1:
            raise pytest.UsageError("--oalens-margins-runs must be at least 1, got %d" % self.runs)
        if not 0.0 < self.confidence < 1.0:
            raise pytest.UsageError("--oalens-margins-confidence must lie between 0 and 1, got %g" % self.confidence)
        try:
            self.store = Store(self.path)
        except StoreError as e:
            raise pytest.UsageError("--oalens-margins: %s" % e)
        self.started = time.perf_counter()
        self.recorder = Recorder(rootdir, self.store)
        self.patcher = Patcher(self.recorder)
        self.patcher.install()
        self.recorder.active = True
        self.store.set_meta({"rootdir": os.path.abspath(str(rootdir)), "runs": self.runs, "seed": self.seed,
                             "confidence": self.confidence, "python": sys.version.split()[0],
                             "pytest": pytest.__version__, "watched_apis": ",".join(sorted({a.id for a in APIS}))})
        self.finished = False

    def finish(self):
        if self.finished:
            return
        self.finished = True
        self.recorder.active = False
        self.recorder.flush()
        fits = 0
        if self.runs >= extremes.MIN_SAMPLES:
            start = time.perf_counter()
            fits = extremes.estimate(self.store, self.recorder, self.confidence)
            self.recorder.flush()
            self.recorder.spent += time.perf_counter() - start
        versions = {}
        for name in ("numpy", "torch", "scipy"):
            mod = sys.modules.get(name)
            if mod is not None and getattr(mod, "__version__", None):
                versions[name] = mod.__version__
        versions.update({"calls": self.recorder.counts["calls"], "diagnostics": self.recorder.counts["diagnostics"],
                         "extremes": fits, "plugin_seconds": "%.3f" % self.recorder.spent,
                         "watched_apis": ",".join(sorted({a.id for a in APIS} - self.patcher.skipped)),
                         "wall_seconds": "%.3f" % (time.perf_counter() - self.started)})
        self.store.set_meta(versions)
        self.store.close()
        self.patcher.uninstall()


def pytest_addoption(parser):
    group = parser.getgroup("oalens-margins", "tolerance margins (OALens)")
    group.addoption("--oalens-margins", metavar="DB", default=None,
                    help="record the share of its tolerance every closeness check uses into the SQLite file DB "
                         "(replaced if it is a margins database; refused if it is anything else)")
    group.addoption("--oalens-margins-runs", metavar="N", type=int, default=1,
                    help="run each test N times: N - 1 extra runs with their own seeds, recorded but never "
                         "reported, then the real run (default 1)")
    group.addoption("--oalens-margins-seed", metavar="S", type=int, default=0,
                    help="base of the extra runs' seeds (default 0)")
    group.addoption("--oalens-margins-confidence", metavar="P", type=float, default=0.99,
                    help="confidence of the extreme-value estimates (default 0.99)")


def _start(config, rootdir):
    global _state
    if _state is None and getattr(config, "known_args_namespace", config.option).oalens_margins:
        _check_rootdir(config, rootdir)
        _state = Margins(config, rootdir)


def _check_rootdir(config, rootdir):
    """pytest chooses its rootdir before it knows a plugin's options, so an existing database
    given as `--oalens-margins DB` counts as a test path there and can move the rootdir (and the
    ini file with it). Refuse that run rather than run the suite under another configuration."""
    try:
        from _pytest.config.findpaths import determine_setup

        # the arguments pytest chose its rootdir from: PYTEST_ADDOPTS, then the command line
        args = shlex.split(os.environ.get("PYTEST_ADDOPTS", "")) + list(config.invocation_params.args)
        ns, unknown = config._parser.parse_known_and_unknown_args(args)
        without = determine_setup(ns.inifilename, ns.file_or_dir + unknown, rootdir_cmd_arg=ns.rootdir or None,
                                  config=config)[0]
    except Exception:
        return
    if str(without) != str(rootdir):
        raise pytest.UsageError("pytest took the existing database after --oalens-margins for a test path and chose the "
                                "rootdir %s instead of %s; write --oalens-margins=%s" % (rootdir, without, ns.oalens_margins))


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config, parser, args):
    # Patch before conftest.py files import numpy.testing or torch and bind the APIs.
    _start(early_config, early_config.rootpath)


def pytest_configure(config):
    if config.option.oalens_margins and getattr(config.option, "numprocesses", None):
        raise pytest.UsageError("--oalens-margins does not work with pytest-xdist's -n: every worker would replace "
                                "the database")
    if config.option.oalens_margins:
        _start(config, config.rootpath)
    elif config.option.oalens_margins_runs != 1:
        raise pytest.UsageError("--oalens-margins-runs needs --oalens-margins DB")


@pytest.hookimpl(hookwrapper=True, trylast=True)
def pytest_runtest_protocol(item, nextitem):
    state = _state
    if state is None or state.finished:
        yield
        return
    if state.runs > 1:
        runs.run_extra(item, state.recorder, state.runs, state.seed)
    state.recorder.begin(item.nodeid, 0, None)
    try:
        yield
    finally:
        state.recorder.end()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    state = _state
    if state is None or state.finished or not state.recorder.test_id:
        return
    try:
        state.recorder.report(outcome.get_result())
    except Exception:
        pass


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    if _state is not None:
        _state.finish()


def pytest_terminal_summary(terminalreporter):
    state = _state
    if state is None:
        return
    counts = state.recorder.counts
    terminalreporter.write_line("oalens-margins: %d checks measured, %d diagnostics, written to %s"
                                % (counts["calls"], counts["diagnostics"], state.path))


def pytest_unconfigure(config):
    global _state
    if _state is not None:
        _state.finish()
        _state = None
