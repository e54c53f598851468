"""Kernels that write their results into arrays the caller hands them."""
import numpy as np

from nnlib import ops


class GatedRelu:
    """Relu of the first half of the last axis times the second half, written into `out`."""

    def __call__(self, out, x):
        half = x.shape[-1] // 2
        out[...] = ops.relu(x[..., :half]) * x[..., half:]


class ScaleInPlace:
    """Multiplies the first `width` columns of `x` by `factor`, in place."""

    def __init__(self, width, factor):
        self.width = width
        self.factor = factor

    def __call__(self, x):
        x[:, : self.width] *= self.factor


def dense_relu(x, weight, bias):
    """relu(x @ weight.T + bias) in one pass, for tensors of any array package with `@` and `clamp`."""
    return (x @ weight.T + bias).clamp(min=0)
