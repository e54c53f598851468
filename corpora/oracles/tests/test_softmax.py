"""Softmax family (softmax, log_softmax, logsumexp): scipy references, naive
loops, related nnlib ops, shift invariance and the numerically-stable flag."""
import math

import numpy as np
import pytest
from scipy.special import log_softmax as sp_log_softmax
from scipy.special import logsumexp as sp_logsumexp
from scipy.special import softmax as sp_softmax

from nnlib import ops

from .base import NnTestCase
from .reference import (TOLS, naive_softmax, ref_logsumexp, ref_softmax,
                        softmax_from_logsumexp)

RNG = np.random.default_rng(1234)


def test_softmax_of_zeros_is_uniform():
    out = ops.softmax(np.zeros((2, 4)))
    assert out.shape == (2, 4)
    np.testing.assert_allclose(out, np.full((2, 4), 0.25))  # oracle: D thr=default


def test_softmax_known_pair():
    res = ops.softmax(np.array([0.0, math.log(3.0)]))
    np.testing.assert_allclose(res, [0.25, 0.75], rtol=1e-6)  # oracle: D thr=customized


def test_softmax_rows_sum_to_one():
    x = RNG.standard_normal((5, 7))
    np.testing.assert_allclose(ops.softmax(x).sum(axis=-1), np.ones(5))  # oracle: D thr=default


def test_softmax_scipy():
    x = RNG.standard_normal((3, 6))
    np.testing.assert_allclose(ops.softmax(x), sp_softmax(x, axis=-1))  # oracle: DT thr=default


def test_softmax_scipy_axis0():
    x = RNG.standard_normal((6, 3))
    np.testing.assert_allclose(sp_softmax(x, axis=0), ops.softmax(x, axis=0), atol=1e-7)  # oracle: DT thr=customized


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_softmax_reference_by_dtype(dtype):
    x = RNG.uniform(-2, 2, size=(4, 5)).astype(dtype)
    np.testing.assert_allclose(ops.softmax(x), ref_softmax(x), rtol=TOLS[dtype])  # oracle: DT thr=depend


def test_softmax_inline_formula():
    x = RNG.standard_normal((2, 8))
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    expected = e / e.sum(axis=-1, keepdims=True)
    np.testing.assert_allclose(ops.softmax(x), expected, rtol=1e-6)  # oracle: NI thr=customized


def test_softmax_naive_loop():
    x = RNG.standard_normal((3, 4))
    np.testing.assert_allclose(naive_softmax(x), ops.softmax(x))  # oracle: NI thr=default


def test_softmax_shift_invariance():
    x = RNG.standard_normal(10)
    np.testing.assert_allclose(ops.softmax(x + 5.0), ops.softmax(x), rtol=1e-6)  # oracle: SCUT_DIFF thr=customized


def test_softmax_permutation_equivariance():
    x = RNG.standard_normal(6)
    perm = RNG.permutation(6)
    np.testing.assert_allclose(ops.softmax(x[perm]), ops.softmax(x)[perm])  # oracle: SCUT_DIFF thr=default


def test_softmax_from_logsumexp_helper():
    x = RNG.standard_normal((4, 4))
    np.testing.assert_allclose(ops.softmax(x), softmax_from_logsumexp(x), rtol=1e-6)  # oracle: NI thr=customized


def test_log_softmax_is_log_of_softmax():
    x = RNG.standard_normal((3, 5))
    np.testing.assert_allclose(ops.log_softmax(x), np.log(ops.softmax(x)), rtol=1e-5)  # oracle: RI thr=customized


def test_log_softmax_scipy():
    x = RNG.standard_normal((2, 9))
    np.testing.assert_array_almost_equal(ops.log_softmax(x), sp_log_softmax(x, axis=-1))  # oracle: DT thr=default


def test_log_softmax_formula():
    x = RNG.standard_normal((2, 3))
    ref = x - np.log(np.sum(np.exp(x), axis=-1, keepdims=True))
    np.testing.assert_allclose(ops.log_softmax(x), ref)  # oracle: NI thr=default


def test_log_softmax_large_shift():
    x = RNG.standard_normal(5)
    np.testing.assert_allclose(ops.log_softmax(x - 100.0), ops.log_softmax(x), atol=1e-10)  # oracle: SCUT_DIFF thr=customized


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_logsumexp_scipy(dtype):
    x = RNG.standard_normal((3, 4)).astype(dtype)
    if dtype == np.float16:
        atol = 5e-3
    else:
        atol = 1e-6
    np.testing.assert_allclose(ops.logsumexp(x, axis=1), sp_logsumexp(x, axis=1), atol=atol)  # oracle: DT thr=depend


def test_logsumexp_reference_helper():
    x = RNG.standard_normal(11)
    assert np.allclose(ref_logsumexp(x), ops.logsumexp(x))  # oracle: DT thr=default


def test_logsumexp_naive_comprehension():
    x = RNG.standard_normal((4, 3))
    expected = np.array([math.log(sum(math.exp(v) for v in row)) for row in x])
    np.testing.assert_allclose(ops.logsumexp(x, axis=1), expected)  # oracle: NI thr=default


def test_logsumexp_of_zeros():
    assert abs(float(ops.logsumexp(np.zeros(4))) - math.log(4)) < 1e-12  # oracle: D thr=customized


def test_logsumexp_translation():
    x = RNG.standard_normal((2, 5))
    np.testing.assert_allclose(ops.logsumexp(x + 3.0, axis=1), ops.logsumexp(x, axis=1) + 3.0)  # oracle: SCUT_DIFF thr=default


def test_logsumexp_stable_flag():
    x = RNG.uniform(-5, 5, size=(3, 3))
    stable = ops.logsumexp(x, axis=0, stable=True)
    unstable = ops.logsumexp(x, axis=0, stable=False)
    np.testing.assert_allclose(stable, unstable, rtol=1e-12)  # oracle: SCUT_SAME thr=customized


def test_logsumexp_composed_from_ops():
    x = RNG.standard_normal((2, 6))
    want = ops.log(ops.sum(ops.exp(x), axis=-1))
    np.testing.assert_allclose(ops.logsumexp(x, axis=-1), want)  # oracle: RI thr=default


class SoftmaxCase(NnTestCase):

    def setUp(self):
        self.logits = np.random.default_rng(7).standard_normal((4, 5))
        self.expected = sp_softmax(self.logits, axis=-1)
        self.shifted = self.logits + 10.0

    def test_fixture_expected(self):
        self.assertAllClose(ops.softmax(self.logits), self.expected)  # oracle: DT thr=default

    def test_fixture_shifted(self):
        self.assertAllClose(ops.softmax(self.shifted), ops.softmax(self.logits))  # oracle: SCUT_DIFF thr=default

    def test_fixture_dtypes(self):
        for dtype in (np.float16, np.float32, np.float64):
            got = ops.softmax(self.logits.astype(dtype))
            self.assertAllCloseAccordingToType(got, self.expected.astype(dtype))  # oracle: DT thr=depend


def test_softmax_of_repeated_rows_against_repeated_literal_rows():
    x = np.array([[0.0, 0.0]] * 3)
    expected = [[0.5, 0.5]] * 3
    np.testing.assert_allclose(ops.softmax(x), expected)  # oracle: D thr=default


def test_softmax_of_logits_against_numpy_functions_the_author_composes_on_them():
    # The logits come from the library on both sides; numpy's steps on them are the author's.
    x = np.array([[0.5, -1.0], [2.0, 0.25]])
    z = ops.matmul(x, np.array([[1.0, -1.0], [0.5, 2.0]]))
    expected = np.divide(np.exp(z), np.sum(np.exp(z), axis=-1, keepdims=True))
    np.testing.assert_allclose(ops.softmax(z), expected)  # oracle: NI thr=default
