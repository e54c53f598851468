"""Calls that read the same argument text but not the same value: a container of keyword
arguments changed between the two calls, a name changed in place."""
import numpy as np

from nnlib import ops


def test_cumsum_with_its_keyword_arguments_updated_between_calls():
    inputs = {"x": np.linspace(0.0, 1.0, 6)}
    forward = ops.cumsum(**inputs)
    inputs.update(x=np.linspace(0.0, 1.0, 6)[::-1], reverse=True)
    backward = ops.cumsum(**inputs)[::-1]
    np.testing.assert_allclose(backward, forward)  # oracle: SCUT_DIFF thr=default


def test_relu_of_an_input_negated_in_place():
    x = np.linspace(-1.0, 1.0, 5)
    before = ops.relu(x)
    x *= -1.0
    after = ops.relu(x)
    np.testing.assert_allclose(after[::-1], before)  # oracle: SCUT_DIFF thr=default


def test_relu_on_an_input_moved_to_the_same_type():
    x = np.linspace(-1.0, 1.0, 5)
    first = ops.relu(x)
    x = x.astype(np.float64)
    second = ops.relu(x)
    np.testing.assert_allclose(second, first)  # oracle: SCUT_SAME thr=default


def test_unit_vectors_drawn_twice_under_one_seed():
    np.random.seed(3)
    first = ops.rand_unit_vectors(5)
    np.random.seed(3)
    second = ops.rand_unit_vectors(5)
    np.testing.assert_allclose(second, first)  # oracle: SCUT_SAME thr=default


def test_minimize_again_after_its_loss_is_redefined():
    def loss(x):
        return float(np.sum(x**2))

    near_zero = ops.minimize(loss, np.ones(2))

    def loss(x):
        return float(np.sum((x - 1.0) ** 2))

    near_one = ops.minimize(loss, np.ones(2))
    assert not np.allclose(near_one, near_zero, atol=0.1)  # oracle: SCUT_DIFF thr=customized


def test_cumsum_continuous_in_an_input_shifted_in_its_keyword_argument():
    x = np.linspace(0.0, 1.0, 6)
    base = ops.cumsum(x=x)
    shifted = ops.cumsum(x=x + 1e-9)
    np.testing.assert_allclose(shifted, base, atol=1e-6)  # oracle: SCUT_DIFF thr=customized


def test_cumsum_of_one_prepared_input_with_its_default_flag_spelled_out():
    x = np.linspace(0.0, 1.0, 6)
    first = ops.cumsum(x=2.0 * x)
    second = ops.cumsum(x=2.0 * x, reverse=False)
    np.testing.assert_allclose(second, first)  # oracle: SCUT_SAME thr=default
