"""Objects of a class of the test file: the fields its constructor stores are the test's values."""
import numpy as np

from nnlib import ops


class _Inputs:
    def __init__(self, scale=1.0):
        self.x = scale * np.array([-1.0, 0.5, 2.0])
        self.expected = np.array([0.0, 0.5, 2.0])


def test_relu_against_the_inputs_a_class_holds():
    case = _Inputs()
    np.testing.assert_allclose(ops.relu(case.x), case.expected)  # oracle: D thr=default
