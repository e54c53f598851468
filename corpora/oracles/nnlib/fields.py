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

    def channels_of(self, fields):
        index = np.concatenate([np.arange(f * self.size, (f + 1) * self.size) for f in fields])
        return self.tensor[:, index]
