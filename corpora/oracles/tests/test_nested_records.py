"""Records of the library nested in each other, built from the test's arrays: read back through
their fields they are the test's data, moved."""
import numpy as np

from nnlib.records import Record


def test_nested_record_joined_against_its_field_joined_by_numpy():
    rec = Record(a=Record(a=np.linspace(0.0, 1.0, 4)))
    np.testing.assert_allclose(np.concatenate([rec.a.a, rec.a.a]), Record.cat([rec, rec]).a.a)  # oracle: D thr=default
