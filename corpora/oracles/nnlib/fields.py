"""Tensors of fields: an array whose channels come in groups of a field's size."""
import numpy as np


class FieldTensor:
    def __init__(self, tensor, size):
        self.tensor = np.asarray(tensor)
        self.size = size

    def __getitem__(self, index):
        return FieldTensor(self.tensor[index], self.size)

    def fields(self):
        return self.tensor.shape[-1] // self.size
