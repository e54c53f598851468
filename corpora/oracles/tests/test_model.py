"""Model.predict / Model.fit: oracles from literals, hand-derived formulas,
nnlib ops, sklearn, repeated runs and linearity of the dense layer."""
import copy
import unittest

import numpy as np
import pytest
from sklearn.linear_model import LinearRegression

from nnlib import Model, ops
from nnlib.models import LowRankModel
from tests.base import NnTestCase

LR = 0.05


def _linear_data(n=32, d=3, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, d))
    w_true = rng.standard_normal((d, 1))
    return x, x @ w_true, w_true


def manual_gd_step(x, y, w, lr):
    err = x @ w - y
    return w - lr * 2.0 * (x.T @ err) / x.shape[0]


def test_predict_literal():
    model = Model([[1.0], [2.0]], bias=[0.5])
    np.testing.assert_allclose(model.predict([[1.0, 1.0]]), [[3.5]])  # oracle: D thr=default


def test_predict_matches_ops_matmul():
    w = np.random.randn(4, 2)
    b = np.random.randn(2)
    x = np.random.randn(6, 4)
    model = Model(w, b)
    np.testing.assert_allclose(model.predict(x), ops.matmul(x, w) + b)  # oracle: RI thr=default


def test_predict_affine_formula():
    w = np.random.randn(3, 3)
    b = np.random.randn(3)
    x = np.random.randn(5, 3)
    gold = x @ w + b
    np.testing.assert_allclose(gold, Model(w, b).predict(x), rtol=1e-12)  # oracle: NI thr=customized


def test_predict_softmax_head():
    w = np.random.randn(3, 4)
    x = np.random.randn(5, 3)
    model = Model(w, activation="softmax")
    np.testing.assert_allclose(model.predict(x), ops.softmax(model.logits(x)))  # oracle: RI thr=default


def test_predict_batch_size_does_not_matter():
    w = np.random.randn(3, 2)
    x = np.random.randn(10, 3)
    model = Model(w, activation="tanh")
    np.testing.assert_allclose(model.predict(x, batch_size=3), model.predict(x))  # oracle: SCUT_SAME thr=default


def _full_model(left, right):
    return Model(left @ right, activation="tanh")


def _factored_model(left, right):
    return LowRankModel(left, right, activation="tanh")


def test_a_factored_model_predicts_as_the_full_one():
    rng = np.random.default_rng(4)
    left, right = rng.normal(size=(5, 2)), rng.normal(size=(2, 3))
    x = rng.normal(size=(4, 5))
    expected = _full_model(left, right).predict(x)
    np.testing.assert_allclose(_factored_model(left, right).predict(x), expected, rtol=1e-10)  # oracle: RI thr=customized


def test_a_copied_model_keeps_the_weights_it_was_built_with():
    model = Model(np.arange(6.0).reshape(3, 2), bias=np.ones(2))
    for the_copy in [copy.deepcopy(model), copy.copy(model)]:
        np.testing.assert_allclose(the_copy.weights, model.weights)  # oracle: D thr=default


def test_a_randomly_drawn_models_logits_against_the_librarys_matmul():
    model = Model.random(4, 3, seed=2)
    x = np.random.default_rng(3).normal(size=(5, 4))
    np.testing.assert_allclose(model.logits(x), ops.matmul(x, model.weights), rtol=1e-12)  # oracle: RI thr=customized


def test_predict_is_deterministic():
    model = Model(np.random.randn(2, 2), activation="sigmoid")
    x = np.random.randn(4, 2)
    results = [model.predict(x) for _ in range(3)]
    for res in results[1:]:
        np.testing.assert_allclose(res, results[0])  # oracle: SCUT_SAME thr=default


def test_predict_homogeneous_without_bias():
    w = np.random.randn(3, 2)
    x = np.random.randn(4, 3)
    model = Model(w)
    np.testing.assert_allclose(model.predict(3.0 * x), 3.0 * model.predict(x), rtol=1e-12)  # oracle: SCUT_DIFF thr=customized


def test_predict_additive_without_bias():
    model = Model(np.random.randn(3, 2))
    x1, x2 = np.random.randn(4, 3), np.random.randn(4, 3)
    expected = model.predict(x1)
    expected += model.predict(x2)
    np.testing.assert_allclose(model.predict(x1 + x2), expected)  # oracle: SCUT_DIFF thr=default


def test_fit_single_step_manual_gradient():
    x, y, _ = _linear_data()
    w0 = np.zeros((3, 1))
    model = Model(w0.copy())
    model.fit(x, y, epochs=1, lr=LR)
    np.testing.assert_allclose(model.get_weights()[0], manual_gd_step(x, y, w0, LR), rtol=1e-10)  # oracle: NI thr=customized


def test_fit_initial_loss_matches_ops():
    x, y, _ = _linear_data(seed=1)
    w0 = np.full((3, 1), 0.1)
    probe = Model(w0.copy())
    loss0 = float(ops.mean(ops.square(probe.logits(x) - y)))
    history = Model(w0.copy()).fit(x, y, epochs=1, lr=LR)
    assert len(history) == 1
    assert history[0] == pytest.approx(loss0, rel=1e-12)  # oracle: NI thr=customized


def test_fit_zero_learning_rate_keeps_weights():
    x, y, _ = _linear_data(seed=2)
    w0 = np.random.randn(3, 1)
    model = Model(w0.copy())
    model.fit(x, y, epochs=5, lr=0.0)
    np.testing.assert_allclose(model.get_weights()[0], w0)  # oracle: D thr=default


def test_fit_recovers_true_weights():
    x, y, w_true = _linear_data(n=200, seed=3)
    model = Model(np.zeros((3, 1)))
    model.fit(x, y, epochs=500, lr=0.1)
    np.testing.assert_allclose(model.get_weights()[0], w_true, atol=1e-3)  # oracle: D thr=customized


def test_fit_matches_sklearn_least_squares():
    x, y, _ = _linear_data(n=64, seed=4)
    y = y + 0.01 * np.random.default_rng(5).standard_normal(y.shape)
    model = Model(np.zeros((3, 1)))
    model.fit(x, y, epochs=800, lr=0.1)
    coef = LinearRegression(fit_intercept=False).fit(x, y).coef_.T
    np.testing.assert_allclose(model.get_weights()[0], coef, atol=1e-4)  # oracle: DT thr=customized


def test_fit_is_reproducible():
    x, y, _ = _linear_data(seed=6)
    m1, m2 = Model(np.zeros((3, 1))), Model(np.zeros((3, 1)))
    h1 = m1.fit(x, y, epochs=10, lr=LR)
    h2 = m2.fit(x, y, epochs=10, lr=LR)
    np.testing.assert_allclose(h1, h2)  # oracle: SCUT_SAME thr=default


class DenseReluCase(NnTestCase):

    def setUp(self):
        rng = np.random.default_rng(11)
        self.w = rng.standard_normal((4, 3))
        self.b = rng.standard_normal(3)
        self.x = rng.standard_normal((5, 4))
        self.model = Model(self.w, self.b, activation="relu")
        self.expected = np.maximum(self.x @ self.w + self.b, 0.0)

    def test_fixture_formula(self):
        self.assertAllClose(self.model.predict(self.x), self.expected)  # oracle: NI thr=default

    def test_relu_of_ops(self):
        ref = ops.relu(ops.matmul(self.x, self.w) + self.b)
        self.assertAllClose(ref, self.model.predict(self.x))  # oracle: NI thr=default

    def test_rows_independent(self):
        full = self.model.predict(self.x)
        for i in range(self.x.shape[0]):
            row = self.model.predict(self.x[i:i + 1])
            self.assertAllClose(row[0], full[i], atol=1e-12)  # oracle: SCUT_DIFF thr=customized

    def test_weight_roundtrip(self):
        w_out, b_out = self.model.get_weights()
        self.assertAllClose(w_out, self.w)  # oracle: D thr=default


def test_predict_with_an_offset_against_the_prediction_shifted_by_the_test():
    model = Model([[1.0], [2.0]], bias=[0.5])
    x = np.array([[0.5, -1.0], [2.0, 0.25]])
    np.testing.assert_allclose(model.predict(x, offset=1.0), model.predict(x) + 1.0)  # oracle: SCUT_DIFF thr=default


class FrameworkVariantModelCase(unittest.TestCase):
    """`self.variant` from the test framework runs the bound method it is handed."""

    def test_predict_without_activation_against_logits_under_a_variant(self):
        model = Model([[1.0], [2.0]], bias=[0.5])
        x = np.array([[0.5, -1.0], [2.0, 0.25]])
        np.testing.assert_allclose(self.variant(model.predict)(x), self.variant(model.logits)(x))  # oracle: RI thr=default

    def test_predict_of_two_models_under_a_variant(self):
        dense = Model([[1.0], [2.0]], bias=[0.5])
        squashed = Model([[1.0], [2.0]], bias=[0.5], activation="sigmoid")
        x = np.array([[0.5, -1.0], [2.0, 0.25]])
        np.testing.assert_allclose(self.variant(squashed.predict)(x), ops.sigmoid(self.variant(dense.predict)(x)))  # oracle: RI thr=default


def test_predict_against_the_same_method_of_an_sklearn_estimator():
    x, y, w_true = _linear_data()
    fitted = LinearRegression(fit_intercept=False).fit(x, y)
    model = Model(fitted.coef_.T)
    np.testing.assert_allclose(model.predict(x), fitted.predict(x), rtol=1e-6)  # oracle: DT thr=customized


def test_fit_predicts_held_out_targets():
    x, y, w_true = _linear_data(n=200, seed=7)
    model = Model(np.zeros((3, 1)))
    model.fit(x, y, epochs=500, lr=0.1)
    x_new = np.random.default_rng(8).standard_normal((10, 3))
    assert np.max(np.abs(model.predict(x_new) - x_new @ w_true)) < 1e-2  # oracle: D thr=customized


def test_weights_kept_by_a_fit_that_returns_a_new_model():
    from nnlib.models import fitted_bias_only

    model = Model(np.array([[0.5], [0.25]]))
    initial_weights = model.weights
    x = np.array([[1.0, 0.0], [0.0, 1.0]])
    fitted, _ = fitted_bias_only(model, x, np.array([[1.0], [0.0]]), epochs=3)
    final_weights = fitted.weights
    np.testing.assert_allclose(final_weights, initial_weights)  # oracle: D thr=default


def test_weights_copied_before_and_after_a_fit_that_should_move_them():
    model = Model(np.eye(2), bias=np.zeros(2))
    x = np.array([[1.0, 0.0], [0.0, 1.0]])
    before = np.asarray(model.weights).copy()
    model.fit(x, np.array([[2.0, 0.0], [0.0, 2.0]]), epochs=3)
    after = np.asarray(model.weights).copy()
    assert not np.allclose(after, before)  # oracle: D thr=default


def test_predictions_before_and_after_a_fit_on_the_same_input():
    model = Model(np.eye(2), bias=np.zeros(2))
    x = np.array([[1.0, 0.0], [0.0, 1.0]])
    before = model.predict(x)
    model.fit(x, np.array([[2.0, 0.0], [0.0, 2.0]]), epochs=3)
    after = model.predict(x)
    assert not np.allclose(after, before, atol=0.5)  # oracle: SCUT_SAME thr=customized
