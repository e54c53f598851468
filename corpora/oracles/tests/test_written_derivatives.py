"""Second derivatives nnlib takes of a function built from its own operators, against the
derivative the author works out by hand from the same operators, element by element, in NumPy's
array or in the backend's own array type."""
import numpy as np

from nnlib import graph, ops
from nnlib.backend import numpy_backend as nb


def _tanh_times_exp(point):
    return ops.tanh(point[0]) * ops.exp(point[1])


def test_hessian_written_out_element_by_element():
    point = np.array([0.3, -0.2])
    u, v = point[0], point[1]
    second = graph.hessian(_tanh_times_exp)(point)
    slope = 1.0 - ops.tanh(u) ** 2
    expected = np.array(
        [
            [-2.0 * ops.tanh(u) * slope * ops.exp(v), slope * ops.exp(v)],
            [slope * ops.exp(v), ops.tanh(u) * ops.exp(v)],
        ]
    )
    np.testing.assert_allclose(second, expected, atol=1e-4)  # oracle: NI thr=customized


def test_hessian_written_out_in_the_backends_array():
    point = nb.array([-0.4, 0.1])
    u, v = point[0], point[1]
    slope = 1.0 - ops.tanh(u) ** 2
    expected = nb.array(
        [
            [-2.0 * ops.tanh(u) * slope * ops.exp(v), slope * ops.exp(v)],
            [slope * ops.exp(v), ops.tanh(u) * ops.exp(v)],
        ]
    )
    np.testing.assert_allclose(graph.hessian(_tanh_times_exp)(point), expected, atol=1e-4)  # oracle: NI thr=customized
