"""Helpers defined inside a test: a tolerance such a helper fixes is the test's own choice; one
it leaves to the API it calls is that API's default."""
import numpy as np

from nnlib import ops


def test_tanh_through_a_local_helper_with_its_own_tolerance():
    x = np.linspace(-4.0, 4.0, 17)

    def close(actual, expected):
        np.testing.assert_allclose(actual, expected, rtol=1e-3)  # oracle: D thr=customized

    close(ops.tanh(x), np.tanh(x))  # oracle: DT thr=customized


def test_relu_through_a_local_helper_leaving_the_default():
    x = np.linspace(-1.0, 1.0, 9)

    def same(actual, expected):
        return np.allclose(actual, expected)

    assert same(ops.relu(x), np.maximum(x, 0.0))  # oracle: DT thr=default
