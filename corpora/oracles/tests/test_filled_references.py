"""A reference helper handed a copy of the input writes the expected values into it with
arithmetic of its own."""
import numpy as np

from nnlib import ops


def _leaky_by_hand(x, slope):
    x[x < 0] = slope * x[x < 0]
    return x


def test_leaky_relu_against_negatives_scaled_in_place():
    x = np.array([-2.0, -0.5, 0.0, 1.5])
    np.testing.assert_allclose(ops.leaky_relu(x, alpha=0.2), _leaky_by_hand(x.copy(), 0.2))  # oracle: NI thr=default
