"""Scalar-loop backend; slow but easy to audit."""
import math

import numpy as np


def _map(fn, x):
    x = np.asarray(x, dtype=np.float64)
    return np.vectorize(fn, otypes=[np.float64])(x)


def relu(x):
    return _map(lambda v: v if v > 0 else 0.0, x)


def sigmoid(x):
    def one(v):
        if v >= 0:
            return 1.0 / (1.0 + math.exp(-v))
        e = math.exp(v)
        return e / (1.0 + e)
    return _map(one, x)


def logsumexp(x, axis=-1):
    x = np.asarray(x, dtype=np.float64)
    x = np.moveaxis(x, axis, -1)
    flat = x.reshape(-1, x.shape[-1])
    res = []
    for row in flat:
        m = max(row)
        res.append(m + math.log(sum(math.exp(v - m) for v in row)))
    return np.array(res).reshape(x.shape[:-1])


def softmax(x, axis=-1):
    x = np.asarray(x, dtype=np.float64)
    lse = np.expand_dims(logsumexp(x, axis=axis), axis)
    return np.exp(x - lse)


def log_softmax(x, axis=-1):
    x = np.asarray(x, dtype=np.float64)
    return x - np.expand_dims(logsumexp(x, axis=axis), axis)


def matmul(a, b):
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    out = np.zeros((a.shape[0], b.shape[1]))
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            out[i, j] = sum(a[i, k] * b[k, j] for k in range(a.shape[1]))
    return out


def mean(x, axis=None):
    x = np.asarray(x, dtype=np.float64)
    if axis is None:
        return sum(x.ravel()) / x.size
    return np.apply_along_axis(lambda r: sum(r) / len(r), axis, x)


def var(x, axis=None):
    x = np.asarray(x, dtype=np.float64)
    mu = mean(x, axis=axis)
    if axis is not None:
        mu = np.expand_dims(mu, axis)
    return mean((x - mu) ** 2, axis=axis)


def cumsum(x, axis=0):
    x = np.asarray(x, dtype=np.float64)
    out = np.empty_like(x)
    running = 0.0
    for i, v in enumerate(x):
        running += v
        out[i] = running
    return out


def conv1d(x, w, stride=1, padding="valid", unroll=True):
    x = [float(v) for v in x]
    w = [float(v) for v in w]
    k = len(w)
    if padding == "same":
        left = (k - 1) // 2
        x = [0.0] * left + x + [0.0] * (k - 1 - left)
    out = []
    for start in range(0, len(x) - k + 1, stride):
        out.append(sum(x[start + j] * w[j] for j in range(k)))
    return np.array(out)
