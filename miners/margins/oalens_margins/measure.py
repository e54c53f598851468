"""How much of its tolerance one comparison uses, element by element.

Every closeness check the plugin watches reduces to one of five forms of an element-wise bound:

  sum      |a - b| <= atol + rtol * |b|          NumPy, torch
  max      |a - b| <= max(rtol * |b|, atol)      pytest.approx (rel, abs)
  decimal  |a - b| <  1.5 * 10**-decimal         numpy.testing.assert_(array_)almost_equal
  places   round(|a - b|, places) == 0           unittest assertAlmostEqual (bound 0.5 * 10**-places)
  delta    |a - b| <= delta                      unittest assertAlmostEqual(delta=...)

`b` is the oracle (the expected value). The fraction of the tolerance used is the largest
element-wise |a - b| / tolerance; equal values (infinities of one sign, NaNs where NaNs count
as equal) use none; a mismatch involving a NaN or an infinity, or any error against a tolerance
of zero, uses an infinite share. Values are compared in float64 (complex128 for complex input),
whatever their dtype: the error measured is the one the check sees, not a rounding of it.
Tuned for the arrays of unit tests (up to a few million elements); memory is a few float64
temporaries of the broadcast shape.
"""

import math
from collections.abc import Mapping

FORMS = ("sum", "max", "decimal", "places", "delta")


class Measurement:
    """One comparison (or one leaf of a nested one), reduced to its worst element."""

    __slots__ = ("form", "rtol", "atol", "bound", "param", "max_abs_err", "max_rel_err", "err_at_worst",
                 "tol_at_worst", "used", "dtype", "shape", "elements")

    def __init__(self, form, rtol=None, atol=None, bound=None, param=None):
        self.form = form
        self.rtol, self.atol, self.bound, self.param = rtol, atol, bound, param
        self.max_abs_err = 0.0
        self.max_rel_err = 0.0
        self.err_at_worst = 0.0
        self.tol_at_worst = None
        self.used = 0.0
        self.dtype = ""
        self.shape = ""
        self.elements = 0

    def tolerance_text(self):
        """The tolerance in force, as `rtol=1e-07 atol=0`, `decimal=6`, `places=7`, `delta=0.01`."""
        if self.form in ("sum", "max"):
            names = ("rtol", "atol") if self.form == "sum" else ("rel", "abs")
            return "%s=%s %s=%s" % (names[0], _g(self.rtol), names[1], _g(self.atol))
        if self.form == "delta":
            return "delta=%s" % _g(self.param)
        return "%s=%s" % (self.form, _g(self.param))

    def merge(self, other):
        """Folds the measurement of another leaf of the same check into this one."""
        if other.elements == 0 and self.elements:
            return self
        if self.elements == 0 or _worse(other.used, self.used):
            worst = other
        else:
            worst = self
        merged = Measurement(worst.form, worst.rtol, worst.atol, worst.bound, worst.param)
        merged.max_abs_err = _max(self.max_abs_err, other.max_abs_err)
        merged.max_rel_err = _max(self.max_rel_err, other.max_rel_err)
        merged.err_at_worst, merged.tol_at_worst, merged.used = worst.err_at_worst, worst.tol_at_worst, worst.used
        merged.dtype, merged.shape = worst.dtype, worst.shape
        merged.elements = self.elements + other.elements
        return merged


def _g(x):
    return "None" if x is None else "%g" % x


def _max(a, b):
    return a if (b is None or (a is not None and a >= b)) else b


def _worse(a, b):
    """Whether use `a` is larger than use `b`; NaN never is."""
    return a == a and (b != b or a > b)


def dtype_name(x):
    """The dtype of a value as its library names it: float32, torch.float16, float (a Python float)."""
    dt = getattr(x, "dtype", None)
    if dt is not None:
        return str(dt)
    return type(x).__name__


def _to_numpy(x, np):
    """A NumPy array of `x`: torch tensors leave autograd, the device and low-precision dtypes."""
    if type(x).__module__.startswith("torch") and hasattr(x, "detach"):
        t = x.detach()
        if getattr(t, "is_sparse", False):
            t = t.to_dense()
        t = t.cpu()
        if hasattr(t, "resolve_conj"):
            t = t.resolve_conj()
        if str(t.dtype) in ("torch.bfloat16", "torch.float16", "torch.half"):
            t = t.float()
        elif str(t.dtype) in ("torch.complex32", "torch.chalf"):
            t = t.to(dtype=__import__("torch").complex64)
        return t.numpy()
    return np.asarray(x)


def _numeric(arr, np):
    if arr.dtype.kind == "c":
        return arr.astype(np.complex128)
    if arr.dtype.kind in "biuf":
        return arr.astype(np.float64)
    return arr.astype(np.float64)  # object arrays of numbers; raises for anything else


def compare(actual, expected, form, rtol=0.0, atol=0.0, bound=None, param=None, equal_nan=False):
    """Measures `actual` against the oracle `expected` under one form (see the module header)."""
    import numpy as np

    m = Measurement(form, rtol, atol, bound, param)
    da, de = dtype_name(actual), dtype_name(expected)
    m.dtype = da if da == de else "%s,%s" % (da, de)
    a = _numeric(_to_numpy(actual, np), np)
    b = _numeric(_to_numpy(expected, np), np)
    a, b = np.broadcast_arrays(a, b)
    m.shape = "[%s]" % ", ".join(str(n) for n in a.shape)
    m.elements = int(a.size)
    if a.size == 0:
        return m
    with np.errstate(all="ignore"):
        finite = np.isfinite(a) & np.isfinite(b)
        same = a == b
        if equal_nan:
            same |= np.isnan(a) & np.isnan(b)
        err = np.where(same, 0.0, np.where(finite, np.abs(a - b), np.inf))
        ref = np.abs(b)
        if form == "sum":
            tol = atol + rtol * ref
        elif form == "max":
            tol = np.maximum(rtol * ref, atol)
        else:
            tol = np.full(err.shape, float(bound))
        unbounded = np.isinf(err)  # a NaN or an infinity against something else: no tolerance covers it
        used = np.where(err == 0, 0.0, np.where(unbounded, np.inf, err / tol))
        rel = np.where(err == 0, 0.0, np.where(unbounded, np.inf, err / ref))
        k = int(np.argmax(np.where(np.isnan(used), -1.0, used)))
        m.max_abs_err = float(err.max())
        m.max_rel_err = float(rel.max())
        m.used = float(used.flat[k])
        m.err_at_worst = float(err.flat[k])
        m.tol_at_worst = float(tol.flat[k]) if math.isfinite(tol.flat[k]) else None
    return m


def leaf_pairs(actual, expected, depth=0):
    """The leaves two nested structures compare (mappings by key, lists and tuples by position),
    as the testing APIs that accept nested inputs pair them. Arrays and tensors are leaves."""
    if depth < 32 and isinstance(expected, Mapping) and isinstance(actual, Mapping):
        for key in expected:
            if key in actual:
                yield from leaf_pairs(actual[key], expected[key], depth + 1)
        return
    nested = (list, tuple)
    if (depth < 32 and isinstance(expected, nested) and isinstance(actual, nested) and len(actual) == len(expected)
            and any(isinstance(x, nested + (Mapping,)) or hasattr(x, "shape") for x in expected)):
        for a, e in zip(actual, expected):
            yield from leaf_pairs(a, e, depth + 1)
        return
    yield actual, expected


def compare_nested(actual, expected, form, tolerances, equal_nan=False):
    """compare() over every leaf pair; `tolerances(a, e)` gives (rtol, atol, bound, param) for one."""
    total = None
    for a, e in leaf_pairs(actual, expected):
        rtol, atol, bound, param = tolerances(a, e)
        m = compare(a, e, form, rtol, atol, bound, param, equal_nan)
        total = m if total is None else total.merge(m)
    if total is None:
        raise ValueError("nothing to compare")
    return total
