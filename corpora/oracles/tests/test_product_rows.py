"""NumPy on rows of the arrays the CUT is handed: another library evaluating part of the same product."""
import numpy as np

from nnlib import ops


def test_first_entry_of_a_product_is_a_row_times_a_column():
    a = np.array([[1.0, 2.0], [3.0, 4.0]])
    b = np.array([[0.5, -1.0], [2.0, 0.25]])
    np.testing.assert_allclose(ops.matmul(a, b)[0, 0], np.dot(a[0], b[:, 0]))  # oracle: DT thr=default
