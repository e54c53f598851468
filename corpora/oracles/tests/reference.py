"""Reference implementations and tolerances shared by the nnlib tests."""
import math

import numpy as np
from scipy import special

import nnlib
from nnlib import ops

RTOL = 1e-6
ATOL = 1e-8

TOLS = {
    np.float16: 5e-3,
    np.float32: 1e-5,
    np.float64: 1e-10,
}


def tol_for(dtype):
    """Relative tolerance appropriate for computations in `dtype`."""
    return TOLS[np.dtype(dtype).type]


# --- thin wrappers around another library -------------------------------

def ref_tanh(x):
    return np.tanh(x)


def ref_softmax(x, axis=-1):
    return special.softmax(x, axis=axis)


def ref_logsumexp(x, axis=None):
    return special.logsumexp(x, axis=axis)


def ref_matmul(a, b):
    return np.matmul(a, b)


# --- hand-written naive implementations ---------------------------------

def naive_sigmoid(x):
    return 1.0 / (1.0 + np.exp(-np.asarray(x, dtype=np.float64)))


def naive_softmax(x):
    x = np.atleast_2d(np.asarray(x, dtype=np.float64))
    out = np.empty_like(x)
    for r, row in enumerate(x):
        top = max(row)
        exps = [math.exp(v - top) for v in row]
        denom = sum(exps)
        for c, e in enumerate(exps):
            out[r, c] = e / denom
    return out


def naive_cumsum(x):
    out = []
    acc = 0.0
    for v in x:
        acc += v
        out.append(acc)
    return np.array(out)


def naive_var(x):
    vals = [float(v) for v in np.ravel(x)]
    mu = sum(vals) / len(vals)
    return sum((v - mu) ** 2 for v in vals) / len(vals)


def naive_conv1d(x, w):
    k = len(w)
    return np.array([
        sum(x[i + j] * w[j] for j in range(k))
        for i in range(len(x) - k + 1)
    ])


# --- oracles built from other nnlib functions -----------------------------

def softmax_from_logsumexp(x, axis=-1):
    return ops.exp(x - ops.logsumexp(x, axis=axis, keepdims=True))


def var_from_moments(x):
    return ops.mean(ops.square(x)) - ops.square(ops.mean(x))


# --- an nnlib function wrapped by decorators applied by hand ----------------

def in_float64(fn):
    def run(x, *args, **kwargs):
        return fn(np.asarray(x, dtype=np.float64), *args, **kwargs)

    return run


softmax_for_test = in_float64(ops.softmax)


# --- same nnlib function, different execution flags -------------------------

def run_in_debug(fn, *args):
    return nnlib.compile(fn, mode="debug", optimize=False)(*args)


# --- literal tables -----------------------------------------------------

def relu_table():
    inputs = np.array([-3.0, -1.0, 0.0, 0.5, 4.0])
    outputs = np.array([0.0, 0.0, 0.0, 0.5, 4.0])
    return inputs, outputs


# --- a reference layer written as a class ---------------------------------

class ReferenceDense:
    """A dense layer spelled out with numpy, to compare nnlib's layers against."""

    def __init__(self, weights, bias):
        self.weights = np.asarray(weights, dtype=np.float64)
        self.bias = np.asarray(bias, dtype=np.float64)

    def output(self, x):
        z = np.asarray(x) @ self.weights + self.bias
        return np.maximum(z, 0.0)
