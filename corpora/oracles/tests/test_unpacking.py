"""Values unpacked from nested tuples a helper returns, test data held in a dataclass of the
test file, and the leaves of a nested structure: each traced to what it is."""
from dataclasses import dataclass

import jax
import numpy as np

from nnlib import graph, ops


@dataclass
class Case:
    x: np.ndarray
    expected: np.ndarray


def activation_and_reference():
    x = np.linspace(-2.0, 2.0, 5)
    return x, (ops.relu, np.maximum(x, 0.0))


def test_nested_unpacking_takes_the_inner_element():
    x, (activation, expected) = activation_and_reference()
    np.testing.assert_allclose(activation(x), expected)  # oracle: DT thr=default


def results_with_their_input():
    x = np.linspace(-2.0, 2.0, 5)
    return (x, (ops.tanh(x), np.tanh(x))), "tanh"


def test_a_name_two_levels_deep_takes_its_own_element():
    (x, (computed, expected)), name = results_with_their_input()
    np.testing.assert_allclose(computed, expected, rtol=1e-6)  # oracle: DT thr=customized


def test_a_dataclass_holds_the_data_it_is_built_from(tmp_path):
    case = Case(x=np.load(tmp_path / "x.npy"), expected=np.load(tmp_path / "y.npy"))
    np.testing.assert_allclose(ops.tanh(case.x), case.expected, atol=1e-7)  # oracle: D thr=customized


def test_the_leaves_of_a_structure_are_its_data():
    rng = np.random.default_rng(0)
    weights = {"w": rng.normal(size=3)}
    x = rng.normal(size=(4, 3))
    fitted = ops.ridge_solve(x, x @ weights["w"], 0.0)
    np.testing.assert_allclose(fitted, jax.tree_util.tree_leaves(weights)[0], atol=1e-6)  # oracle: D thr=customized


def assert_rows_close(got, want, atol=1e-6):
    got = np.asarray(got)
    want = np.asarray(want)
    np.testing.assert_allclose(got, want, atol=atol)  # oracle: D thr=depend


def assert_all_close_pairwise(values, atol=1e-6):
    for first, second in zip(values[1:], values[:-1]):
        np.testing.assert_allclose(first, second, atol=atol)  # oracle: D thr=depend


def test_one_function_run_three_ways():
    x = np.linspace(-1.0, 1.0, 5)
    eager = ops.tanh(x)
    compiled = graph.compile(ops.tanh)(x)
    batched = graph.batched(ops.tanh, 2)(x)
    assert_all_close_pairwise((eager, compiled, batched))  # oracle: SCUT_SAME thr=default


def test_one_tolerance_for_every_dtype():
    for dtype in (np.float32, np.float64):
        tol = 1e-5
        x = np.linspace(0.0, 1.0, 4).astype(dtype)
        np.testing.assert_allclose(ops.relu(x), x, atol=tol)  # oracle: D thr=customized


def test_the_same_output_with_the_edges_the_first_run_chose():
    x = np.linspace(0.0, 1.0, 11)
    cdf, edges = ops.cumulative_histogram(x)
    again, _ = ops.cumulative_histogram(x, edges=edges)
    np.testing.assert_allclose(again, cdf)  # oracle: SCUT_SAME thr=default
