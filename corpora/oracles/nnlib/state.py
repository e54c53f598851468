"""A simulation state kept in a frozen dataclass, changed by `replace` as JAX-style structs are."""
import dataclasses

import numpy as np


@dataclasses.dataclass(frozen=True)
class State:
    pos: np.ndarray
    vel: np.ndarray

    def replace(self, **changes):
        return dataclasses.replace(self, **changes)


def initial_state(n):
    return State(np.zeros(n), np.zeros(n))


def to_frame(state, offset):
    return State(state.pos - offset, state.vel)


def from_frame(state, offset):
    return State(state.pos + offset, state.vel)
