import numpy as np

from layers import conv1d


def test_conv1d():
    x = np.ones(8)
    kernel = np.array([0.25, 0.5, 0.25])
    expected = np.convolve(x, kernel, mode="valid")
    assert conv1d(x, kernel).shape == expected.shape
