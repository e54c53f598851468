"""Methods of a library object a pytest fixture hands in: the test never names nnlib's class,
yet `model.logits(x)` is the library's, so a check of `predict` against `logits` is a different
function of the library (RI), and `predict` of one row against `predict` of the batch is the
same function on different inputs (SCUT_DIFF)."""
import numpy as np
import pytest

from nnlib import Model


@pytest.fixture
def model():
    return Model(np.eye(3), activation="linear")


@pytest.fixture
def batch():
    return np.random.default_rng(3).standard_normal((4, 3))


def test_linear_predict_is_logits(model, batch):
    np.testing.assert_allclose(model.predict(batch), model.logits(batch))  # oracle: RI thr=default


def test_one_row_equals_its_batch_row(model, batch):
    np.testing.assert_allclose(model.predict(batch[:1]), model.predict(batch)[:1], rtol=1e-12)  # oracle: SCUT_DIFF thr=customized
