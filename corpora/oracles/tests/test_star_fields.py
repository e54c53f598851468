"""Names a test takes from `from nnlib.fields import *` are nnlib's. Indexing an nnlib object
built around the test's array is checked against NumPy indexing that array: another library's
indexing is the oracle (DT); the array itself, not indexed, stays the test's data (D)."""
import numpy as np

from nnlib.fields import *


def test_rows_of_a_field_tensor_against_numpy_rows():
    t = np.random.default_rng(1).normal(size=(4, 6))
    ft = FieldTensor(t, 2)
    np.testing.assert_allclose(t[1:3], ft[1:3].tensor)  # oracle: DT thr=default


def test_a_whole_field_tensor_against_its_array():
    t = np.arange(12.0).reshape(3, 4)
    ft = FieldTensor(t, 2)
    np.testing.assert_allclose(ft[:].tensor, t, rtol=0, atol=0.5)  # oracle: D thr=customized


def test_channels_of_fields_against_indices_the_test_works_out():
    t = np.random.default_rng(2).normal(size=(3, 8))
    ft = FieldTensor(t, 2)
    np.testing.assert_allclose(ft.channels_of([3, 1]), t[:, [f * 2 + i for f in (3, 1) for i in range(2)]])  # oracle: NI thr=default
