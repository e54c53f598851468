"""Interchangeable compute backends exposing the same operator set."""
from nnlib.backend import numpy_backend, ref_backend

BACKENDS = {"numpy": numpy_backend, "ref": ref_backend}


def get(name):
    return BACKENDS[name]


class ListArrays:
    """Arrays held as nested Python lists, the library's functions run on them as on NumPy's."""

    def from_numpy(self, *arrays):
        converted = [a.tolist() for a in arrays]
        return converted[0] if len(converted) == 1 else converted

    def to_numpy(self, *values):
        import numpy as np

        converted = [np.asarray(v, dtype=float) for v in values]
        return converted[0] if len(converted) == 1 else converted
