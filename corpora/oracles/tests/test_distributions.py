"""A distribution of nnlib checked against the SciPy object one of its properties builds."""
import numpy as np

from nnlib.distributions import Normal


def test_normal_cdf_against_its_scipy_twin():
    dist = Normal(0.5, 2.0)
    twin = dist.scipy_normal
    x = np.linspace(-3.0, 3.0, 7)
    np.testing.assert_allclose(dist.cdf(x), twin.cdf(x), rtol=1e-7)  # oracle: DT thr=customized
