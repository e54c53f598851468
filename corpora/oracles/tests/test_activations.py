"""Elementwise activations (relu, leaky_relu, sigmoid, tanh, softplus) checked
against literals, numpy/scipy, hand-written formulas and related nnlib ops."""
import math
import unittest

import numpy as np
import pytest
from scipy import special

from nnlib import ops
from tests.base import NnTestCase
from tests.reference import naive_sigmoid, ref_tanh, relu_table, tol_for


def test_relu_literal():
    out = ops.relu(np.array([-2.0, -0.5, 0.0, 1.5]))
    np.testing.assert_allclose(out, [0.0, 0.0, 0.0, 1.5])  # oracle: D thr=default


def test_relu_table():
    x, expected = relu_table()
    np.testing.assert_array_almost_equal(expected, ops.relu(x))  # oracle: D thr=default


def test_relu_is_identity_on_positive_inputs():
    x = np.random.rand(5, 4) + 0.1
    np.testing.assert_allclose(ops.relu(x), x, rtol=1e-7)  # oracle: D thr=customized


def test_relu_mask_formula():
    x = np.random.randn(10)
    want = x * (x > 0)
    np.testing.assert_allclose(ops.relu(x), want)  # oracle: NI thr=default


def test_relu_positive_homogeneity():
    x = np.random.randn(3, 3)
    np.testing.assert_allclose(ops.relu(2.5 * x), 2.5 * ops.relu(x), rtol=1e-6)  # oracle: SCUT_DIFF thr=customized


def test_leaky_relu_where():
    x = np.random.randn(9)
    gold = np.where(x >= 0, x, 0.2 * x)
    np.testing.assert_allclose(gold, ops.leaky_relu(x, alpha=0.2))  # oracle: NI thr=default


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_sigmoid_matches_expit(dtype):
    x = np.linspace(-6, 6, 25).astype(dtype)
    tol = 1e-3 if dtype == np.float16 else 1e-6
    np.testing.assert_allclose(ops.sigmoid(x), special.expit(x), rtol=tol, atol=tol)  # oracle: DT thr=depend


def test_sigmoid_naive_helper():
    x = np.random.randn(8)
    got = ops.sigmoid(x)
    np.testing.assert_allclose(got, naive_sigmoid(x), atol=1e-7)  # oracle: NI thr=customized


def test_sigmoid_at_zero():
    assert ops.sigmoid(np.array([0.0]))[0] == pytest.approx(0.5)  # oracle: D thr=default


def test_sigmoid_point_symmetry():
    x = np.random.randn(6)
    assert np.allclose(ops.sigmoid(-x), 1.0 - ops.sigmoid(x))  # oracle: SCUT_DIFF thr=default


def test_sigmoid_as_two_class_softmax():
    x = np.random.randn(7)
    pair = np.stack([x, np.zeros_like(x)], axis=-1)
    ref = ops.softmax(pair, axis=-1)[:, 0]
    np.testing.assert_allclose(ops.sigmoid(x), ref, rtol=1e-6)  # oracle: RI thr=customized


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_tanh_reference_helper(dtype):
    x = np.random.uniform(-3, 3, size=(4, 4)).astype(dtype)
    np.testing.assert_allclose(ops.tanh(x), ref_tanh(x), rtol=tol_for(dtype))  # oracle: DT thr=depend


def test_tanh_math_scalar():
    for v in (-2.0, -0.3, 0.0, 0.7, 5.0):
        res = float(ops.tanh(np.array([v]))[0])
        assert abs(res - math.tanh(v)) < 1e-6  # oracle: DT thr=customized


def test_tanh_from_sigmoid():
    x = np.linspace(-4, 4, 17)
    target = 2.0 * ops.sigmoid(2.0 * x) - 1.0
    np.testing.assert_allclose(ops.tanh(x), target, atol=1e-12)  # oracle: RI thr=customized


def test_tanh_odd_function():
    x = np.random.randn(12)
    np.testing.assert_allclose(ops.tanh(-x), -ops.tanh(x))  # oracle: SCUT_DIFF thr=default


def test_softplus_log_one_plus_exp():
    x = np.linspace(-3, 3, 13)
    expected = np.log(1.0 + np.exp(x))
    np.testing.assert_array_almost_equal(ops.softplus(x), expected, decimal=6)  # oracle: NI thr=customized


def test_softplus_logaddexp():
    x = np.random.randn(20) * 4
    np.testing.assert_allclose(ops.softplus(x), np.logaddexp(0.0, x))  # oracle: DT thr=default


class ActivationCase(NnTestCase):

    def setUp(self):
        self.x = np.array([-1.5, -0.25, 0.0, 0.75, 2.0])
        self.expected_relu = np.array([0.0, 0.0, 0.0, 0.75, 2.0])
        self.expected_sigmoid = 1.0 / (1.0 + np.exp(-self.x))

    def test_relu_fixture(self):
        self.assertAllClose(ops.relu(self.x), self.expected_relu)  # oracle: D thr=default

    def test_sigmoid_fixture(self):
        self.assertAllClose(ops.sigmoid(self.x), self.expected_sigmoid)  # oracle: NI thr=default

    def test_leaky_relu_dtypes(self):
        for dtype in (np.float16, np.float32, np.float64):
            x = self.x.astype(dtype)
            self.assertAllCloseAccordingToType(  # oracle: NI thr=depend
                ops.leaky_relu(x, alpha=0.1), np.where(x >= 0, x, x * 0.1))

    def test_exp_of_inputs(self):
        got = ops.exp(self.x)
        for i, v in enumerate(self.x):
            self.assertAlmostEqual(got[i], math.exp(v), places=6)  # oracle: DT thr=customized

    def test_relu_twice_is_relu(self):
        once = ops.relu(self.x)
        self.assertAllClose(ops.relu(once), once)  # oracle: SCUT_DIFF thr=default


class FrameworkVariantCase(unittest.TestCase):
    """`self.variant` comes from the test framework (compiled and eager variants of a function),
    not from a scanned class: it runs the function it is handed."""

    def test_relu_against_leaky_relu_under_the_same_variant(self):
        x = np.linspace(0.0, 2.0, 5)
        np.testing.assert_allclose(self.variant(ops.relu)(x), self.variant(ops.leaky_relu)(x))  # oracle: RI thr=default

    def test_stored_variants_on_the_whole_batch_and_its_halves(self):
        relu = self.variant(ops.relu)
        x = np.linspace(-2.0, 2.0, 8)
        whole = relu(x)
        first_half = relu(x[:4])
        np.testing.assert_allclose(whole[:4], first_half)  # oracle: SCUT_DIFF thr=default

    def test_stored_variants_of_two_functions(self):
        relu = self.variant(ops.relu)
        leaky = self.variant(ops.leaky_relu)
        x = np.linspace(0.0, 2.0, 5)
        np.testing.assert_allclose(relu(x), leaky(x))  # oracle: RI thr=default


def test_sigmoid_against_scipy_on_points_joined_with_far_tails():
    x = np.array([-60.0, -30.0] + np.linspace(-4.0, 4.0, 9).tolist() + [30.0, 60.0])
    np.testing.assert_allclose(ops.sigmoid(x), special.expit(x), atol=1e-12)  # oracle: DT thr=customized
