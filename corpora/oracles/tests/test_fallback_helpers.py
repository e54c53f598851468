"""Helpers handed one function that they run through two paths, one side's parameter defaulting
to the other's: where the parameters are named for another library, that library computes the
same function (DT); otherwise the one function runs twice, another way (SCUT_SAME)."""
import numpy as np

from nnlib import graph
from nnlib.fields import FieldTensor


def check_against_numpy(fn, rows, np_fn=None, atol=1e-12):
    # The function on the library's field tensor and, through NumPy alone, on the plain array.
    if np_fn is None:
        np_fn = fn
    x = np.linspace(-1.0, 1.0, rows * 4).reshape(rows, 4)
    out = fn(FieldTensor(x, 2)[1:].tensor)
    ref = np_fn(x[1:])
    np.testing.assert_allclose(out, ref, atol=atol)  # oracle: D thr=depend


def check_compiled(fn, compiled_fn=None):
    # The function as given and compiled by the library: the same code run two ways.
    if compiled_fn is None:
        compiled_fn = fn
    x = np.arange(6.0)
    np.testing.assert_allclose(graph.compile(compiled_fn)(x), fn(x))  # oracle: D thr=default


def test_flip_through_both_paths():
    check_against_numpy(lambda a: np.flip(a, axis=1), 3)  # oracle: DT thr=default


def test_square_compiled_and_eager():
    check_compiled(lambda a: a * a)  # oracle: SCUT_SAME thr=default
