"""A dense model with an optional activation."""
import numpy as np

from nnlib import ops

_ACTIVATIONS = {
    None: lambda z: z,
    "relu": ops.relu,
    "sigmoid": ops.sigmoid,
    "softmax": ops.softmax,
    "tanh": ops.tanh,
}


class Model:
    def __init__(self, weights, bias=None, activation=None):
        self.weights = np.asarray(weights, dtype=np.float64)
        self.bias = None if bias is None else np.asarray(bias, dtype=np.float64)
        self.activation = activation

    def logits(self, x):
        z = ops.matmul(x, self.weights)
        if self.bias is not None:
            z = z + self.bias
        return z

    def __call__(self, x):
        return self.predict(x)

    def predict(self, x, batch_size=None, offset=0.0):
        x = np.asarray(x, dtype=np.float64)
        act = _ACTIVATIONS[self.activation]
        if batch_size is None:
            return act(self.logits(x)) + offset
        parts = [act(self.logits(x[i:i + batch_size]))
                 for i in range(0, x.shape[0], batch_size)]
        return np.concatenate(parts, axis=0) + offset

    def fit(self, x, y, epochs=1, lr=0.1):
        x = np.asarray(x, dtype=np.float64)
        y = np.asarray(y, dtype=np.float64)
        history = []
        for _ in range(epochs):
            pred = self.logits(x)
            err = pred - y
            history.append(float(ops.mean(ops.square(err))))
            grad_w = 2.0 * ops.matmul(x.T, err) / x.shape[0]
            self.weights -= lr * grad_w
            if self.bias is not None:
                self.bias -= lr * 2.0 * ops.mean(err, axis=0)
        return history

    def get_weights(self):
        out = [self.weights.copy()]
        if self.bias is not None:
            out.append(self.bias.copy())
        return out

    @classmethod
    def from_file(cls, path):
        return cls(np.load(path))

    @classmethod
    def random(cls, n_in, n_out, seed=None):
        return cls(np.random.default_rng(seed).normal(size=(n_in, n_out)))

    @classmethod
    def from_preset(cls, name):
        """A model of a named preset: its weights drawn from a seed the name fixes."""
        n_in, n_out, seed = _PRESETS[name]
        return cls.random(n_in, n_out, seed=seed)

    def save(self, path):
        np.save(path, self.weights)


_PRESETS = {"tiny": (3, 2, 0), "small": (8, 4, 1)}


class LowRankModel(Model):
    """A dense model whose weights are kept as the product of two thin factors."""

    def __init__(self, left, right, activation=None):
        super().__init__(ops.matmul(left, right), activation=activation)
        self.left, self.right = left, right

    def logits(self, x):
        return ops.matmul(ops.matmul(x, self.left), self.right)


class Gram:
    """The Gram matrix of a batch of vectors under the dot product."""

    def __init__(self, x):
        self.x = np.asarray(x, dtype=np.float64)

    def dense(self):
        return ops.matmul(self.x, self.x.T)


def dense_layer(width, activation):
    """A layer as a pair of functions: init(rng, n_in) draws its weights, apply(params, x) runs it."""

    def init(rng, n_in):
        return rng.standard_normal((n_in, width)) / np.sqrt(n_in)

    def apply(params, x):
        return activation(ops.matmul(x, params))

    return init, apply


class Chunked:
    """A torch module run on micro-batches, its outputs joined: the module's function, computed apart."""

    def __init__(self, module, chunks=2):
        self.module = module
        self.chunks = chunks

    def __call__(self, x):
        import torch

        return torch.cat([self.module(part) for part in x.chunk(self.chunks)])

    def parameters(self):
        return self.module.parameters()


def prune_(module, fraction):
    """Zeroes, in place, the given fraction of each weight matrix of a torch module, smallest first."""
    for parameter in module.parameters():
        if parameter.dim() < 2:
            continue
        cut = parameter.abs().flatten().kthvalue(max(1, int(fraction * parameter.numel()))).values
        parameter.data[parameter.abs() <= cut] = 0.0
    return module


def fitted_bias_only(model, x, y, epochs=1, lr=0.1):
    """A new model whose bias is fitted, its weights kept; `model` is left as it was."""
    x = np.asarray(x, dtype=np.float64)
    bias = np.zeros(model.weights.shape[1]) if model.bias is None else model.bias.copy()
    for _ in range(epochs):
        err = ops.matmul(x, model.weights) + bias - np.asarray(y, dtype=np.float64)
        bias = bias - lr * 2.0 * ops.mean(err, axis=0)
    return Model(model.weights.copy(), bias, model.activation), err
