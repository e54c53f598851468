"""Tests parametrized over the library's functions: the callable a test is handed is the code
under test, whichever of them it is, run twice on the same inputs or on others."""
import numpy as np
import pytest
import torch

from nnlib import graph, ops, recurrent


@pytest.mark.parametrize("reduce_fn", [ops.logsumexp, ops.mean])
def test_a_handed_reduction_with_keepdims_is_the_same_run(reduce_fn):
    x = np.linspace(-1.0, 1.0, 12).reshape(3, 4)
    kept = reduce_fn(x, axis=1, keepdims=True)
    plain = reduce_fn(x, axis=1)
    np.testing.assert_allclose(kept[:, 0], plain)  # oracle: SCUT_SAME thr=default


@pytest.mark.parametrize("activation", [ops.relu, ops.sigmoid, ops.tanh])
def test_a_handed_activation_on_a_shifted_input(activation):
    x = np.linspace(-2.0, 2.0, 9)
    shifted = activation(x + 1.0)
    plain = activation(x)
    np.testing.assert_allclose(shifted[:-2], plain[2:], atol=1e-12)  # oracle: SCUT_DIFF thr=customized


class _Counter(recurrent.Core):
    def __call__(self, x, state):
        return state + x, state + 1.0


@pytest.mark.parametrize("compiled", [False, True])
@pytest.mark.parametrize("unroll_fn", [recurrent.dynamic_unroll, recurrent.static_unroll])
class TestUnrollWithLengths:
    def setup_method(self):
        self.steps, self.batch_size = 4, 3
        self.core = _Counter(2)

    def test_lengths_that_cover_every_step_change_nothing(self, compiled, unroll_fn):
        if compiled:
            unroll_fn = np.vectorize(unroll_fn, excluded={0, 1, 2})
        state = self.core.initial_state(self.batch_size)
        inputs = np.random.uniform(size=[self.steps, self.batch_size, 2])
        outputs, _ = unroll_fn(self.core, inputs, state, lengths=np.asarray([self.steps] * self.batch_size))
        expected, _ = unroll_fn(self.core, inputs, state)
        np.testing.assert_allclose(outputs, expected)  # oracle: SCUT_SAME thr=default


def test_a_function_looked_up_in_a_table_the_test_builds():
    # The table maps names to functions the library compiles; the one called is looked up by name.
    kernels = {name: graph.compile(getattr(ops, name)) for name in ("relu", "tanh")}
    x = np.linspace(-2.0, 2.0, 9)
    result = kernels["relu"](x)
    np.testing.assert_allclose(result, np.maximum(x, 0.0))  # oracle: DT thr=default


def _copies(values):
    return [v.copy() for v in values]


def _check_compiled_against_eager(fn, inputs):
    # Each run gets its own copy of the inputs: the function compiled, against it run as written.
    eager_inputs = _copies(inputs)
    compiled_inputs = _copies(inputs)
    eager = fn(eager_inputs[0])
    compiled = torch.compile(fn)(compiled_inputs[0])
    np.testing.assert_allclose(compiled, eager, rtol=1e-5)  # oracle: SCUT_SAME thr=customized


def test_a_handed_function_compiled_against_eager():
    _check_compiled_against_eager(ops.softplus, [np.linspace(-1.0, 1.0, 5)])  # oracle: SCUT_SAME thr=customized


def _check_compiled_then_inputs_kept(fn, x):
    eager_input = x.copy()
    compiled_input = x.copy()
    eager = fn(eager_input)
    compiled = torch.compile(fn)(compiled_input)
    np.testing.assert_allclose(compiled, eager, rtol=1e-5)  # oracle: SCUT_SAME thr=customized
    # Then that the compiled run left its input as it was given.
    np.testing.assert_allclose(compiled_input, x, atol=1e-12)  # oracle: D thr=customized


def test_a_helper_whose_checks_differ_takes_its_first():
    def scaled_sum(values):
        return (values * 2.0).sum()

    _check_compiled_then_inputs_kept(scaled_sum, np.linspace(-1.0, 1.0, 5))  # oracle: SCUT_SAME thr=customized
