"""A layer of the library against another library's layer of the same kind, run on the variables
the library drew; a flag the test sets on a layer in place, which changes no number; a layer's
method named by `apply`'s `method=` keyword against its whole-sequence call; a layer the library
draws at random, called."""
import numpy as np
import torch
from refnet import layers as ref_layers

from nnlib import ops
from nnlib.layers import Dense, Scan, random_scan


def test_dense_against_the_reference_layer_on_its_variables():
    layer = Dense(width=4)
    x = np.random.default_rng(0).standard_normal((2, 3))
    params = layer.init(0, x)
    out = layer.apply(params, x)
    reference = ref_layers.DenseLayer.Params().Set(width=4).Instantiate()
    theirs = reference.FProp(params, x)
    np.testing.assert_allclose(theirs, out, rtol=1e-6)  # oracle: DT thr=customized


def test_trainable_dense_against_torch_on_its_weights():
    layer = Dense(width=2)
    x = torch.ones(1, 3)
    params = layer.init(1, x)
    w = params["w"].detach().clone()
    w.requires_grad_(True)
    np.testing.assert_allclose(layer.apply(params, x), torch.matmul(x, w))  # oracle: DT thr=default


def test_scan_step_by_step_against_the_whole_sequence():
    layer = Scan()
    x = np.ones((4, 3))
    params = layer.init(0, x)
    whole = layer.apply(params, x)
    stepped = layer.apply(params, x, method=layer.steps)
    np.testing.assert_allclose(stepped, whole)  # oracle: RI thr=default


def test_cumsum_against_a_drawn_scan_called():
    layer = random_scan(3)
    x = np.ones((4, 3))
    np.testing.assert_allclose(ops.cumsum(ops.matmul(x, layer.params["w"]), axis=0), layer(layer.params, x))  # oracle: RI thr=default
