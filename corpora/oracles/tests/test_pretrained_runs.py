"""A network's outputs before it was saved and after a copy was loaded from the directory (the
same computation, SCUT_SAME), and a part of the same call's result read twice, once inside a
context that should leave it as it is."""
import tempfile
import types

import numpy as np

from nnlib import pretrained


def _net():
    return pretrained.PretrainedNet(np.linspace(-1.0, 1.0, 6).reshape(3, 2))


def test_logits_before_saving_and_after_loading():
    net = _net()
    x = np.ones((2, 3)) / 3.0
    before = net(x).logits
    with tempfile.TemporaryDirectory() as tmp:
        net.save_pretrained(tmp)
        loaded = pretrained.PretrainedNet.from_pretrained(tmp)
    after = loaded(x).logits
    np.testing.assert_allclose(before, after, rtol=1e-6)  # oracle: SCUT_SAME thr=customized


class _Scorer:
    """A scorer of the test's own, outside the library, that the library's context rescales."""

    scale = 1.0

    def __call__(self, x):
        return types.SimpleNamespace(logits=self.scale * np.tanh(x))


def test_logits_inside_a_context_that_scales_by_one():
    scorer = _Scorer()
    x = np.arange(6.0).reshape(2, 3) / 6.0
    first = scorer(x).logits
    with pretrained.scaled(scorer, 1.0):
        second = scorer(x).logits
    np.testing.assert_allclose(first, second)  # oracle: SCUT_SAME thr=default
