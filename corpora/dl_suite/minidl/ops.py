"""Element-wise and reduction operators of minidl."""

import math

import numpy as np


def relu(x):
    return np.maximum(x, 0.0)


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def tanh(x):
    return np.tanh(x)


def softmax(x, axis=-1):
    shifted = x - np.max(x, axis=axis, keepdims=True)
    exps = np.exp(shifted)
    return exps / np.sum(exps, axis=axis, keepdims=True)


def log_softmax(x, axis=-1):
    shifted = x - np.max(x, axis=axis, keepdims=True)
    return shifted - np.log(np.sum(np.exp(shifted), axis=axis, keepdims=True))


def gelu(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def matmul(a, b):
    # A library-side sanity check: this file is not a test file, so OALens
    # must not report the statement below.
    assert a.shape[-1] == b.shape[0], "inner dimensions differ"
    return a @ b


def split(x, parts):
    return np.array_split(x, parts)


def identity(x):
    return x
