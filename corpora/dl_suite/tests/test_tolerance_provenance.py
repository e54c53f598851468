"""Every way a tolerance reaches an assertion: default, literal, constant,
dtype/device dependent, unresolved."""

import unittest

import numpy as np
import pytest

from minidl import ops
from minidl.constants import ATOL, DECIMAL, FP16_TOL, TOLS, ULPS

LOCAL_RTOL = 1e-5
FLOAT_DTYPES = ("float16", "float32", "float64")


def compute_tol():
    return 3e-6


def estimate_noise(samples):
    return float(np.std(samples))


def _check_softmax_normalised(seed, atol=1e-5):
    # Helper in a test file: computes its own values; atol is its parameter default.
    rng = np.random.RandomState(seed)
    probs = ops.softmax(rng.standard_normal((3, 5)))
    np.testing.assert_allclose(probs.sum(axis=-1), np.ones(3), atol=atol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend:1e-05,rtol:default:1e-07


# ---------------------------------------------------------------- constant


def test_module_constant():
    x = np.array([1.0, 2.0])
    np.testing.assert_allclose(ops.relu(x), x, rtol=LOCAL_RTOL)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:constant:1e-05,atol:default:0


def test_imported_constants():
    x = np.array([0.5, 1.5])
    np.testing.assert_allclose(ops.identity(x), x, atol=ATOL)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:constant:1e-06,rtol:default:1e-07
    np.testing.assert_array_almost_equal(ops.relu(x), x, decimal=DECIMAL)  # expect: oa api=numpy.testing.assert_array_almost_equal cat=rounding thr=customized tol=decimal:constant:5
    np.testing.assert_array_max_ulp(ops.identity(x), x, maxulp=ULPS)  # expect: oa api=numpy.testing.assert_array_max_ulp cat=ulp thr=customized tol=ulps:constant:4


def test_local_variable_assigned_once():
    atol = 1e-7
    rtol = 1e-6
    x = np.array([0.25])
    np.testing.assert_allclose(ops.identity(x), x, rtol, atol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:constant:1e-06,atol:constant:1e-07


def test_helper_parameter_default():
    _check_softmax_normalised(0)  # ok: not an assertion (helper computes its own values)


# ---------------------------------------------------------------- depend


def test_conditional_expression_on_dtype():
    for dtype in (np.float16, np.float32):
        x = np.linspace(0.0, 1.0, 4).astype(dtype)
        tol = 1e-3 if dtype == np.float16 else 1e-6
        np.testing.assert_allclose(ops.sigmoid(x), 1 / (1 + np.exp(-x)), rtol=tol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=rtol:depend,atol:default:0


def test_if_else_on_dtype_name():
    for dtype in FLOAT_DTYPES:
        if dtype == "float16":
            atol = FP16_TOL
        else:
            atol = 1e-6
        x = np.ones(3, dtype=dtype)
        np.testing.assert_allclose(ops.identity(x), x, atol=atol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:default:1e-07


def test_dict_lookup_by_dtype():
    for dtype in FLOAT_DTYPES:
        x = np.arange(4, dtype=dtype)
        np.testing.assert_allclose(ops.relu(x), x, rtol=TOLS[dtype], atol=TOLS[dtype])  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=rtol:depend,atol:depend


class _Case:
    def __init__(self, fn, atol):
        self.fn = fn
        self.atol = atol


@pytest.mark.parametrize("case", [_Case(ops.relu, 1e-6), _Case(ops.tanh, 1e-5)])
def test_tolerance_read_from_a_parametrized_case(case):
    # Each case carries its own tolerance: chosen per case at run time.
    x = np.linspace(-1.0, 1.0, 5)
    np.testing.assert_allclose(case.fn(x), case.fn(x.copy()), atol=case.atol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:default:1e-07


PAIR_TOLS = {"bf16": (1e-2, 1.6e-2), "fp32": (1e-5, 1.3e-6)}


def test_table_read_at_a_key_written_out():
    # The same entry every run: the pair the table holds at "bf16".
    x = np.linspace(-1.0, 1.0, 5)
    atol, rtol = PAIR_TOLS["bf16"]
    np.testing.assert_allclose(ops.relu(x), np.maximum(x, 0.0), atol=atol, rtol=rtol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:constant:0.01,rtol:constant:0.016
    np.testing.assert_allclose(ops.tanh(x), np.tanh(x), atol=PAIR_TOLS["fp32"][0])  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:unresolved,rtol:default:1e-07


def _check_against_reference(fn, reference, x, tol):
    # Picks from a table of tolerances by the data's type.
    np.testing.assert_allclose(fn(x), reference(x), atol=tol[x.dtype.type])  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:default:1e-07


def test_tolerance_table_handed_to_a_helper():
    x = np.linspace(-1.0, 1.0, 5).astype(np.float32)
    tol = {np.float16: 1e-2, np.float32: 1e-5}
    _check_against_reference(ops.relu, lambda v: np.maximum(v, 0.0), x, tol=tol)  # expect: oa api=tests.test_tolerance_provenance._check_against_reference cat=abs_rel thr=depend tol=atol:depend,rtol:default:1e-07


def test_loop_over_dtype_tol_pairs():
    for dtype, tol in [(np.float16, 1e-2), (np.float32, 1e-5), (np.float64, 1e-12)]:
        x = np.linspace(-1.0, 1.0, 5).astype(dtype)
        np.testing.assert_allclose(ops.tanh(x), np.tanh(x), atol=tol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:default:1e-07


def test_finfo_eps():
    for dtype in (np.float32, np.float64):
        eps = np.finfo(dtype).eps
        x = np.array([1.0, 3.0], dtype=dtype)
        np.testing.assert_allclose(ops.identity(x), x, rtol=4 * eps)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=rtol:depend,atol:default:0


def test_device_dependent():
    for device in ("cpu", "gpu"):
        rtol = 1e-2 if device == "gpu" else 1e-5
        x = np.array([0.1, 0.9])
        assert np.allclose(ops.sigmoid(x), 1 / (1 + np.exp(-x)), rtol=rtol)  # expect: oa api=numpy.allclose cat=abs_rel thr=depend tol=rtol:depend,atol:default:1e-08


# ---------------------------------------------------------------- unresolved


def test_tolerance_from_function_call():
    tol = compute_tol()
    x = np.array([0.5])
    np.testing.assert_allclose(ops.identity(x), x, atol=tol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:unresolved,rtol:default:1e-07


def test_tolerance_call_at_call_site():
    samples = np.array([0.1, 0.2, 0.15])
    x = np.array([2.0])
    np.testing.assert_allclose(ops.relu(x), x, atol=estimate_noise(samples))  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:unresolved,rtol:default:1e-07
    assert abs(float(ops.relu(2.0)) - 2.0) < compute_tol()  # expect: oa api=assert cat=error_bound thr=customized tol=bound:unresolved



def test_bound_worked_out_from_the_outputs():
    # Six standard errors of the outputs themselves: the bound is worked out at run time.
    outputs = ops.sigmoid(np.random.randn(200))
    error_var = np.var(outputs) / outputs.size
    assert abs(np.mean(outputs) - 0.5) < 6 * np.sqrt(error_var)  # expect: oa api=assert cat=error_bound thr=depend tol=bound:depend


class TestProvenanceMethods(unittest.TestCase):
    ATOL = 1e-6

    def setUp(self):
        self.rtol = 1e-4

    def get_atol(self):
        return self.ATOL * 10

    def test_class_attribute_through_self(self):
        x = np.array([1.0])
        np.testing.assert_allclose(ops.relu(x), x, atol=self.ATOL)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:constant:1e-06,rtol:default:1e-07

    def test_class_attribute_through_class_name(self):
        x = np.array([1.0])
        np.testing.assert_allclose(ops.relu(x), x, atol=TestProvenanceMethods.ATOL)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:constant:1e-06,rtol:default:1e-07

    def test_attribute_from_setup(self):
        x = np.array([0.3, 0.6])
        np.testing.assert_allclose(ops.identity(x), x, rtol=self.rtol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:constant:0.0001,atol:default:0

    def test_method_call_tolerance(self):
        x = np.array([0.3])
        self.assertTrue(np.allclose(ops.identity(x), x, atol=self.get_atol()))  # expect: oa api=numpy.allclose cat=abs_rel thr=customized tol=atol:unresolved,rtol:default:1e-05
        self.assertAlmostEqual(float(ops.relu(0.3)), 0.3, delta=compute_tol())  # expect: oa api=unittest.TestCase.assertAlmostEqual cat=abs thr=customized tol=delta:unresolved

    def test_dtype_dict_in_assert_less(self):
        for dtype in FLOAT_DTYPES:
            x = np.ones(2, dtype=dtype)
            err = float(np.max(np.abs(ops.identity(x) - x)))
            self.assertLessEqual(err, TOLS[dtype])  # expect: oa api=unittest.TestCase.assertLessEqual cat=error_bound thr=depend tol=bound:depend

    def test_defaults_only(self):
        x = np.array([0.7])
        np.testing.assert_allclose(ops.identity(x), x)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=default tol=rtol:default:1e-07,atol:default:0


def _tols_for(dtype):
    if dtype == np.float16:
        return dict(rtol=1e-3, atol=1e-5)
    return dict(rtol=1e-6, atol=1e-8)


@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_tolerance_table_picked_by_the_dtype_parameter(dtype):
    x = np.linspace(-1.0, 1.0, 5).astype(dtype)
    tols = _tols_for(dtype)
    np.testing.assert_allclose(ops.relu(x), np.maximum(x, 0), **tols)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:depend
    np.testing.assert_allclose(ops.relu(x), np.maximum(x, 0), **_tols_for(dtype))  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:depend


def _check_in_its_dtype(fn, reference, x):
    # The helper chooses the tolerance by the data's dtype: each call's is chosen at run time.
    if x.dtype == np.float16:
        atol = 1e-3
    else:
        atol = 1e-7
    np.testing.assert_allclose(fn(x), reference(x), atol=atol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:default:1e-07


def _check_options_by_kind(fn, reference, x):
    # Keyword options built in the branches of the helper itself.
    if np.issubdtype(x.dtype, np.floating):
        options = {"atol": 1e-6, "rtol": 1e-5}
    else:
        options = {"rtol": {np.int8: 0.5}.get(x.dtype.type, 1e-7)}
    np.testing.assert_allclose(fn(x), reference(x), **options)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:depend


def _check_with_its_own_literal(fn, reference, x):
    np.testing.assert_allclose(fn(x), reference(x), atol=1e-4)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:literal:0.0001,rtol:default:1e-07


def _check_twice(fn, reference, x):
    # A helper of a helper: the literal its callee fixes is fixed for its calls too.
    _check_with_its_own_literal(fn, reference, x)  # expect: oa api=tests.test_tolerance_provenance._check_with_its_own_literal cat=abs_rel thr=customized tol=atol:constant:0.0001,rtol:default:1e-07


def test_tolerances_a_helper_chooses_itself():
    x = np.linspace(-1.0, 1.0, 5).astype(np.float32)
    _check_in_its_dtype(ops.tanh, np.tanh, x)  # expect: oa api=tests.test_tolerance_provenance._check_in_its_dtype cat=abs_rel thr=depend tol=atol:default,rtol:default:1e-07
    _check_options_by_kind(ops.relu, lambda v: np.maximum(v, 0.0), x)  # expect: oa api=tests.test_tolerance_provenance._check_options_by_kind cat=abs_rel thr=depend tol=atol:default:0,rtol:default:1e-07
    _check_twice(ops.relu, lambda v: np.maximum(v, 0.0), x)  # expect: oa api=tests.test_tolerance_provenance._check_twice cat=abs_rel thr=customized tol=atol:constant:0.0001,rtol:default:1e-07


def _check_with_options(fn, reference, x, options=dict(atol=0.0)):
    # The options are the helper's parameter: each caller chooses them.
    np.testing.assert_allclose(fn(x), reference(x), **options)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=rtol:depend,atol:depend


def test_options_picked_by_dtype():
    fp32_options = {"atol": 1e-7}
    for dtype in (np.float16, np.float32):
        x = np.linspace(-1.0, 1.0, 5).astype(dtype)
        options = {"atol": 1e-3} if dtype == np.float16 else fp32_options
        np.testing.assert_allclose(ops.identity(x), x, **options)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=rtol:depend,atol:depend


@pytest.mark.parametrize("samples", [None, 1000])
def test_tolerance_picked_by_a_function_of_a_module_beside_it(samples):
    from sampling_tolerances import atol_for_samples

    x = np.linspace(-1.0, 1.0, 5)
    np.testing.assert_allclose(ops.tanh(x), np.tanh(x), atol=atol_for_samples(samples))  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:default:1e-07
