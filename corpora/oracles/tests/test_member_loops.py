"""A layer run once on a batch of ensemble members against the author's loop over the members,
scaling each member's inputs and outputs around the same layer as the ensemble would."""
import numpy as np

from nnlib import layers


def test_dense_on_a_batch_against_a_loop_over_members():
    members, rows = 2, 3
    layer = layers.Dense(4)
    x = np.random.default_rng(0).standard_normal((rows, 2))
    params = layer.init(0, x)
    in_scale = np.array([1.0, 1.0])
    out_scale = np.array([1.0, 1.0])
    out = layer.apply(params, np.concatenate([x] * members))
    expected = np.concatenate([layer.apply(params, x * in_scale[k]) * out_scale[k] for k in range(members)])
    np.testing.assert_allclose(out, expected, rtol=1e-12)  # oracle: NI thr=customized
