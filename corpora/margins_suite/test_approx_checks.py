# pytest.approx comparisons: a scalar with the default tolerances, a list with an absolute
# tolerance alone, an array with a relative one, a dict.
import numpy as np
import pytest


def test_approx_scalar_default():
    # max(1e-6 * 2.0, 1e-12) = 2e-6
    assert 2.0 + 2.0**-22 == pytest.approx(2.0)  # site: approx_scalar


def test_approx_list_absolute():
    assert [1.0 + 2.0**-12, 4.0] == pytest.approx([1.0, 4.0], abs=2.0**-10)  # site: approx_list


def test_approx_array_relative():
    expected = np.array([64.0, 128.0])
    actual = expected + np.array([2.0**-4, 2.0**-4])
    assert actual == pytest.approx(expected, rel=2.0**-8)  # site: approx_array


def test_approx_dict():
    assert {"loss": 0.5 + 2.0**-24, "acc": 0.75} == pytest.approx({"loss": 0.5, "acc": 0.75})  # site: approx_dict
