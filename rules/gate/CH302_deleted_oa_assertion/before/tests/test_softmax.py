import numpy as np

from activations import softmax


def test_softmax():
    x = np.array([1.0, 2.0, 3.0])
    y = softmax(x)
    np.testing.assert_allclose(y.sum(), 1.0, rtol=1e-7)
    np.testing.assert_allclose(y, np.exp(x) / np.exp(x).sum(), rtol=1e-7)
