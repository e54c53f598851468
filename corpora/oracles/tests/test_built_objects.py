"""Expected values written as objects of nnlib's classes: a `CSR` built from the test's own
arrays holds them, so checking what a library function returns against it, or an attribute the
build stored against a slice of the array handed to it, is against the test's data (D). A value
the library computes from such an object (its `to_dense()`) stays a function of the library."""
import collections
import unittest

import numpy as np

from nnlib import ops, sparse
from nnlib.sparse import CSR

EDGES = np.array([[0, 1, 2], [1, 2, 0]])


def test_halved_graph_against_a_graph_built_by_hand():
    graph = sparse.to_csr(EDGES, 3, np.array([2.0, 4.0, 6.0]))
    expected = CSR(indptr=np.array([0, 1, 2, 3]), indices=np.array([1, 2, 0]), weights=np.array([1.0, 2.0, 3.0]), n=3)
    halved = graph / 2.0
    np.testing.assert_allclose(halved.weights, expected.weights)  # oracle: D thr=default


def test_stored_weights_against_the_array_they_came_from():
    weights = np.random.default_rng(0).random((3, 2))
    graph = CSR(indptr=np.array([0, 1, 2, 3]), indices=np.array([1, 2, 0]), weights=weights, n=3)
    np.testing.assert_allclose(sparse.to_dense(graph)[0, 1], graph.weights[0, 0], rtol=1e-12)  # oracle: D thr=customized


def test_dense_form_of_a_built_graph_is_the_library_computing():
    graph = CSR(indptr=np.array([0, 1, 2, 3]), indices=np.array([1, 2, 0]), weights=np.ones(3), n=3)
    np.testing.assert_allclose(sparse.propagate(np.eye(3), graph), graph.to_dense())  # oracle: RI thr=default


def test_relu_keeps_a_positive_input_held_in_a_record():
    draws = np.random.RandomState(0).uniform(0.5, 1.0, size=4)
    record = collections.OrderedDict(values=draws)
    out = ops.relu(draws)
    np.testing.assert_allclose(out, record["values"])  # oracle: D thr=default


def test_square_against_a_polynomial_object_that_is_called():
    x = np.random.RandomState(1).randn(5)
    parabola = np.poly1d([1.0, 0.0, 0.0])
    np.testing.assert_allclose(ops.square(x), parabola(x))  # oracle: DT thr=default


class HalvedGraphTest(unittest.TestCase):
    def setUp(self):
        # Built once for every test of the class: the graph the halving should give, by hand.
        self.halved_by_hand = CSR(indptr=np.array([0, 1, 2, 3]), indices=np.array([1, 2, 0]), weights=np.arange(1.0, 4.0), n=3)

    def test_halved_graph_against_the_one_set_up(self):
        graph = sparse.to_csr(EDGES, 3, np.array([2.0, 4.0, 6.0]))
        np.testing.assert_allclose((graph / 2.0).weights, self.halved_by_hand.weights)  # oracle: D thr=default


def test_column_of_a_frame_built_by_a_class_factory_read_back():
    import pandas as pd

    # A class's factory (`from_dict`) builds the frame, as its constructor would: it holds the data.
    values = np.random.rand(5)
    frame = pd.DataFrame.from_dict({"v": values})
    np.testing.assert_allclose(ops.relu(frame.values), frame.values)  # oracle: D thr=default
