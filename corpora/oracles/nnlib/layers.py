"""Layers as modules: `init` draws a layer's variables, `apply` runs it on them."""
import numpy as np

from nnlib import ops


class Dense:
    def __init__(self, width):
        self.width = width
        self.trainable = False

    def init(self, seed, x):
        rng = np.random.default_rng(seed)
        return {"w": rng.standard_normal((x.shape[-1], self.width))}

    def apply(self, params, x):
        return ops.matmul(x, params["w"])

    def requires_grad_(self, flag=True):
        self.trainable = flag
        return self

    def weights(self, params):
        return params["w"]


class Scan:
    """A running sum of a projection, over the whole sequence at once or step by step."""

    def init(self, seed, x):
        return {"w": np.random.default_rng(seed).standard_normal((x.shape[-1], 1))}

    def apply(self, params, x, method=None):
        return (method or self.__call__)(params, x)

    def __call__(self, params, x):
        return ops.cumsum(ops.matmul(x, params["w"]), axis=0)

    def steps(self, params, x):
        total, out = 0.0, []
        for row in x:
            total = total + ops.matmul(row, params["w"])
            out.append(total)
        return np.stack(out)


def random_scan(n_in, seed=0):
    """A Scan with its variables drawn, ready to be called on sequences of `n_in` features."""
    layer = Scan()
    layer.params = layer.init(seed, np.zeros((1, n_in)))
    return layer
