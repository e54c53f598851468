"""A library function of one arithmetic operation against NumPy's operator on the same arrays
(DT), and against the same operation on literals (D)."""
import numpy as np

from nnlib import ops


class TestSubtract:
    def setup_method(self):
        rng = np.random.default_rng(0)
        self.a = rng.normal(size=4) + 1j * rng.normal(size=4)
        self.b = rng.normal(size=4) + 1j * rng.normal(size=4)

    def test_subtract_against_numpy(self):
        expected = self.a - self.b
        np.testing.assert_allclose(ops.subtract(self.a, self.b), expected)  # oracle: DT thr=default

    def test_subtract_of_literals(self):
        np.testing.assert_allclose(ops.subtract(5.0, 3.0), 5.0 - 3.0)  # oracle: D thr=default


def test_tiling_against_numpys_tile():
    x = np.array([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_allclose(ops.tile(x, 3), np.tile(x, (3, 1)))  # oracle: DT thr=default
