"""Classes a test defines in its own body, a record class decorated inside a test method among
them, and values a coroutine of the test awaits: traced as a module's classes and as the awaited
call's value are."""
import dataclasses

import numpy as np

from nnlib import ops


class TestRecordsOfTheMethod:
    def test_a_record_class_defined_in_the_method(self):
        @dataclasses.dataclass
        class Sample:
            x: np.ndarray

        sample = Sample(x=np.linspace(0.5, 2.0, 4))
        np.testing.assert_allclose(ops.relu(sample.x), sample.x)  # oracle: D thr=default


async def _delivered(values):
    return values


async def test_a_value_awaited_back():
    x = np.array([0.25, -1.5, 3.0])
    got = await _delivered(ops.tanh(x))
    np.testing.assert_allclose(got, np.tanh(x), rtol=1e-6)  # oracle: DT thr=customized
