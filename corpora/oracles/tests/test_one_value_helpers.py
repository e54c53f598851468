"""A helper given one value that makes both sides of its check from it: each call checks what the
helper's own check compares; and a function nested in a test, bound by `functools.partial` to
each side's implementation."""
import functools

import numpy as np

from nnlib import graph, ops


class _ShiftedSoftplus:
    def __call__(self, x):
        return ops.softplus(x) - np.log(2.0)


def check_compiled_matches(model, x):
    x_again = x.copy()
    eager = model(x)
    compiled = graph.compile(model)(x_again)
    np.testing.assert_allclose(eager, compiled, rtol=1e-6)  # oracle: SCUT_SAME thr=customized


def test_shifted_softplus_compiled():
    check_compiled_matches(_ShiftedSoftplus(), np.random.randn(5))  # oracle: SCUT_SAME thr=customized


def test_shifted_softplus_compiled_on_a_grid():
    x = np.linspace(-3.0, 3.0, 7)
    check_compiled_matches(_ShiftedSoftplus(), x)  # oracle: SCUT_SAME thr=customized


def test_reference_through_a_partial_of_a_nested_function():
    a = np.random.randn(4, 3)
    b = np.random.randn(5, 3)

    def product(impl_fn, left, right):
        return impl_fn(left, right.T)

    fused = functools.partial(product, ops.matmul)
    reference = functools.partial(product, np.matmul)
    np.testing.assert_allclose(fused(a, b), reference(a, b), rtol=1e-6)  # oracle: DT thr=customized
