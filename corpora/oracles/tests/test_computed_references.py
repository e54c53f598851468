"""A helper that computes the expected value itself when a call leaves it out: that computation
is the oracle of such a call (here the author's softmax written out by hand, NI), and a value the
call hands it is the oracle otherwise. The helper picks its tolerances by the input's dtype."""
import numpy as np

from nnlib import ops


class _Case:
    def __init__(self, rows, dtype=np.float64):
        self.x = np.linspace(-2.0, 2.0, rows * 3).reshape(rows, 3).astype(dtype)
        self.dtype = dtype


def _softmax_by_hand(case):
    shifted = case.x - case.x.max(axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)


def _check_softmax(actual, case, *, expected=None):
    if expected is None:
        expected = _softmax_by_hand(case)
    if case.dtype == np.float32:
        rtol, atol = 1e-5, 1e-6
    else:
        rtol, atol = 1e-12, 1e-14
    np.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol)  # oracle: NI thr=depend


def test_softmax_against_the_helpers_own_reference():
    case = _Case(4)
    _check_softmax(ops.softmax(case.x), case)  # oracle: NI thr=depend


def test_softmax_in_float32_against_the_helpers_own_reference():
    case = _Case(2, np.float32)
    out = ops.softmax(case.x)
    _check_softmax(out, case)  # oracle: NI thr=depend


def test_softmax_against_a_reference_handed_in():
    case = _Case(3)
    reference = np.exp(case.x) / np.sum(np.exp(case.x), axis=-1, keepdims=True)
    _check_softmax(ops.softmax(case.x), case, expected=reference)  # oracle: NI thr=depend
