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


def running_total(values):
    total, out = 0.0, []
    for v in values:
        total = total + ops.to_numpy(v)
        out.append(total)
    return np.array(out)


def test_cumsum_against_the_test_running_total_converting_each_value():
    x = np.zeros(5)
    for i in range(5):
        x[i] = 0.25 * i
    result = ops.to_numpy(ops.cumsum(x))
    np.testing.assert_allclose(result, running_total(x))  # oracle: NI thr=default


def test_softplus_results_popped_from_dicts_of_two_inputs():
    x = np.linspace(-1.0, 1.0, 5)
    y = np.linspace(-2.0, 2.0, 5)
    wide = dict(out=ops.softplus(y))
    narrow = dict(out=ops.softplus(x))
    assert not np.allclose(wide.pop("out"), narrow.pop("out"))  # oracle: SCUT_DIFF thr=default
