"""unittest.TestCase assertion methods on scalar and array outputs."""

import math
import unittest

import numpy as np

from minidl import ops


def _softmax_total(n):
    return float(np.sum(ops.softmax(np.arange(float(n)))))


class TestScalarOps(unittest.TestCase):

    def test_sigmoid_at_zero_default_places(self):
        self.assertAlmostEqual(float(ops.sigmoid(0.0)), 0.5)  # expect: oa api=unittest.TestCase.assertAlmostEqual cat=rounding thr=default tol=places:default:7

    def test_tanh_places_positional(self):
        self.assertAlmostEqual(float(ops.tanh(0.5)), 0.46211715726, 6)  # expect: oa api=unittest.TestCase.assertAlmostEqual cat=rounding thr=customized tol=places:literal:6

    def test_tanh_places_keyword_with_msg(self):
        self.assertAlmostEqual(float(ops.tanh(1.0)), 0.76159, msg="tanh(1)", places=4)  # expect: oa api=unittest.TestCase.assertAlmostEqual cat=rounding thr=customized tol=places:literal:4

    def test_softmax_total_delta(self):
        self.assertAlmostEqual(_softmax_total(5), 1.0, delta=1e-3)  # expect: oa api=unittest.TestCase.assertAlmostEqual cat=abs thr=customized tol=delta:literal:0.001

    def test_deprecated_alias(self):
        self.assertAlmostEquals(float(ops.gelu(0.0)), 0.0, 5)  # expect: oa api=unittest.TestCase.assertAlmostEqual cat=rounding thr=customized tol=places:literal:5

    def test_multiline_almost_equal(self):
        self.assertAlmostEqual(  # expect: oa api=unittest.TestCase.assertAlmostEqual cat=abs thr=customized tol=delta:literal:1e-06
            float(ops.sigmoid(2.0)) + float(ops.sigmoid(-2.0)),
            1.0,
            delta=1e-6,
        )

    def test_not_almost_equal(self):
        self.assertNotAlmostEqual(float(ops.sigmoid(1.0)), 0.5)  # expect: oa api=unittest.TestCase.assertNotAlmostEqual cat=rounding thr=default tol=places:default:7
        self.assertNotAlmostEqual(float(ops.tanh(1.0)), 0.5, delta=0.1)  # expect: oa api=unittest.TestCase.assertNotAlmostEqual cat=abs thr=customized tol=delta:literal:0.1
        self.assertNotAlmostEquals(float(ops.tanh(2.0)), 0.0, places=2)  # expect: oa api=unittest.TestCase.assertNotAlmostEqual cat=rounding thr=customized tol=places:literal:2

    def test_less_on_errors(self):
        a = float(ops.sigmoid(0.3))
        b = 1.0 / (1.0 + math.exp(-0.3))
        self.assertLess(abs(a - b), 1e-6)  # expect: oa api=unittest.TestCase.assertLess cat=error_bound thr=customized tol=bound:literal:1e-06
        max_diff = float(np.max(np.abs(ops.relu(np.ones(3)) - np.ones(3))))
        self.assertLessEqual(max_diff, 1e-5)  # expect: oa api=unittest.TestCase.assertLessEqual cat=error_bound thr=customized tol=bound:literal:1e-05
        rel_err = abs(a - b) / abs(b)
        self.assertLessEqual(rel_err, 10**-6)  # expect: oa api=unittest.TestCase.assertLessEqual cat=error_bound thr=customized tol=bound:literal:1e-06

    def test_less_on_plain_values(self):
        pieces = ops.split(np.arange(10), 3)
        self.assertLess(len(pieces), 5)  # expect: assert api=unittest.TestCase.assertLess
        count = sum(len(p) for p in pieces)
        self.assertLessEqual(count, 10)  # expect: assert api=unittest.TestCase.assertLessEqual

    def test_greater_with_tolerance_first(self):
        a = float(ops.tanh(0.1))
        b = math.tanh(0.1)
        self.assertGreater(1e-4, abs(a - b))  # expect: oa api=assertGreater cat=error_bound thr=customized tol=bound:literal:0.0001
        accuracy = 0.93
        self.assertGreater(accuracy, 0.5)  # expect: assert api=assertGreater
        labels = np.array([1.0, 0.0, 1.0, 1.0])
        val_accuracy = float(np.mean((ops.sigmoid(np.array([2.0, -1.0, 0.5, 3.0])) > 0.5) == labels))
        self.assertGreater(val_accuracy, 0.7)  # expect: oa api=assertGreater cat=error_bound thr=customized tol=bound:literal:0.7

    def test_predicates_inside_assert_true(self):
        x = np.linspace(0.0, 1.0, 5)
        self.assertTrue(np.allclose(ops.relu(x), x, atol=1e-6))  # expect: oa api=numpy.allclose cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:default:1e-05
        self.assertTrue(math.isclose(_softmax_total(3), 1.0, rel_tol=1e-6))  # expect: oa api=math.isclose cat=abs_rel thr=customized tol=rtol:literal:1e-06,atol:default:0.0
        self.assertTrue(np.isclose(float(ops.sigmoid(0.0)), 0.5))  # expect: oa api=numpy.isclose cat=abs_rel thr=default tol=rtol:default:1e-05,atol:default:1e-08


class TestWithSetUp(unittest.TestCase):

    def setUp(self):
        self.tol = 1e-5
        self.places = 4
        self.x = np.array([0.1, 0.7, 1.3])

    def test_bound_from_setup(self):
        a = float(np.sum(ops.sigmoid(self.x)))
        b = float(np.sum(1.0 / (1.0 + np.exp(-self.x))))
        self.assertLess(abs(a - b), self.tol)  # expect: oa api=unittest.TestCase.assertLess cat=error_bound thr=customized tol=bound:constant:1e-05

    def test_places_from_setup(self):
        self.assertAlmostEqual(float(ops.tanh(0.0)), 0.0, places=self.places)  # expect: oa api=unittest.TestCase.assertAlmostEqual cat=rounding thr=customized tol=places:constant:4

    def test_residual_against_tol_name(self):
        residual = float(np.sum(ops.relu(-self.x)))
        self.assertLess(residual, self.tol)  # expect: oa api=unittest.TestCase.assertLess cat=error_bound thr=customized tol=bound:constant:1e-05

    def test_loop_of_checks(self):
        for value in self.x:
            with self.subTest(value=value):
                self.assertAlmostEqual(float(ops.relu(value)), value, delta=self.tol)  # expect: oa api=unittest.TestCase.assertAlmostEqual cat=abs thr=customized tol=delta:constant:1e-05


class ScalarChecks(unittest.TestCase):
    """Named without the Test prefix, but unittest.TestCase makes it a test class."""

    def test_allclose_in_if(self):
        x = np.array([2.0, 3.0])
        if x.ndim == 1:
            self.assertTrue(np.allclose(ops.identity(x), x, 1e-7, 1e-9))  # expect: oa api=numpy.allclose cat=abs_rel thr=customized tol=rtol:literal:1e-07,atol:literal:1e-09
        self.assertEqual(x.shape, (2,))  # expect: assert api=unittest.TestCase.assertEqual
