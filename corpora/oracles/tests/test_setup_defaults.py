"""Bounds a test case's setUp keeps from its own parameters' defaults: the test framework calls
setUp with none, so the defaults are what every test reads (customized), unlike a helper's
parameter that each caller may set."""
import unittest

import numpy as np

from nnlib import ops


class TestBoundsFromSetUp(unittest.TestCase):
    def setUp(self, max_abs_diff=1e-6, steps=3):
        self.max_abs_diff = max_abs_diff
        self.steps = steps

    def test_cumsum_against_numpy_within_the_kept_bound(self):
        x = np.linspace(0.0, 1.0, 7)
        for _ in range(self.steps):
            err = np.abs(ops.cumsum(x) - np.cumsum(x)).max()
            self.assertLessEqual(err, self.max_abs_diff)  # oracle: DT thr=customized
