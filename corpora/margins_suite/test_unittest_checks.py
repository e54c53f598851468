# unittest's assertAlmostEqual, by places and by delta.
import unittest


class AlmostEqualTest(unittest.TestCase):
    def test_places(self):
        self.assertAlmostEqual(1.0 + 2.0**-30, 1.0)  # site: unittest_places

    def test_places_given(self):
        self.assertAlmostEqual(2.0, 2.0 + 2.0**-12, places=3)  # site: unittest_places3

    def test_delta(self):
        self.assertAlmostEqual(10.0, 10.25, delta=0.5)  # site: unittest_delta
