"""Batched products of orthogonal matrices with their transposes, against identities the test
joins with nnlib's own stack."""
import numpy as np

from nnlib import ops


def test_batched_products_with_transposes_are_identities():
    q = np.stack([np.eye(2), np.array([[0.0, -1.0], [1.0, 0.0]])])
    out = ops.matmul(q, np.transpose(q, (0, 2, 1)))
    np.testing.assert_allclose(out, ops.stack([np.eye(2) for _ in range(2)]), atol=1e-12)  # oracle: D thr=customized
