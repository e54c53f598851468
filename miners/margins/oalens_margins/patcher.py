"""Replaces each watched API (apis.py) with a recording wrapper, and puts the originals back.

A module already imported is patched at once; one imported later (torch, numpy.testing) is
patched the moment its import completes, through a finder on sys.meta_path, so a test module's
`from torch.testing import assert_close` binds the wrapper. The plugin never imports torch
itself: importing it costs a second or two a suite without torch should not pay.

The time the wrapper spends besides the API's own is added up (Recorder.spent, stored as
meta.plugin_seconds) so that the plugin's overhead can be read from the run it burdened.

The wrapper costs one attribute test when the plugin is idle or the check is nested inside
another watched check (numpy's assert_almost_equal calls assert_array_almost_equal), and one walk
of the stack otherwise; the measurement then runs after the API has answered, so it never
changes what the API returns or raises.
"""

import functools
import importlib.abc
import importlib.util
import sys
from time import perf_counter as clock

from .apis import APIS


def _resolve(module, dotted):
    obj = module
    for part in filter(None, dotted.split(".")):
        obj = getattr(obj, part)
    return obj


def make_wrapper(original, api, recorder):
    local = recorder.local

    @functools.wraps(original)
    def wrapper(*args, **kwargs):
        __tracebackhide__ = True  # pytest shows the test's frame, not this one
        if not recorder.active or getattr(local, "busy", False):
            return original(*args, **kwargs)
        t0 = clock()
        frames = recorder.site(sys._getframe(1))
        if frames is None:
            recorder.spent += clock() - t0
            return original(*args, **kwargs)
        local.busy = True
        t1, t2 = clock(), None
        try:
            try:
                result = original(*args, **kwargs)
            except AssertionError:
                t2 = clock()
                recorder.record(api, frames, args, kwargs, False, None)
                raise
            t2 = clock()
            recorder.record(api, frames, args, kwargs, None, result)
            return result
        finally:
            local.busy = False
            recorder.spent += (t1 - t0) + (clock() - (t2 if t2 is not None else clock()))

    wrapper.__oalens_original__ = original
    return wrapper


class Patcher:
    def __init__(self, recorder):
        self.recorder = recorder
        self.saved = []  # (owner, attr, original), in patch order
        self.done = set()  # module names patched
        self.skipped = set()  # ids of APIs left alone (NUMBA_COMPILED), not watched
        self.finder = None

    def install(self):
        for name in sorted({api.module for api in APIS}):
            if name in sys.modules:
                self.patch_module(name)
        self.finder = _PatchOnImport(self)
        sys.meta_path.insert(0, self.finder)

    def patch_module(self, name):
        if name in self.done or name not in sys.modules:
            return
        self.done.add(name)
        module = sys.modules[name]
        for api in APIS:
            if api.module != name:
                continue
            if api.id in NUMBA_COMPILED and _numba_installed():
                self.skipped.add(api.id)
                self.recorder.diagnose(api.id, "not watched: numba is installed, and code it compiles cannot call a wrapper")
                continue
            try:
                owner = _resolve(module, api.owner)
                original = getattr(owner, api.attr)
            except Exception as e:  # an API this version lacks
                self.recorder.diagnose(api.id, "not watched: %s" % e)
                continue
            if hasattr(original, "__oalens_original__"):
                continue
            wrapper = make_wrapper(original, api, self.recorder)
            setattr(owner, api.attr, wrapper)
            self.saved.append((owner, api.attr, original))
            if name == "torch":
                _keep_scriptable(original, wrapper)

    def uninstall(self):
        if self.finder in sys.meta_path:
            sys.meta_path.remove(self.finder)
        for owner, attr, original in reversed(self.saved):
            try:
                setattr(owner, attr, original)
            except Exception:
                pass
        self.saved.clear()


# NumPy functions numba compiles where library code calls them: numba knows the functions by
# identity, so a numba-compiled function calling the wrapper would no longer compile.
NUMBA_COMPILED = {"numpy.allclose", "numpy.isclose"}


def _numba_installed():
    try:
        return importlib.util.find_spec("numba") is not None
    except (ImportError, ValueError):
        return False


def _keep_scriptable(original, wrapper):
    """TorchScript compiles `torch.allclose` in a scripted function by looking the function
    object up among its builtins: the wrapper is registered as the same builtin, so that
    torch.jit.script still compiles the code (a test scripting it would fail otherwise)."""
    try:
        from torch.jit._builtins import _find_builtin, _register_builtin

        op = _find_builtin(original)
        if op is not None:
            _register_builtin(wrapper, op)
    except Exception:
        pass


class _PatchOnImport(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loader of a watched module so that the patch follows the
    module's own code."""

    def __init__(self, patcher):
        self.patcher = patcher
        self.names = {api.module for api in APIS}

    def find_spec(self, name, path, target=None):
        if name not in self.names or name in self.patcher.done:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        spec.loader = _PatchingLoader(loader, self.patcher, name)
        return spec


class _PatchingLoader(importlib.abc.Loader):
    def __init__(self, loader, patcher, name):
        self.loader, self.patcher, self.name = loader, patcher, name

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        self.loader.exec_module(module)
        try:
            self.patcher.patch_module(self.name)
        except Exception as e:
            self.patcher.recorder.diagnose("", "patching %s failed: %s" % (self.name, e))

    def __getattr__(self, attr):  # get_source, is_package, ... for tools that ask the loader
        return getattr(self.loader, attr)
