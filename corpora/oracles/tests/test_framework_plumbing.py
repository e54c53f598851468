"""What a framework only runs or wraps: a test case's `evaluate` of a tensor, a tensor made of
a value, and a function the library compiles by decorating it."""
import numpy as np
import tensorflow as tf

from nnlib import graph, ops
from tests.base import NnTestCase


@graph.compile
def add(x, y):
    return x + y


def test_a_function_the_library_compiles():
    np.testing.assert_allclose(3.0, add(1.0, 2.0))  # oracle: D thr=default


def test_a_tensor_made_of_a_closed_form():
    expected = tf.constant(np.log(1.0 / 3), shape=(3,))
    np.testing.assert_allclose(ops.log_softmax(np.zeros(3)), expected)  # oracle: D thr=default


class TestEvaluate(NnTestCase):
    def test_evaluate_runs_what_it_is_given(self):
        x = np.array([0.0, 1.0])
        self.assertAllClose(self.evaluate(ops.tanh(x)), np.tanh(x))  # oracle: DT thr=default

    def test_evaluate_on_both_sides(self):
        x = np.array([0.0, 1.0])
        expected = np.array([0.0, 0.7615941559557649])
        self.assertAllClose(self.evaluate(ops.tanh(x)), self.evaluate(expected))  # oracle: D thr=default


def test_a_shape_is_no_computation():
    import torch

    n = 4
    probs = ops.softmax(np.zeros(torch.Size([n])))
    expected = torch.tensor([0.25] * n)
    np.testing.assert_allclose(probs, expected)  # oracle: D thr=default


def test_relu_against_expected_values_handed_to_a_tensor_by_keyword():
    expected = [0.0, 0.5, 2.0]
    out = ops.relu(np.array([-1.0, 0.5, 2.0]))
    np.testing.assert_allclose(out, tf.convert_to_tensor(value=expected, dtype=tf.float64))  # oracle: D thr=default
