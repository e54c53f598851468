"""A helper of the test class that widens the tolerances it is handed on a TPU, by a factor:
every call's tolerance is chosen by the device the test runs on."""
import unittest

import jax
import numpy as np

from nnlib import ops


class DeviceScaledTest(unittest.TestCase):
    def assert_close_on_device(self, x, y, atol=1e-6, rtol=1e-6):
        if jax.devices()[0].platform == "tpu":
            rtol = 100 * rtol
            atol = atol * 100
        np.testing.assert_allclose(x, y, rtol=rtol, atol=atol)  # oracle: D thr=depend

    def test_scale_rows_by_ones(self):
        x = np.arange(6.0).reshape(2, 3)
        self.assert_close_on_device(ops.scale_rows(x, np.ones(2)), x)  # oracle: D thr=depend

    def test_scale_rows_by_twos_with_a_tolerance(self):
        x = np.arange(6.0).reshape(2, 3)
        self.assert_close_on_device(ops.scale_rows(x, np.full(2, 2.0)), 2.0 * x, atol=1e-5)  # oracle: NI thr=depend
