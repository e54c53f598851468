"""References computed by another library and converted back by nnlib's conversion helper,
which is also handed the shape and type to give them."""
import numpy as np

from nnlib import ops


def test_tanh_against_numpy_converted_to_a_shape():
    x = np.linspace(-2.0, 2.0, 12).reshape(3, 4)
    expected = ops.to_numpy(np.tanh(x.ravel()), x.shape, x.dtype)
    np.testing.assert_allclose(ops.tanh(x), expected, rtol=1e-12)  # oracle: DT thr=customized
