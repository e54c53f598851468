# One check, three parameters: the error grows with k, so the site's largest share is k = 3's.
import numpy as np
import pytest


@pytest.mark.parametrize("k", [1, 2, 3])
def test_scaled_error(k):
    expected = np.full(4, 1.0)
    actual = expected + k * 2.0**-14
    np.testing.assert_allclose(actual, expected, rtol=0, atol=2.0**-10)  # site: parametrized
