"""Hand-written error bounds in bare assert statements."""

import numpy as np

from minidl import layers, ops
from minidl.constants import TOL


def _pair():
    x = np.linspace(-1.0, 1.0, 7)
    return ops.tanh(x), np.tanh(x)


def test_abs_difference_literal():
    a, b = _pair()
    assert abs(a[0] - b[0]) < 1e-5  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:1e-05


def test_max_abs_local_tol():
    out, ref = _pair()
    tol = 1e-6
    assert np.max(np.abs(out - ref)) <= tol  # expect: oa api=assert cat=error_bound thr=customized tol=bound:constant:1e-06


def test_elementwise_all():
    x, y = _pair()
    assert (np.abs(x - y) < 1e-6).all()  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:1e-06


def test_norm_against_eps_name():
    a, b = _pair()
    eps = 1e-7
    assert np.linalg.norm(a - b) < eps  # expect: oa api=assert cat=error_bound thr=customized tol=bound:constant:1e-07


def test_bound_on_the_left():
    a, b = _pair()
    assert 1e-5 > abs(a[3] - b[3])  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:1e-05


def test_named_error():
    a, b = _pair()
    err = float(np.mean((a - b) ** 2))
    assert err < 0.01  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:0.01
    rel_err = float(np.max(np.abs(a - b) / (np.abs(b) + 1.0)))
    assert rel_err < 10**-3  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:0.001


def test_imported_tolerance():
    a, b = _pair()
    max_diff = float(np.max(np.abs(a - b)))
    assert max_diff <= TOL  # expect: oa api=assert cat=error_bound thr=customized tol=bound:constant:0.0001


def test_quantisation_step():
    y = np.round(ops.sigmoid(np.array([0.2])) * 255) / 255
    ref = ops.sigmoid(np.array([0.2]))
    assert abs(y[0] - ref[0]) <= 1. / 255  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:0.00392156862745098


def test_multiline_bound():
    out, ref = _pair()
    assert (  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:0.0001
        np.abs(out - ref).max()
        < 1e-4
    )


def test_mean_error_with_message():
    out, ref = _pair()
    assert np.mean(np.abs(out - ref)) < 1e-3, "mean absolute error too large"  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:0.001


def test_bound_inside_loop():
    for seed in range(3):
        layer = layers.Dense(2, 2, seed=seed)
        x = np.eye(2, dtype=np.float32)
        out = layer(x)
        ref = layer.kernel + layer.bias
        assert np.abs(out - ref).max() < 1e-6  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:1e-06


def test_non_oa_comparisons():
    scores = ops.softmax(np.array([2.0, 1.0, 0.1]))
    acc = float(np.max(scores))
    assert acc > 0.5  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:0.5
    pieces = ops.split(np.arange(4), 2)
    assert len(pieces) < 3  # expect: assert api=assert
    a, b = _pair()
    assert a.shape == b.shape  # expect: assert api=assert
    assert np.all(ops.relu(a) >= 0)  # expect: assert api=assert
    loss, prev_loss = 0.3, 0.4
    assert loss < prev_loss  # expect: assert api=assert


class TestBoundsInClass:
    THRESH = 1e-5

    def test_class_attribute_bound(self):
        a, b = _pair()
        delta = float(np.max(np.abs(a - b)))
        assert delta < self.THRESH  # expect: oa api=assert cat=error_bound thr=customized tol=bound:constant:1e-05
        assert delta <= TestBoundsInClass.THRESH  # expect: oa api=assert cat=error_bound thr=customized tol=bound:constant:1e-05

    def test_dtype_dependent_bound(self):
        for dtype in (np.float32, np.float64):
            x = np.linspace(0.0, 1.0, 5).astype(dtype)
            diff = np.abs(ops.identity(x) - x).max()
            assert diff <= 10 * np.finfo(dtype).eps  # expect: oa api=assert cat=error_bound thr=depend tol=bound:depend


def test_outputs_must_differ():
    # Dropout in training mode must change the activations: a "not close" check, negated.
    x = np.ones(8)
    y = layers.dropout(x, rate=0.5, training=True)
    assert np.abs(np.sum(x - y)) > 1e-5  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:1e-05
    assert not np.allclose(x, y)  # expect: oa api=numpy.allclose cat=abs_rel thr=default tol=rtol:default:1e-05,atol:default:1e-08


def test_interval_checks():
    samples = ops.uniform(0.0, 1.0, size=1000)
    hi = 1.0
    assert hi - 0.02 < np.max(samples) <= hi  # expect: oa api=assert cat=error_bound thr=customized tol=lower_bound:constant:0.98,bound:constant:1
    assert 0.45 < np.mean(samples) < 0.55  # expect: oa api=assert cat=error_bound thr=customized tol=lower_bound:literal:0.45,bound:literal:0.55
    assert 0 <= len(samples) <= 1000  # expect: assert api=assert


def test_bands_around_an_expected_value():
    # A value kept on one side of an expected one widened by a tolerance: a one-sided band.
    y = float(ops.sigmoid(np.zeros(1))[0])
    assert y <= 0.5 + 1e-6  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:1e-06
    clipped = np.tanh(ops.sigmoid(np.linspace(-2.0, 2.0, 9)))
    assert np.all(clipped >= -1.0 - 1e-7)  # expect: oa api=assert cat=error_bound thr=customized tol=bound:literal:1e-07
    assert y >= 0.25  # expect: assert api=assert
