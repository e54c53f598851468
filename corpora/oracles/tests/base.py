"""Shared unittest base class for the nnlib test suite."""
import unittest

import numpy as np

_HALF_TYPES = (np.float16,)


class NnTestCase(unittest.TestCase):
    """TestCase with array-aware closeness helpers."""

    def assertAllClose(self, a, b, rtol=1e-6, atol=1e-6, msg=None):
        a = np.asarray(a)
        b = np.asarray(b)
        self.assertEqual(a.shape, b.shape, msg)
        if not np.allclose(a, b, rtol=rtol, atol=atol):
            diff = np.max(np.abs(a.astype(np.float64) - b.astype(np.float64)))
            self.fail("arrays differ (max abs diff %g) %s" % (diff, msg or ""))

    def assertAllCloseAccordingToType(self, a, b, rtol=1e-6, atol=1e-6,
                                      float32_rtol=1e-5, float32_atol=1e-5,
                                      half_rtol=1e-3, half_atol=1e-3):
        a = np.asarray(a)
        b = np.asarray(b)
        if a.dtype in _HALF_TYPES or b.dtype in _HALF_TYPES:
            rtol, atol = max(rtol, half_rtol), max(atol, half_atol)
        elif a.dtype == np.float32 or b.dtype == np.float32:
            rtol, atol = max(rtol, float32_rtol), max(atol, float32_atol)
        self.assertAllClose(a, b, rtol=rtol, atol=atol)
