"""Utility ops (encode/decode, cast, dropout, one_hot): round trips, identity
behaviour at inference time and seeded-randomness properties."""
import numpy as np
import numpy as onp
import pytest

import nnlib.ops as nops

from nnlib import ops
from tests.base import NnTestCase

CAST_TOLS = {"float16": 1e-3, "float32": 1e-7}


@pytest.mark.parametrize("name", ["exp", "tanh"])
def test_functions_read_off_both_modules_by_name(name):
    x = np.linspace(-1.0, 1.0, 5)
    dtype = getattr(onp, "float64")
    reference = lambda v: getattr(onp, name)(v.astype(dtype))
    ours = lambda v: getattr(nops, name)(v)
    np.testing.assert_allclose(ours(x), reference(x), rtol=1e-12)  # oracle: DT thr=customized


def test_encode_decode_roundtrip():
    x = np.random.randn(3, 4)
    assert isinstance(ops.encode(x), bytes)
    np.testing.assert_allclose(ops.decode(ops.encode(x)), x)  # oracle: D thr=default


@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_cast_roundtrip(dtype):
    x = np.random.rand(10).astype(np.float32)
    back = ops.cast(ops.cast(x, dtype), np.float32)
    np.testing.assert_allclose(back, x, rtol=CAST_TOLS[dtype])  # oracle: D thr=depend


def test_dropout_inference_is_identity():
    x = np.random.randn(8)
    np.testing.assert_allclose(ops.dropout(x, 0.5, training=False), x)  # oracle: D thr=default


def test_dropout_zero_rate_in_training():
    x = np.random.randn(8)
    assert np.allclose(x, ops.dropout(x, 0.0, training=True))  # oracle: D thr=default


def test_dropout_kept_units_rescaled():
    x = np.random.rand(100) + 0.5
    rate = 0.25
    out = ops.dropout(x, rate, training=True, seed=0)
    kept = out != 0
    np.testing.assert_allclose(out[kept], x[kept] / (1.0 - rate))  # oracle: NI thr=default


def test_dropout_same_seed_same_mask():
    x = np.random.randn(20)
    a = ops.dropout(x, 0.5, training=True, seed=9)
    b = ops.dropout(x, 0.5, training=True, seed=9)
    np.testing.assert_allclose(a, b)  # oracle: SCUT_SAME thr=default


def test_dropout_commutes_with_scaling():
    x = np.random.randn(20)
    scaled = ops.dropout(2.0 * x, 0.3, training=True, seed=4)
    np.testing.assert_allclose(scaled, 2.0 * ops.dropout(x, 0.3, training=True, seed=4))  # oracle: SCUT_DIFF thr=default


def test_one_hot_rows_of_identity():
    np.testing.assert_array_almost_equal(ops.one_hot([0, 2, 1], 3), np.eye(3)[[0, 2, 1]])  # oracle: D thr=default


class DropoutCase(NnTestCase):

    def setUp(self):
        self.x = np.arange(1.0, 9.0)
        self.rate = 0.5
        self.expected_scale = 1.0 / (1.0 - self.rate)

    def test_kept_scale(self):
        out = ops.dropout(self.x, self.rate, training=True, seed=1)
        for got, xi in zip(out, self.x):
            if got != 0:
                self.assertAlmostEqual(got / xi, self.expected_scale, places=12)  # oracle: D thr=customized

    def test_mean_preserved_on_average(self):
        outs = [ops.dropout(self.x, self.rate, training=True, seed=s) for s in range(2000)]
        avg = np.mean(outs, axis=0)
        self.assertAllClose(avg, self.x, rtol=0.1, atol=0.1)  # oracle: D thr=customized


def test_softmax_rows_mapped_with_a_partial_bound_first():
    import functools

    import jax

    close = functools.partial(np.testing.assert_allclose, atol=1e-6)
    rows = {"a": np.array([0.0, 0.0]), "b": np.array([1.0, 1.0])}
    jax.tree_util.tree_map(close, {k: ops.softmax(v) for k, v in rows.items()}, {"a": np.array([0.5, 0.5]), "b": np.array([0.5, 0.5])})  # oracle: D thr=customized


def test_relu_of_a_constant_against_the_buffer_filled_with_it():
    import torch

    # A buffer of random numbers filled with one value is that value, of the buffer's shape.
    expected = torch.fill_(torch.rand(2, 3), 0.5)
    np.testing.assert_allclose(ops.relu(np.full((2, 3), 0.5)), expected.numpy(), atol=1e-7)  # oracle: D thr=customized
