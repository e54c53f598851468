# Checks made through the suite's helpers (helpers.py): a direct wrapper and a wrapper of it.
import numpy as np

from helpers import assert_near, assert_near_rows


def test_through_wrapper():
    assert_near(np.array([1.0, 2.0]), np.array([1.0, 2.0 + 2.0**-12]), 2.0**-10)  # site: wrapper_call


def test_through_two_wrappers():
    rows = np.array([[3.0], [5.0]])
    assert_near_rows(rows + np.array([[2.0**-11], [0.0]]), rows, 2.0**-10)  # site: wrapper_rows_call
