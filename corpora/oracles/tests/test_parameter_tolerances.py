"""A tolerance the test picks in branches on what it is handed (a mode it is parametrized over) is
chosen at run time, as one picked by dtype is: depend."""
import numpy as np
import pytest

from nnlib import ops


@pytest.mark.parametrize("fast", [True, False])
def test_tanh_tolerance_picked_by_the_mode(fast):
    x = np.linspace(-3.0, 3.0, 7)
    if fast:
        tol = 1e-4
    else:
        tol = 1e-12
    np.testing.assert_allclose(ops.tanh(x, fast=fast), np.tanh(x), rtol=tol)  # oracle: DT thr=depend
