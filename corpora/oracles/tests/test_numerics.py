"""Numerical derivatives, solver settings given as keywords, a model's own parameters inside the
author's formula, a reference layer written as a class of the suite, and helpers nested side by
side in one test."""
import functools

import jax
import numpy as np
import torch
from scipy import special
from sklearn.linear_model import Ridge

from nnlib import Model, ops
from nnlib.models import Gram, dense_layer
from tests.reference import ReferenceDense


def test_softplus_gradient_against_central_differences():
    x = np.linspace(-2.0, 2.0, 9)
    h = 1e-4

    def total(v):
        return ops.sum(ops.softplus(v))

    direction = np.ones_like(x)
    numeric = (total(x + h * direction) - total(x - h * direction)) / (2 * h)
    analytic = np.dot(jax.grad(total)(x), direction)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-4)  # oracle: SCUT_DIFF thr=customized


def test_the_value_of_a_jitted_value_and_grad_at_perturbed_points_is_the_slope():
    x = np.linspace(-1.0, 1.0, 5)
    h = 1e-4

    def scaled_total(v, scale):
        return ops.sum(ops.softplus(v)) * scale, scale

    with_value = jax.jit(jax.value_and_grad(functools.partial(scaled_total, scale=2.0), has_aux=True))
    gradient = jax.jit(jax.grad(lambda v: scaled_total(v, 2.0)[0]))
    (up, _), _ = with_value(x + h)
    (down, _), _ = with_value(x - h)
    slope = (up - down) / (2 * h)
    analytic = np.sum(gradient(x))
    np.testing.assert_allclose(slope, analytic, rtol=1e-3)  # oracle: SCUT_DIFF thr=customized


def test_the_slope_the_library_fills_in_against_the_authors_formula():
    x = np.linspace(-1.0, 1.0, 5)
    slopes = []
    values = ops.tanh_and_slope(x, slopes=slopes)
    np.testing.assert_allclose(1.0 - np.tanh(x) ** 2, slopes[0], rtol=1e-6)  # oracle: NI thr=customized
    assert values.shape == x.shape


def test_sigmoid_is_the_slope_of_numpys_softplus():
    x = np.linspace(-3.0, 3.0, 13)
    h = 1e-5
    slope = (np.logaddexp(0.0, x + h) - np.logaddexp(0.0, x - h)) / (2 * h)
    np.testing.assert_allclose(ops.sigmoid(x), slope, atol=1e-6)  # oracle: DT thr=customized


def sklearn_ridge(x, y, lam):
    # sklearn scales the penalty by the sample count the other way round.
    solver = Ridge(alpha=lam * x.shape[0], fit_intercept=False)
    return solver.fit(x, y).coef_


def test_ridge_solution_against_sklearn():
    rng = np.random.default_rng(11)
    x = rng.standard_normal((40, 3))
    y = x @ np.array([0.5, -1.0, 2.0]) + 0.01 * rng.standard_normal(40)
    np.testing.assert_allclose(ops.ridge_solve(x, y, 0.1), sklearn_ridge(x, y, 0.1), atol=1e-6)  # oracle: DT thr=customized


def test_dense_logits_by_hand_with_the_models_own_weights():
    rng = np.random.default_rng(12)
    model = Model(rng.standard_normal((3, 2)), bias=np.array([0.1, -0.2]))
    x = rng.standard_normal((4, 3))
    expected = np.zeros((4, 2))
    for i in range(4):
        for j in range(2):
            expected[i, j] = (x[i] * model.weights[:, j]).sum() + model.bias[j]
    np.testing.assert_allclose(model.logits(x), expected, rtol=1e-6)  # oracle: NI thr=customized


def test_relu_layer_against_the_suites_reference_layer():
    rng = np.random.default_rng(13)
    w, b = rng.standard_normal((3, 2)), rng.standard_normal(2)
    x = rng.standard_normal((5, 3))
    expected = ReferenceDense(w, b).output(x)
    np.testing.assert_allclose(ops.relu(ops.matmul(x, w) + b), expected, rtol=1e-6)  # oracle: NI thr=customized


def test_tanh_through_helpers_nested_side_by_side():
    x = np.linspace(-1.5, 1.5, 7)

    def reference(v):
        return np.tanh(v)

    def checked(v):
        return reference(v)

    np.testing.assert_allclose(ops.tanh(x), checked(x))  # oracle: DT thr=default


def test_diagonal_of_logits_by_hand_reading_the_model_twice():
    rng = np.random.default_rng(14)
    model = Model(rng.standard_normal((3, 3)), bias=np.array([0.3, 0.0, -0.3]))
    x = rng.standard_normal((3, 3))
    expected = np.zeros((3, 3))
    for i in range(3):
        for j in range(3):
            expected[i, j] = (x[i] * model.weights[:, j]).sum() + model.bias[j]
    expected = expected.diagonal()
    np.testing.assert_allclose(model.logits(x).diagonal(), expected, rtol=1e-6)  # oracle: NI thr=customized


def test_sigmoid_against_a_tensor_computed_in_place():
    x = np.linspace(-2.0, 2.0, 5)
    expected = torch.tensor(x)
    expected.neg_().exp_().add_(1.0).reciprocal_()
    torch.testing.assert_close(torch.as_tensor(ops.sigmoid(x)), expected)  # oracle: NI thr=default


def scipy_softmax(z):
    return special.softmax(z, axis=-1)


def test_softmax_of_rescaled_scores_against_a_scipy_helper():
    x = np.linspace(0.0, 1.0, 6)
    np.testing.assert_allclose(ops.softmax(2.0 * x - 1.0), scipy_softmax(2.0 * x - 1.0), rtol=1e-6)  # oracle: DT thr=customized


def test_ridge_on_centred_data_against_sklearn():
    rng = np.random.default_rng(15)
    x = rng.standard_normal((30, 2))
    y = x @ np.array([1.0, -2.0]) + 3.0
    centred = y - y.mean()
    coef = Ridge(alpha=3.0, fit_intercept=False).fit(x - x.mean(0), 2.0 * centred).coef_
    np.testing.assert_allclose(ops.ridge_solve(x - x.mean(0), 2.0 * centred, 0.1), coef, atol=1e-6)  # oracle: DT thr=customized



def test_gram_of_a_sub_batch_is_the_corner_of_the_whole():
    x = np.random.default_rng(16).standard_normal((5, 3))
    np.testing.assert_allclose(Gram(x).dense()[:2, :2], Gram(x[:2]).dense(), rtol=1e-12)  # oracle: SCUT_DIFF thr=customized


def test_relu_layer_equals_a_leaky_layer_of_slope_zero():
    rng = np.random.default_rng(17)
    x = rng.standard_normal((6, 3))
    init_fn, apply_relu = dense_layer(4, ops.relu)
    _, apply_leaky = dense_layer(4, lambda z: ops.leaky_relu(z, alpha=0.0))
    params = init_fn(rng, 3)
    np.testing.assert_allclose(apply_relu(params, x), apply_leaky(params, x))  # oracle: RI thr=default


class _TorchDense(torch.nn.Module):
    def __init__(self, weights):
        super().__init__()
        self.dense = torch.nn.Linear(3, 2, bias=False)
        with torch.no_grad():
            self.dense.weight.copy_(torch.as_tensor(weights.T))

    def forward(self, x):
        return self.dense(x)


def test_a_torch_layers_weight_gradient_after_its_backward():
    # The slope of sum(x @ w) in w is x's column sums broadcast: nnlib computes it with its own
    # matmul; PyTorch's autograd fills in the layer's `.weight.grad` from its own run.
    x = np.linspace(-1.0, 1.0, 12).reshape(4, 3)
    w = np.ones((3, 2))
    reference = _TorchDense(w)
    loss = reference(torch.as_tensor(x, dtype=torch.float32)).sum()
    loss.backward()
    slope = ops.matmul(x.T, np.ones((4, 2)))
    np.testing.assert_allclose(slope.T, reference.dense.weight.grad.numpy(), rtol=1e-6)  # oracle: DT thr=customized
