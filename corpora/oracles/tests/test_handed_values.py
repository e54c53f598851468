"""Constants the author works out on literals: a value written with the operators the CUT's
inputs were prepared with is still a constant (D), and so is the very expression the CUT was
handed, compared back (the slope of leaky_relu at a negative point)."""
import numpy as np

from nnlib import ops


def test_leaky_relu_keeps_the_slope_it_is_handed():
    for i in range(1, 4):
        slope = ops.leaky_relu(np.array([-1.0]), 1.0 / i)
        np.testing.assert_allclose(-slope[0], 1.0 / i, rtol=1e-7)  # oracle: D thr=customized


def test_mean_of_a_prepared_constant():
    values = np.full(4, 2.0 * 0.25)
    np.testing.assert_allclose(ops.mean(values * 3.0), 3.0 * 0.5)  # oracle: D thr=default


def test_the_plan_keeps_the_weights_it_is_handed():
    n = 5
    source = np.array([0.5, 0.25, 0.25])
    target = ops.uniform_weights(n)
    first = ops.independent_plan(source, target)
    plan = ops.independent_plan(source, size=n)
    np.testing.assert_allclose(first.sum(axis=1), source, atol=1e-12)  # oracle: D thr=customized
    np.testing.assert_allclose(target, plan.sum(axis=0), atol=1e-12)  # oracle: D thr=customized


def _check_total_of_a_handed_model(model, x):
    assert model.weights.shape[0] == x.shape[1]
    np.testing.assert_allclose(model.logits(x), np.log(model(x)) - np.log1p(-model(x)), rtol=1e-6)  # oracle: RI thr=customized


def test_a_handed_model_called_against_its_methods():
    from nnlib.models import Model

    model = Model(np.array([[0.5], [-0.25]]), activation="sigmoid")
    _check_total_of_a_handed_model(model, np.array([[1.0, 2.0], [0.5, -1.0]]))
