"""An optimizer that updates the variables it is handed in place."""
import numpy as np


class SGD:
    def __init__(self, lr=0.1):
        self.lr = lr

    def apply_gradients(self, grads_and_vars):
        for grad, var in grads_and_vars:
            var.assign(var.numpy() - self.lr * np.asarray(grad))


class StepSGD:
    """Plain or momentum SGD over torch tensors, stepped like torch.optim's optimizers."""

    def __init__(self, params, lr=0.1, momentum=0.0):
        self.params = list(params)
        self.lr = lr
        self.momentum = momentum
        self.velocity = [None] * len(self.params)

    def step(self):
        for i, p in enumerate(self.params):
            v = p.grad if self.velocity[i] is None else self.momentum * self.velocity[i] + p.grad
            self.velocity[i] = v
            p.data -= self.lr * v


class StepAdagrad:
    """Adagrad over torch tensors."""

    def __init__(self, params, lr=0.01, eps=1e-10):
        self.params = list(params)
        self.lr = lr
        self.eps = eps
        self.sums = [0.0] * len(self.params)

    def step(self):
        for i, p in enumerate(self.params):
            self.sums[i] = self.sums[i] + p.grad * p.grad
            p.data -= self.lr * p.grad / (self.sums[i] ** 0.5 + self.eps)


class ExponentialRate:
    """Multiplies the learning rate of each parameter group by `gamma` per step."""

    def __init__(self, groups, gamma):
        self.groups = groups
        self.base = [g["lr"] for g in groups]
        self.gamma = gamma
        self.count = 0

    def step(self):
        self.count += 1
        for g, base in zip(self.groups, self.base):
            g["lr"] = base * self.gamma**self.count


class PiecewiseRate:
    """Divides the learning rate by ten at each of `milestones`."""

    def __init__(self, groups, milestones):
        self.groups = groups
        self.milestones = list(milestones)
        self.count = 0

    def step(self):
        self.count += 1
        if self.count in self.milestones:
            for g in self.groups:
                g["lr"] = g["lr"] * 0.1
