"""Image augmentation helpers and a self-check of their numerics (numpy)."""
import math

import numpy as np


def normalise(images, mean, std):
    return (images - mean) / std


def random_flip(images, rng):
    flip = rng.random(len(images)) < 0.5
    images[flip] = images[flip, :, ::-1]
    return images


def self_check():
    rng = np.random.default_rng(42)  # ok: ML205 (a seeded generator)
    images = rng.random((8, 32, 32))
    restored = normalise(images, 0.5, 0.25) * 0.25 + 0.5
    np.allclose(restored, images)  # expect: OA104
    assert np.allclose(restored, images, atol=1e-12)  # ok: OA104
    total = float(np.sum(images * 0))
    if total == math.nan:  # expect: ML204
        raise ValueError("NaN in the images")
    flipped = random_flip(images.copy(), rng)
    return math.isclose(float(flipped.sum()), float(images.sum()))  # ok: OA104


if __name__ == "__main__":
    print(self_check())
