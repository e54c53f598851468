# torch's checks: assert_close with its float32 defaults (rtol 1.3e-6, atol 1e-5) and with given
# tolerances, torch.allclose and Tensor.allclose, and one on random noise.
import pytest

torch = pytest.importorskip("torch")


def test_assert_close_float32_defaults():
    expected = torch.tensor([0.0, 1000.0])
    actual = expected + torch.tensor([2.0**-18, 2.0**-10])
    torch.testing.assert_close(actual, expected)  # site: torch_close_default


def test_assert_close_given_float64():
    expected = torch.tensor([2.0, -4.0], dtype=torch.float64)
    actual = expected + torch.tensor([0.0, 2.0**-20], dtype=torch.float64)
    torch.testing.assert_close(actual, expected, rtol=0.0, atol=2.0**-18)  # site: torch_close_given


def test_torch_allclose():
    a = torch.tensor([1.0, 2.0])
    assert torch.allclose(a + 2.0**-20, a)  # site: torch_allclose


def test_tensor_allclose_method():
    a = torch.tensor([8.0])
    assert (a + 2.0**-10).allclose(a, rtol=0, atol=2.0**-8)  # site: tensor_allclose


def test_assert_close_random(truth):
    noise = torch.randn(64) * 1e-7
    truth("torch_noise", float(noise.abs().max()))
    torch.testing.assert_close(noise, torch.zeros(64), rtol=0.0, atol=1e-6)  # site: torch_random
