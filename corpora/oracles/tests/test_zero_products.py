"""Zeros made by multiplying the test's data by 0: a constant of the data's shape, not a formula."""
import numpy as np

from nnlib import ops


def test_dropout_at_rate_one_keeps_nothing():
    x = np.random.rand(2, 5)
    np.testing.assert_allclose(ops.dropout(x, 1.0, training=True, seed=0), x * 0.0)  # oracle: D thr=default


def test_relu_of_negative_inputs_is_zero():
    x = -np.random.rand(3, 4)
    np.testing.assert_allclose(ops.relu(x), 0 * x)  # oracle: D thr=default
