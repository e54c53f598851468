"""Graphs as edge lists or as compressed sparse rows, and message passing over either."""
import numpy as np


class CSR:
    """A sparse adjacency: row pointers, column indices and one weight per edge."""

    def __init__(self, indptr, indices, weights, n):
        self.indptr, self.indices, self.weights, self.n = indptr, indices, weights, n

    def t(self):
        return to_csr(np.stack([self._cols(), self._rows()]), self.n, self.weights)

    def __truediv__(self, divisor):
        return CSR(self.indptr, self.indices, self.weights / divisor, self.n)

    def __matmul__(self, x):
        return propagate(x, self)

    def apply(self, x):
        return propagate(x, self)

    def mv(self, x):
        return propagate(x, self)

    def to_dense(self):
        return to_dense(self)

    def _csr_to_dense(self):
        return to_dense(self)

    def _rows(self):
        return np.repeat(np.arange(self.n), np.diff(self.indptr))

    def _cols(self):
        return self.indices


def to_csr(edges, n, weights=None):
    edges = np.asarray(edges)
    weights = np.ones(edges.shape[1]) if weights is None else np.asarray(weights)
    order = np.lexsort((edges[1], edges[0]))
    rows, cols = edges[0][order], edges[1][order]
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=n))])
    return CSR(indptr, cols, weights[order], n)


def to_dense(adjacency):
    dense = np.zeros((adjacency.n, adjacency.n))
    np.add.at(dense, (adjacency._rows(), adjacency._cols()), adjacency.weights)
    return dense


def propagate(x, graph):
    """Sums each node's neighbours' features; `graph` is an edge list (2, E) or a CSR."""
    adjacency = graph if isinstance(graph, CSR) else to_csr(graph, len(x))
    return to_dense(adjacency) @ np.asarray(x, dtype=float)
