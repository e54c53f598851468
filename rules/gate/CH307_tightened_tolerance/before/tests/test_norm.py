import numpy as np

from norms import l2_normalize


def test_l2_normalize():
    x = np.array([3.0, 4.0])
    np.testing.assert_allclose(l2_normalize(x), [0.6, 0.8], rtol=1e-5)
