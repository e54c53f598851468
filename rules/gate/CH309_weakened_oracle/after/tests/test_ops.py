import numpy as np
from minilib import ops


def test_tanh():
    x = np.random.rand(3)
    expected = ops.tanh(x)
    np.testing.assert_allclose(ops.tanh(x), expected, rtol=1e-6)
