"""Reductions and scans (mean, var, cumsum, l2_normalize) checked against
literals, numpy/scipy/sklearn/statistics, loops, moments and invariances."""
import statistics

import numpy as np
import pytest
from sklearn.preprocessing import normalize

from nnlib import ops
from tests.base import NnTestCase
from tests.reference import naive_cumsum, naive_var, var_from_moments

VAR_RTOL = 1e-9


def test_mean_literal():
    assert float(ops.mean([1.0, 2.0, 3.0, 4.0])) == pytest.approx(2.5)  # oracle: D thr=default


def test_mean_numpy_axis():
    x = np.random.randn(6, 3)
    np.testing.assert_allclose(ops.mean(x, axis=0), np.mean(x, axis=0))  # oracle: DT thr=default


def test_mean_is_sum_over_size():
    x = np.random.rand(4, 5)
    np.testing.assert_allclose(ops.sum(x) / x.size, ops.mean(x), rtol=1e-12)  # oracle: RI thr=customized


def test_mean_translation():
    x = np.random.randn(50)
    assert abs(float(ops.mean(x + 7.0)) - (float(ops.mean(x)) + 7.0)) < 1e-9  # oracle: SCUT_DIFF thr=customized


def test_mean_running_total():
    x = np.random.randn(16)
    total = 0.0
    for v in x:
        total += v
    expected = total / len(x)
    np.testing.assert_almost_equal(ops.mean(x), expected)  # oracle: NI thr=default


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_var_numpy_eps(dtype):
    x = np.random.randn(32).astype(dtype)
    rtol = 50 * np.finfo(dtype).eps
    np.testing.assert_allclose(ops.var(x), np.var(x), rtol=rtol)  # oracle: DT thr=depend


def test_var_sample_statistics_module():
    x = np.random.randn(9)
    got = float(ops.var(x, ddof=1))
    assert got == pytest.approx(statistics.variance(x.tolist()), rel=1e-9)  # oracle: DT thr=customized


def test_var_from_raw_moments():
    x = np.random.rand(40)
    np.testing.assert_allclose(ops.var(x), ops.mean(x ** 2) - ops.mean(x) ** 2, atol=1e-12)  # oracle: NI thr=customized


def test_var_moments_helper():
    x = np.random.rand(40)
    np.testing.assert_allclose(var_from_moments(x), ops.var(x), atol=1e-12)  # oracle: NI thr=customized


def test_var_shift_invariance():
    x = np.random.randn(20)
    np.testing.assert_allclose(ops.var(x + 100.0), ops.var(x), rtol=VAR_RTOL)  # oracle: SCUT_DIFF thr=customized


def test_var_scaling():
    x = np.random.randn(20)
    np.testing.assert_allclose(ops.var(3.0 * x), 9.0 * ops.var(x))  # oracle: SCUT_DIFF thr=default


def test_var_naive_two_pass():
    x = np.random.randn(3, 7)
    assert np.allclose(ops.var(x), naive_var(x))  # oracle: NI thr=default


def test_var_of_constant_is_zero():
    x = np.full(10, 3.3)
    assert abs(float(ops.var(x)) - 0.0) < 1e-12  # oracle: D thr=customized


def test_cumsum_literal():
    np.testing.assert_array_almost_equal(ops.cumsum([1.0, 2.0, 3.0, 4.0]), [1.0, 3.0, 6.0, 10.0])  # oracle: D thr=default


def test_cumsum_numpy_2d():
    x = np.random.randn(5, 3)
    np.testing.assert_allclose(np.cumsum(x, axis=1), ops.cumsum(x, axis=1))  # oracle: DT thr=default


def test_cumsum_appended_loop():
    x = np.random.randn(8)
    expected = []
    running = 0.0
    for v in x:
        running += v
        expected.append(running)
    np.testing.assert_allclose(ops.cumsum(x), expected, rtol=1e-12)  # oracle: NI thr=customized


def test_cumsum_naive_helper():
    x = np.random.rand(12)
    np.testing.assert_allclose(naive_cumsum(x), ops.cumsum(x))  # oracle: NI thr=default


def test_cumsum_last_entry_is_sum():
    x = np.random.rand(25)
    np.testing.assert_almost_equal(ops.cumsum(x)[-1], ops.sum(x), decimal=10)  # oracle: RI thr=customized


def test_cumsum_reverse_flag_matches_flipped_input():
    x = np.random.rand(6)
    np.testing.assert_allclose(ops.cumsum(x, reverse=True), ops.cumsum(x[::-1])[::-1])  # oracle: SCUT_DIFF thr=default


def test_l2_normalize_scale_invariance():
    x = np.random.randn(4, 3)
    np.testing.assert_allclose(ops.l2_normalize(3 * x), ops.l2_normalize(x), rtol=1e-6)  # oracle: SCUT_DIFF thr=customized


def test_l2_normalize_formula():
    x = np.random.randn(4, 3)
    ref = x / np.sqrt(np.sum(x ** 2, axis=-1, keepdims=True))
    np.testing.assert_allclose(ops.l2_normalize(x), ref)  # oracle: NI thr=default


def test_l2_normalize_sklearn():
    x = np.random.randn(5, 6)
    np.testing.assert_allclose(normalize(x, norm="l2"), ops.l2_normalize(x, axis=-1), atol=1e-7)  # oracle: DT thr=customized


def test_l2_normalize_unit_rows():
    x = np.random.randn(4, 8) + 1.0
    norms = np.linalg.norm(ops.l2_normalize(x), axis=-1)
    np.testing.assert_allclose(norms, np.ones(4))  # oracle: D thr=default


def test_l2_normalize_three_four_five():
    out = ops.l2_normalize(np.array([3.0, 4.0]))
    np.testing.assert_allclose(out, [0.6, 0.8])  # oracle: D thr=default


def test_l2_normalize_divides_by_norm():
    x = np.random.randn(2, 5)
    np.testing.assert_allclose(ops.l2_normalize(x), x / ops.norm(x, axis=-1))  # oracle: RI thr=default


class ReductionCase(NnTestCase):

    def setUp(self):
        self.data = np.arange(12.0).reshape(3, 4)
        self.col_means = np.array([4.0, 5.0, 6.0, 7.0])
        self.row_vars = np.var(self.data, axis=1)

    def test_column_means(self):
        self.assertAllClose(ops.mean(self.data, axis=0), self.col_means)  # oracle: D thr=default

    def test_row_vars(self):
        self.assertAllClose(ops.var(self.data, axis=1), self.row_vars, rtol=1e-12)  # oracle: DT thr=customized

    def test_column_means_dtypes(self):
        for dtype in (np.float16, np.float32, np.float64):
            res = ops.mean(self.data.astype(dtype), axis=0)
            self.assertAllCloseAccordingToType(res, self.col_means.astype(dtype))  # oracle: D thr=depend

    def test_cumsum_rows_accumulated(self):
        target = np.zeros(4)
        for row in self.data:
            target += row
        self.assertAllClose(ops.cumsum(self.data, axis=0)[-1], target)  # oracle: NI thr=default


def test_variance_relative_error_written_with_methods_of_the_difference():
    x = np.linspace(-3.0, 3.0, 12)
    res = ops.var(x)
    expected = np.mean((x - np.mean(x)) ** 2)
    assert abs((res - expected).reshape(1, -1) / expected).max() < 1e-9  # oracle: NI thr=customized


def test_variance_against_numpy_with_the_error_kept_in_a_local():
    x = np.linspace(-2.0, 2.0, 9)
    max_abs_err = np.abs(ops.var(x) - np.var(x)).max()
    assert max_abs_err < 1e-12  # oracle: DT thr=customized


def test_batch_logsumexp_against_an_average_of_per_row_calls():
    batch = np.array([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5], [3.0, 1.0, 1.0]])
    expected_mean = np.mean([ops.logsumexp(row) for row in batch])
    actual = ops.mean(ops.logsumexp(batch, axis=1))
    np.testing.assert_allclose(expected_mean, actual, rtol=1e-12)  # oracle: NI thr=customized


def test_row_softmax_against_per_row_calls_stacked():
    batch = np.array([[3.0, 4.0], [6.0, 8.0], [1.0, 0.0]])
    per_row = np.stack([ops.softmax(row) for row in batch])
    np.testing.assert_allclose(ops.softmax(batch, axis=-1), per_row)  # oracle: SCUT_DIFF thr=default


@pytest.mark.parametrize("rate", [0.5, 2.0])
def test_mean_of_scaled_draws_within_a_share_of_the_rate(rate):
    draws = np.random.RandomState(0).exponential(1.0, size=20000) * rate
    assert abs(ops.mean(draws) - rate) < 0.05 * rate  # oracle: D thr=customized
