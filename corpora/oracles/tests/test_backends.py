"""Backend parity: nnlib.backend.numpy_backend against ref_backend, plus the
loop-based ref_backend checked on its own against literals and scipy."""
import math

import numpy as np
import pytest
from scipy.special import softmax as sp_softmax

from nnlib import backend
from nnlib.backend import numpy_backend, ref_backend
from tests.base import NnTestCase

PARITY_RTOL = 1e-6


@pytest.mark.parametrize("name", ["softmax", "log_softmax", "relu", "sigmoid"])
def test_elementwise_parity(name):
    x = np.random.randn(3, 4)
    got = getattr(numpy_backend, name)(x)
    np.testing.assert_allclose(got, getattr(ref_backend, name)(x), rtol=PARITY_RTOL)  # oracle: DT thr=customized


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_matmul_parity(dtype):
    a = np.random.randn(3, 4).astype(dtype)
    b = np.random.randn(4, 2).astype(dtype)
    tol = 1e-5 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(numpy_backend.matmul(a, b), ref_backend.matmul(a, b), rtol=tol, atol=tol)  # oracle: DT thr=depend


def test_logsumexp_parity():
    x = np.random.randn(5, 3)
    np.testing.assert_allclose(ref_backend.logsumexp(x, axis=-1), numpy_backend.logsumexp(x, axis=-1))  # oracle: DT thr=default


def test_cumsum_parity():
    x = np.random.randn(9)
    assert np.allclose(numpy_backend.cumsum(x), ref_backend.cumsum(x))  # oracle: DT thr=default


def test_moment_parity():
    x = np.random.randn(4, 6)
    for fn_name in ("mean", "var"):
        want = getattr(ref_backend, fn_name)(x, axis=1)
        np.testing.assert_allclose(getattr(numpy_backend, fn_name)(x, axis=1), want, atol=1e-12)  # oracle: DT thr=customized


def test_conv1d_parity():
    x = np.random.randn(15)
    w = np.random.randn(4)
    np.testing.assert_array_almost_equal(numpy_backend.conv1d(x, w, stride=2), ref_backend.conv1d(x, w, stride=2))  # oracle: DT thr=default


def test_registry_sigmoid_parity():
    x = np.linspace(-5, 5, 11)
    outs = {name: backend.get(name).sigmoid(x) for name in ("numpy", "ref")}
    np.testing.assert_allclose(outs["numpy"], outs["ref"])  # oracle: DT thr=default


def test_ref_backend_softmax_scipy():
    x = np.random.randn(2, 7)
    np.testing.assert_allclose(ref_backend.softmax(x), sp_softmax(x, axis=-1), rtol=1e-12)  # oracle: DT thr=customized


def test_ref_backend_relu_literal():
    np.testing.assert_allclose(ref_backend.relu([-1.0, 2.0, -3.0]), [0.0, 2.0, 0.0])  # oracle: D thr=default


def test_ref_backend_sigmoid_scalar_math():
    for v in (-3.0, 0.0, 1.5):
        res = ref_backend.sigmoid(np.array([v]))[0]
        gold = 1.0 / (1.0 + math.exp(-v))
        assert res == pytest.approx(gold)  # oracle: NI thr=default


def test_ref_backend_softmax_translation():
    x = np.random.randn(5)
    np.testing.assert_allclose(ref_backend.softmax(x - 2.0), ref_backend.softmax(x))  # oracle: SCUT_DIFF thr=default


class BackendCase(NnTestCase):

    def setUp(self):
        self.x = np.random.default_rng(21).standard_normal((3, 5))
        self.ref_out = ref_backend.softmax(self.x)

    def test_softmax_fixture(self):
        self.assertAllClose(numpy_backend.softmax(self.x), self.ref_out)  # oracle: DT thr=default

    def test_log_softmax_vs_ref_softmax(self):
        self.assertAllClose(ref_backend.log_softmax(self.x), np.log(self.ref_out), atol=1e-12)  # oracle: RI thr=customized
