"""An object the library builds by an operator from others (an adjacency divided by a scalar)
runs a method; the operands' own method, combined as the operator combines them, is another
function of the library computing it (RI). Made into arrays first, the array library's operator
would compute it (DT), as `@` computes a matrix-vector product `.mv` computes."""
import numpy as np

from nnlib import sparse

EDGES = np.array([[0, 1, 2, 3], [1, 2, 3, 0]])


def test_apply_of_an_adjacency_divided_by_a_scalar():
    adjacency = sparse.to_csr(EDGES, 4)
    half = adjacency / 2.0
    x = np.arange(8.0).reshape(4, 2)
    np.testing.assert_allclose(adjacency.apply(x) / 2.0, half.apply(x))  # oracle: RI thr=default


def test_apply_against_a_local_holding_the_operands_result():
    adjacency = sparse.to_csr(EDGES, 4)
    half = adjacency / 2.0
    x = np.ones((4, 2))
    expected = adjacency.apply(x) / 2.0
    np.testing.assert_allclose(half.apply(x), expected)  # oracle: RI thr=default


def test_matrix_vector_product_against_the_array_library():
    adjacency = sparse.to_csr(EDGES, 4)
    dense = np.zeros((4, 4))
    dense[EDGES[0], EDGES[1]] = 1.0
    x = np.random.default_rng(0).normal(size=4)
    np.testing.assert_allclose(adjacency.mv(x), dense @ x)  # oracle: DT thr=default
