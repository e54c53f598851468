# Tests that fail or raise: a check exceeding its tolerance, an error raised after a passing
# check, an error raised before the check is reached; and failing checks the test expects (a
# fallback in an except clause, pytest.raises), after which it passes.
import numpy as np
import pytest


def test_check_fails():
    np.testing.assert_allclose([1.0 + 2.0**-8], [1.0], rtol=0, atol=2.0**-10)  # site: fails_always


def test_raises_after_check():
    np.testing.assert_allclose([4.0 + 2.0**-9], [4.0], rtol=0, atol=2.0**-8)  # site: before_raise
    raise ValueError("raised after the check")


def test_raises_before_check():
    raise RuntimeError("raised before the check")
    np.testing.assert_allclose([1.0], [1.0])  # site: never_reached


def test_failure_caught_by_the_test():
    value = np.array([-2.0])
    try:
        np.testing.assert_allclose(value, [2.0], rtol=0, atol=2.0**-10)  # site: caught_first
    except AssertionError:
        np.testing.assert_allclose(-value, [2.0 + 2.0**-12], rtol=0, atol=2.0**-10)  # site: caught_fallback


def test_expected_assertion_error():
    with pytest.raises(AssertionError):
        np.testing.assert_allclose([1.0], [1.5], rtol=0, atol=2.0**-10)  # site: raises_expected
