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
    np.testing.assert_allclose(fn(x), reference(x), atol=atol)  # oracle: NI thr=depend


def test_cumsum_against_the_naive_loop_of_the_helper_module():
    _run_against(ops.cumsum, naive_cumsum, np.arange(5.0))  # oracle: NI thr=default


def test_softmax_against_scipy_bound_in_a_local_partial():
    reference = partial(scipy_softmax, axis=-1)
    _run_against(ops.softmax, reference, np.array([[0.5, 1.5, -1.0]]), atol=1e-7)  # oracle: DT thr=customized


def test_relu_against_a_lambda_whose_parameter_shadows_the_tests_name():
    x = ops.tanh(np.linspace(-2.0, 2.0, 5))
    reference = lambda x: np.maximum(x, 0.0)  # noqa: E731
    _run_against(ops.relu, reference, np.linspace(-1.0, 1.0, 5))  # oracle: DT thr=default
    assert x.shape == (5,)


def test_log_softmax_against_the_wrapped_softmax_of_the_helper_module():
    from tests.reference import softmax_for_test

    x = np.array([[0.5, 1.5, -1.0]])
    np.testing.assert_allclose(ops.log_softmax(x), np.log(softmax_for_test(x)), atol=1e-7)  # oracle: RI thr=customized


def test_batched_eigvalsh_against_scipy_per_matrix():
    # A loop only feeds SciPy's function of the CUT's name one matrix at a time: SciPy computes
    # the oracle, the loop is plumbing.
    from scipy.linalg import eigvalsh as sp_eigvalsh

    a = np.stack([np.diag([1.0, 2.0, 3.0]) * (k + 1) for k in range(4)])
    expected = np.zeros((4, 3))
    for k in range(4):
        expected[k] = sp_eigvalsh(a[k])
    np.testing.assert_allclose(ops.eigvalsh(a), expected, atol=1e-6)  # oracle: DT thr=customized


def test_batched_eigvalsh_against_the_authors_power_iteration():
    # SciPy's `norm` names nothing the CUT computes: the loop is the author's algorithm.
    from scipy.linalg import norm as sp_norm

    a = np.diag([1.0, 2.0, 3.0])
    v = np.ones(3)
    for _ in range(50):
        v = a @ v
        v = v / sp_norm(v)
    np.testing.assert_allclose(ops.eigvalsh(a)[-1], v @ a @ v, atol=1e-6)  # oracle: NI thr=customized


def test_eigenvalues_against_a_numpy_function_handed_as_it_is():
    # The reference is NumPy's function object itself, read off a submodule: what it returns
    # when the harness calls it, not a named constant of NumPy's.
    _run_against(ops.eigvalsh, np.linalg.eigvalsh, np.diag([1.0, 2.0, 3.0]))  # oracle: DT thr=default
