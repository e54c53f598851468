"""Graph construction and compile(fn, mode=..., optimize=...): compiled
functions compared across modes/flags, with eager ops, scipy and literals."""
import numpy as np
import pytest
from scipy.special import softmax as sp_softmax

import nnlib
from nnlib import Graph, ops
from tests.base import NnTestCase
from tests.reference import TOLS, run_in_debug


def square_plus_one(x):
    return ops.square(x) + 1.0


def dense_relu(x, w):
    return ops.relu(ops.matmul(x, w))


def test_compile_literal():
    f = nnlib.compile(square_plus_one)
    np.testing.assert_allclose(f(np.array([0.0, 1.0, 2.0])), [1.0, 2.0, 5.0])  # oracle: D thr=default


def test_compile_fast_vs_debug():
    x = np.random.randn(4, 3)
    w = np.random.randn(3, 2)
    fast = nnlib.compile(dense_relu, mode="fast")(x, w)
    debug = nnlib.compile(dense_relu, mode="debug")(x, w)
    np.testing.assert_allclose(fast, debug, rtol=1e-6)  # oracle: SCUT_SAME thr=customized


def test_compile_optimize_flag():
    x = np.random.randn(5)
    y_opt = nnlib.compile(ops.sigmoid, optimize=True)(x)
    y_ref = nnlib.compile(ops.sigmoid, optimize=False)(x)
    np.testing.assert_allclose(y_opt, y_ref)  # oracle: SCUT_SAME thr=default


def test_compile_modes_per_dtype():
    x64 = np.random.randn(6)
    for dtype in (np.float16, np.float32, np.float64):
        x = x64.astype(dtype)
        rtol = TOLS[dtype]
        out = nnlib.compile(ops.softmax, mode="fast")(x)
        np.testing.assert_allclose(out, nnlib.compile(ops.softmax, mode="debug")(x), rtol=rtol)  # oracle: SCUT_SAME thr=depend


def test_compile_debug_helper():
    x = np.random.randn(3, 3)
    np.testing.assert_allclose(run_in_debug(ops.tanh, x), nnlib.compile(ops.tanh)(x))  # oracle: SCUT_SAME thr=default


def test_compiled_matches_eager():
    x = np.random.randn(2, 5)
    assert np.allclose(nnlib.compile(ops.log_softmax)(x), ops.log_softmax(x))  # oracle: SCUT_SAME thr=default


def test_compiled_called_twice():
    f = nnlib.compile(square_plus_one, mode="fast")
    x = np.random.randn(7)
    first = f(x)
    second = f(x)
    np.testing.assert_allclose(second, first)  # oracle: SCUT_SAME thr=default


def test_compile_softmax_scipy():
    x = np.random.randn(3, 4)
    np.testing.assert_allclose(nnlib.compile(ops.softmax)(x), sp_softmax(x, axis=-1), atol=1e-7)  # oracle: DT thr=customized


def test_compile_sigmoid_formula():
    x = np.random.randn(10)
    np.testing.assert_allclose(nnlib.compile(ops.sigmoid, mode="debug")(x), 1 / (1 + np.exp(-x)))  # oracle: NI thr=default


def test_compile_relu_on_nonnegative():
    x = np.abs(np.random.randn(5)) + 1e-3
    np.testing.assert_allclose(nnlib.compile(ops.relu)(x), x)  # oracle: D thr=default


def test_compile_log_softmax_related():
    x = np.random.randn(2, 6)
    want = ops.log(ops.softmax(x))
    np.testing.assert_allclose(nnlib.compile(ops.log_softmax)(x), want, rtol=1e-5)  # oracle: RI thr=customized


def test_compile_homogeneity():
    x = np.random.randn(4, 3)
    w = np.random.randn(3, 3)
    f = nnlib.compile(dense_relu)
    np.testing.assert_allclose(f(2.0 * x, w), 2.0 * f(x, w))  # oracle: SCUT_DIFF thr=default


def test_graph_run_matches_eager():
    x = np.random.randn(3, 2)
    w = np.random.randn(2, 2)
    g = Graph()
    g.add("dense", dense_relu, "x", "w")
    out = g.run({"x": x, "w": w})
    np.testing.assert_allclose(out, dense_relu(x, w))  # oracle: SCUT_SAME thr=default


class CompileCase(NnTestCase):

    def setUp(self):
        self.x = np.linspace(-2.0, 2.0, 9)
        self.fast = nnlib.compile(ops.sigmoid, mode="fast")
        self.debug = nnlib.compile(ops.sigmoid, mode="debug")

    def test_modes_agree(self):
        self.assertAllClose(self.fast(self.x), self.debug(self.x))  # oracle: SCUT_SAME thr=default

    def test_fast_symmetry(self):
        self.assertAllClose(self.fast(-self.x), 1.0 - self.fast(self.x))  # oracle: SCUT_DIFF thr=default

    def test_fast_expit(self):
        from scipy.special import expit
        self.assertAllClose(expit(self.x), self.fast(self.x), atol=1e-9)  # oracle: DT thr=customized

    def test_midpoint(self):
        self.assertAlmostEqual(float(self.debug(np.array([0.0]))[0]), 0.5)  # oracle: D thr=default

    def test_debug_against_tanh_identity(self):
        expected = 0.5 * (ops.tanh(self.x / 2.0) + 1.0)
        self.assertAllClose(self.debug(self.x), expected)  # oracle: RI thr=default


def test_shared_value_updated_by_a_compiled_function():
    w = graph.shared(np.array([1.0, 2.0]))
    x = np.array([0.5, 0.25])
    step = graph.function([], [], updates=[(w, w.get_value() + ops.exp(x))])
    step()
    np.testing.assert_allclose(w.get_value(), np.array([1.0, 2.0]) + np.exp(x))  # oracle: DT thr=default


def test_node_features_kept_by_the_self_loop_transform():
    g = nnlib.graph.FeatureGraph([(0, 1), (1, 2), (2, 0)])
    g.node_data["h"] = np.random.randn(3, 2)
    looped = nnlib.graph.with_self_loops(g)
    np.testing.assert_allclose(looped.node_data["h"], g.node_data["h"])  # oracle: D thr=default
