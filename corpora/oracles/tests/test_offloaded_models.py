"""A model of the test run before and after the library moves or reloads it: the same model run
again (SCUT_SAME), whether the test calls one object twice or a fresh object of the same class
the library filled from what the first one saved. Tolerances of the module chosen by the
accelerator present are `depend`."""
import os
import tempfile

import numpy as np

from nnlib import dispatch

if dispatch.is_xpu_available():
    ATOL, RTOL = 1e-4, 1e-4
else:
    ATOL, RTOL = 1e-6, 1e-6


class TinyNet:
    def __init__(self):
        self.weights = np.linspace(-1.0, 1.0, 6).reshape(3, 2)

    def __call__(self, x):
        return np.tanh(x @ self.weights)


def test_the_same_net_before_and_after_each_offload():
    net = TinyNet()
    x = np.arange(6.0).reshape(2, 3) / 6.0
    expected = net(x)
    dispatch.offload(net, "cpu")
    output = net(x)
    np.testing.assert_allclose(expected, output, atol=ATOL, rtol=RTOL)  # oracle: SCUT_SAME thr=depend
    dispatch.offload(net, "disk")
    output = net(x)
    np.testing.assert_allclose(expected, output, atol=ATOL, rtol=RTOL)  # oracle: SCUT_SAME thr=depend


def test_a_fresh_net_filled_from_the_saved_one():
    net = TinyNet()
    x = np.ones((2, 3))
    expected = net(x)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "weights.npy")
        np.save(path, net.weights)
        fresh = TinyNet()
        fresh = dispatch.load_and_dispatch(fresh, path)
    output = fresh(x)
    np.testing.assert_allclose(output, expected, atol=ATOL, rtol=RTOL)  # oracle: SCUT_SAME thr=depend
