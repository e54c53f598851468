"""Gradients of a fused kernel against PyTorch's autograd through the layers it fuses."""
import copy
import unittest

import torch
import torch.nn.functional as F

from nnlib import kernels


class FusedDenseReluGradients(unittest.TestCase):
    def setUp(self):
        torch.manual_seed(3)
        self.layer = torch.nn.Linear(4, 3)
        # The reference runs on a copy, so each side's backward fills in its own `.grad`.
        self.layer_ = copy.deepcopy(self.layer)
        self.x = torch.randn(5, 4)
        self.x_ = self.x.clone()

    def test_bias_gradient_of_the_fused_kernel(self):
        out = kernels.dense_relu(self.x, self.layer.weight, self.layer.bias)
        loss = (out**2).sum() / out.numel()
        loss.backward()
        out_ = F.relu(self.layer_(self.x_))
        loss_ = (out_**2).sum() / out_.numel()
        loss_.backward()
        torch.testing.assert_close(  # oracle: DT thr=customized
            self.layer.bias.grad,
            self.layer_.bias.grad,
            atol=1e-6,
            rtol=1e-5,
        )


def test_gradient_of_the_layer_the_reference_was_copied_from():
    # Two backward passes, the second through a copy of the reference layer: the reference's
    # gradient is that of its own loss, not of the later one that read a copy of it.
    torch.manual_seed(4)
    reference = torch.nn.Linear(4, 3)
    fused = copy.deepcopy(reference)
    x = torch.randn(5, 4)
    F.relu(reference(x)).mean().backward()
    kernels.dense_relu(x, fused.weight, fused.bias).mean().backward()
    assert torch.allclose(reference.weight.grad, fused.weight.grad, atol=1e-6)  # oracle: DT thr=customized
