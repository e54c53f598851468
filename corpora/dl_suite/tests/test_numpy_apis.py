"""numpy.testing assertions reached through every common import form."""

import numpy
import numpy as np
import numpy.testing as npt
from numpy.testing import assert_allclose
from numpy.testing import assert_array_almost_equal as aaae
from numpy.testing import assert_almost_equal, assert_approx_equal

from minidl import layers, ops


def _compare_softmax_rows(logits):
    # Helper (not a test, not a wrapper: it computes what it compares).
    rows = ops.softmax(logits, axis=1)
    np.testing.assert_allclose(rows.sum(axis=1), np.ones(rows.shape[0]), rtol=1e-6)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:literal:1e-06,atol:default:0
    assert (rows >= 0).all()  # expect: assert api=assert


def test_relu_positional_rtol():
    x = np.linspace(-1.0, 1.0, 11)
    np.testing.assert_allclose(ops.relu(x), np.maximum(x, 0.0), 1e-6)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:literal:1e-06,atol:default:0


def test_sigmoid_keywords_reordered():
    x = np.array([-2.0, 0.0, 2.0])
    out = ops.sigmoid(x)
    ref = np.array([0.11920292, 0.5, 0.88079708])
    numpy.testing.assert_allclose(out, ref, atol=1e-7, rtol=1e-5)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:literal:1e-07,rtol:literal:1e-05


def test_tanh_defaults():
    x = np.array([0.0, 0.5])
    assert_allclose(ops.tanh(x), np.tanh(x))  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=default tol=rtol:default:1e-07,atol:default:0


def test_softmax_both_positional():
    logits = np.array([[1.0, 2.0, 3.0]])
    npt.assert_allclose(ops.softmax(logits), [[0.09003057, 0.24472847, 0.66524096]], 1e-5, 1e-8)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:literal:1e-05,atol:literal:1e-08


def test_softmax_rows_helper():
    _compare_softmax_rows(np.arange(6.0).reshape(2, 3))  # ok: not an assertion (helper computes its own values)


def test_log_softmax_multiline():
    logits = np.array([0.5, 1.5, -0.25])
    expected = np.log(ops.softmax(logits))
    np.testing.assert_allclose(  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:literal:1e-06,atol:literal:1e-06
        ops.log_softmax(logits),
        expected,
        rtol=1e-6,
        atol=1e-6,
        err_msg="log_softmax disagrees with log(softmax)",
    )


def test_gelu_over_sizes():
    for n in (1, 4, 16):
        x = np.linspace(-3.0, 3.0, n)
        ref = 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * x ** 3)))
        np.testing.assert_allclose(ops.gelu(x), ref, rtol=1e-6, atol=1e-6)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:literal:1e-06,atol:literal:1e-06


def test_array_almost_equal_forms():
    a = np.array([0.1, 0.2, 0.3])
    b = a + 1e-8
    npt.assert_array_almost_equal(a, b)  # expect: oa api=numpy.testing.assert_array_almost_equal cat=rounding thr=default tol=decimal:default:6
    aaae(a, b, decimal=4)  # expect: oa api=numpy.testing.assert_array_almost_equal cat=rounding thr=customized tol=decimal:literal:4
    aaae(a, b, 3, "rounded arrays differ")  # expect: oa api=numpy.testing.assert_array_almost_equal cat=rounding thr=customized tol=decimal:literal:3


def test_almost_equal_scalars():
    s = float(ops.sigmoid(0.0))
    assert_almost_equal(s, 0.5)  # expect: oa api=numpy.testing.assert_almost_equal cat=rounding thr=default tol=decimal:default:7
    np.testing.assert_almost_equal(s, 0.5, decimal=5)  # expect: oa api=numpy.testing.assert_almost_equal cat=rounding thr=customized tol=decimal:literal:5
    with np.errstate(over="ignore"):
        npt.assert_almost_equal(12345.0, 12341.0, decimal=-1)  # expect: oa api=numpy.testing.assert_almost_equal cat=rounding thr=customized tol=decimal:literal:-1


def test_approx_equal_significant():
    v = float(np.sum(ops.relu(np.array([1.5, 1.64159]))))
    assert_approx_equal(v, 3.14159, significant=5)  # expect: oa api=numpy.testing.assert_approx_equal cat=rounding thr=customized tol=significant:literal:5
    numpy.testing.assert_approx_equal(v, 3.14159)  # expect: oa api=numpy.testing.assert_approx_equal cat=rounding thr=default tol=significant:default:7


def test_ulp_comparisons():
    a = np.float32([1.0, 2.0, 3.0])
    b = ops.identity(a)
    np.testing.assert_array_almost_equal_nulp(a, b)  # expect: oa api=numpy.testing.assert_array_almost_equal_nulp cat=ulp thr=default tol=ulps:default:1
    npt.assert_array_almost_equal_nulp(a, b, nulp=4)  # expect: oa api=numpy.testing.assert_array_almost_equal_nulp cat=ulp thr=customized tol=ulps:literal:4
    np.testing.assert_array_max_ulp(a, b, maxulp=8)  # expect: oa api=numpy.testing.assert_array_max_ulp cat=ulp thr=customized tol=ulps:literal:8
    numpy.testing.assert_array_max_ulp(a, b)  # expect: oa api=numpy.testing.assert_array_max_ulp cat=ulp thr=default tol=ulps:default:1


def test_array_less_bounds():
    layer = layers.Dense(3, 2)
    x = np.ones((4, 3), dtype=np.float32)
    out = layer(x)
    ref = x @ layer.kernel + layer.bias
    np.testing.assert_array_less(np.abs(out - ref), 1e-6)  # expect: oa api=numpy.testing.assert_array_less cat=error_bound thr=customized tol=bound:literal:1e-06
    err = np.abs(out - ref).max()
    tol = 1e-5
    npt.assert_array_less(err, tol)  # expect: oa api=numpy.testing.assert_array_less cat=error_bound thr=customized tol=bound:constant:1e-05


def test_bare_predicate_statement_is_not_an_assertion():
    a = np.zeros(3)
    np.allclose(a, a)  # ok: not an assertion (result discarded)
    close = np.isclose(a, a)  # ok: not an assertion
    if np.allclose(a, a + 1e-9):  # ok: not an assertion
        print(close)


class TestDenseNumpy:
    """A plain pytest-style class: its test* methods are test cases."""

    def test_dense_matches_matmul(self):
        layer = layers.Dense(2, 2, seed=3)
        x = np.eye(2, dtype=np.float32)
        np.testing.assert_allclose(layer(x), layer.kernel + layer.bias, rtol=1e-6, atol=0)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:literal:1e-06,atol:literal:0

    def test_layer_norm_rounding(self):
        norm = layers.LayerNorm()
        y = norm(np.array([[1.0, 2.0, 3.0]]))
        npt.assert_array_almost_equal(y.mean(axis=-1), [0.0], 5)  # expect: oa api=numpy.testing.assert_array_almost_equal cat=rounding thr=customized tol=decimal:literal:5
