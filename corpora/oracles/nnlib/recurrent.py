"""Recurrent cores and the two ways of running them over a sequence."""
import numpy as np


class Core:
    """A recurrent step: (input, state) -> (output, next state)."""

    def __init__(self, size):
        self.size = size

    def initial_state(self, batch_size):
        return np.zeros((batch_size, self.size))

    def __call__(self, x, state):
        raise NotImplementedError


def dynamic_unroll(core, inputs, state, lengths=None):
    outputs = []
    for t, x in enumerate(inputs):
        out, new_state = core(x, state)
        if lengths is not None:
            keep = (t < np.asarray(lengths))[:, None]
            new_state = np.where(keep, new_state, state)
            out = np.where(keep, out, 0.0)
        outputs.append(out)
        state = new_state
    return np.stack(outputs), state


def static_unroll(core, inputs, state, lengths=None):
    return dynamic_unroll(core, list(inputs), state, lengths=lengths)
