import numpy as np

from norms import layer_norm


def test_layer_norm():
    x = np.linspace(-1.0, 1.0, 8)
    np.testing.assert_allclose(layer_norm(x), (x - x.mean()) / x.std(), rtol=1e-3)
