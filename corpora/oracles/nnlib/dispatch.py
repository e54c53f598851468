"""Models moved between devices or loaded onto them: operations that must not change a result."""
import numpy as np


def is_xpu_available():
    return False


def offload(model, device):
    """Marks, in place, where the model's weights live between calls."""
    model.device = device
    return None


def load_and_dispatch(model, path, device="cpu"):
    """Reads the weights stored at `path` into `model` and places it on `device`."""
    model.weights = np.load(path)
    model.device = device
    return model
