"""Project-local assertion helpers ("wrappers") for the minidl test suite."""

import numpy as np
import tensorflow as tf


def assert_close(actual, expected, atol=1e-5):
    """Wrapper: forwards to numpy.testing.assert_allclose with an absolute tolerance."""
    np.testing.assert_allclose(actual, expected, atol=atol)


def assert_close_rel(actual, expected, rtol=1e-4, atol=1e-6):
    """Wrapper: forwards both tolerances."""
    np.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol)


def assert_tree_close(tree_a, tree_b, tol=1e-4):
    """Wrapper of a wrapper: compares two flat trees leaf by leaf."""
    for leaf_a, leaf_b in zip(tree_a, tree_b):
        assert_close(leaf_a, leaf_b, atol=tol)


def assert_shape_ok(array, shape):
    """An exact check; its name alone makes its calls assertions."""
    assert tuple(array.shape) == tuple(shape), "unexpected shape %r" % (array.shape,)


def numeric_grad(fn, point, eps):
    return (fn(point + eps) - fn(point - eps)) / (2.0 * eps)


def check_gradient(fn, point, eps=1e-3):
    """NOT a wrapper: it computes both values it compares."""
    analytic = fn.grad(point)
    numeric = numeric_grad(fn, point, eps)
    np.testing.assert_allclose(analytic, numeric, rtol=1e-2, atol=1e-3)


def check_values_and_gradients(fn, reference, point, atol=1e-6, grad_atol=1e-3):
    """Wrapper with two checks: the values within atol, then the gradients within grad_atol."""
    np.testing.assert_allclose(fn(point), reference(point), atol=atol)
    np.testing.assert_allclose(fn.grad(point), numeric_grad(reference, point, 1e-4), atol=grad_atol)


class MinidlTestCase(tf.test.TestCase):
    """Base class of the minidl unit tests, with method wrappers."""

    def assertClose(self, a, b, rtol=1e-4):
        self.assertAllClose(a, b, rtol=rtol)

    def assertNearlyEqual(self, first, second, places=5):
        self.assertAlmostEqual(first, second, places=places)


def assert_within(actual, expected, atol=1e-6):
    """Bounds the size of the difference itself: every call compares its two arguments."""
    diff = abs(np.asarray(actual) - np.asarray(expected))
    assert diff.max() < atol, "largest difference %g" % diff.max()


def assert_rel_within(actual, expected, atol=1e-8, rtol=1e-5):
    """A relative error bounded by rtol, with atol keeping the denominator away from zero."""
    diff = abs(actual - expected)
    if (diff / (atol + abs(expected))).max() > rtol:
        raise AssertionError("relative difference above %g" % rtol)
