import numpy as np

from ranking import top_k_indices


def test_top_k_indices():
    scores = np.array([0.1, 0.7, 0.2])
    np.testing.assert_array_equal(top_k_indices(scores, 2), [1, 2])
