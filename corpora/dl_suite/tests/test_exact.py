"""Exact (non-OA) assertions, and a few look-alikes that are not assertions."""

import unittest

import numpy as np

from minidl import layers, ops
from minidl.testing import assert_shape_ok


def test_bare_exact_asserts():
    out = ops.relu(np.array([-1.0, 0.0, 1.0]))
    assert out.shape == (3,)  # expect: assert api=assert
    assert isinstance(out, np.ndarray)  # expect: assert api=assert
    assert np.array_equal(out, [0.0, 0.0, 1.0])  # expect: assert api=assert
    assert out.dtype == np.float64, "relu changed the dtype"  # expect: assert api=assert


def test_numpy_exact():
    x = np.arange(6).reshape(2, 3)
    np.testing.assert_array_equal(ops.identity(x), x)  # expect: assert api=numpy.testing.assert_array_equal
    np.testing.assert_equal(ops.relu(x), x)  # expect: assert api=numpy.testing.assert_equal
    assert_shape_ok(ops.split(x, 2)[0], (1, 3))  # expect: assert api=minidl.testing.assert_shape_ok


def test_look_alikes():
    x = np.ones(3)
    assert_fn = np.testing.assert_allclose  # ok: not an assertion (no call)
    same = np.allclose(x, ops.identity(x))  # ok: not an assertion
    print(assert_fn, same)


class TestExactUnittest(unittest.TestCase):

    def test_equalities(self):
        layer = layers.Dense(2, 5)
        self.assertEqual(layer.kernel.shape, (2, 5))  # expect: assert api=unittest.TestCase.assertEqual
        self.assertEquals(layer.bias.shape, (5,))  # expect: assert api=unittest.TestCase.assertEqual
        self.assertListEqual(list(layer.bias), [0.0] * 5)  # expect: assert api=unittest.TestCase.assertEqual
        self.assertCountEqual([1, 2], [2, 1])  # expect: assert api=unittest.TestCase.assertEqual

    def test_truthiness(self):
        out = ops.relu(np.array([1.0]))
        self.assertTrue(out[0] > 0)  # expect: assert api=assertTrue
        self.assertFalse(np.any(np.isnan(out)))  # expect: assert api=assertFalse
        self.assertIsNotNone(out)  # expect: assert api=assertIsNotNone
        self.assertIn(1.0, list(out))  # expect: assert api=assertIn
        self.assertIsInstance(out, np.ndarray)  # expect: assert api=assertIsInstance
        self.assertTrue(np.array_equal(out, [1.0]))  # expect: assert api=assertTrue

    def test_raises(self):
        with self.assertRaises(ValueError):  # ok: exception checks are not counted as assertions (docs/counting.md)
            ops.split(np.arange(3), 0)
        with self.assertRaisesRegex(ValueError, "sections"):  # ok: exception checks are not counted
            ops.split(np.arange(3), -1)

    def test_exact_in_loop(self):
        for n in range(1, 4):
            pieces = ops.split(np.arange(n * 2), n)
            self.assertEqual(len(pieces), n)  # expect: assert api=unittest.TestCase.assertEqual
            self.assertLessEqual(len(pieces[0]), 2)  # expect: assert api=unittest.TestCase.assertLessEqual


class Helpers:
    """Not a test class; its method's assertion is still reported."""

    def check_identity(self, n):
        x = np.arange(n)
        np.testing.assert_array_equal(ops.identity(x), np.arange(n))  # expect: assert api=numpy.testing.assert_array_equal


def test_shapes_through_closeness_apis():
    x = np.ones((2, 3))
    out = ops.relu(x)
    # Shapes are integers: a closeness API on them is an exact check and carries no tolerance.
    np.testing.assert_allclose(out.shape, x.shape)  # expect: assert api=numpy.testing.assert_allclose
    assert np.allclose(ops.split(x, 2)[0].shape[1], 3)  # expect: assert api=numpy.allclose
    np.testing.assert_allclose(len(ops.split(x, 2)), 2, rtol=1e-3)  # expect: assert api=numpy.testing.assert_allclose
    # The values under a shape-built oracle are still approximated.
    np.testing.assert_allclose(out, np.ones(x.shape))  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=default tol=rtol:default:1e-07,atol:default:0


def test_zero_tolerances():
    import torch

    q = ops.quantize(np.linspace(-1.0, 1.0, 8), bits=8)
    ref = ops.quantize_reference(np.linspace(-1.0, 1.0, 8), bits=8)
    # Closeness APIs given zero for every tolerance (NumPy's atol defaults to 0) compare exactly.
    torch.testing.assert_close(torch.as_tensor(q), torch.as_tensor(ref), atol=0, rtol=0)  # expect: assert api=torch.testing.assert_close cat=exact
    np.testing.assert_allclose(q, ref, rtol=0)  # expect: assert api=numpy.testing.assert_allclose cat=exact
    np.testing.assert_allclose(q, ref, rtol=0, atol=1e-7)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:literal:0,atol:literal:1e-07


def test_integer_arrays_typed_by_position():
    tokens = np.asarray([[3, 1, 4, 1]], "int32")
    # A dtype given by position makes whole numbers too; a structure of them, or a join of them,
    # compared with a closeness API is compared exactly.
    np.testing.assert_allclose(ops.identity(tokens), tokens)  # expect: assert api=numpy.testing.assert_allclose
    expected = {"mask": np.concatenate([np.zeros((1, 2), np.int32), np.ones((1, 2), np.int32)], axis=1)}
    for key in expected:
        np.testing.assert_allclose(ops.identity(expected[key]), expected[key])  # expect: assert api=numpy.testing.assert_allclose
    # Floats typed by position keep their tolerance.
    np.testing.assert_allclose(ops.relu(np.ones(3, np.float32)), np.ones(3, np.float32))  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=default tol=rtol:default:1e-07,atol:default:0


def _same_state(a, b, atol=0.0, rtol=0.0):
    np.testing.assert_allclose(a, b, atol=atol, rtol=rtol)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=depend tol=atol:depend,rtol:depend


def test_helper_left_at_zero_tolerances():
    x = np.linspace(-1.0, 1.0, 5)
    # A helper of the suite whose tolerances default to zero compares exactly where a call leaves
    # them; a call handing it one is an OA check.
    _same_state(ops.identity(x), x)  # expect: assert api=tests.test_exact._same_state cat=exact
    _same_state(ops.relu(x), np.maximum(x, 0.0), atol=1e-7)  # expect: oa api=tests.test_exact._same_state cat=abs_rel thr=customized tol=atol:literal:1e-07,rtol:default:0


def test_torch_one_hot_is_integers():
    import torch
    import torch.nn.functional as F

    targets = torch.tensor([0, 2, 1])
    # PyTorch's one-hot encoding is int64: a closeness check of it compares exactly.
    torch.testing.assert_close(torch.as_tensor(ops.identity(F.one_hot(targets, 3).numpy())), F.one_hot(targets, 3))  # expect: assert api=torch.testing.assert_close


def test_sum_of_integer_tensors_is_integers():
    import torch

    x = torch.tensor([1, 2, 3])
    y = torch.tensor([4, 5, 6])
    # Sums, differences and products of int64 tensors are int64: compared exactly.
    torch.testing.assert_close(torch.as_tensor(ops.identity((x + y).numpy())), x + y)  # expect: assert api=torch.testing.assert_close
    torch.testing.assert_close(torch.as_tensor(ops.identity(x.numpy())), 2 * x - y)  # expect: assert api=torch.testing.assert_close
    # A quotient is a float tensor: a real tolerance.
    torch.testing.assert_close(torch.as_tensor(ops.identity(x.numpy())) / 2, x / 2)  # expect: oa api=torch.testing.assert_close cat=abs_rel thr=default tol=atol:default:1e-05,rtol:default:1.3e-06


def test_estimator_labels_are_integers():
    from sklearn.linear_model import SGDClassifier
    from sklearn.preprocessing import OneHotEncoder

    x = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]])
    y = np.array([0, 1, 1])
    model = SGDClassifier(loss="hinge")
    model.fit(x, y)
    # A classifier of the scikit-learn interface predicts class labels: compared exactly.
    np.testing.assert_allclose(model.predict(x), ops.identity(y), rtol=1e-6, atol=1e-6)  # expect: assert api=numpy.testing.assert_allclose
    encoder = OneHotEncoder()
    encoder.fit(x)
    np.testing.assert_allclose(encoder.transform(x).todense(), ops.identity(x), rtol=1e-6)  # expect: assert api=numpy.testing.assert_allclose
    # Its decision function is real-valued: a real tolerance.
    np.testing.assert_allclose(model.decision_function(x), ops.identity(x[:, 0]), rtol=1e-6)  # expect: oa api=numpy.testing.assert_allclose cat=abs_rel thr=customized tol=atol:default:0,rtol:literal:1e-06
