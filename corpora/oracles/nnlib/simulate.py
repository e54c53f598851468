"""A rigid-body step on nnlib arrays: the state a reference engine keeps, copied to nnlib and
advanced there."""
import numpy as np


class DeviceState:
    def __init__(self, qpos, contacts, act):
        self.qpos = np.asarray(qpos, dtype=float)
        self.contacts = np.asarray(contacts, dtype=float)
        self.act = np.asarray(act, dtype=float)
        self.xpos = np.cumsum(self.qpos)


def to_device(model, state):
    return DeviceState(state.qpos, state.contacts, state.act)


def step(state, dt=0.01):
    return DeviceState(state.qpos + dt * state.act, state.contacts * (1.0 - dt), state.act)


def actuate(state, gain=0.5):
    return DeviceState(state.qpos, state.contacts, gain * state.act)


def rollout(state, n):
    frames = []
    for _ in range(n):
        state = step(state)
        frames.append(state)
    return frames
