"""minidl: a deliberately tiny, fictional deep-learning library.

It exists only so that the test suite under ``tests/`` has something to
call; none of this code is meant to run.
"""

from minidl import constants, layers, ops

__all__ = ["constants", "layers", "ops"]
__version__ = "0.0.1"
