"""Calls to the project-local assertion wrappers of minidl.testing."""

import numpy as np

from minidl import layers, ops
from minidl import testing as mt
from minidl.constants import TOL, TOLS
from minidl.testing import MinidlTestCase, assert_close, assert_tree_close, check_gradient


def test_function_wrapper_defaults():
    x = np.linspace(-1.0, 1.0, 5)
    assert_close(ops.relu(x), np.maximum(x, 0.0))  # expect: oa api=minidl.testing.assert_close cat=abs_rel thr=default tol=atol:default:1e-05,rtol:default:1e-07
    mt.assert_close(ops.identity(x), x)  # expect: oa api=minidl.testing.assert_close cat=abs_rel thr=default tol=atol:default:1e-05,rtol:default:1e-07


def test_function_wrapper_explicit():
    x = np.linspace(-1.0, 1.0, 5)
    assert_close(ops.tanh(x), np.tanh(x), atol=1e-3)  # expect: oa api=minidl.testing.assert_close cat=abs_rel thr=customized tol=atol:literal:0.001,rtol:default:1e-07
    assert_close(ops.tanh(x), np.tanh(x), 1e-2)  # expect: oa api=minidl.testing.assert_close cat=abs_rel thr=customized tol=atol:literal:0.01,rtol:default:1e-07
    assert_close(ops.sigmoid(x), 1 / (1 + np.exp(-x)), atol=TOL)  # expect: oa api=minidl.testing.assert_close cat=abs_rel thr=customized tol=atol:constant:0.0001,rtol:default:1e-07


def test_function_wrapper_dtype_dependent():
    for dtype in ("float16", "float32"):
        x = np.ones(3, dtype=dtype)
        assert_close(ops.relu(x), x, atol=TOLS[dtype])  # expect: oa api=minidl.testing.assert_close cat=abs_rel thr=depend tol=atol:depend,rtol:default:1e-07


def test_two_tolerance_wrapper():
    x = np.array([0.2, 0.4])
    mt.assert_close_rel(ops.identity(x), x)  # expect: oa api=minidl.testing.assert_close_rel cat=abs_rel thr=default tol=rtol:default:0.0001,atol:default:1e-06
    mt.assert_close_rel(ops.identity(x), x, rtol=1e-3)  # expect: oa api=minidl.testing.assert_close_rel cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:default:1e-06
    mt.assert_close_rel(  # expect: oa api=minidl.testing.assert_close_rel cat=abs_rel thr=customized tol=atol:literal:1e-08,rtol:literal:1e-05
        ops.relu(x),
        x,
        atol=1e-8,
        rtol=1e-5,
    )


def test_wrapper_of_wrapper():
    leaves_a = [np.ones(2), np.zeros(3)]
    leaves_b = [ops.identity(np.ones(2)), ops.relu(np.zeros(3))]
    assert_tree_close(leaves_a, leaves_b)  # expect: oa api=minidl.testing.assert_tree_close cat=abs_rel thr=default tol=atol:default:0.0001,rtol:default:1e-07
    assert_tree_close(leaves_a, leaves_b, tol=1e-6)  # expect: oa api=minidl.testing.assert_tree_close cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:default:1e-07


def test_helpers_bounding_a_difference():
    x = np.linspace(-1.0, 1.0, 5)
    mt.assert_within(ops.relu(x), np.maximum(x, 0.0))  # expect: oa api=minidl.testing.assert_within cat=abs thr=default tol=atol:default:1e-06
    mt.assert_within(ops.tanh(x), np.tanh(x), atol=1e-3)  # expect: oa api=minidl.testing.assert_within cat=abs thr=customized tol=atol:literal:0.001
    mt.assert_rel_within(ops.sigmoid(x), 1 / (1 + np.exp(-x)))  # expect: oa api=minidl.testing.assert_rel_within cat=abs_rel thr=default tol=rtol:default:1e-05,atol:default:1e-08
    mt.assert_rel_within(ops.sigmoid(x), 1 / (1 + np.exp(-x)), rtol=1e-3)  # expect: oa api=minidl.testing.assert_rel_within cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:default:1e-08


def test_a_helper_with_a_tolerance_per_check():
    x = np.linspace(-1.0, 1.0, 5)
    mt.check_values_and_gradients(ops.tanh, np.tanh, x)  # expect: oa api=minidl.testing.check_values_and_gradients cat=abs_rel thr=default tol=atol:default:1e-06,rtol:default:1e-07,atol@grad_atol:default:0.001
    mt.check_values_and_gradients(ops.tanh, np.tanh, x, grad_atol=1e-2)  # expect: oa api=minidl.testing.check_values_and_gradients cat=abs_rel thr=customized tol=atol:default:1e-06,rtol:default:1e-07,atol@grad_atol:literal:0.01


def test_non_wrapper_helpers():
    check_gradient(ops.sigmoid, np.array([0.1, 0.2]))  # ok: not an assertion (check_gradient computes its own values)
    mt.check_gradient(ops.tanh, np.array([0.3]), eps=1e-4)  # ok: not an assertion
    mt.assert_shape_ok(ops.relu(np.ones((3, 4))), (3, 4))  # expect: assert api=minidl.testing.assert_shape_ok


class DenseWrapperTest(MinidlTestCase):

    def setUp(self):
        self.layer = layers.Dense(3, 3, seed=11)
        self.x = np.eye(3, dtype=np.float32)

    def test_method_wrapper_default(self):
        out = self.layer(self.x)
        self.assertClose(out, self.layer.kernel + self.layer.bias)  # expect: oa api=minidl.testing.MinidlTestCase.assertClose cat=abs_rel thr=default tol=rtol:default:0.0001,atol:default:1e-06

    def test_method_wrapper_explicit(self):
        out = self.layer(self.x)
        ref = self.layer.kernel + self.layer.bias
        self.assertClose(out, ref, rtol=1e-2)  # expect: oa api=minidl.testing.MinidlTestCase.assertClose cat=abs_rel thr=customized tol=rtol:literal:0.01,atol:default:1e-06
        self.assertClose(out, ref, 1e-3)  # expect: oa api=minidl.testing.MinidlTestCase.assertClose cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:default:1e-06

    def test_rounding_method_wrapper(self):
        s = float(ops.sigmoid(0.0))
        self.assertNearlyEqual(s, 0.5)  # expect: oa api=minidl.testing.MinidlTestCase.assertNearlyEqual cat=rounding thr=default tol=places:default:5
        self.assertNearlyEqual(s, 0.5, places=3)  # expect: oa api=minidl.testing.MinidlTestCase.assertNearlyEqual cat=rounding thr=customized tol=places:literal:3

    def test_catalogued_method_in_subclass(self):
        out = self.layer(self.x)
        self.assertAllClose(out, self.layer.kernel + self.layer.bias, atol=1e-5)  # expect: oa api=tf.test.TestCase.assertAllClose cat=abs_rel thr=customized tol=atol:literal:1e-05,rtol:default:1e-06


def match(actual, expected, almost=False, decimal=7):
    # Exact unless the caller asks for an approximate comparison.
    if not almost:
        assert actual.tolist() == expected.tolist()  # expect: assert api=assert
    else:
        np.testing.assert_almost_equal(actual, expected, decimal=decimal)  # expect: oa api=numpy.testing.assert_almost_equal cat=rounding thr=depend tol=decimal:depend


def test_a_helper_that_compares_approximately_only_when_asked():
    match(ops.relu(np.array([1, -2, 3])), np.array([1, 0, 3]))  # expect: assert api=tests.test_wrappers.match
    match(ops.sigmoid(np.zeros(2)), np.full(2, 0.5), almost=True)  # expect: oa api=tests.test_wrappers.match cat=rounding thr=default tol=decimal:default:7


def check_layer(out, shape, expected=None):
    """Checks the shape, and the values where the caller gives them."""
    assert out.shape == shape  # expect: assert api=assert
    if expected is not None:
        assert_close(out, expected)  # expect: oa api=minidl.testing.assert_close cat=abs_rel thr=default tol=atol:default:1e-05,rtol:default:1e-07


def test_shape_only_and_value_checks():
    x = np.ones((2, 3))
    check_layer(ops.relu(x), (2, 3))  # expect: assert api=tests.test_wrappers.check_layer
    check_layer(ops.relu(x), (2, 3), x)  # expect: oa api=tests.test_wrappers.check_layer cat=abs_rel thr=default tol=atol:default:1e-05,rtol:default:1e-07
    check_layer(ops.relu(x), (2, 3), expected=x)  # expect: oa api=tests.test_wrappers.check_layer cat=abs_rel thr=default tol=atol:default:1e-05,rtol:default:1e-07
