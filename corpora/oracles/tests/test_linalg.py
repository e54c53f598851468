"""Linear algebra and convolution (matmul, transpose, conv1d, eigvalsh):
oracles from literals, numpy, loops, other nnlib ops and execution flags."""
import numpy as np
import pytest

from nnlib import ops
from tests.base import NnTestCase
from tests.reference import TOLS, naive_conv1d, ref_matmul


def _sliding_windows(x, k):
    return np.stack([x[i:i + k] for i in range(len(x) - k + 1)])


def conv_via_matmul(x, w):
    return ops.matmul(_sliding_windows(x, len(w)), w)


def test_matmul_identity():
    a = np.random.randn(4, 3)
    np.testing.assert_allclose(ops.matmul(a, np.eye(3)), a)  # oracle: D thr=default


def test_matmul_literal_2x2():
    out = ops.matmul([[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]])
    np.testing.assert_array_almost_equal(out, [[19.0, 22.0], [43.0, 50.0]])  # oracle: D thr=default


def test_matmul_numpy():
    a = np.random.randn(3, 5)
    b = np.random.randn(5, 2)
    np.testing.assert_allclose(np.matmul(a, b), ops.matmul(a, b), rtol=1e-10)  # oracle: DT thr=customized


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_matmul_reference_helper(dtype):
    a = np.random.rand(4, 4).astype(dtype)
    b = np.random.rand(4, 2).astype(dtype)
    np.testing.assert_allclose(ops.matmul(a, b), ref_matmul(a, b), rtol=TOLS[dtype])  # oracle: DT thr=depend


def test_matmul_einsum():
    a = np.random.randn(2, 3)
    b = np.random.randn(3, 4)
    assert np.allclose(ops.matmul(a, b), np.einsum("ij,jk->ik", a, b))  # oracle: DT thr=default


def test_matmul_triple_loop():
    a = np.random.randn(3, 4)
    b = np.random.randn(4, 2)
    expected = np.zeros((3, 2))
    for i in range(3):
        for j in range(2):
            for k in range(4):
                expected[i, j] += a[i, k] * b[k, j]
    np.testing.assert_allclose(ops.matmul(a, b), expected, atol=1e-12)  # oracle: NI thr=customized


def test_matmul_transpose_identity():
    a = np.random.randn(3, 4)
    b = np.random.randn(4, 5)
    np.testing.assert_allclose(ops.matmul(a, b).T, ops.matmul(b.T, a.T))  # oracle: SCUT_DIFF thr=default


def test_matmul_distributes_over_addition():
    a = np.random.randn(2, 3)
    b1, b2 = np.random.randn(3, 2), np.random.randn(3, 2)
    lhs = ops.matmul(a, b1 + b2)
    rhs = ops.matmul(a, b1) + ops.matmul(a, b2)
    np.testing.assert_allclose(lhs, rhs, rtol=1e-6, atol=1e-12)  # oracle: SCUT_DIFF thr=customized


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_matmul_precision_flag(dtype):
    a = np.random.rand(8, 8).astype(dtype)
    b = np.random.rand(8, 8).astype(dtype)
    rtol = {np.float16: 1e-2, np.float32: 1e-5}[dtype]
    fast = ops.matmul(a, b, precision="default")
    np.testing.assert_allclose(fast, ops.matmul(a, b, precision="highest"), rtol=rtol)  # oracle: SCUT_SAME thr=depend


def test_transpose_roundtrip():
    x = np.random.randn(2, 3, 4)
    np.testing.assert_allclose(x, ops.transpose(ops.transpose(x)))  # oracle: D thr=default


def test_transpose_axes_numpy():
    x = np.random.randn(2, 3, 4)
    np.testing.assert_array_almost_equal(np.transpose(x, (1, 0, 2)), ops.transpose(x, (1, 0, 2)))  # oracle: DT thr=default


def test_conv1d_literal():
    out = ops.conv1d([1.0, 2.0, 3.0, 4.0], [1.0, 0.0, -1.0])
    np.testing.assert_allclose(out, [-2.0, -2.0])  # oracle: D thr=default


def test_conv1d_numpy_correlate():
    x = np.random.randn(20)
    w = np.random.randn(5)
    np.testing.assert_allclose(ops.conv1d(x, w), np.correlate(x, w, mode="valid"), rtol=1e-10)  # oracle: DT thr=customized


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
def test_conv1d_unroll_flag(dtype):
    x = np.random.randn(16).astype(dtype)
    w = np.random.randn(3).astype(dtype)
    if dtype == "float16":
        atol = 1e-2
    else:
        atol = 1e-6
    np.testing.assert_allclose(ops.conv1d(x, w, unroll=True), ops.conv1d(x, w, unroll=False), atol=atol)  # oracle: SCUT_SAME thr=depend


def test_conv1d_naive_helper():
    x = np.random.randn(10)
    w = np.random.randn(4)
    np.testing.assert_allclose(ops.conv1d(x, w), naive_conv1d(x, w))  # oracle: NI thr=default


def test_conv1d_linearity():
    x = np.random.randn(12)
    w = np.random.randn(3)
    np.testing.assert_allclose(ops.conv1d(2.0 * x, w), 2.0 * ops.conv1d(x, w))  # oracle: SCUT_DIFF thr=default


def test_conv1d_as_matmul_of_windows():
    x = np.random.randn(9)
    w = np.random.randn(3)
    np.testing.assert_allclose(conv_via_matmul(x, w), ops.conv1d(x, w))  # oracle: RI thr=default


def test_conv1d_same_padding_comprehension():
    x = np.random.randn(7)
    w = np.array([0.25, 0.5, 0.25])
    xp = np.concatenate([[0.0], x, [0.0]])
    expected = np.array([sum(xp[i + j] * w[j] for j in range(3)) for i in range(len(x))])
    np.testing.assert_allclose(ops.conv1d(x, w, padding="same"), expected)  # oracle: NI thr=default


def test_conv1d_delta_kernel():
    x = np.random.randn(11)
    np.testing.assert_allclose(ops.conv1d(x, np.ones(1)), x)  # oracle: D thr=default


def test_eigvalsh_diagonal():
    vals = ops.eigvalsh(np.diag([3.0, 1.0, 2.0]))
    assert vals.shape == (3,)
    np.testing.assert_allclose(vals, [1.0, 2.0, 3.0])  # oracle: D thr=default


def test_eigvalsh_numpy():
    m = np.random.randn(4, 4)
    sym = m + m.T
    np.testing.assert_allclose(ops.eigvalsh(sym), np.linalg.eigvalsh(sym), atol=1e-10)  # oracle: DT thr=customized


class LinalgCase(NnTestCase):

    def setUp(self):
        rng = np.random.default_rng(3)
        self.a = rng.standard_normal((4, 3))
        self.b = rng.standard_normal((3, 2))
        self.expected = self.a @ self.b
        self.sym = self.a @ self.a.T

    def test_matmul_fixture(self):
        self.assertAllClose(ops.matmul(self.a, self.b), self.expected)  # oracle: DT thr=default

    def test_eigvalsh_uplo(self):
        lower = ops.eigvalsh(self.sym, uplo="L")
        self.assertAllClose(ops.eigvalsh(self.sym, uplo="U"), lower, atol=1e-10)  # oracle: SCUT_SAME thr=customized

    def test_matmul_precisions_per_dtype(self):
        for dtype in (np.float32, np.float64):
            a, b = self.a.astype(dtype), self.b.astype(dtype)
            ref = ops.matmul(a, b, precision="highest")
            self.assertAllCloseAccordingToType(ops.matmul(a, b), ref)  # oracle: SCUT_SAME thr=depend


def test_orthonormal_basis_of_the_test_data_against_the_identity_written_first():
    # A check of the test's own data before it is used: the identity is the oracle.
    q, _ = np.linalg.qr(np.random.default_rng(3).standard_normal((4, 4)))
    np.testing.assert_allclose(np.eye(4), q.T @ q, atol=1e-12)  # oracle: D thr=customized
