"""Results a kernel writes into arrays it is handed, tolerances a helper picks by dtype, a layer
run one step at a time inside a framework's loop, and literals a helper only wraps."""
import numpy as np
from jax import lax

from nnlib import kernels, layers, ops

TOLERANCES = {np.float32: (1e-5, 1e-6), np.float16: (1e-2, 1e-3)}


def close_by_dtype(actual, expected):
    rtol, atol = TOLERANCES[actual.dtype.type]
    return np.allclose(actual, expected, rtol=rtol, atol=atol)


def gated_relu_by_hand(x):
    half = x.shape[-1] // 2
    return np.maximum(x[..., :half], 0.0) * x[..., half:]


def as_array(values):
    return np.asarray(values, dtype=np.float64)


def test_kernel_writes_into_an_empty_buffer():
    x = np.random.randn(4, 6).astype(np.float32)
    out = np.empty((4, 3), dtype=np.float32)
    kernels.GatedRelu()(out, x)
    assert close_by_dtype(out, gated_relu_by_hand(x))  # oracle: NI thr=depend


def test_kernel_scales_its_input_in_place():
    x = np.random.randn(5, 4)
    expected = x.copy()
    expected[:, :2] = expected[:, :2] * 3.0
    scale = kernels.ScaleInPlace(2, 3.0)
    scale(x)
    np.testing.assert_allclose(x, expected)  # oracle: NI thr=default


def test_scan_one_row_at_a_time():
    scan = layers.Scan()
    x = np.random.randn(5, 3)
    params = scan.init(0, x)

    def body(i, total):
        return total + scan(params, x[i : i + 1])

    stepped = lax.fori_loop(0, 5, body, np.zeros((1, 1)))
    np.testing.assert_allclose(stepped, scan(params, x)[-1:], rtol=1e-6)  # oracle: SCUT_DIFF thr=customized


def test_expected_gradients_written_as_literals():
    grads = ops.tanh_and_slope(np.zeros(4))[1]
    scale = 2
    np.testing.assert_allclose(grads, scale * as_array([0.5] * 4))  # oracle: D thr=default


def test_values_placed_on_a_diagonal():
    v = np.random.rand(4)
    expected = np.zeros((4, 4))
    np.fill_diagonal(expected, v)
    np.testing.assert_allclose(ops.matmul(np.diag(v), np.eye(4)), expected)  # oracle: D thr=default


def _rows_scaled_one_by_one(x, factors):
    result = np.empty_like(x)
    for i in range(x.shape[0]):
        result[i] = x[i] * factors[i]
    return result


def test_rows_scaled_into_a_buffer_named_by_keyword():
    x = np.random.rand(3, 4)
    factors = np.array([0.5, 2.0, 3.0])
    buf = np.empty((3, 4))
    returned = ops.scale_rows(x, factors, out=buf)
    assert returned is buf
    np.testing.assert_allclose(_rows_scaled_one_by_one(x, factors), buf, rtol=1e-12)  # oracle: NI thr=customized
