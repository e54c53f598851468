"""Oracles computed from values the code under test is handed too: by the author's arithmetic,
or by another library's one call."""
import numpy as np
import scipy.special
import scipy.stats

from nnlib import ops


def test_variance_against_the_authors_moments():
    x = ops.exp(np.array([0.1, 0.4, 0.9, 1.6]))
    np.testing.assert_allclose(ops.var(x), ((x - x.mean()) ** 2).mean())  # oracle: NI thr=default


def test_costs_against_the_authors_sum_of_parts():
    logits = ops.log_softmax(np.array([[0.2, 0.8], [0.6, 0.4]]))
    probs = ops.softmax(np.array([[0.2, 0.8], [0.6, 0.4]]))
    costs = ops.subtract(logits, probs).sum(axis=1)
    expected = (logits[:, 0] - probs[:, 0]) + (logits[:, 1] - probs[:, 1])
    np.testing.assert_allclose(costs, expected, atol=1e-12)  # oracle: NI thr=customized



def test_sigmoid_of_a_library_value_against_scipy():
    z = ops.matmul(np.array([[1.0, -2.0], [0.5, 3.0]]), np.array([[0.5], [0.25]]))
    np.testing.assert_allclose(ops.sigmoid(z), scipy.special.expit(z), rtol=1e-12)  # oracle: DT thr=customized


def test_sigmoid_of_a_library_value_against_a_scipy_distribution():
    z = ops.matmul(np.array([[1.0, -2.0], [0.5, 3.0]]), np.array([[0.5], [0.25]]))
    logistic = scipy.stats.logistic()
    np.testing.assert_allclose(ops.sigmoid(z), logistic.cdf(z))  # oracle: DT thr=default


def test_relu_error_held_in_a_local():
    x = np.linspace(-2.0, 2.0, 9)
    err = ops.relu(x) - np.maximum(x, 0.0)
    assert np.max(np.abs(err)) < 1e-12  # oracle: DT thr=customized


def test_softplus_error_accumulated_over_grids():
    total_err = 0.0
    for x in (np.linspace(-3.0, 3.0, 7), np.linspace(-1.0, 1.0, 5)):
        gap = ops.softplus(x) - np.logaddexp(0.0, x)
        total_err += np.abs(gap).max()
    assert total_err < 1e-9  # oracle: DT thr=customized


def test_variance_against_the_authors_loop_around_the_library_mean():
    y = np.array([0.5, 1.5, 2.0, 4.0])
    centre = ops.mean(y)
    acc = 0.0
    for v in y:
        acc += (v - centre) ** 2
    np.testing.assert_allclose(ops.var(y), acc / len(y))  # oracle: NI thr=default
