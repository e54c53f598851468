# NumPy's closeness checks on values whose errors are exact in binary, so the share of the
# tolerance each uses is known to the last bit (tests/margins/expected_sites.py lists them).
import numpy as np
import pytest


def test_assert_allclose_relative():
    expected = np.array([1.0, 2.0, 4.0])
    actual = expected + np.array([0.0, 2.0**-20, -(2.0**-18)])
    # tolerance 2**-10 * |expected|: shares 0, 2**-11, 2**-10
    np.testing.assert_allclose(actual, expected, rtol=2.0**-10)  # site: allclose_relative


def test_assert_allclose_absolute_and_relative():
    expected = np.array([[0.0, 8.0], [16.0, -32.0]])
    actual = expected + np.array([[2.0**-12, 0.0], [2.0**-9, 0.0]])
    # atol 2**-10 + rtol 2**-10 * |expected|: [2**-10, 9 * 2**-10], [17 * 2**-10, ...]
    np.testing.assert_allclose(actual, expected, rtol=2.0**-10, atol=2.0**-10)  # site: allclose_both


def test_assert_allclose_float32():
    expected = np.array([1.0, 3.0], dtype=np.float32)
    actual = expected + np.float32(2.0**-16)
    np.testing.assert_allclose(actual, expected, rtol=0, atol=2.0**-14)  # site: allclose_float32


def test_over_loose():
    expected = np.ones(8)
    actual = expected + 2.0**-40
    np.testing.assert_allclose(actual, expected, rtol=0, atol=1e-3)  # site: over_loose


def test_equal_with_nan_and_inf():
    values = np.array([np.nan, np.inf, -np.inf, 5.0])
    np.testing.assert_allclose(values, values.copy(), rtol=0, atol=1e-12)  # site: nan_inf_equal


def test_allclose_predicate():
    a = np.array([1.0 + 2.0**-20, 2.0])
    b = np.array([1.0, 2.0])
    # default rtol 1e-5, atol 1e-8: tolerance 1.001e-5 at 1.0
    assert np.allclose(a, b)  # site: np_allclose


def test_isclose_predicate():
    assert np.isclose(3.0 + 2.0**-18, 3.0, rtol=0, atol=2.0**-16).all()  # site: np_isclose


def test_assert_array_almost_equal():
    expected = np.array([0.5, 0.25])
    actual = expected + np.array([2.0**-11, 0.0])
    # bound 1.5 * 10**-3
    np.testing.assert_array_almost_equal(actual, expected, decimal=3)  # site: array_almost_equal


def test_assert_almost_equal_scalar():
    np.testing.assert_almost_equal(0.125 + 2.0**-30, 0.125)  # site: almost_equal_scalar
