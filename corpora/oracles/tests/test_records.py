"""Values carried in records: a namedtuple, a `typing.NamedTuple` or a dataclass a test or its
helper builds. The field read is the value given for it: the input of an encode/decode round trip
stays the test's data (D), and a field a naive helper filled in is that helper's formula (NI)."""
import collections
import dataclasses
import typing

import numpy as np

from nnlib import ops

Trip = collections.namedtuple("Trip", ["original", "payload", "restored"])


class Moments(typing.NamedTuple):
    mean: np.ndarray
    var: np.ndarray


@dataclasses.dataclass
class Scored:
    inputs: np.ndarray
    scores: np.ndarray


def _round_trip(values):
    payload = ops.encode(values)
    return Trip(values, payload, ops.decode(payload))


def _moments_by_hand(x):
    centre = sum(x) / len(x)
    return Moments(mean=centre, var=sum((v - centre) ** 2 for v in x) / len(x))


def test_restored_field_against_the_original_field():
    trip = _round_trip(np.linspace(-1.0, 1.0, 7))
    np.testing.assert_allclose(trip.restored, trip.original)  # oracle: D thr=default


def test_restored_field_of_a_record_built_inline():
    x = np.random.default_rng(3).normal(size=5)
    trip = Trip(original=x, payload=None, restored=ops.decode(ops.encode(x)))
    np.testing.assert_allclose(trip.restored, trip.original, rtol=1e-12)  # oracle: D thr=customized


def test_variance_against_a_naive_record():
    x = np.array([0.5, 1.5, 2.0, 4.0])
    naive = _moments_by_hand(x)
    np.testing.assert_allclose(ops.var(x), naive.var)  # oracle: NI thr=default


def test_scores_field_against_softmax_of_its_inputs_field():
    logits = np.array([[1.0, 2.0, 0.5]])
    scored = Scored(inputs=logits, scores=np.exp(logits) / np.exp(logits).sum())
    np.testing.assert_allclose(ops.softmax(logits), scored.scores)  # oracle: NI thr=default
