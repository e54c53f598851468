"""Tolerances reached through a closure and through a table keyed at run time.

A suite's own assertAllClose maps a nested check over two trees; the nested check passes on the
tolerances of the enclosing method, which its callers give by keyword. A tolerance table keyed
by the dtype a test is parametrized with is chosen at run time, whatever its entries hold.
"""

import unittest

import jax
import numpy as np
import pytest

from minidl import ops


class TreeTestCase(unittest.TestCase):

    def _leaf_close(self, x, y, *, atol=None, rtol=None):
        np.testing.assert_allclose(x, y, atol=atol or 1e-6, rtol=rtol or 1e-6)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:unresolved,rtol:unresolved

    def assertTreeClose(self, x, y, *, atol=None, rtol=None):
        def close(a, b):
            self._leaf_close(a, b, atol=atol, rtol=rtol)  # expect: oa api=tests.test_captured_tolerances.TreeTestCase._leaf_close cat=abs_rel thr=depend tol=atol:depend,rtol:depend

        # The mapped check's own record reads the captured names as tolerances the nested check writes.
        jax.tree_util.tree_map(close, x, y)  # expect: oa api=tests.test_captured_tolerances.TreeTestCase.assertTreeClose.close cat=abs_rel thr=customized tol=atol:literal,rtol:literal


class EnergyTest(TreeTestCase):

    def test_energy_is_kept(self):
        start = ops.relu(np.ones(4))
        end = ops.relu(np.ones(4) * 2) / 2
        tol = 5e-5
        self.assertTreeClose(start, end, rtol=tol, atol=tol)  # expect: oa api=tests.test_captured_tolerances.TreeTestCase.assertTreeClose cat=abs_rel thr=customized tol=atol:constant:5e-05,rtol:constant:5e-05
        self.assertTreeClose(start, np.ones(4))  # expect: oa api=tests.test_captured_tolerances.TreeTestCase.assertTreeClose cat=abs_rel thr=default tol=atol:default,rtol:default


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_softmax_sums_to_one(dtype):
    probs = ops.softmax(np.ones((2, 3), dtype=dtype))
    tolerance = {np.float32: dict(atol=1e-6, rtol=1e-6), np.float64: dict(atol=1e-12)}
    np.testing.assert_allclose(probs.sum(axis=-1), np.ones(2), **tolerance[dtype])  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:depend
