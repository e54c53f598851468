"""What the plugin must record at each `# site: NAME` of corpora/margins_suite, and the verdict
`oalens report --margins` must give there after five runs.

used:     the largest share of the tolerance, worked out by hand from the values (exact in
          binary unless noted); None for the random sites, checked against their logged truth
abs_err:  the largest absolute error
passed:   what the API answered
verdict:  None where the check is not judged (not reached)
"""

F32_DEFAULT_TOL_AT_1000 = 1e-5 + 1.3e-6 * 1000.0  # torch's float32 defaults at |expected| = 1000

SITES = {
    # test_numpy_checks.py
    "allclose_relative": dict(api="numpy.testing.assert_allclose", used=2.0**-10, abs_err=2.0**-18, passed=True,
                              tolerance="rtol=0.000976562 atol=0", verdict="over-loose", suggested="rtol=1e-05 atol=0"),
    "allclose_both": dict(api="numpy.testing.assert_allclose", used=0.25, abs_err=2.0**-9, passed=True, verdict="healthy"),
    "allclose_float32": dict(api="numpy.testing.assert_allclose", used=0.25, abs_err=2.0**-16, passed=True, dtype="float32",
                             verdict="healthy"),
    "over_loose": dict(api="numpy.testing.assert_allclose", used=2.0**-40 / 1e-3, abs_err=2.0**-40, passed=True,
                       verdict="over-loose", suggested="rtol=0 atol=1e-11"),
    "nan_inf_equal": dict(api="numpy.testing.assert_allclose", used=0.0, abs_err=0.0, passed=True, verdict="over-loose",
                          suggested="exact"),
    "np_allclose": dict(api="numpy.allclose", used=2.0**-20 / (1e-8 + 1e-5), abs_err=2.0**-20, passed=True, verdict="healthy"),
    "np_isclose": dict(api="numpy.isclose", used=0.25, abs_err=2.0**-18, passed=True, verdict="healthy"),
    "array_almost_equal": dict(api="numpy.testing.assert_array_almost_equal", used=2.0**-11 / 1.5e-3, abs_err=2.0**-11,
                               passed=True, tolerance="decimal=3", verdict="healthy"),
    "almost_equal_scalar": dict(api="numpy.testing.assert_almost_equal", used=2.0**-30 / 1.5e-7, abs_err=2.0**-30,
                                passed=True, verdict="healthy"),
    # test_approx_checks.py
    "approx_scalar": dict(api="pytest.approx", used=2.0**-22 / 2e-6, abs_err=2.0**-22, passed=True, verdict="healthy"),
    "approx_list": dict(api="pytest.approx", used=0.25, abs_err=2.0**-12, passed=True, tolerance="rel=0 abs=0.000976562",
                        verdict="healthy"),
    "approx_array": dict(api="pytest.approx", used=0.25, abs_err=2.0**-4, passed=True, verdict="healthy"),
    "approx_dict": dict(api="pytest.approx", used=2.0**-24 / 5e-7, abs_err=2.0**-24, passed=True, verdict="healthy"),
    # test_unittest_checks.py
    "unittest_places": dict(api="unittest.TestCase.assertAlmostEqual", used=2.0**-30 / 0.5e-7, abs_err=2.0**-30,
                            passed=True, tolerance="places=7", verdict="healthy"),
    "unittest_places3": dict(api="unittest.TestCase.assertAlmostEqual", used=2.0**-12 / 0.5e-3, abs_err=2.0**-12,
                             passed=True, verdict="healthy"),
    # exactly half the tolerance: "over half" is flaky-tight, half is not
    "unittest_delta": dict(api="unittest.TestCase.assertAlmostEqual", used=0.5, abs_err=0.25, passed=True,
                           tolerance="delta=0.5", verdict="healthy"),
    # test_wrappers.py and helpers.py
    "wrapper_call": dict(api="numpy.testing.assert_allclose", used=0.25, abs_err=2.0**-12, passed=True, verdict="healthy"),
    "wrapper_rows_call": dict(api="numpy.testing.assert_allclose", used=0.5, abs_err=2.0**-11, passed=True,
                              verdict="healthy"),
    "wrapper_inner": dict(api="numpy.testing.assert_allclose", used=0.5, abs_err=2.0**-11, passed=True, verdict="healthy"),
    "wrapper_middle": dict(api="numpy.testing.assert_allclose", used=0.5, abs_err=2.0**-11, passed=True, verdict="healthy"),
    # test_parametrized.py: k = 1, 2, 3
    "parametrized": dict(api="numpy.testing.assert_allclose", used=3 * 2.0**-14 / 2.0**-10, abs_err=3 * 2.0**-14,
                         passed=True, verdict="healthy", tests=3),
    # test_failing.py
    "fails_always": dict(api="numpy.testing.assert_allclose", used=4.0, abs_err=2.0**-8, passed=False, verdict="failing"),
    "before_raise": dict(api="numpy.testing.assert_allclose", used=0.5, abs_err=2.0**-9, passed=True, verdict="healthy"),
    "never_reached": dict(api=None, verdict=None, unjudged="not reached"),
    # a failure the test catches: not judged where it always fails, judged where it passes
    "caught_first": dict(api="numpy.testing.assert_allclose", used=4.0 / 2.0**-10, abs_err=4.0, passed=False, verdict=None,
                         unjudged="caught"),
    "caught_fallback": dict(api="numpy.testing.assert_allclose", used=0.25, abs_err=2.0**-12, passed=True, verdict="healthy"),
    "raises_expected": dict(api="numpy.testing.assert_allclose", used=0.5 / 2.0**-10, abs_err=0.5, passed=False, verdict=None,
                            unjudged="caught"),
    # test_random.py: 256 draws of N(0, 1e-7) against 2e-6 and 4e-7, a uniform shift against 1e-2
    "random_healthy": dict(api="numpy.testing.assert_allclose", used=None, truth="noise_healthy", tol=2e-6, passed=True,
                           verdict="healthy"),
    "random_tight": dict(api="numpy.testing.assert_allclose", used=None, truth="noise_tight", tol=4e-7, verdict="flaky-tight"),
    "random_python": dict(api="numpy.testing.assert_allclose", used=None, truth="python_random", tol=1e-2, passed=True,
                          verdict="healthy"),
    # test_torch_checks.py
    "torch_close_default": dict(api="torch.testing.assert_close", used=2.0**-10 / F32_DEFAULT_TOL_AT_1000, abs_err=2.0**-10,
                                passed=True, tolerance="rtol=1.3e-06 atol=1e-05", dtype="torch.float32",
                                verdict="flaky-tight", torch=True),
    "torch_close_given": dict(api="torch.testing.assert_close", used=0.25, abs_err=2.0**-20, passed=True,
                              dtype="torch.float64", verdict="healthy", torch=True),
    "torch_allclose": dict(api="torch.allclose", used=2.0**-20 / (1e-8 + 1e-5), abs_err=2.0**-20, passed=True,
                           verdict="healthy", torch=True),
    "tensor_allclose": dict(api="torch.Tensor.allclose", used=0.25, abs_err=2.0**-10, passed=True, verdict="healthy",
                            torch=True),
    "torch_random": dict(api="torch.testing.assert_close", used=None, truth="torch_noise", tol=1e-6, passed=True,
                         verdict="healthy", torch=True),
}
