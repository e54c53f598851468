"""The closeness APIs the plugin watches, as a table: where each lives, the catalogue id it is
recorded under (rules/catalogue/python.toml), whether it asserts (raises AssertionError) or
answers (returns a bool or an array of them), and how its arguments map to a measured form
(measure.py). Each adapter takes the API's own signature, so Python binds the arguments as the
API does; a new API is one row and one adapter.
"""

import numbers

from .measure import compare, compare_nested, leaf_pairs


class NotMeasured(Exception):
    """The call compares nothing with a tolerance (pytest.approx of a string): not recorded."""


class Api:
    __slots__ = ("id", "module", "owner", "attr", "kind", "measure")

    def __init__(self, id, module, owner, attr, kind, measure):
        self.id = id            # catalogue id, recorded in calls.api
        self.module = module    # the module whose import makes the API patchable
        self.owner = owner      # dotted path of the object holding the attribute, '' for the module
        self.attr = attr        # the attribute replaced by the recording wrapper
        self.kind = kind        # 'assert' or 'predicate'
        self.measure = measure  # (*args, **kwargs) -> Measurement


def _fixed(rtol, atol):
    return lambda a, e: (rtol, atol, None, None)


# ---------------------------------------------------------------- NumPy

def np_assert_allclose(actual, desired, rtol=1e-07, atol=0, equal_nan=True, *rest, **kw):
    return compare_nested(actual, desired, "sum", _fixed(rtol, atol), equal_nan)


def np_allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False, *rest, **kw):
    return compare_nested(a, b, "sum", _fixed(rtol, atol), equal_nan)


def _decimal(decimal):
    # numpy.testing: abs(desired - actual) < 1.5 * 10**(-decimal), strictly
    return lambda a, e: (None, None, 1.5 * 10.0 ** (-decimal), decimal)


def np_assert_array_almost_equal(x, y, decimal=6, *rest, **kw):
    return compare_nested(x, y, "decimal", _decimal(decimal), equal_nan=True)


def np_assert_almost_equal(actual, desired, decimal=7, *rest, **kw):
    return compare_nested(actual, desired, "decimal", _decimal(decimal), equal_nan=True)


# ---------------------------------------------------------------- torch

_PY_DTYPES = {bool: "bool", int: "int64", float: "float64", complex: "complex128"}


def _torch_dtype(x):
    import torch

    if isinstance(x, torch.Tensor):
        return x.dtype
    for t, name in _PY_DTYPES.items():
        if type(x) is t:
            return getattr(torch, name)
    try:
        import numpy as np

        return torch.from_numpy(np.asarray(x)).dtype
    except Exception:
        return torch.float64


def _torch_defaults(a, e):
    from torch.testing._comparison import default_tolerances

    rtol, atol = default_tolerances(_torch_dtype(a), _torch_dtype(e))
    return rtol, atol, None, None


def torch_assert_close(actual, expected, *, rtol=None, atol=None, equal_nan=False, **kw):
    tolerances = _torch_defaults if rtol is None and atol is None else _fixed(rtol, atol)
    return compare_nested(actual, expected, "sum", tolerances, equal_nan)


def torch_allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return compare(input, other, "sum", rtol, atol, equal_nan=equal_nan)


# ---------------------------------------------------------------- unittest

def unittest_assert_almost_equal(self, first, second, places=None, msg=None, delta=None):
    if delta is not None:
        return compare(first, second, "delta", bound=float(delta), param=delta)
    places = 7 if places is None else places
    # round(abs(second - first), places) == 0: the difference rounds to zero below half a unit
    return compare(first, second, "places", bound=0.5 * 10.0 ** (-places), param=places)


# ---------------------------------------------------------------- pytest.approx

def _approx_tolerances(approx):
    rel, abs_ = approx.rel, approx.abs
    if rel is None and abs_ is not None:
        return 0.0, float(abs_)  # an absolute tolerance alone: the relative one is not used
    return (1e-6 if rel is None else float(rel)), (1e-12 if abs_ is None else float(abs_))


def _is_number(x):
    return isinstance(x, numbers.Number) and not isinstance(x, bool) or hasattr(x, "dtype")


def approx_eq(self, actual):
    rtol, atol = _approx_tolerances(self)
    equal_nan = bool(getattr(self, "nan_ok", False))
    cls = type(self).__name__
    if cls == "ApproxNumpy":
        pairs = [(actual, self.expected)]
    elif cls in ("ApproxScalar", "ApproxDecimal"):
        pairs = [(actual, self.expected)]
    else:
        pairs = list(self._yield_comparisons(actual))
    total = None
    for a, e in pairs:
        for a1, e1 in leaf_pairs(a, e):
            if not _is_number(e1) or not (_is_number(a1) or hasattr(a1, "__len__")):
                continue  # approx compares anything else exactly
            m = compare(a1, e1, "max", rtol, atol, equal_nan=equal_nan)
            total = m if total is None else total.merge(m)
    if total is None:
        raise NotMeasured()
    return total


# ---------------------------------------------------------------- the table

APIS = [
    Api("numpy.testing.assert_allclose", "numpy.testing", "", "assert_allclose", "assert", np_assert_allclose),
    Api("numpy.testing.assert_array_almost_equal", "numpy.testing", "", "assert_array_almost_equal", "assert",
        np_assert_array_almost_equal),
    Api("numpy.testing.assert_almost_equal", "numpy.testing", "", "assert_almost_equal", "assert", np_assert_almost_equal),
    Api("numpy.allclose", "numpy", "", "allclose", "predicate", np_allclose),
    Api("numpy.isclose", "numpy", "", "isclose", "predicate", np_allclose),
    Api("torch.testing.assert_close", "torch", "testing", "assert_close", "assert", torch_assert_close),
    Api("torch.allclose", "torch", "", "allclose", "predicate", torch_allclose),
    Api("torch.isclose", "torch", "", "isclose", "predicate", torch_allclose),
    Api("torch.Tensor.allclose", "torch", "Tensor", "allclose", "predicate", torch_allclose),
    Api("unittest.TestCase.assertAlmostEqual", "unittest", "TestCase", "assertAlmostEqual", "assert",
        unittest_assert_almost_equal),
    Api("unittest.TestCase.assertAlmostEqual", "unittest", "TestCase", "assertAlmostEquals", "assert",
        unittest_assert_almost_equal),
    Api("unittest.TestCase.assertAlmostEqual", "unittest", "TestCase", "failUnlessAlmostEqual", "assert",
        unittest_assert_almost_equal),
] + [
    Api("pytest.approx", "_pytest.python_api", cls, "__eq__", "predicate", approx_eq)
    for cls in ("ApproxBase", "ApproxNumpy", "ApproxMapping", "ApproxSequenceLike", "ApproxScalar")
]

# Modules whose frames sit between a check and the code that made it (approx's __ne__ calls
# __eq__): the call site is the first frame past them.
TRANSPARENT_MODULES = ("_pytest.python_api",)


def truth(result):
    """Whether a predicate's answer says the values are close (every element, for an array)."""
    if isinstance(result, bool):
        return result
    all_ = getattr(result, "all", None)
    if callable(all_):
        return bool(all_())
    return bool(result)
