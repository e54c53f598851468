"""Pairs shifted by nnlib, against the author shifting each part and pairing the parts with
nnlib's own pairing function, which only moves them into place."""
import numpy as np

from nnlib import ops


def test_shifted_pairs_by_hand():
    first = np.random.randn(5)
    second = np.random.randn(5)
    out = ops.shift_pairs(ops.pair_last(first, second), 1.0)
    np.testing.assert_allclose(out, ops.pair_last(first + 1.0, second + 1.0))  # oracle: NI thr=default


def test_pairs_moved_into_place():
    first = np.random.randn(5)
    second = np.random.randn(5)
    np.testing.assert_allclose(ops.pair_last(first, second)[..., 0], first)  # oracle: D thr=default
