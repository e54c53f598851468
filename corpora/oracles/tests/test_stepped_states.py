"""A reference engine of another library keeps its state in an object that its own functions
advance in place (`state = simcore.State(model)`, then `simcore.step(model, state)`): what the
object holds after such a step is that library's result (DT), in a helper or in a loop of the
test alike. A state advanced and only then handed to nnlib is the input nnlib was given: what
nnlib copies back from it is checked against the test's data (D)."""
import numpy as np
import simcore

from nnlib import simulate


def _advanced_by_both(description):
    model = simcore.Model.from_string(description)
    state = simcore.State(model)
    on_device = simulate.to_device(model, state)
    simcore.step(model, state)
    return state, simulate.step(on_device)


def _check_actuation(reference, result):
    np.testing.assert_allclose(result.act, reference.act, atol=1e-6)


def test_contacts_after_one_step_against_the_reference_engine():
    reference, result = _advanced_by_both("<world><body/></world>")
    np.testing.assert_allclose(result.contacts, reference.contacts, atol=1e-5)  # oracle: DT thr=customized


def test_positions_of_each_frame_against_the_reference_engine():
    model = simcore.Model.from_string("<world><body/></world>")
    state = simcore.State(model)
    for frame in simulate.rollout(simulate.to_device(model, state), 3):
        state.qpos[:] = frame.qpos
        simcore.kinematics(model, state)
        np.testing.assert_allclose(frame.xpos, state.xpos, rtol=1e-6)  # oracle: DT thr=customized


def test_copy_to_the_device_keeps_the_advanced_state():
    model = simcore.Model.from_string("<world><body/></world>")
    state = simcore.State(model)
    simcore.forward(model, state)
    on_device = simulate.to_device(model, state)
    np.testing.assert_allclose(on_device.contacts, state.contacts)  # oracle: D thr=default


def test_actuation_advanced_after_the_copy_against_the_reference_engine():
    model = simcore.Model.from_string("<world><body/></world>")
    state = simcore.State(model)
    on_device = simulate.to_device(model, state)
    simcore.actuate(model, state)
    _check_actuation(state, simulate.actuate(on_device))  # oracle: DT thr=customized
