"""Values and models a test stores and reads back: the test's own data read back is D, the same
model's predictions before and after storing it are SCUT_SAME; a reference file the test only
reads is the data it holds, compared with the model's computation."""
import pickle

import numpy as np

from nnlib.models import Model


def test_stored_weights_read_back(tmp_path):
    weights = np.linspace(-1.0, 1.0, 6)
    np.save(tmp_path / "w.npy", weights)
    restored = np.load(tmp_path / "w.npy")
    np.testing.assert_allclose(restored, weights)  # oracle: D thr=default


def test_predictions_survive_pickling():
    x = np.array([[0.5, -1.0], [2.0, 0.25]])
    model = Model([[1.0], [2.0]], bias=[0.5])
    before = model.predict(x)
    copy = pickle.loads(pickle.dumps(model))
    np.testing.assert_allclose(copy.predict(x), before, rtol=1e-12)  # oracle: SCUT_SAME thr=customized


def test_predictions_against_a_reference_file(tmp_path):
    x = np.array([[0.5, -1.0]])
    expected = np.load(tmp_path / "reference.npy")
    np.testing.assert_allclose(Model([[1.0], [2.0]]).predict(x), expected)  # oracle: D thr=default



def test_weights_read_back_by_the_model_from_a_file_named_for_it(tmp_path):
    weights = np.array([[1.0], [2.0]])
    name = "two_inputs"
    np.save(tmp_path / ("w_" + name + ".npy"), weights)
    restored = Model.from_file(tmp_path / ("w_" + name + ".npy"))
    assert np.abs(weights - restored.get_weights()[0]).max() < 1e-12  # oracle: D thr=customized


def test_predictions_against_an_archive_opened_in_a_with_block(tmp_path):
    model = Model(np.array([[0.5], [-0.25]]))
    x = np.array([[1.0, 2.0], [3.0, 4.0]])
    with np.load(tmp_path / "reference.npz") as archive:
        expected = archive["predictions"]
    np.testing.assert_allclose(model.predict(x), expected, atol=1e-6)  # oracle: D thr=customized


def test_predictions_against_a_reference_image(tmp_path):
    from PIL import Image

    model = Model(np.array([[0.5], [-0.25]]))
    x = np.array([[1.0, 2.0], [3.0, 4.0]])
    with Image.open(tmp_path / "reference.png") as picture:
        expected = np.asarray(picture)
    np.testing.assert_allclose(model.predict(x), expected, atol=1e-2)  # oracle: D thr=customized


def _stored_picture(name, folder):
    pixels = np.load(folder / name)
    return pixels.astype(np.float64) / 255.0


def test_predictions_against_a_stored_picture_named_for_the_model(tmp_path):
    model = Model([[1.0], [2.0]])
    x = np.array([[0.5, -1.0]])
    expected = _stored_picture("predict_%s.npy" % type(model).__name__, tmp_path)
    np.testing.assert_allclose(model.predict(x), expected, atol=0.05)  # oracle: D thr=customized


def test_predictions_against_tensors_fetched_from_a_model_hub():
    from huggingface_hub import hf_hub_download
    from safetensors.numpy import load_file

    def _hub_file(filename):
        return hf_hub_download(repo_id="nnlib/tiny-model", filename="test/" + filename)

    stored = load_file(_hub_file("reference.safetensors"))
    model = Model([[1.0], [2.0]])
    np.testing.assert_allclose(model.predict(stored["input"]), stored["output"], rtol=1e-3, atol=1e-4)  # oracle: D thr=customized
