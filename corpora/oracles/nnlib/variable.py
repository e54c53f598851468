"""The library's variable type, which records operations for backpropagation, and device moves."""
import numpy as np


class Variable:
    def __init__(self, data, name=None):
        self.data = np.asarray(data)
        self.name = name

    def __add__(self, other):
        return Variable(self.data + _data(other))

    def __mul__(self, other):
        return Variable(self.data * _data(other))

    def __pow__(self, other):
        return Variable(self.data ** _data(other))


def _data(x):
    return x.data if isinstance(x, Variable) else x


def to_device(x, device=0):
    return np.array(x, copy=True)


def to_cpu(x):
    return np.asarray(x)


def force_array(x, dtype=None):
    return np.asarray(x, dtype=dtype)


def tanh(x):
    return Variable(np.tanh(_data(x)))
