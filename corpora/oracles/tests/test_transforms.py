"""Functions run through transforms: differentiation and compilation of one function, a
combinator of the library against the layers it chains, and a function handed to a helper
that the scan cannot see into."""
import numpy as np
import pytest
import torch
from jax import grad, hessian, jacfwd, jacrev, jit, jvp, value_and_grad, vmap

from nnlib import graph, ops
from nnlib.models import dense_layer, prune_


def total_tanh(x):
    return ops.sum(ops.tanh(x))


def test_value_and_grad_returns_the_plain_value():
    x = np.linspace(-1.0, 1.0, 7)
    plain = total_tanh(x)
    value, _ = value_and_grad(total_tanh)(x)
    np.testing.assert_allclose(value, plain)  # oracle: SCUT_SAME thr=default


def test_forward_mode_primal_is_the_plain_value():
    x = np.linspace(-2.0, 2.0, 5)
    plain = total_tanh(x)
    primal, _ = jvp(total_tanh, (x,), (np.ones(5),))
    np.testing.assert_allclose(primal, plain, rtol=1e-6)  # oracle: SCUT_SAME thr=customized


def test_forward_and_reverse_jacobians_agree():
    x = np.linspace(0.0, 1.0, 4)
    forward = jacfwd(total_tanh)(x)
    reverse = jacrev(total_tanh)(x)
    np.testing.assert_allclose(forward, reverse, atol=1e-7)  # oracle: SCUT_SAME thr=customized


def test_compiled_gradient_matches_eager_gradient():
    x = np.array([0.3, -0.2, 0.9])
    eager = jacrev(total_tanh)(x)
    compiled = jit(jacrev(total_tanh))(x)
    np.testing.assert_allclose(compiled, eager)  # oracle: SCUT_SAME thr=default


def test_chained_layers_match_the_chain_combinator():
    x = np.linspace(-3.0, 3.0, 9)
    by_hand = ops.tanh(ops.relu(x))
    combined = ops.chain(ops.relu, ops.tanh)(x)
    np.testing.assert_allclose(by_hand, combined)  # oracle: RI thr=default


@pytest.mark.parametrize("fn", [ops.softmax, ops.log_softmax])
def test_batched_run_matches_plain_run(fn):
    x = np.random.randn(6, 3)
    plain = fn(x)
    in_chunks = graph.batched(fn, 2)(x)
    np.testing.assert_allclose(in_chunks, plain)  # oracle: SCUT_SAME thr=default


@pytest.mark.parametrize("step", [lambda t, x: x * np.exp(-t), lambda t, x: x / (1.0 + t)])
def test_steps_compose(step):
    x0 = np.ones(3)
    two_halves = step(0.5, step(0.5, x0))
    whole = step(1.0, x0)
    np.testing.assert_allclose(two_halves, whole, atol=1e-5)  # oracle: SCUT_DIFF thr=customized


def test_normalizing_unit_vectors_leaves_them():
    v = ops.rand_unit_vectors(5, seed=0)
    np.testing.assert_allclose(ops.l2_normalize(v), v, atol=1e-6)  # oracle: D thr=customized


def test_isolated_dense_apply_against_the_plain_apply():
    init, apply = dense_layer(2, "relu")
    params = init(np.random.default_rng(0), 3)
    x = np.linspace(-1.0, 1.0, 12).reshape(4, 3)
    opaque = graph.isolated(apply)
    np.testing.assert_allclose(opaque(params, x), apply(params, x))  # oracle: SCUT_SAME thr=default



def test_another_librarys_compiler_runs_a_local_function_as_written():
    x = np.linspace(-1.0, 1.0, 6)

    def run():
        return ops.softmax(x)

    eager = run()
    compiled = torch.compile(run, fullgraph=True)()
    np.testing.assert_allclose(compiled, eager, atol=1e-7)  # oracle: SCUT_SAME thr=customized


def test_a_local_function_traced_by_another_librarys_tracer():
    x = torch.linspace(-1.0, 1.0, 6)

    def run(values):
        return ops.softplus(values)

    traced = torch.jit.trace(run, (x,))
    torch.testing.assert_close(traced(x), run(x))  # oracle: SCUT_SAME thr=default


def test_a_compiled_function_given_its_options_by_keyword_splat():
    x = np.linspace(-1.0, 1.0, 6)
    options = dict(axis=-1)
    eager = ops.softmax(x, **options)
    compiled = jit(ops.softmax)(x, **options)
    np.testing.assert_allclose(compiled, eager, atol=1e-7)  # oracle: SCUT_SAME thr=customized


def test_a_module_pruned_in_place_then_compiled():
    model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU())
    prune_(model, 0.5)
    x = torch.randn(2, 4)
    eager = model(x)
    compiled = torch.compile(model)(x)
    torch.testing.assert_close(compiled, eager)  # oracle: SCUT_SAME thr=default


def test_a_module_the_library_compiles_then_traces_against_the_module():
    model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Tanh())
    x = torch.randn(2, 4)
    eager = model(x)
    traced = graph.trace(graph.compile(model), x)
    torch.testing.assert_close(traced.run(x), eager)  # oracle: SCUT_SAME thr=default


def test_the_librarys_hessian_against_jaxs():
    x = np.array([0.2, -0.4, 0.7])
    np.testing.assert_allclose(graph.hessian(total_tanh)(x), hessian(total_tanh)(x), atol=1e-5)  # oracle: DT thr=customized


def test_log_slopes_against_the_log_of_tanhs_derivative():
    x = np.linspace(-1.0, 1.0, 5)
    slopes = []
    ops.tanh_and_slope(x, slopes=slopes)
    by_definition = np.log(vmap(grad(ops.tanh))(x))
    np.testing.assert_allclose(np.log(slopes[0]), by_definition, rtol=1e-6)  # oracle: NI thr=customized


def test_the_librarys_gradient_of_a_function_against_jaxs_of_its_rewrite():
    x = np.array([0.2, -0.4, 0.7])

    def weighted_tanh(v):
        return np.sum(np.tanh(v) * v)

    def weighted_tanh_pure(v):
        import jax.numpy as jnp

        return jnp.sum(jnp.tanh(v) * v)

    library_grad = graph.Gradient(weighted_tanh)
    jax_grad = grad(weighted_tanh_pure)
    np.testing.assert_allclose(library_grad(x), jax_grad(x), atol=1e-4)  # oracle: DT thr=customized


def test_a_function_the_librarys_jit_object_runs_against_the_function():
    x = np.linspace(-2.0, 2.0, 5)
    compiled = graph.Jit(ops.softplus)
    np.testing.assert_allclose(compiled(x), ops.softplus(x), rtol=1e-7)  # oracle: SCUT_SAME thr=customized


def test_softplus_named_by_a_local_compiled_and_called_eagerly():
    op = ops.softplus if np.__version__ else ops.relu
    x = np.linspace(-1.0, 1.0, 5)
    compiled = jit(op)(x)
    np.testing.assert_allclose(compiled, op(x))  # oracle: SCUT_SAME thr=default


def test_layer_held_by_a_module_the_test_defines_scripted_and_called_directly():
    layer = dense_layer(3, ops.relu)

    class Holder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.layer = layer

        def forward(self, v):
            return self.layer(v)

    x = np.linspace(-1.0, 1.0, 6).reshape(2, 3)
    scripted = torch.jit.script(Holder())
    np.testing.assert_allclose(scripted(x), layer(x))  # oracle: SCUT_SAME thr=default
