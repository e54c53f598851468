"""TensorFlow-style assertions: tf.test.TestCase methods and tf.debugging."""

import numpy as np
import tensorflow as tf

from minidl import layers, ops
from minidl.constants import ATOL, TOL


class DenseLayerTest(tf.test.TestCase):
    EPS = 1e-5

    def _forward(self, dtype=np.float32):
        layer = layers.Dense(4, 3, seed=7)
        x = np.ones((2, 4), dtype=dtype)
        return layer(x), x @ layer.kernel + layer.bias

    def test_all_close_default(self):
        out, ref = self._forward()
        self.assertAllClose(out, ref)  # expect: oa api=tf.test.TestCase.assertAllClose cat=abs_rel thr=default tol=rtol:default:1e-06,atol:default:1e-06

    def test_all_close_keywords(self):
        out, ref = self._forward()
        self.assertAllClose(out, ref, rtol=1e-5, atol=1e-5)  # expect: oa api=tf.test.TestCase.assertAllClose cat=abs_rel thr=customized tol=rtol:literal:1e-05,atol:literal:1e-05
        self.assertAllClose(out, ref, atol=1e-3)  # expect: oa api=tf.test.TestCase.assertAllClose cat=abs_rel thr=customized tol=atol:literal:0.001,rtol:default:1e-06

    def _noise_floor(self):
        return float(np.std(np.random.RandomState(1).standard_normal(16))) * 1e-6

    def test_all_close_unresolved_tolerance(self):
        out, ref = self._forward()
        self.assertAllClose(out, ref, atol=self._noise_floor())  # expect: oa api=tf.test.TestCase.assertAllClose cat=abs_rel thr=customized tol=atol:unresolved,rtol:default:1e-06

    def test_all_close_positional(self):
        out, ref = self._forward(np.float64)
        self.assertAllClose(out, ref, 1e-4, 1e-4)  # expect: oa api=tf.test.TestCase.assertAllClose cat=abs_rel thr=customized tol=rtol:literal:0.0001,atol:literal:0.0001

    def test_all_close_multiline(self):
        out, ref = self._forward()
        self.assertAllClose(  # expect: oa api=tf.test.TestCase.assertAllClose cat=abs_rel thr=customized tol=atol:constant:1e-06,rtol:constant:0.0001
            out,
            ref,
            atol=ATOL,
            rtol=TOL,
            msg="dense forward",
        )

    def test_according_to_type(self):
        for dtype in (np.float16, np.float32, np.float64):
            out, ref = self._forward(dtype)
            self.assertAllCloseAccordingToType(out, ref)  # expect: oa api=tf.test.TestCase.assertAllCloseAccordingToType cat=abs_rel thr=depend tol=rtol:default:1e-06,atol:default:1e-06
            self.assertAllCloseAccordingToType(out, ref, half_rtol=1e-2, half_atol=1e-2)  # expect: oa api=tf.test.TestCase.assertAllCloseAccordingToType cat=abs_rel thr=depend tol=rtol:default:1e-06,atol:default:1e-06
            self.assertAllCloseAccordingToType(out, ref, rtol=1e-5, atol=1e-5)  # expect: oa api=tf.test.TestCase.assertAllCloseAccordingToType cat=abs_rel thr=depend tol=rtol:literal:1e-05,atol:literal:1e-05

    def test_near_scalars(self):
        value = float(ops.sigmoid(0.0)) / 2.0
        self.assertNear(value, 0.25, 1e-6)  # expect: oa api=tf.test.TestCase.assertNear cat=abs thr=customized tol=atol:literal:1e-06
        self.assertNear(value, 0.25, err=self.EPS)  # expect: oa api=tf.test.TestCase.assertNear cat=abs thr=customized tol=atol:constant:1e-05

    def test_array_near(self):
        got = [float(v) for v in ops.relu(np.array([0.5, -1.0, 2.0]))]
        self.assertArrayNear(got, [0.5, 0.0, 2.0], 1e-5)  # expect: oa api=tf.test.TestCase.assertArrayNear cat=abs thr=customized tol=atol:literal:1e-05
        self.assertArrayNear(got, [0.5, 0.0, 2.0], err=DenseLayerTest.EPS)  # expect: oa api=tf.test.TestCase.assertArrayNear cat=abs thr=customized tol=atol:constant:1e-05

    def test_nd_array_near(self):
        out, ref = self._forward()
        self.assertNDArrayNear(out, ref, 1e-6)  # expect: oa api=tf.test.TestCase.assertNDArrayNear cat=abs thr=customized tol=atol:literal:1e-06
        self.assertNDArrayNear(out, ref, err=TOL)  # expect: oa api=tf.test.TestCase.assertNDArrayNear cat=abs thr=customized tol=atol:constant:0.0001

    def test_all_less_equal(self):
        out, ref = self._forward()
        self.assertAllLessEqual(np.abs(out - ref), 1e-5)  # expect: oa api=tf.test.TestCase.assertAllLessEqual cat=error_bound thr=customized tol=bound:literal:1e-05
        abs_err = np.abs(out - ref)
        self.assertAllLess(abs_err, self.EPS)  # expect: oa api=tf.test.TestCase.assertAllLessEqual cat=error_bound thr=customized tol=bound:constant:1e-05

    def test_exact_tf_methods(self):
        out, ref = self._forward()
        self.assertAllEqual(out.shape, [2, 3])  # expect: assert api=unittest.TestCase.assertEqual
        self.assertShapeEqual(out, tf.constant(ref))  # expect: assert api=unittest.TestCase.assertEqual
        self.assertDTypeEqual(out, np.float32)  # expect: assert api=assertDTypeEqual


class DebuggingAssertTest(tf.test.TestCase):

    def test_debugging_assert_near_default(self):
        x = tf.constant([1.0, 2.0])
        y = tf.constant(ops.identity(np.array([1.0, 2.0], dtype=np.float32)))
        tf.debugging.assert_near(x, y)  # expect: oa api=tf.debugging.assert_near cat=abs_rel thr=default tol=rtol:default:1.19e-06,atol:default:1.19e-06

    def test_debugging_assert_near_custom(self):
        x = tf.constant([0.5])
        y = tf.constant(ops.sigmoid(np.array([0.0], dtype=np.float32)))
        tf.debugging.assert_near(x, y, rtol=1e-3, atol=1e-3)  # expect: oa api=tf.debugging.assert_near cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:literal:0.001
        tf.compat.v1.assert_near(x, y, atol=1e-4)  # expect: oa api=tf.debugging.assert_near cat=abs_rel thr=customized tol=atol:literal:0.0001,rtol:default:1.19e-06

    def test_debugging_assert_equal_is_exact(self):
        x = tf.constant([3, 4])
        tf.debugging.assert_equal(x, tf.constant([3, 4]))  # expect: assert api=tensorflow.debugging.assert_equal
