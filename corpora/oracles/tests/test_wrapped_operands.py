"""Values wrapped in the library's variable type or moved to a device are the values they wrap;
one operator run on the library's variables and on NumPy's arrays is NumPy evaluating the same
expression."""
import unittest

import numpy as np

from nnlib import variable
from nnlib.variable import Variable


class TestOperatorsOnVariables(unittest.TestCase):
    def setUp(self):
        self.x1 = np.random.uniform(0.5, 1.0, (3, 2)).astype(np.float32)
        self.x2 = np.random.uniform(0.5, 1.0, (3, 2)).astype(np.float32)

    def check_forward(self, op, x1_data, x2_data):
        x1 = Variable(x1_data)
        x2 = Variable(x2_data)
        y = op(x1, x2)
        np.testing.assert_allclose(op(self.x1, self.x2), y.data, rtol=1e-6)  # oracle: DT thr=customized

    def check_on_devices(self, op, x1_data):
        on_host = op(x1_data)
        moved = op(variable.to_device(x1_data))
        np.testing.assert_allclose(variable.to_cpu(on_host), variable.to_cpu(moved))  # oracle: SCUT_SAME thr=default

    def test_add(self):
        self.check_forward(lambda x, y: x + y, self.x1, self.x2)  # oracle: DT thr=customized

    def test_pow(self):
        self.check_forward(lambda x, y: x ** y, self.x1, self.x2)  # oracle: DT thr=customized

    def test_tanh_on_devices(self):
        self.check_on_devices(variable.tanh, self.x1)  # oracle: SCUT_SAME thr=default


def test_tanh_against_numpy_through_force_array():
    x = np.linspace(-1.0, 1.0, 5)
    expected = variable.force_array(np.tanh(x))
    np.testing.assert_allclose(variable.tanh(Variable(x)).data, expected)  # oracle: DT thr=default


def test_literal_wrapped_in_a_variable():
    x = np.array([0.0, 1.0])
    want = Variable(np.array([0.0, 0.7615942]))
    np.testing.assert_allclose(variable.tanh(x).data, want.data, rtol=1e-6)  # oracle: D thr=customized


def test_device_move_of_the_input_changes_nothing():
    x = np.linspace(-1.0, 1.0, 5)
    on_host = variable.tanh(x)
    on_device = variable.tanh(variable.to_device(x))
    np.testing.assert_allclose(on_host.data, variable.to_cpu(on_device.data))  # oracle: SCUT_SAME thr=default
