# Tests that fail or raise: a check exceeding its tolerance, an error raised after a passing
# check, an error raised before the check is reached.
import numpy as np


def test_check_fails():
    np.testing.assert_allclose([1.0 + 2.0**-8], [1.0], rtol=0, atol=2.0**-10)  # site: fails_always


def test_raises_after_check():
    np.testing.assert_allclose([4.0 + 2.0**-9], [4.0], rtol=0, atol=2.0**-8)  # site: before_raise
    raise ValueError("raised after the check")


def test_raises_before_check():
    raise RuntimeError("raised before the check")
    np.testing.assert_allclose([1.0], [1.0])  # site: never_reached
