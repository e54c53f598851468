"""Elementwise, reduction and linear-algebra operators of nnlib."""
import numpy as np

_FLOAT_TYPES = (np.float16, np.float32, np.float64)


def _as_array(x, dtype=None):
    arr = np.asarray(x)
    if dtype is not None:
        arr = arr.astype(dtype)
    elif arr.dtype.kind in "iub":
        arr = arr.astype(np.float32)
    return arr


def scale_rows(x, factors, out=None):
    scaled = np.asarray(x) * np.asarray(factors)[:, None]
    if out is None:
        return scaled
    out[...] = scaled
    return out


def cast(x, dtype):
    return _as_array(x).astype(dtype)


def exp(x):
    return np.exp(_as_array(x))


def log(x):
    return np.log(_as_array(x))


def square(x):
    x = _as_array(x)
    return x * x


def sum(x, axis=None, keepdims=False):
    return np.add.reduce(_as_array(x), axis=axis, keepdims=keepdims)


def norm(x, axis=-1, keepdims=True):
    x = _as_array(x)
    return np.sqrt(sum(x * x, axis=axis, keepdims=keepdims))


def relu(x):
    x = _as_array(x)
    out = x.copy()
    out[out < 0] = 0
    return out


def leaky_relu(x, alpha=0.2):
    x = _as_array(x)
    return np.where(x >= 0, x, alpha * x)


def sigmoid(x):
    x = _as_array(x)
    pos = x >= 0
    out = np.empty_like(x)
    out[pos] = 1.0 / (1.0 + np.exp(-x[pos]))
    ez = np.exp(x[~pos])
    out[~pos] = ez / (1.0 + ez)
    return out


def tanh(x):
    x = _as_array(x)
    return 2.0 * sigmoid(2.0 * x) - 1.0


def tanh_and_slope(x, slopes=None):
    """tanh(x); its derivative is appended to `slopes` when a list is given."""
    y = np.tanh(_as_array(x))
    if slopes is not None:
        slopes.append(1.0 - y * y)
    return y


def softplus(x):
    x = _as_array(x)
    return np.maximum(x, 0) + np.log1p(np.exp(-np.abs(x)))


def logsumexp(x, axis=None, keepdims=False, stable=True):
    x = _as_array(x)
    if not stable:
        return np.log(sum(np.exp(x), axis=axis, keepdims=keepdims))
    m = np.max(x, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0)
    s = sum(np.exp(x - m), axis=axis, keepdims=True)
    out = np.log(s) + m
    if not keepdims:
        out = np.squeeze(out, axis=axis) if axis is not None else out.reshape(())
    return out


def softmax(x, axis=-1):
    x = _as_array(x)
    shifted = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / sum(e, axis=axis, keepdims=True)


def log_softmax(x, axis=-1):
    x = _as_array(x)
    return x - logsumexp(x, axis=axis, keepdims=True)


def mean(x, axis=None, keepdims=False):
    x = _as_array(x)
    n = x.size if axis is None else x.shape[axis]
    return sum(x, axis=axis, keepdims=keepdims) / n


def var(x, axis=None, keepdims=False, ddof=0):
    x = _as_array(x)
    mu = mean(x, axis=axis, keepdims=True)
    n = x.size if axis is None else x.shape[axis]
    return sum(square(x - mu), axis=axis, keepdims=keepdims) / (n - ddof)


def l2_normalize(x, axis=-1, epsilon=1e-12):
    x = _as_array(x)
    return x / np.maximum(norm(x, axis=axis, keepdims=True), epsilon)


def cumsum(x, axis=0, reverse=False):
    x = _as_array(x)
    if reverse:
        x = np.flip(x, axis=axis)
    out = np.add.accumulate(x, axis=axis)
    if reverse:
        out = np.flip(out, axis=axis)
    return out


def transpose(x, axes=None):
    return np.transpose(_as_array(x), axes)


def matmul(a, b, precision="default"):
    a = _as_array(a)
    b = _as_array(b)
    if precision == "highest":
        return (a.astype(np.float64) @ b.astype(np.float64)).astype(
            np.result_type(a, b))
    return a @ b


def stack(xs, axis=0):
    return np.stack([_as_array(x) for x in xs], axis=axis)


def pair_last(first, second):
    """Pairs two arrays element by element along a new last axis."""
    return np.stack([first, second], axis=-1)


def shift_pairs(pairs, by):
    return _as_array(pairs) + by


def conv1d(x, w, stride=1, padding="valid", unroll=False):
    """x: (length,), w: (k,). Cross-correlation like most DL frameworks."""
    x = _as_array(x)
    w = _as_array(w)
    k = w.shape[0]
    if padding == "same":
        left = (k - 1) // 2
        x = np.pad(x, (left, k - 1 - left))
    n_out = (x.shape[0] - k) // stride + 1
    if unroll:
        out = np.zeros(n_out, dtype=np.result_type(x, w))
        for i in range(n_out):
            for j in range(k):
                out[i] += x[i * stride + j] * w[j]
        return out
    windows = np.lib.stride_tricks.sliding_window_view(x, k)[::stride]
    return windows[:n_out] @ w


def eigvalsh(a, uplo="L"):
    a = _as_array(a)
    if uplo == "L":
        sym = np.tril(a) + np.tril(a, -1).T
    else:
        sym = np.triu(a) + np.triu(a, 1).T
    return np.linalg.eigvalsh(sym)


def dropout(x, rate, training=False, seed=None):
    x = _as_array(x)
    if not training or rate == 0.0:
        return x
    rng = np.random.default_rng(seed)
    keep = rng.random(x.shape) >= rate
    return np.where(keep, x / (1.0 - rate), 0.0)


def one_hot(indices, depth):
    indices = np.asarray(indices)
    out = np.zeros(indices.shape + (depth,), dtype=np.float32)
    np.put_along_axis(out, indices[..., None], 1.0, axis=-1)
    return out


def encode(x):
    """Serialize an array into a bytes payload."""
    x = _as_array(x)
    header = (str(x.dtype) + "|" + ",".join(map(str, x.shape)) + "|").encode()
    return header + x.tobytes()


def decode(payload):
    dtype, shape, raw = payload.split(b"|", 2)
    shape = tuple(int(s) for s in shape.decode().split(",") if s)
    return np.frombuffer(raw, dtype=dtype.decode()).reshape(shape)


def chain(*fns):
    """The composition of fns, the first applied first."""
    def chained(x):
        for fn in fns:
            x = fn(x)
        return x
    return chained


def rand_unit_vectors(n, dim=3, seed=None):
    """n random vectors of length 1."""
    v = np.random.default_rng(seed).standard_normal((n, dim))
    return v / np.linalg.norm(v, axis=-1, keepdims=True)


def ridge_solve(x, y, lam):
    """Least squares with an L2 penalty of lam per sample."""
    x, y = _as_array(x), _as_array(y)
    n, d = x.shape
    return np.linalg.solve(x.T @ x + lam * n * np.eye(d), x.T @ y)


def subtract(a, b):
    """Elementwise difference of two arrays (or nested tuples of arrays)."""
    if isinstance(a, tuple):
        return tuple(subtract(x, y) for x, y in zip(a, b))
    return _as_array(a) - _as_array(b)


def minimize(loss, x0, lr=0.1, steps=200, eps=1e-6):
    """Gradient descent on `loss` from x0, with central-difference gradients."""
    x = _as_array(x0).astype(float)
    for _ in range(steps):
        grad = np.array([(loss(x + eps * e) - loss(x - eps * e)) / (2 * eps) for e in np.eye(x.size)])
        x = x - lr * grad
    return x


def cumulative_histogram(x, edges=None, bins=4):
    """The fraction of x at or below each edge, and the edges (evenly spaced over x when not given)."""
    x = _as_array(x)
    if edges is None:
        edges = np.linspace(x.min(), x.max(), bins + 1)[1:]
    return np.array([np.mean(x <= e) for e in edges]), edges


def tile(x, reps):
    """x repeated reps times along its first axis."""
    x = _as_array(x)
    return np.concatenate([x] * reps, axis=0)


def uniform_weights(n):
    """n weights of 1 / n each."""
    return np.full(n, 1.0 / n)


def independent_plan(a, b=None, size=None):
    """The coupling of weights a and b that moves mass independently: a[i] * b[j]; b uniform
    over `size` points when not given."""
    if b is None:
        b = uniform_weights(size)
    return _as_array(a)[:, None] * _as_array(b)[None, :]


def to_numpy(x, shape=None, dtype=float):
    out = np.asarray(x, dtype=dtype)
    return out if shape is None else out.reshape(shape)


class Diagonal:
    """A diagonal matrix kept as its diagonal; `@` scales rows."""

    def __init__(self, d):
        self.d = np.asarray(d)

    def __matmul__(self, a):
        return self.d[:, None] * np.asarray(a)


def diag_quadratic(d, a):
    """The diagonal of a^T diag(d) a, column by column."""
    a = np.asarray(a)
    return np.einsum("ij,i,ij->j", a, np.asarray(d), a)


def dense_relu_bias_grad(x, w, b):
    """The gradient of sum(relu(x @ w.T + b)) with respect to b."""
    z = np.asarray(x) @ np.asarray(w).T + np.asarray(b)
    return (z > 0).sum(axis=0).astype(np.float32)
