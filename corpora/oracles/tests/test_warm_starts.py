"""The same solver on the same inputs, one run also handed an option that another function of
the library computes first (a step size, a starting point): the same function in another mode."""
import numpy as np

from nnlib import ops


def _distance_to_one(w):
    return float(np.sum((w - 1.0) ** 2))


def test_minimize_with_a_step_size_the_library_computes():
    start = np.zeros(3)
    plain = ops.minimize(_distance_to_one, start)
    scaled = ops.minimize(_distance_to_one, start, lr=ops.mean(np.full(3, 0.2)))
    np.testing.assert_allclose(scaled, plain, atol=1e-4)  # oracle: SCUT_SAME thr=customized


def test_minimize_on_a_start_moved_by_the_library():
    start = np.zeros(3)
    plain = ops.minimize(_distance_to_one, start)
    moved = ops.minimize(_distance_to_one, ops.relu(start - 1.0))
    np.testing.assert_allclose(moved, plain, atol=1e-4)  # oracle: SCUT_DIFF thr=customized
