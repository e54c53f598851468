import numpy as np
import tensorflow as tf

from nnlib import optim


def sgd_step_numpy(value, grad, lr):
    return value - lr * grad


def test_sgd_moves_a_framework_variable_as_the_numpy_step_does():
    w_np = np.array([1.0, 2.0])
    g = np.array([0.5, -0.5])
    w = tf.Variable(w_np)
    opt = optim.SGD(lr=0.1)
    for _ in range(3):
        opt.apply_gradients(zip([g], [w]))
        w_np = sgd_step_numpy(w_np, g, 0.1)
        np.testing.assert_allclose(w_np, w.numpy())  # oracle: NI thr=default


def test_a_framework_variable_read_back_before_any_update():
    w_np = np.array([1.0, 2.0])
    w = tf.Variable(w_np)
    print(w.dtype)
    np.testing.assert_allclose(w.numpy(), w_np)  # oracle: D thr=default
