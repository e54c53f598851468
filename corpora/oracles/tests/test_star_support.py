"""A name brought in by `from <suite module> import *` is what that module binds it to."""
import numpy as np

from nnlib import ops
from tests.star_support import *


def test_relu_against_leaky_relu_at_zero_slope():
    x = np.linspace(-2.0, 2.0, 9)
    np.testing.assert_allclose(ops.relu(x), star_ops.leaky_relu(x, alpha=0.0))  # oracle: RI thr=default
