"""An optimizer that updates the variables it is handed in place."""
import numpy as np


class SGD:
    def __init__(self, lr=0.1):
        self.lr = lr

    def apply_gradients(self, grads_and_vars):
        for grad, var in grads_and_vars:
            var.assign(var.numpy() - self.lr * np.asarray(grad))
