"""Collectives over the processes of a run (one process here: each is the identity or a copy)."""
import numpy as np


def get_rank():
    return 0


def get_world_size():
    return 1


def all_gather(x):
    return np.asarray(x).copy()


def all_reduce_mean(x):
    return float(np.mean(np.asarray(x)))
