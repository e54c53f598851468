"""A helper that runs the method it is handed by name (`getattr(model, method)(...)`): another
library's object handed in is run there, and computes the oracle (DT), as it would called
directly."""
import copy

import torch

from nnlib import models


def outputs_of(model, method, inputs):
    run = getattr(model, method)
    return run(**copy.deepcopy(inputs))


def test_chunked_forward_against_torch_run_by_method_name():
    reference_module = torch.nn.Linear(3, 2)
    inputs = {"input": torch.randn(4, 3)}
    expected = outputs_of(reference_module, "forward", inputs)
    chunked = models.Chunked(copy.deepcopy(reference_module))
    torch.testing.assert_close(chunked(inputs["input"]), expected)  # oracle: DT thr=default
