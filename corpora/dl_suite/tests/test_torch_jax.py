"""Assertions from torch, JAX/chex, Theano, pytest and math."""

import math

import chex
import jax
import numpy as np
import pytest
import theano.tensor as T
import torch
from jax import test_util as jtu
from pytest import approx
from theano.tensor.basic import _allclose
from theano.tests import unittest_tools as utt

from minidl import ops
from minidl.constants import RTOL, TOL


def _to_torch(array):
    return torch.from_numpy(np.asarray(array))


def test_torch_assert_close_default():
    x = np.linspace(-2.0, 2.0, 9)
    torch.testing.assert_close(_to_torch(ops.relu(x)), torch.relu(_to_torch(x)))  # expect: oa api=torch.testing.assert_close cat=abs_rel thr=default tol=rtol:default:1.3e-06,atol:default:1e-05


def test_torch_assert_close_custom():
    x = np.linspace(-2.0, 2.0, 9)
    out = _to_torch(ops.sigmoid(x))
    torch.testing.assert_close(out, torch.sigmoid(_to_torch(x)), rtol=1e-4, atol=1e-5)  # expect: oa api=torch.testing.assert_close cat=abs_rel thr=customized tol=rtol:literal:0.0001,atol:literal:1e-05
    torch.testing.assert_close(  # expect: oa api=torch.testing.assert_close cat=abs_rel thr=customized tol=atol:constant:0.0001,rtol:constant:1e-05
        out.double(),
        torch.sigmoid(_to_torch(x)).double(),
        atol=TOL,
        rtol=RTOL,
        msg="sigmoid in float64",
    )


def _measured_jitter():
    return float(torch.rand(1)) * 1e-7


def test_torch_unresolved_tolerance():
    x = np.array([0.5, 1.5])
    torch.testing.assert_close(_to_torch(ops.identity(x)), _to_torch(x), rtol=0.0, atol=_measured_jitter())  # expect: oa api=torch.testing.assert_close cat=abs_rel thr=customized tol=rtol:literal:0.0,atol:unresolved


def test_torch_assert_allclose():
    x = np.array([0.1, 0.2])
    torch.testing.assert_allclose(_to_torch(ops.tanh(x)), torch.tanh(_to_torch(x)))  # expect: oa api=torch.testing.assert_allclose cat=abs_rel thr=default tol=rtol:default:1.3e-06,atol:default:1e-05
    torch.testing.assert_allclose(_to_torch(ops.gelu(x)), torch.nn.functional.gelu(_to_torch(x)), 1e-3, 1e-3)  # expect: oa api=torch.testing.assert_allclose cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:literal:0.001


def test_torch_predicates():
    a = _to_torch(ops.softmax(np.array([1.0, 2.0])))
    b = torch.softmax(_to_torch(np.array([1.0, 2.0])), dim=0)
    assert torch.allclose(a, b, atol=1e-6)  # expect: oa api=torch.allclose cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:default:1e-05
    assert torch.allclose(a, b)  # expect: oa api=torch.allclose cat=abs_rel thr=default tol=rtol:default:1e-05,atol:default:1e-08
    assert torch.isclose(a, b, rtol=1e-3).all()  # expect: oa api=torch.allclose cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:default:1e-08


def test_chex_trees():
    params = {"w": np.ones(3), "b": np.zeros(1)}
    copy = {"w": ops.identity(np.ones(3)), "b": np.zeros(1)}
    chex.assert_trees_all_close(params, copy)  # expect: oa api=chex.assert_trees_all_close cat=abs_rel thr=default tol=rtol:default:1e-06,atol:default:0
    chex.assert_trees_all_close(params, copy, rtol=1e-5, atol=1e-6)  # expect: oa api=chex.assert_trees_all_close cat=abs_rel thr=customized tol=rtol:literal:1e-05,atol:literal:1e-06
    chex.assert_tree_all_close(params, copy, atol=1e-4)  # expect: oa api=chex.assert_trees_all_close cat=abs_rel thr=customized tol=atol:literal:0.0001,rtol:default:1e-06


def test_jax_check_close():
    xs = jax.numpy.arange(3.0)
    jtu.check_close(xs, ops.identity(xs))  # expect: oa api=jax.test_util.JaxTestCase.assertAllClose cat=abs_rel thr=default tol=rtol:default:1e-06,atol:default:1e-06
    jax.test_util.check_close(xs, ops.relu(xs), atol=1e-5, rtol=1e-5)  # expect: oa api=jax.test_util.JaxTestCase.assertAllClose cat=abs_rel thr=customized tol=atol:literal:1e-05,rtol:literal:1e-05


def test_theano_helpers():
    expected = np.array([0.5, 0.5])
    value = ops.sigmoid(np.zeros(2))
    utt.assert_allclose(expected, value)  # expect: oa api=theano.tests.unittest_tools.assert_allclose cat=abs_rel thr=default tol=rtol:default:1e-05,atol:default:1e-05
    utt.assert_allclose(expected, value, rtol=1e-3)  # expect: oa api=theano.tests.unittest_tools.assert_allclose cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:default:1e-05
    assert _allclose(value, expected)  # expect: oa api=theano.tensor.basic._allclose cat=abs_rel thr=default tol=rtol:default:1e-05,atol:default:1e-05
    assert T._allclose(value, expected, rtol=1e-3, atol=1e-4)  # expect: oa api=theano.tensor.basic._allclose cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:literal:0.0001


def test_math_isclose():
    total = float(np.sum(ops.softmax(np.array([0.3, 0.3, 0.4]))))
    assert math.isclose(total, 1.0, rel_tol=1e-6)  # expect: oa api=math.isclose cat=abs_rel thr=customized tol=rtol:literal:1e-06,atol:default:0.0
    assert math.isclose(float(ops.relu(-1.0)), 0.0, abs_tol=1e-9)  # expect: oa api=math.isclose cat=abs_rel thr=customized tol=atol:literal:1e-09,rtol:default:1e-09
    assert math.isclose(float(ops.tanh(0.0)), 0.0)  # expect: oa api=math.isclose cat=abs_rel thr=default tol=rtol:default:1e-09,atol:default:0.0


def test_pytest_approx():
    loss = float(-np.log(ops.sigmoid(0.0)))
    assert loss == pytest.approx(0.693147, rel=1e-3)  # expect: oa api=pytest.approx cat=abs_rel thr=customized tol=rtol:literal:0.001,atol:default:1e-12
    assert pytest.approx(0.5, abs=1e-6) == float(ops.sigmoid(0.0))  # expect: oa api=pytest.approx cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:default:1e-06
    assert float(ops.relu(2.0)) == approx(2.0)  # expect: oa api=pytest.approx cat=abs_rel thr=default tol=rtol:default:1e-06,atol:default:1e-12
    grads = [0.1, 0.2]
    assert grads == pytest.approx([0.1, 0.2], rel=1e-4, abs=1e-8)  # expect: oa api=pytest.approx cat=abs_rel thr=customized tol=rtol:literal:0.0001,atol:literal:1e-08


def test_numpy_isclose_reduced():
    a = ops.relu(np.array([1.0, 2.0]))
    assert np.all(np.isclose(a, [1.0, 2.0], atol=1e-6))  # expect: oa api=numpy.isclose cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:default:1e-05
    assert np.allclose(a, [1.0, 2.0])  # expect: oa api=numpy.allclose cat=abs_rel thr=default tol=rtol:default:1e-05,atol:default:1e-08


class TestTorchLayers:

    def test_gelu_against_torch(self):
        x = torch.linspace(-1.0, 1.0, 5)
        ours = _to_torch(ops.gelu(x.numpy()))
        for approximate in ("tanh",):
            ref = torch.nn.functional.gelu(x, approximate=approximate)
            torch.testing.assert_close(ours, ref, atol=1e-6, rtol=0.0)  # expect: oa api=torch.testing.assert_close cat=abs_rel thr=customized tol=atol:literal:1e-06,rtol:literal:0.0
