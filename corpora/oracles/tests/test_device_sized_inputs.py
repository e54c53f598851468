"""An input sized by the number of devices: counting them configures the test, it computes none
of the values compared."""
import numpy as np

from nnlib import graph, ops


def test_relu_of_an_input_sized_by_the_devices():
    x = np.linspace(-1.0, 1.0, 4 * graph.device_count())
    np.testing.assert_allclose(ops.relu(x), np.maximum(x, 0.0))  # oracle: DT thr=default
