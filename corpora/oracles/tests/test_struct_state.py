"""A field set by a struct's `replace` is the value given for it: positions the test sets survive a
change of frame and back (D)."""
import numpy as np

from nnlib import state


def test_positions_set_by_replace_survive_a_round_trip():
    s = state.initial_state(3).replace(pos=np.array([1.0, -1.0, 0.3]))
    back = state.from_frame(state.to_frame(s, 2.0), 2.0)
    np.testing.assert_allclose(s.pos, back.pos)  # oracle: D thr=default
