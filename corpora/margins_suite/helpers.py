# The suite's own checking helpers: a wrapper of numpy.testing.assert_allclose with an absolute
# tolerance, and a wrapper of that wrapper, as suites write them.
import numpy as np


def assert_near(actual, expected, tol):
    np.testing.assert_allclose(actual, expected, rtol=0, atol=tol)  # site: wrapper_inner


def assert_near_rows(actual, expected, tol):
    for got, want in zip(actual, expected):
        assert_near(got, want, tol)  # site: wrapper_middle
