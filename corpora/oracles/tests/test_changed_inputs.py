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
