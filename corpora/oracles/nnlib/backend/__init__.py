"""Interchangeable compute backends exposing the same operator set."""
from nnlib.backend import numpy_backend, ref_backend

BACKENDS = {"numpy": numpy_backend, "ref": ref_backend}


def get(name):
    return BACKENDS[name]
