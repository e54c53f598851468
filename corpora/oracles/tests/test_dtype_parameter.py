"""A test run once per float type writes its literal expectations through the type it is given:
`dtype(0.5)` converts the literal and computes nothing, so the oracle is the literal (D)."""
import numpy as np
import pytest

from nnlib import ops


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_relu_of_a_half(dtype):
    out = ops.relu(np.asarray([0.5, -0.5], dtype=dtype))
    np.testing.assert_allclose(out[0], dtype(0.5))  # oracle: D thr=default
