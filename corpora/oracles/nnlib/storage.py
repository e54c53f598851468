"""Arrays stored to a file and read back."""
import numpy as np


def save_values(values, path):
    np.save(path, np.asarray(values))


def load_values(path):
    return np.load(path)
