"""Layers of minidl: plain Python objects holding NumPy parameters."""

import numpy as np

from minidl import ops


class Dense:
    def __init__(self, units_in, units_out, seed=0):
        rng = np.random.RandomState(seed)
        self.kernel = rng.standard_normal((units_in, units_out)).astype(np.float32)
        self.bias = np.zeros(units_out, dtype=np.float32)

    def __call__(self, x):
        return ops.matmul(x, self.kernel) + self.bias


class LayerNorm:
    def __init__(self, epsilon=1e-5):
        self.epsilon = epsilon

    def __call__(self, x):
        mean = x.mean(axis=-1, keepdims=True)
        var = x.var(axis=-1, keepdims=True)
        return (x - mean) / np.sqrt(var + self.epsilon)


class Sequential:
    def __init__(self, *layers):
        self.layers = list(layers)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
