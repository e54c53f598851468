"""A metric reduced over every process against another library's reduction of the data gathered
from all of them: the gather moves the data, the other library computes."""
import numpy as np

from nnlib import distributed


def test_a_mean_over_processes_against_numpy_on_the_gathered_data():
    local = np.linspace(0.0, 1.0, 5) + distributed.get_rank()
    result = distributed.all_reduce_mean(local)
    everything = distributed.all_gather(local)
    np.testing.assert_allclose(result, np.mean(everything))  # oracle: DT thr=default


def test_a_gathered_copy_against_the_input():
    local = np.arange(3.0) * (distributed.get_world_size() + 1)
    np.testing.assert_allclose(distributed.all_gather(local), local)  # oracle: D thr=default
