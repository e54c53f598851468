"""Helpers defined inside a test: a tolerance such a helper fixes is the test's own choice; one
it leaves to the API it calls is that API's default."""
import unittest

import numpy as np

from nnlib import ops
from nnlib.ops import leaky_relu, relu


def test_tanh_through_a_local_helper_with_its_own_tolerance():
    x = np.linspace(-4.0, 4.0, 17)

    def close(actual, expected):
        np.testing.assert_allclose(actual, expected, rtol=1e-3)  # oracle: DT thr=customized

    close(ops.tanh(x), np.tanh(x))  # oracle: DT thr=customized


def test_relu_through_a_local_helper_leaving_the_default():
    x = np.linspace(-1.0, 1.0, 9)

    def same(actual, expected):
        return np.allclose(actual, expected)

    assert same(ops.relu(x), np.maximum(x, 0.0))  # oracle: DT thr=default


def test_relu_against_leaky_relu_each_handed_to_a_local_helper():
    # The helper runs whatever function it is handed; on inputs >= 0 the two agree.
    def squared_total(fn, values):
        return np.sum(fn(values) ** 2)

    x = np.linspace(0.0, 1.0, 5)
    np.testing.assert_allclose(squared_total(relu, x), squared_total(leaky_relu, x))  # oracle: RI thr=default


def _softplus_problem():
    return {"fun": ops.softplus, "init": -np.linspace(1.0, 2.0, 3), "minimum": 0.0}


def test_relu_minimum_read_from_a_problem_table():
    # Only the entry the test reads is its oracle, not the table's other entries.
    problem = _softplus_problem()
    assert abs(float(ops.sum(ops.relu(problem["init"]))) - problem["minimum"]) < 1e-12  # oracle: D thr=customized


class _SoftplusByLogsumexp:
    """softplus(x) as log(exp(0) + exp(x)), written with the library's logsumexp."""

    def __call__(self, x):
        return ops.logsumexp(np.stack([np.zeros_like(x), x]), axis=0)


def test_softplus_against_a_callable_object_of_the_test():
    x = np.linspace(-3.0, 3.0, 7)
    reference = _SoftplusByLogsumexp()
    np.testing.assert_allclose(ops.softplus(x), reference(x))  # oracle: RI thr=default


def _check_unchanged_at_time_zero(step, x0):
    # `step` is whatever the caller hands in: at time 0 it must give back its input.
    np.testing.assert_allclose(x0, step(0.0, x0))  # oracle: D thr=default


def test_decay_step_is_the_identity_at_time_zero():
    _check_unchanged_at_time_zero(lambda t, x: ops.exp(-t) * x, np.linspace(-1.0, 1.0, 5))  # oracle: D thr=default


def _check_reduced_mode(fn, x):
    # `fn` is whatever the caller hands in; its reduced mode must sum what it returns.
    np.testing.assert_allclose(fn(x).sum(), fn(x, reduce=True))  # oracle: SCUT_SAME thr=default


def test_squares_summed_in_the_reduced_mode():
    _check_reduced_mode(lambda v, reduce=False: np.sum(ops.square(v)) if reduce else ops.square(v), np.arange(4.0))


def test_a_local_helper_run_on_the_data_a_direct_call_is_given():
    x = np.linspace(-2.0, 2.0, 9)
    direct = ops.softplus(x.copy())

    def run(values):
        return ops.softplus(values)

    through_helper = run(x.copy())
    np.testing.assert_allclose(through_helper, direct, atol=1e-12)  # oracle: SCUT_SAME thr=customized


class TestFormulasStoredBySetUp(unittest.TestCase):
    def setUp(self):
        def _logistic_by_hand(z):
            return 1.0 / (1.0 + np.exp(-z))

        self.logistic = _logistic_by_hand

    def test_sigmoid_against_the_stored_formula(self):
        x = np.linspace(-3.0, 3.0, 7)
        out = ops.sigmoid(x)
        for i in range(3):
            expected = self.logistic(x[i])
            np.testing.assert_allclose(out[i], expected, rtol=1e-6)  # oracle: NI thr=customized
