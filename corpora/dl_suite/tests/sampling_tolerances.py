"""Tolerances the sampling tests share: imported beside them, as pytest puts this directory on sys.path."""


def atol_for_samples(samples):
    # A sampled estimate needs a looser tolerance than an exact one.
    return 5e-2 if samples else 1e-6
