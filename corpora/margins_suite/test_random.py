# Checks on random noise: the error of each run depends on the seed. Each test logs the true
# largest error it drew (conftest.py's `truth`) before checking it.
import random

import numpy as np


def test_noise_far_from_tolerance(truth):
    x = np.linspace(0.0, 1.0, 256)
    noise = np.random.normal(0.0, 1e-7, size=x.shape)
    truth("noise_healthy", float(np.max(np.abs(noise))))
    np.testing.assert_allclose(x + noise, x, rtol=0, atol=2e-6)  # site: random_healthy


def test_noise_near_tolerance(truth):
    x = np.linspace(0.0, 1.0, 256)
    noise = np.random.normal(0.0, 1e-7, size=x.shape)
    truth("noise_tight", float(np.max(np.abs(noise))))
    np.testing.assert_allclose(x + noise, x, rtol=0, atol=4e-7)  # site: random_tight


def test_python_random(truth):
    shift = random.uniform(0.0, 1e-3)
    truth("python_random", shift)
    assert abs((1.0 + shift) - 1.0) < 1e-2
    np.testing.assert_allclose(1.0 + shift, 1.0, rtol=0, atol=1e-2)  # site: random_python
