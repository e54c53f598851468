"""One function run on NumPy's arrays and on arrays a backend object made from them, read back
to NumPy: the backend's run is the other's oracle, another backend of the library (DT)."""
import numpy as np
import pytest

from nnlib import ops
from nnlib.backend import ListArrays


@pytest.fixture
def nx():
    return ListArrays()


def test_softmax_on_numpy_and_on_the_list_backend(nx):
    x = np.array([[0.5, 1.5, -1.0]])
    y = ops.softmax(x)
    xb = nx.from_numpy(x)
    yb = nx.to_numpy(ops.softmax(xb))
    np.testing.assert_allclose(y, yb, rtol=1e-7)  # oracle: DT thr=customized
