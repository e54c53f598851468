"""A check written once in a helper of the file, read as its callers use it; one optimizer built
around two models' parameters; a model built from a preset's name, saved and read back; an error
whose difference is written as a call."""
import copy

import numpy as np
import torch

from nnlib import models, ops


def check_parity(reference_module, chunked, x):
    # The callers hand a PyTorch module and nnlib's chunked copy of it.
    torch.testing.assert_close(chunked(x), reference_module(x))  # oracle: DT thr=default


def test_chunked_linear_against_torch():
    reference_module = torch.nn.Linear(3, 2)
    check_parity(reference_module, models.Chunked(copy.deepcopy(reference_module)), torch.randn(4, 3))  # oracle: DT thr=default


def test_one_optimizer_steps_both_modules():
    reference_module = torch.nn.Linear(3, 2)
    chunked = models.Chunked(copy.deepcopy(reference_module))
    opt = torch.optim.SGD(list(reference_module.parameters()) + list(chunked.parameters()), lr=0.1)
    x = torch.randn(4, 3)
    reference_module(x).sum().backward()
    chunked(x).sum().backward()
    opt.step()
    # The optimizer is PyTorch's; what else it was built around is not what the reference holds.
    torch.testing.assert_close(chunked.module.weight, reference_module.weight)  # oracle: DT thr=default


def test_preset_model_saved_and_read_back(tmp_path):
    model = models.Model.from_preset("tiny")
    x = np.ones((2, 3))
    before = model.predict(x)
    path = tmp_path / "model.npy"
    model.save(path)
    restored = models.Model.from_file(path)
    np.testing.assert_allclose(restored.predict(x), before)  # oracle: SCUT_SAME thr=default


def test_relu_error_written_as_a_call():
    x = np.linspace(-1.0, 1.0, 9)
    error = np.abs(np.subtract(ops.relu(x), np.maximum(x, 0.0))).max()
    assert error < 1e-12  # oracle: DT thr=customized
