"""An error a helper named for one measures between two values, bound before it is bounded."""
import numpy as np

from nnlib import ops


def _max_diff(reference, computed):
    return float(np.abs(reference - computed).max())


def test_softmax_error_measured_by_a_helper():
    x = np.random.randn(3, 4)
    expected = np.exp(x) / np.exp(x).sum(axis=-1, keepdims=True)
    err = _max_diff(expected, ops.softmax(x))
    assert err < 1e-6  # oracle: NI thr=customized


def _abs_and_rel_diff(reference, computed):
    gap = np.abs(reference - computed)
    return float(gap.max()), float((gap / np.abs(reference)).max())


def test_relu_errors_unpacked_from_a_helper():
    x = np.random.rand(8) + 0.5
    abs_err, rel_err = _abs_and_rel_diff(np.maximum(x, 0.0), ops.relu(x))
    assert rel_err <= 1e-12  # oracle: DT thr=customized


def _relative_error(output, reference):
    scale = max(float(np.sqrt(np.square(reference).mean())), 1e-6)
    return float(np.sqrt(np.square(output.astype(np.float64) - reference.astype(np.float64)).mean()) / scale)


def test_tanh_error_measured_inline_by_a_helper():
    x = np.linspace(-3.0, 3.0, 16)
    # The helper measures the error of its first value against its second, written in the bound.
    assert _relative_error(ops.tanh(x), np.tanh(x)) < 1e-12  # oracle: DT thr=customized
