import numpy as np

from solvers import solve


def test_solve():
    a = np.array([[2.0, 0.0], [0.0, 4.0]])
    np.testing.assert_allclose(solve(a, [2.0, 4.0]), [1.0, 1.0], rtol=1e-7)
