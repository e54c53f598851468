"""The element-wise measurement alone (oalens_margins.measure), on hand-made values."""

import math

import numpy as np
import pytest

from oalens_margins.measure import compare, compare_nested


def test_sum_form_worst_element():
    m = compare([1.0, 2.0, 4.0], [1.0, 2.0 + 2.0**-10, 4.0 + 2.0**-8], "sum", rtol=2.0**-6, atol=0.0)
    assert m.used == pytest.approx(2.0**-8 / (4.0 * 2.0**-6 + 2.0**-8 * 2.0**-6))
    assert m.max_abs_err == 2.0**-8
    assert m.elements == 3 and m.shape == "[3]"


def test_tolerance_at_the_oracle_not_the_actual():
    # the tolerance scales with |expected| (the second argument): 0 here, so atol alone
    m = compare(1.0, 0.0, "sum", rtol=1.0, atol=0.5)
    assert m.used == 2.0


def test_max_form():
    m = compare(10.0 + 2.0**-10, 10.0, "max", rtol=0.0, atol=2.0**-8)
    assert m.used == 0.25
    m = compare(10.0 + 2.0**-10, 10.0, "max", rtol=2.0**-8, atol=2.0**-20)
    assert m.used == pytest.approx(2.0**-10 / (10.0 * 2.0**-8))


def test_zero_tolerance_and_non_finite():
    assert compare([3.0], [3.0], "sum", 0.0, 0.0).used == 0.0
    assert math.isinf(compare([3.0], [3.5], "sum", 0.0, 0.0).used)
    assert compare([np.nan], [np.nan], "sum", 0.0, 0.0, equal_nan=True).used == 0.0
    assert math.isinf(compare([np.nan], [np.nan], "sum", 1.0, 1.0, equal_nan=False).used)
    assert math.isinf(compare([np.inf], [1.0], "sum", 1.0, 1.0).used)
    assert compare([-np.inf], [-np.inf], "sum", 0.0, 0.0).used == 0.0
    assert math.isinf(compare([np.inf], [-np.inf], "sum", 1.0, 1.0).used)


def test_bound_forms():
    assert compare(0.0, 2.0**-11, "decimal", bound=1.5e-3, param=3).used == pytest.approx(2.0**-11 / 1.5e-3)
    assert compare(5.0, 5.25, "delta", bound=0.5, param=0.5).used == 0.5
    m = compare(5.0, 5.25, "places", bound=0.5e-1, param=1)
    assert m.used == 5.0 and m.tolerance_text() == "places=1"


def test_broadcast_complex_and_empty():
    m = compare(np.zeros((2, 3)), 0.0, "sum", 0.0, 1.0)
    assert m.shape == "[2, 3]" and m.used == 0.0
    m = compare([1 + 1j], [1 + 1j + 2.0**-8 * 1j], "sum", 0.0, 2.0**-6)
    assert m.used == 0.25
    m = compare(np.array([]), np.array([]), "sum", 0.0, 0.0)
    assert m.elements == 0 and m.used == 0.0


def test_nested_leaves_merge_to_the_worst():
    actual = {"a": np.array([1.0, 2.0]), "b": [np.array([3.0]), np.array([4.0 + 2.0**-9])]}
    expected = {"a": np.array([1.0, 2.0 + 2.0**-10]), "b": [np.array([3.0]), np.array([4.0])]}
    m = compare_nested(actual, expected, "sum", lambda a, e: (0.0, 2.0**-7, None, None))
    assert m.used == 0.25 and m.elements == 4 and m.shape == "[1]"
    assert m.max_abs_err == 2.0**-9


def test_unconvertible_values_raise():
    with pytest.raises(ValueError):
        compare("a", "a", "places", bound=0.5e-7, param=7)


def test_torch_low_precision():
    torch = pytest.importorskip("torch")
    a = torch.tensor([1.0, 2.0], dtype=torch.bfloat16, requires_grad=True)
    m = compare(a, torch.tensor([1.0, 2.0 + 2.0**-6], dtype=torch.bfloat16), "sum", 0.0, 2.0**-4)
    assert m.used == 0.25 and m.dtype == "torch.bfloat16"
