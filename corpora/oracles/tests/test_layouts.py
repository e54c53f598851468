"""One input in two layouts: a graph given as an edge list and as a sparse adjacency built from
it is the same input, so the CUT run on both is SCUT_SAME. The conversion compared by itself is
the code under test."""
import numpy as np

from nnlib import ops, sparse

EDGES = np.array([[0, 1, 2, 3], [1, 2, 3, 0]])


def test_propagation_over_an_edge_list_and_its_csr():
    x = np.arange(8.0).reshape(4, 2)
    out = sparse.propagate(x, EDGES)
    np.testing.assert_allclose(sparse.propagate(x, sparse.to_csr(EDGES, 4)), out)  # oracle: SCUT_SAME thr=default


def test_propagation_over_a_transposed_adjacency_kept_in_a_local():
    x = np.linspace(-1.0, 1.0, 8).reshape(4, 2)
    adjacency = sparse.to_csr(EDGES, 4)
    expected = sparse.propagate(x, EDGES)
    np.testing.assert_allclose(sparse.propagate(x, adjacency.t().t()), expected, atol=1e-12)  # oracle: SCUT_SAME thr=customized


def test_propagation_over_reversed_edges_is_another_input():
    x = np.arange(8.0).reshape(4, 2)
    np.testing.assert_allclose(sparse.propagate(x, EDGES[::-1]).sum(), sparse.propagate(x, EDGES).sum())  # oracle: SCUT_DIFF thr=default


def test_the_conversion_itself():
    dense = sparse.to_dense(sparse.to_csr(EDGES, 4))
    np.testing.assert_allclose(dense, np.roll(np.eye(4), 1, axis=1))  # oracle: D thr=default


def test_softmax_of_the_first_rows_against_a_chunk_of_the_batch():
    x = np.arange(12.0).reshape(4, 3)
    np.testing.assert_allclose(ops.softmax(x[:2]), np.array_split(ops.softmax(x), 2)[0])  # oracle: SCUT_DIFF thr=default


def test_a_divided_adjacency_against_its_dense_matrix_divided():
    adjacency = sparse.to_csr(EDGES, 4, weights=[1.0, 2.0, 3.0, 4.0])
    np.testing.assert_allclose((adjacency / 2).to_dense(), adjacency.to_dense() / 2)  # oracle: DT thr=default


def test_an_adjacency_made_dense_first_then_divided():
    adjacency = sparse.to_csr(EDGES, 4, weights=[4.0, 3.0, 2.0, 1.0])
    dense = adjacency.to_dense()
    np.testing.assert_allclose((adjacency / 4).to_dense(), dense / 4, atol=1e-12)  # oracle: DT thr=customized


def test_sparse_propagation_against_numpys_product_with_the_dense_adjacency():
    adjacency = sparse.to_csr(EDGES, 4)
    x = np.linspace(0.0, 1.0, 8).reshape(4, 2)
    np.testing.assert_allclose(adjacency @ x, adjacency._csr_to_dense() @ x)  # oracle: DT thr=default
