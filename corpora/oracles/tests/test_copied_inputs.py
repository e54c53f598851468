"""One input and a copy of it in another precision or layout of memory: the same input to the CUT twice."""
import numpy as np

from nnlib import ops


def test_relu_in_two_precisions():
    x = np.random.randn(4, 3).astype(np.float32)
    x64 = x.astype(np.float64)
    np.testing.assert_allclose(ops.relu(x), ops.relu(x64), rtol=1e-6)  # oracle: SCUT_SAME thr=customized


def test_softmax_on_every_other_row_of_a_copy():
    source = np.random.randn(6, 4)
    rows = source[::2]
    rows64 = source.astype(np.float64)[::2]
    np.testing.assert_allclose(ops.softmax(rows), ops.softmax(rows64))  # oracle: SCUT_SAME thr=default
