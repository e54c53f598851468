"""A harness helper handed the function under test and a reference to run it against: the
reference is the oracle, whether a function of the suite's helper module imported by name or
another library's function bound by a `partial` kept in a local."""
from functools import partial

import numpy as np
from scipy.special import softmax as scipy_softmax

from nnlib import ops
from tests.reference import naive_cumsum


def _run_against(fn, reference, x, atol=1e-6):
    # The check compares what the caller's two functions return.
    np.testing.assert_allclose(fn(x), reference(x), atol=atol)  # oracle: D thr=depend


def test_cumsum_against_the_naive_loop_of_the_helper_module():
    _run_against(ops.cumsum, naive_cumsum, np.arange(5.0))  # oracle: NI thr=default


def test_softmax_against_scipy_bound_in_a_local_partial():
    reference = partial(scipy_softmax, axis=-1)
    _run_against(ops.softmax, reference, np.array([[0.5, 1.5, -1.0]]), atol=1e-7)  # oracle: DT thr=customized


def test_log_softmax_against_the_wrapped_softmax_of_the_helper_module():
    from tests.reference import softmax_for_test

    x = np.array([[0.5, 1.5, -1.0]])
    np.testing.assert_allclose(ops.log_softmax(x), np.log(softmax_for_test(x)), atol=1e-7)  # oracle: RI thr=customized
