"""Outputs checked element by element against a tolerance, the test bounding the share of
elements that miss it rather than each one."""
import numpy as np

from nnlib import ops


def test_share_of_tanh_outputs_off_numpy():
    x = np.linspace(-3.0, 3.0, 50)
    mismatch_share = np.mean(np.abs(ops.tanh(x) - np.tanh(x)) > 1e-9)
    assert mismatch_share <= 0.02  # oracle: DT thr=customized


def test_count_of_sigmoid_outputs_off_scipy_scaled():
    from scipy.special import expit

    x = np.linspace(-6.0, 6.0, 40)
    num_mismatches = np.sum(np.abs(ops.sigmoid(x) - expit(x)) > 1e-7)
    percent_mismatches = num_mismatches / float(x.size)
    assert percent_mismatches < 0.05  # oracle: DT thr=customized
