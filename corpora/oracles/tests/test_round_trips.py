"""Values the test prepares with the library, hands to the code under test and compares with
what comes back: the oracle is the test's own input (D), however it was prepared. A name rebound
to a result, a lambda's parameter of the same name and the same function applied again keep the
type their computation gives."""
import numpy as np

from nnlib import graph, models, ops, storage


def test_decoded_payload_of_a_normalized_input():
    rows = ops.l2_normalize(np.arange(1.0, 7.0).reshape(2, 3))
    restored = ops.decode(ops.encode(rows))
    np.testing.assert_allclose(restored, rows)  # oracle: D thr=default


def test_normalized_input_first_then_its_round_trip():
    rows = ops.l2_normalize(np.linspace(0.5, 2.0, 6))
    np.testing.assert_allclose(rows, ops.decode(ops.encode(rows)), rtol=1e-6)  # oracle: D thr=customized


def test_a_name_rebound_to_another_result():
    probs = ops.softmax(np.array([0.3, -1.2, 2.0]))
    payload = ops.encode(probs)
    probs = ops.log_softmax(np.array([0.3, -1.2, 2.0]))
    # `probs` now holds log-probabilities, not what was encoded.
    np.testing.assert_allclose(np.log(ops.decode(payload)), probs, atol=1e-7)  # oracle: RI thr=customized


def test_the_same_function_applied_again():
    once = ops.l2_normalize(np.array([3.0, 4.0]))
    np.testing.assert_allclose(ops.l2_normalize(once), once)  # oracle: SCUT_DIFF thr=default


def test_a_target_handed_through_the_loss():
    target = ops.l2_normalize(np.array([3.0, 4.0]))

    def loss(w):
        return float(np.sum((w - target) ** 2))

    fitted = ops.minimize(loss, np.zeros(2))
    np.testing.assert_allclose(fitted, target, atol=1e-4)  # oracle: D thr=customized


def check_reproducible(augment, x):
    first = augment(x)
    second = augment(x)
    np.testing.assert_allclose(first, second)  # oracle: SCUT_SAME thr=default


def test_seeded_dropout_is_reproducible():
    seeded = graph.compile(lambda v: ops.dropout(v, 0.5, training=True, seed=3))
    check_reproducible(seeded, np.ones(4))  # oracle: SCUT_SAME thr=default


def check_reproducible_within(augment, x):
    # Both sides are the helper's own runs of what it is handed; the bound is the suite's choice.
    first = augment(x)
    second = augment(x)
    np.testing.assert_allclose(first, second, atol=1e-7)  # oracle: SCUT_SAME thr=customized


def test_seeded_dropout_is_reproducible_within_a_bound():
    seeded = graph.compile(lambda v: ops.dropout(v, 0.5, training=True, seed=3))
    check_reproducible_within(seeded, np.ones(4))  # oracle: SCUT_SAME thr=customized


def test_exported_graph_run_by_an_inference_runtime(tmp_path):
    import onnxruntime

    x = np.linspace(-1.0, 1.0, 6).reshape(2, 3)
    compiled = graph.compile(ops.softmax)
    path = str(tmp_path / "softmax.onnx")
    graph.export(compiled, x, path)
    session = onnxruntime.InferenceSession(path)
    exported = session.run(None, {"x": x})[0]
    np.testing.assert_allclose(compiled(x), exported, rtol=1e-6)  # oracle: SCUT_SAME thr=customized


def test_weights_kept_by_a_fit_of_no_epochs():
    model = models.Model(np.array([[0.5], [-0.25]]), bias=np.zeros(1))
    before = model.weights.copy()
    model.fit(np.ones((4, 2)), np.zeros((4, 1)), epochs=0)
    np.testing.assert_allclose(model.weights, before)  # oracle: D thr=default


def test_a_value_the_decoder_made_encoded_and_decoded_again():
    original = ops.decode(ops.encode(np.array([1.0, -2.0, 0.5])))
    np.testing.assert_allclose(ops.decode(ops.encode(original)), original)  # oracle: D thr=default


def test_softmax_stored_by_nnlib_and_loaded_back(tmp_path):
    x = np.linspace(-1.0, 1.0, 5)
    probs = ops.softmax(x)
    storage.save_values(probs, tmp_path / "probs.npy")
    loaded = storage.load_values(tmp_path / "probs.npy")
    np.testing.assert_allclose(loaded, ops.softmax(x))  # oracle: SCUT_SAME thr=default


class _Snapshot:
    """Holds a model; writes its weights to a file and reads them back into it."""

    def __init__(self, model):
        self.model = model

    def save(self, path):
        storage.save_values(self.model.weights, path)

    def restore(self, path):
        self.model.weights = storage.load_values(path)


def test_a_model_restored_from_another_models_snapshot(tmp_path):
    first = models.Model.random(3, 2, seed=4)
    second = models.Model.random(3, 2, seed=5)
    writer = _Snapshot(first)
    reader = _Snapshot(second)
    writer.save(tmp_path / "weights.npy")
    reader.restore(tmp_path / "weights.npy")
    x = np.ones((2, 3))
    np.testing.assert_allclose(first.predict(x), second.predict(x))  # oracle: SCUT_SAME thr=default
