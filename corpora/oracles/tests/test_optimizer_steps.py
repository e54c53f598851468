"""Optimizers stepped beside PyTorch's on copies of one parameter, products written with `@`,
TensorFlow's raw ops, and a TensorFlow function against what the library compiles of it."""
import numpy as np
import pytest
import tensorflow as tf
import torch

from nnlib import graph, ops, optim

# The reference and the implementation, per optimizer: most references are PyTorch's.
OPTIMIZER_PAIRS = {}
OPTIMIZER_PAIRS["sgd"] = (torch.optim.SGD, optim.StepSGD)
OPTIMIZER_PAIRS["sgd_momentum"] = (
    lambda params: torch.optim.SGD(params, lr=0.1, momentum=0.9),
    lambda params: optim.StepSGD(params, momentum=0.9),
)
OPTIMIZER_PAIRS["adagrad"] = (torch.optim.Adagrad, optim.StepAdagrad)


def test_sgd_steps_like_pytorch_sgd():
    reference_param = torch.randn(4, 3) * 0.1
    param = reference_param.clone()
    reference = torch.optim.SGD([reference_param], lr=0.1)
    stepper = optim.StepSGD([param], lr=0.1)
    for _ in range(3):
        grad = torch.randn(4, 3)
        reference_param.grad = grad.clone()
        param.grad = grad.clone()
        reference.step()
        stepper.step()
        torch.testing.assert_close(param, reference_param)  # oracle: DT thr=default


@pytest.mark.parametrize("name", ["sgd", "sgd_momentum", "adagrad"])
def test_each_optimizer_steps_like_its_reference(name):
    reference_param = torch.randn(8)
    param = reference_param.clone()
    reference = OPTIMIZER_PAIRS[name][0]([reference_param])
    stepper = OPTIMIZER_PAIRS[name][1]([param])
    for _ in range(5):
        grad = torch.randn(8) * 0.01
        reference_param.grad = grad.clone()
        param.grad = grad.clone()
        stepper.step()
        reference.step()
    torch.testing.assert_close(param, reference_param, atol=1e-6, rtol=1e-5)  # oracle: DT thr=customized


def test_diagonal_product_against_numpy_matmul():
    d = np.array([1.0, 2.0, 3.0])
    a = np.random.randn(3, 4)
    np.testing.assert_allclose(ops.Diagonal(d) @ a, np.diag(d) @ a)  # oracle: DT thr=default


def test_diagonal_quadratic_form_written_out():
    d = np.array([1.0, 2.0, 3.0])
    a = np.random.randn(3, 3)
    np.testing.assert_allclose(ops.diag_quadratic(d, a), np.diagonal(a.T @ np.diag(d) @ a))  # oracle: NI thr=default


def test_relu_against_tensorflow_raw_op():
    x = np.random.randn(9)
    expected = tf.raw_ops.Relu(features=x)
    np.testing.assert_allclose(ops.relu(x), expected)  # oracle: DT thr=default


def test_compiled_tensorflow_function_against_tensorflow():
    tf_fn = tf.function(lambda v: tf.nn.softplus(v))
    compiled = graph.compile(tf_fn)
    x = np.linspace(-3.0, 3.0, 7)
    np.testing.assert_allclose(compiled(x), tf_fn(x), rtol=1e-6)  # oracle: DT thr=customized


def test_compiled_tensorflow_helper_against_tensorflow():
    @tf.function
    def tf_shifted(v):
        return v + tf.constant(3.0, dtype=v.dtype)

    x = np.linspace(-1.0, 1.0, 5)
    expected = tf_shifted(x)
    compiled = graph.compile(tf_shifted)
    np.testing.assert_allclose(compiled(x), expected)  # oracle: DT thr=default


def test_bias_gradient_against_a_pytorch_sequential():
    reference = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU())
    x = torch.randn(5, 4)
    reference(x).sum().backward()
    expected = reference[0].bias.grad
    got = ops.dense_relu_bias_grad(x, reference[0].weight.detach(), reference[0].bias.detach())
    torch.testing.assert_close(got, expected)  # oracle: DT thr=default



def test_step_decay_stops_at_its_floor():
    floor = 0.001
    param = torch.zeros(3, requires_grad=True)
    stepper = optim.StepSGD([param], lr=0.1)
    schedule = optim.StepDecay(stepper, every=10, decay_rate=0.5, floor=floor)
    schedule.step(1000)
    assert stepper.lr == pytest.approx(floor, rel=1e-6)  # oracle: D thr=customized
