"""Repeated runs of one test with fresh seeds, none of which can change what pytest reports.

With --oalens-margins-runs N, each test first runs N - 1 extra times without logging
(_pytest.runner.runtestprotocol with log=False: no report reaches the terminal, the exit status
or a JUnit file; a failure is only recorded), each after seeding Python's `random`, NumPy's
global generator and torch's (those already imported) with its own seed; fixtures wider than a
function stay set up between them. Then the generators are put back to the state they had
before the extra runs and the real run (run 0) goes through pytest as usual, seeded as the suite
seeds it: the generators it draws from are those it would draw from without the plugin.

Seeds are derived from --oalens-margins-seed, the test id and the run index (CRC-32), so a run
can be reproduced alone.
"""

import random
import sys
import zlib


def seed_of(base, test_id, run):
    return zlib.crc32(("%d:%s:%d" % (base, test_id, run)).encode("utf-8", "surrogateescape")) & 0x7FFFFFFF


def _numpy():
    return sys.modules.get("numpy")


def _torch():
    torch = sys.modules.get("torch")
    return torch if torch is not None and hasattr(torch, "manual_seed") else None


def save_generators():
    state = {"random": random.getstate()}
    np = _numpy()
    if np is not None and hasattr(np, "random"):
        state["numpy"] = np.random.get_state()
    torch = _torch()
    if torch is not None:
        state["torch"] = torch.random.get_rng_state()
        try:
            if torch.cuda.is_available() and torch.cuda.is_initialized():
                state["cuda"] = torch.cuda.get_rng_state_all()
        except Exception:
            pass
    return state


def restore_generators(state):
    random.setstate(state["random"])
    np = _numpy()
    if "numpy" in state and np is not None:
        np.random.set_state(state["numpy"])
    torch = _torch()
    if torch is not None:
        if "torch" in state:
            torch.random.set_rng_state(state["torch"])
        if "cuda" in state:
            torch.cuda.set_rng_state_all(state["cuda"])


def seed_generators(seed):
    random.seed(seed)
    np = _numpy()
    if np is not None and hasattr(np, "random"):
        np.random.seed(seed)
    torch = _torch()
    if torch is not None:
        torch.manual_seed(seed)


class _Sibling:
    """Stands for the next item at the end of an extra run: one with the same parents, so that
    the teardown ends the test's own fixtures and keeps the module's, class's and wider ones."""

    def __init__(self, item):
        self._item = item

    def listchain(self):
        return self._item.listchain()[:-1]

    def __getattr__(self, name):  # nodeid, config, ... for hooks that look at nextitem
        return getattr(self._item, name)


def run_extra(item, recorder, runs, base_seed):
    """Runs `item` runs - 1 extra times; returns nothing, raises nothing but KeyboardInterrupt."""
    from _pytest.runner import runtestprotocol

    saved = save_generators()
    try:
        for run in range(1, runs):
            seed = seed_of(base_seed, item.nodeid, run)
            recorder.begin(item.nodeid, run, seed)
            try:
                seed_generators(seed)
                runtestprotocol(item, log=False, nextitem=_Sibling(item))
            except (KeyboardInterrupt, SystemExit):
                raise
            except BaseException as e:  # pytest.exit and the like: the real run will meet it
                recorder.diagnose("", "extra run %d stopped: %s: %s" % (run, type(e).__name__, e))
            finally:
                recorder.end()
    finally:
        restore_generators(saved)
