"""numpy.testing names reached only through a star import."""

import numpy as np
from numpy.testing import *  # noqa: F401,F403

from minidl import ops


def test_star_allclose():
    x = np.array([0.25, 0.5])
    assert_allclose(ops.relu(x), x, rtol=1e-5)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:literal:1e-05,atol:default:0


def test_star_rounding_and_ulp():
    x = np.float32([1.0, 4.0])
    assert_array_almost_equal(ops.identity(x), x, decimal=5)  # expect: oa api=numpy.testing.assert_array_almost_equal cat=rounding thr=customized tol=decimal:literal:5
    assert_almost_equal(float(ops.sigmoid(0.0)), 0.5)  # expect: oa api=numpy.testing.assert_almost_equal cat=rounding thr=default tol=decimal:default:7
    assert_approx_equal(float(np.pi), 3.1416, 4)  # expect: oa api=numpy.testing.assert_approx_equal cat=rounding thr=customized tol=significant:literal:4
    assert_array_max_ulp(ops.identity(x), x, 2)  # expect: oa api=numpy.testing.assert_array_max_ulp cat=ulp thr=customized tol=ulps:literal:2
    assert_array_almost_equal_nulp(ops.identity(x), x, 2)  # expect: oa api=numpy.testing.assert_array_almost_equal_nulp cat=ulp thr=customized tol=ulps:literal:2


def test_star_bounds_and_exact():
    x = np.array([1.0, 2.0])
    out = ops.relu(x)
    assert_array_less(np.abs(out - x), 1e-3)  # expect: oa api=numpy.testing.assert_array_less cat=error_bound thr=customized tol=bound:literal:0.001
    assert_array_equal(out, x)  # expect: assert api=numpy.testing.assert_array_equal
    assert_equal(out.shape, (2,))  # expect: assert api=numpy.testing.assert_equal
