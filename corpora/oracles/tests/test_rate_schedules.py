"""Learning-rate schedules checked by a helper of the test class against the rate each step
should reach: a rate worked out per step by the schedule's formula, or written out as numbers."""
import unittest

from numpy.testing import assert_allclose

from nnlib import optim


class RateScheduleTest(unittest.TestCase):
    def setUp(self):
        self.groups = [{"lr": 0.1}, {"lr": 0.2}]

    def _check_rates(self, schedule, targets, steps):
        for step in range(steps):
            for group, target in zip(self.groups, targets):
                # The expected rate is handed first, NumPy's order reversed.
                assert_allclose(target[step], group["lr"], atol=1e-9)  # oracle: D thr=customized
            schedule.step()

    def test_exponential_rate_follows_its_formula(self):
        steps = 6
        first = [0.1 * 0.5**k for k in range(steps)]
        targets = [first, [2 * r for r in first]]
        schedule = optim.ExponentialRate(self.groups, gamma=0.5)
        self._check_rates(schedule, targets, steps)  # oracle: NI thr=customized

    def test_piecewise_rate_written_out(self):
        first = [0.1] * 2 + [0.01] * 2 + [0.001] * 2
        targets = [first, [r * 2 for r in first]]
        schedule = optim.PiecewiseRate(self.groups, milestones=[2, 4])
        self._check_rates(schedule, targets, 6)  # oracle: D thr=customized
