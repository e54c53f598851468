"""Operators checked against a reference method of the test class picked by the operator's
name, on inputs a static generator of the class yields: grids over written bounds and random
draws, each picked out of the generator's locals by a key spelled from the case."""
import itertools
import unittest

import numpy as np

from nnlib import ops


class NamedReferenceTest(unittest.TestCase):
    @staticmethod
    def transpose_reference(x, *args):
        return x.T

    @staticmethod
    def scale_rows_reference(x, factors):
        out = np.empty_like(x)
        for i in range(x.shape[0]):
            out[i] = x[i] * factors[i]
        return out

    @staticmethod
    def _inputs(h=4, w=3):
        rows, cols = np.mgrid[0 : h * 2 : 2, 0 : w * 2 : 2]
        x_grid = rows * w + cols
        x_random = np.random.rand(h, w)
        for kind in ["grid", "random"]:
            yield locals()["x_{}".format(kind)].astype(np.float64), kind

    def test_transpose_against_its_reference(self):
        name = "transpose"
        for x, kind in NamedReferenceTest._inputs():
            reference = getattr(self, "{}_reference".format(name))
            out = ops.transpose(x)
            np.testing.assert_allclose(out, reference(x))  # oracle: D thr=default

    def test_scale_rows_against_its_reference(self):
        name = "scale_rows"
        factors = np.array([0.5, 1.5, 2.0, 3.0])
        for (x, kind), shift in itertools.product(NamedReferenceTest._inputs(), [0.0, 1.0]):
            reference = getattr(self, f"{name}_reference")
            out = ops.scale_rows(x + shift, factors)
            np.testing.assert_allclose(out, reference(x + shift, factors), rtol=1e-12)  # oracle: NI thr=customized
