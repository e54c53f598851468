#!/usr/bin/env bash
# Builds the history fixture: a new git repository in OUTDIR that imitates a tiny library
# (minilib/) and its Python tests, with known changes to oracle-approximation (OA) assertions.
# The ground truth is expected_changes.tsv next to this script (one row per OA change, keyed by
# the commit subject). Deterministic: fixed identity and dates, so two runs give the same SHAs.
#
#   corpora/history/build.sh OUTDIR
#
# Needs bash, git (>= 2.28 for `init -b`) and coreutils only.
set -euo pipefail

if [[ $# -ne 1 || -z $1 ]]; then
  echo "usage: $0 OUTDIR" >&2
  exit 2
fi
OUT=$1
if [[ -e $OUT && ! -d $OUT ]]; then
  echo "$0: $OUT exists and is not a directory" >&2
  exit 1
fi
if [[ -d $OUT && -n $(ls -A "$OUT") ]]; then
  echo "$0: $OUT exists and is not empty; give a new or empty directory" >&2
  exit 1
fi
mkdir -p "$OUT"
cd "$OUT"

# Keep the user's and the system's git configuration out of the result.
export GIT_CONFIG_NOSYSTEM=1
export GIT_CONFIG_GLOBAL=/dev/null
export LC_ALL=C GIT_EDITOR=: GIT_MERGE_AUTOEDIT=no
export GIT_AUTHOR_NAME="OALens Fixture" GIT_AUTHOR_EMAIL="fixture@oalens.invalid"
export GIT_COMMITTER_NAME="OALens Fixture" GIT_COMMITTER_EMAIL="fixture@oalens.invalid"

git init -q -b main
git config commit.gpgsign false
git config core.autocrlf false

# The N-th commit (1-based) is dated 2020-01-01T00:00:00+0000 plus N hours.
N=0
stamp() {
  N=$((N + 1))
  GIT_AUTHOR_DATE=$(date -u -d "@$((1577836800 + N * 3600))" +%Y-%m-%dT%H:%M:%S+0000)
  export GIT_AUTHOR_DATE GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
}
commit() {  # commit SUBJECT
  stamp
  git add -A
  git commit -q -m "$1"
}

# subst FILE: replace the one occurrence of $OLD in FILE by $NEW (both plain text, may span
# lines). Fails if OLD is missing or occurs more than once.
subst() {
  local file=$1 content
  content=$(<"$file")
  if [[ $content != *"$OLD"* ]]; then
    echo "$0: subst: text not found in $file:" >&2
    printf '%s\n' "$OLD" >&2
    exit 1
  fi
  if [[ ${content#*"$OLD"} == *"$OLD"* ]]; then
    echo "$0: subst: text occurs more than once in $file:" >&2
    printf '%s\n' "$OLD" >&2
    exit 1
  fi
  content=${content/"$OLD"/"$NEW"}
  printf '%s\n' "$content" >"$file"
}
# block VAR <<'EOF' ... EOF: read a heredoc (without its last newline) into VAR
block() {
  IFS= read -r -d '' "$1" || true
  printf -v "$1" '%s' "${!1%$'\n'}"
}

# ---------------------------------------------------------------------------------------------
# 1: the library, no tests yet
mkdir -p minilib tests
cat >README.md <<'EOF'
# minilib

A very small array library used to exercise test-history mining.
EOF
cat >minilib/__init__.py <<'EOF'
from minilib import ops
EOF
cat >minilib/ops.py <<'EOF'
import numpy as np


def relu(x):
    return np.maximum(x, 0)


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def tanh(x):
    return np.tanh(x)


def softmax(x, axis=-1):
    z = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(z)
    s = np.sum(e, axis=axis, keepdims=True)
    return e / s


def mean(x):
    return float(np.sum(x) / x.size)
EOF
commit "Initial import of minilib"

# 2: first test module, six OA assertions
cat >tests/test_ops.py <<'EOF'
import numpy as np

from minilib import ops

TOL = 1e-6


def test_mean():
    x = np.arange(10, dtype=np.float64)
    assert abs(ops.mean(x) - 4.5) < 1e-5


def test_relu():
    x = np.array([-1.0, 0.0, 2.5])
    out = ops.relu(x)
    ref = np.array([0.0, 0.0, 2.5])
    np.testing.assert_allclose(out, ref, rtol=1e-6)


def test_sigmoid():
    x = np.linspace(-3.0, 3.0, 7)
    out = ops.sigmoid(x)
    ref = 1.0 / (1.0 + np.exp(-x))
    np.testing.assert_array_almost_equal(out, ref, decimal=6)


def test_softmax_sums_to_one():
    x = np.random.RandomState(0).randn(4, 5)
    out = ops.softmax(x)
    np.testing.assert_allclose(out.sum(axis=-1), np.ones(4), rtol=1e-5, atol=1e-8)


def test_tanh():
    x = np.linspace(-2.0, 2.0, 9)
    out = ops.tanh(x)
    ref = (np.exp(2 * x) - 1) / (np.exp(2 * x) + 1)
    np.testing.assert_allclose(out, ref)


def test_softmax_reference():
    x = np.random.RandomState(1).randn(3, 6)
    out = ops.softmax(x)
    e = np.exp(x)
    ref = e / e.sum(axis=-1, keepdims=True)
    np.testing.assert_allclose(out, ref, atol=TOL)
EOF
commit "Add tests for ops"

# 3: layers and a unittest-style test module, five OA assertions
cat >minilib/layers.py <<'EOF'
import numpy as np


def dense(x, w, b):
    return x @ w + b


def layer_norm(x, eps=1e-8):
    mu = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps)
EOF
cat >minilib/__init__.py <<'EOF'
from minilib import layers, ops
EOF
cat >tests/test_layers.py <<'EOF'
import unittest

import numpy as np

from minilib import layers


class DenseTest(unittest.TestCase):

    def test_identity(self):
        x = np.ones((2, 3))
        out = layers.dense(x, np.eye(3), np.zeros(3))
        self.assertTrue(np.allclose(out, x))

    def test_bias(self):
        x = np.zeros((1, 2))
        out = layers.dense(x, np.ones((2, 2)), np.array([0.5, -0.5]))
        self.assertAlmostEqual(out[0,0], 0.5, places = 6)
        self.assertAlmostEqual(out[0,1], -0.5, places = 6)


class LayerNormTest(unittest.TestCase):

    def test_zero_mean(self):
        x = np.random.RandomState(0).randn(4, 8)
        out = layers.layer_norm(x)
        self.assertTrue(np.allclose(out.mean(axis=-1), np.zeros(4), rtol=1e-5, atol=1e-6))

    def test_unit_variance(self):
        x = np.random.RandomState(1).randn(4, 8)
        out = layers.layer_norm(x)
        assert abs(float(out.var()) - 1.0) < 1e-4


if __name__ == "__main__":
    unittest.main()
EOF
commit "Add tests for dense and layer norm layers"

# 4: loosen rtol 1e-6 -> 1e-4
OLD='np.testing.assert_allclose(out, ref, rtol=1e-6)'
NEW='np.testing.assert_allclose(out, ref, rtol=1e-4)'
subst tests/test_ops.py
commit "Relax relu rtol for float32 precision"

# 5: loosen decimal=6 -> decimal=4
OLD='np.testing.assert_array_almost_equal(out, ref, decimal=6)'
NEW='np.testing.assert_array_almost_equal(out, ref, decimal=4)'
subst tests/test_ops.py
commit "Fix flaky sigmoid test"

# 6: loosen an error bound 1e-5 -> 1e-3 (reverted by commit 16)
OLD='assert abs(ops.mean(x) - 4.5) < 1e-5'
NEW='assert abs(ops.mean(x) - 4.5) < 1e-3'
subst tests/test_ops.py
commit "Loosen mean error bound"
LOOSEN_MEAN=$(git rev-parse HEAD)

# 7: loosen default tolerance (rtol=1e-7, atol=0) -> explicit atol=1e-5
OLD='np.testing.assert_allclose(out, ref)'
NEW='np.testing.assert_allclose(out, ref, atol=1e-5)'
subst tests/test_ops.py
commit "Use atol for tanh comparison on GPU"

# 8: library only
block OLD <<'EOF'
    e = np.exp(z)
    s = np.sum(e, axis=axis, keepdims=True)
    return e / s
EOF
block NEW <<'EOF'
    e = np.exp(z)
    return e / np.sum(e, axis=axis, keepdims=True)
EOF
subst minilib/ops.py
commit "Speed up softmax"

# 9: loosen through the module constant; the assertion line itself is unchanged
OLD='TOL = 1e-6'
NEW='TOL = 1e-4'
subst tests/test_ops.py
commit "Raise TOL for reduced precision softmax check"

# 10: a new test with three OA assertions
cat >>tests/test_ops.py <<'EOF'


def test_softmax_shift_invariance():
    x = np.random.RandomState(2).randn(2, 5)
    np.testing.assert_allclose(ops.softmax(x + 3.0), ops.softmax(x), rtol=1e-6)
    assert np.allclose(ops.softmax(x - 1.0), ops.softmax(x), atol=1e-7)
    np.testing.assert_almost_equal(ops.softmax(x)[0].sum(), 1.0, decimal=6)
EOF
commit "Add test for softmax shift invariance"

# 11: cosmetic, one line -> four lines, same tokens
OLD='    np.testing.assert_allclose(out, ref, rtol=1e-4)'
block NEW <<'EOF'
    np.testing.assert_allclose(
        out,
        ref,
        rtol=1e-4)
EOF
subst tests/test_ops.py
commit "Refactor: split relu assertion over several lines"

# 12: cosmetic, spacing only, two assertions
block OLD <<'EOF'
        self.assertAlmostEqual(out[0,0], 0.5, places = 6)
        self.assertAlmostEqual(out[0,1], -0.5, places = 6)
EOF
block NEW <<'EOF'
        self.assertAlmostEqual(out[0, 0], 0.5, places=6)
        self.assertAlmostEqual(out[0, 1], -0.5, places=6)
EOF
subst tests/test_layers.py
commit "Fix spacing in dense bias assertions"

# 13: API change, same explicit tolerances
OLD='np.testing.assert_allclose(out.sum(axis=-1), np.ones(4), rtol=1e-5, atol=1e-8)'
NEW='assert np.allclose(out.sum(axis=-1), np.ones(4), rtol=1e-5, atol=1e-8)'
subst tests/test_ops.py
commit "Refactor softmax sum check into a plain assert"

# 14: API change, same explicit tolerances
OLD='self.assertTrue(np.allclose(out.mean(axis=-1), np.zeros(4), rtol=1e-5, atol=1e-6))'
NEW='np.testing.assert_allclose(out.mean(axis=-1), np.zeros(4), rtol=1e-5, atol=1e-6)'
subst tests/test_layers.py
commit "Use np.testing in layer norm mean test"

# 15: API change with default tolerances: np.allclose (rtol=1e-5, atol=1e-8) ->
# assert_allclose (rtol=1e-7, atol=0), so also a tightening
OLD='self.assertTrue(np.allclose(out, x))'
NEW='np.testing.assert_allclose(out, x)'
subst tests/test_layers.py
commit "Compare dense identity output with np.testing"

# 16: revert of commit 6: 1e-3 -> 1e-5
stamp
git revert --no-edit "$LOOSEN_MEAN" >/dev/null

# 17: parameter change, the oracle
block OLD <<'EOF'
    ref = (np.exp(2 * x) - 1) / (np.exp(2 * x) + 1)
    np.testing.assert_allclose(out, ref, atol=1e-5)
EOF
block NEW <<'EOF'
    np.testing.assert_allclose(out, np.tanh(x), atol=1e-5)
EOF
subst tests/test_ops.py
commit "Compare tanh with np.tanh"

# 18: parameter change, the argument computed by the code under test
OLD='np.testing.assert_allclose(ops.softmax(x + 3.0), ops.softmax(x), rtol=1e-6)'
NEW='np.testing.assert_allclose(ops.softmax(x + 100.0), ops.softmax(x), rtol=1e-6)'
subst tests/test_ops.py
commit "Shift softmax inputs by a large constant"

# 19: tighten inside the four-line assertion
block OLD <<'EOF'
        ref,
        rtol=1e-4)
EOF
block NEW <<'EOF'
        ref,
        rtol=1e-5)
EOF
subst tests/test_ops.py
commit "Tighten relu rtol after CUDA kernel fix"

# 20: mixed: rtol up, atol down
OLD='np.testing.assert_allclose(out.mean(axis=-1), np.zeros(4), rtol=1e-5, atol=1e-6)'
NEW='np.testing.assert_allclose(out.mean(axis=-1), np.zeros(4), rtol=1e-4, atol=1e-7)'
subst tests/test_layers.py
commit "Rebalance layer norm tolerances for device results"

# 21: delete a whole test (and its now unused constant)
block OLD <<'EOF'
TOL = 1e-4


EOF
NEW=''
subst tests/test_ops.py
block OLD <<'EOF'



def test_softmax_reference():
    x = np.random.RandomState(1).randn(3, 6)
    out = ops.softmax(x)
    e = np.exp(x)
    ref = e / e.sum(axis=-1, keepdims=True)
    np.testing.assert_allclose(out, ref, atol=TOL)
EOF
NEW=''
subst tests/test_ops.py
commit "Remove flaky softmax reference test"

# 22: delete one assertion
block OLD <<'EOF'
        self.assertAlmostEqual(out[0, 0], 0.5, places=6)
        self.assertAlmostEqual(out[0, 1], -0.5, places=6)
EOF
block NEW <<'EOF'
        self.assertAlmostEqual(out[0, 0], 0.5, places=6)
EOF
subst tests/test_layers.py
commit "Drop redundant dense bias check"

# 23: delete one assertion
block OLD <<'EOF'
    assert np.allclose(ops.softmax(x - 1.0), ops.softmax(x), atol=1e-7)
    np.testing.assert_almost_equal(ops.softmax(x)[0].sum(), 1.0, decimal=6)
EOF
block NEW <<'EOF'
    assert np.allclose(ops.softmax(x - 1.0), ops.softmax(x), atol=1e-7)
EOF
subst tests/test_ops.py
commit "Remove duplicate normalisation check from shift test"

# 24-26: a side branch with a new test file, an unrelated commit on main, a no-ff merge
git checkout -q -b gelu
cat >>minilib/ops.py <<'EOF'


def gelu(x):
    c = np.sqrt(2.0 / np.pi)
    return 0.5 * x * (1.0 + np.tanh(c * (x + 0.044715 * x ** 3)))
EOF
cat >tests/test_gelu.py <<'EOF'
import math

import numpy as np

from minilib import ops


def test_gelu_values():
    x = np.array([-1.0, 0.0, 1.0])
    out = ops.gelu(x)
    ref = np.array([0.5 * v * (1.0 + math.erf(v / math.sqrt(2.0))) for v in x])
    np.testing.assert_allclose(out, ref, rtol=1e-3, atol=1e-4)


def test_gelu_at_zero():
    assert abs(float(ops.gelu(np.array([0.0]))[0])) < 1e-12
EOF
commit "Add gelu op and a new test"
git checkout -q main

block OLD <<'EOF'
    x = np.array([-1.0, 0.0, 2.5])
    out = ops.relu(x)
EOF
block NEW <<'EOF'
    # one negative input, zero and one positive input
    x = np.array([-1.0, 0.0, 2.5])
    out = ops.relu(x)
EOF
subst tests/test_ops.py
commit "Document relu test inputs"

stamp
git merge -q --no-ff --no-edit -m "Merge branch 'gelu'" gelu
git branch -q -d gelu

# 27: pure rename
git mv tests/test_layers.py tests/test_nn_layers.py
commit "Rename layer tests to test_nn_layers.py"

# 28: rename plus one tightening (decimal 4 -> 5)
git mv tests/test_ops.py tests/test_activations.py
OLD='np.testing.assert_array_almost_equal(out, ref, decimal=4)'
NEW='np.testing.assert_array_almost_equal(out, ref, decimal=5)'
subst tests/test_activations.py
commit "Move activation tests to test_activations.py and tighten sigmoid"

# 29: delete a whole test
block OLD <<'EOF'


    def test_unit_variance(self):
        x = np.random.RandomState(1).randn(4, 8)
        out = layers.layer_norm(x)
        assert abs(float(out.var()) - 1.0) < 1e-4
EOF
NEW=''
subst tests/test_nn_layers.py
commit "Remove layer norm variance test"

# 30: a Latin-1 (ISO-8859-1) commit message, one loosening (places 6 -> 4)
OLD='self.assertAlmostEqual(out[0, 0], 0.5, places=6)'
NEW='self.assertAlmostEqual(out[0, 0], 0.5, places=4)'
subst tests/test_nn_layers.py
stamp
git add -A
printf 'Relax dense bias places for float16 (reported by Jos\xe9)\n\nThe caf\xe9 build machine rounds differently.\n' >.git/FIXTURE_MSG
git -c i18n.commitEncoding=ISO-8859-1 commit -q -F .git/FIXTURE_MSG
rm -f .git/FIXTURE_MSG

# 31: another API with another tolerance system: places=4 (|d| < 5e-5) -> an absolute bound
# of 1e-3, a loosening only a comparison of what both accept can see
OLD='self.assertAlmostEqual(out[0, 0], 0.5, places=4)'
NEW='assert abs(out[0, 0] - 0.5) < 1e-3'
subst tests/test_nn_layers.py
commit "Check the dense bias with a plain bound"

# 32: a suite base test case (minilib/testing/case.py) whose assertAlmostEqual takes numpy's
# `decimal` with a default of 6, and tests that call it on `self`
mkdir -p minilib/testing
: >minilib/testing/__init__.py
cat >minilib/testing/case.py <<'EOF'
import unittest

import numpy as np


class TestCase(unittest.TestCase):
    def assertAlmostEqual(self, first, second, decimal=6):
        np.testing.assert_array_almost_equal(first, second, decimal=decimal)
EOF
cat >tests/test_reductions.py <<'EOF'
import numpy as np

from minilib import ops
from minilib.testing.case import TestCase


class ReductionTest(TestCase):
    def test_mean_of_ones(self):
        self.assertAlmostEqual(ops.mean(np.ones(4)), 1.0)

    def test_mean_of_range(self):
        self.assertAlmostEqual(ops.mean(np.arange(5.0)), 2.0)
EOF
commit "Add reduction tests on the suite's TestCase"

# 33: default -> explicit through the suite's method: decimal 6 -> 5 loosens
OLD='self.assertAlmostEqual(ops.mean(np.arange(5.0)), 2.0)'
NEW='self.assertAlmostEqual(ops.mean(np.arange(5.0)), 2.0, decimal=5)'
subst tests/test_reductions.py
commit "Relax the range mean check"

# 34: the suite's default changes (decimal 6 -> 4); no test file changes
OLD='def assertAlmostEqual(self, first, second, decimal=6):'
NEW='def assertAlmostEqual(self, first, second, decimal=4):'
subst minilib/testing/case.py
commit "Lower the suite's default precision"

# 35: a new check beside the unchanged ones: both sides read the suite as it is now, so the
# default-tolerance check is no change
block OLD <<'EOF'
        self.assertAlmostEqual(ops.mean(np.arange(5.0)), 2.0, decimal=5)
EOF
block NEW <<'EOF'
        self.assertAlmostEqual(ops.mean(np.arange(5.0)), 2.0, decimal=5)

    def test_mean_of_halves(self):
        self.assertAlmostEqual(ops.mean(np.full(3, 0.5)), 0.5)
EOF
subst tests/test_reductions.py
commit "Test the mean of halves"

# 36: the check moves into a session on the GPU and loosens (atol 1e-5 -> 1e-4); the message
# gives no reason, the code does: hardware
block OLD <<'EOF'
    out = ops.tanh(x)
    np.testing.assert_allclose(out, np.tanh(x), atol=1e-5)
EOF
block NEW <<'EOF'
    with ops.session(use_gpu=True):
        out = ops.tanh(x)
        np.testing.assert_allclose(out, np.tanh(x), atol=1e-4)
EOF
subst tests/test_activations.py
commit "Run the tanh check in a session"

# 37: a loop over two dtypes now holds the check, which loosens (bound 1e-5 -> 1e-4): dtype
# from the code
block OLD <<'EOF'
    x = np.arange(10, dtype=np.float64)
    assert abs(ops.mean(x) - 4.5) < 1e-5
EOF
block NEW <<'EOF'
    for dtype in (np.float32, np.float64):
        x = np.arange(10, dtype=dtype)
        assert abs(ops.mean(x) - 4.5) < 1e-4
EOF
subst tests/test_activations.py
commit "Check the mean over both widths"

# 38: the tolerance itself is chosen by the dtype (decimal 5 -> 4 for float32): dtype from the
# code; one chosen by something else (the input's size) gives no reason
OLD='    np.testing.assert_array_almost_equal(out, ref, decimal=5)'
block NEW <<'EOF'
    decimal = 4 if out.dtype == np.float32 else 5
    np.testing.assert_array_almost_equal(out, ref, decimal=decimal)
EOF
subst tests/test_activations.py
OLD='    np.testing.assert_allclose(ops.softmax(x + 100.0), ops.softmax(x), rtol=1e-6)'
NEW='    np.testing.assert_allclose(ops.softmax(x + 100.0), ops.softmax(x), rtol=1e-5 if x.size > 8 else 1e-6)'
subst tests/test_activations.py
commit "Pick the sigmoid and shift tolerances case by case"

# 39: a test whose tolerance a branch picks, written as statements: an addition
cat > tests/test_shift.py <<'EOF'
import numpy as np
from numpy.testing import assert_allclose

from minilib import ops


def test_shift_by_one():
    x = np.arange(4.0)
    tol = 1e-6
    if ops.on_gpu():
        tol = 1e-3
    assert_allclose(ops.shift(x, 1.0), x + 1.0, atol=tol)
EOF
commit "Add the shift test"

# 40: the same choice as one expression: the check and what its tolerance stands for are
# unchanged, so no OA change
block OLD <<'EOF'
    tol = 1e-6
    if ops.on_gpu():
        tol = 1e-3
EOF
NEW='    tol = 1e-3 if ops.on_gpu() else 1e-6'
subst tests/test_shift.py
commit "Write the shift tolerance as one expression"

# 41, 42: the check's text stays; one branch of its tolerance moves each time (a loosening of
# the first branch, then a tightening of the other, which the value, the first branch's, does
# not show)
OLD='    tol = 1e-3 if ops.on_gpu() else 1e-6'
NEW='    tol = 1e-2 if ops.on_gpu() else 1e-6'
subst tests/test_shift.py
commit "Relax the shift check where it runs on a GPU"
OLD='    tol = 1e-2 if ops.on_gpu() else 1e-6'
NEW='    tol = 1e-2 if ops.on_gpu() else 1e-7'
subst tests/test_shift.py
commit "Tighten the shift check on the host"

# 43: CuPy's comparing decorators: each decorated test is one check of what it returns (run
# with cupy against numpy), two additions
cat > tests/test_xp.py <<'EOF'
import unittest

import numpy
from cupy import testing


class TestReduce(unittest.TestCase):

    @testing.numpy_cupy_allclose()
    def test_sum(self, xp):
        return xp.arange(6.0).sum()

    @testing.numpy_cupy_allclose(rtol=1e-6)
    def test_mean(self, xp):
        return xp.arange(6.0).mean()
EOF
commit "Compare the reductions with numpy"

# 44: only the decorator's line changes: float16 gets its own rtol, the rest keep the default
OLD='    @testing.numpy_cupy_allclose()'
NEW="    @testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3, 'default': 1e-7})"
subst tests/test_xp.py
commit "Give float16 sums their own tolerance"

# 45: the test returns another expression: the value compared changed (a parameter change)
OLD='        return xp.arange(6.0).mean()'
NEW='        return xp.arange(6.0).mean(keepdims=True)'
subst tests/test_xp.py
commit "Compare the mean with its dimensions kept"

# 46: float32, which took the table's 'default' entry (1e-7), gets 1e-6 of its own
OLD="    @testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3, 'default': 1e-7})"
NEW="    @testing.numpy_cupy_allclose(rtol={numpy.float16: 1e-3, numpy.float32: 1e-6, 'default': 1e-7})"
subst tests/test_xp.py
commit "Give float32 sums their own tolerance"

# 47: tolerances the values cannot give (the dtype is a parameter): a product of the rounding
# error, and a per-dtype table whose float32 entry a device picks; two additions
cat > tests/test_solve.py <<'EOF'
import numpy as np


class TestSolve:

    def test_solve(self, dtype, on_tpu):
        eps = np.finfo(dtype).eps
        x = np.linalg.solve(np.eye(2, dtype=dtype), np.ones(2, dtype=dtype))
        np.testing.assert_allclose(x, np.ones(2), atol=eps * 600)
        tol = {np.float32: 1e-3 if on_tpu else 1e-5, np.float64: 1e-12}
        np.testing.assert_allclose(x.sum(), 2.0, rtol=tol[dtype])
EOF
commit "Check the solver"

# 48: the product's factors swapped: the same tolerance
OLD='atol=eps * 600)'
NEW='atol=600 * eps)'
subst tests/test_solve.py
commit "Write the factor first"

# 49: the table's float32 entry off the TPU raised, the check's text unchanged
OLD='1e-3 if on_tpu else 1e-5,'
NEW='1e-3 if on_tpu else 2e-4,'
subst tests/test_solve.py
commit "Allow float32 more off the TPU"

# 50: a factor added to the product
OLD='atol=600 * eps)'
NEW='atol=4 * 600 * eps)'
subst tests/test_solve.py
commit "Allow four times the rounding error"

# 51: Chainer's harness style: a base test case (not in this file) makes the options dict,
# setUp only updates it for float16; one addition
cat > tests/test_harness.py <<'EOF'
import numpy as np

from minilib.testing import FunctionTestCase


class TestSoftplus(FunctionTestCase):

    def setUp(self):
        if self.dtype == np.float16:
            self.check_forward_options.update({'atol': 1e-3, 'rtol': 1e-3})

    def check_forward(self, x):
        np.testing.assert_allclose(softplus(x), np.log1p(np.exp(x)), **self.check_forward_options)
EOF
commit "Check softplus against numpy"

# 52: the float16 update raised, the check's text unchanged
OLD="self.check_forward_options.update({'atol': 1e-3, 'rtol': 1e-3})"
NEW="self.check_forward_options.update({'atol': 5e-3, 'rtol': 1e-3})"
subst tests/test_harness.py
commit "Allow float16 softplus more"

# 53: Chainer's FunctionTestCase itself: the base's test_forward compares what forward returns
# with what forward_expected returns, within check_forward_options; one addition on the class line
cat > tests/test_relu_case.py <<'EOF'
import numpy

from chainer import functions
from chainer import testing


class TestReLU(testing.FunctionTestCase):

    def setUp(self):
        if self.dtype == numpy.float16:
            self.check_forward_options.update({'atol': 1e-3, 'rtol': 1e-3})

    def forward(self, inputs, device):
        x, = inputs
        return functions.relu(x),

    def forward_expected(self, inputs):
        x, = inputs
        return numpy.maximum(x, 0),
EOF
commit "Test relu with the function test case"

# 54: float16's options raised in setUp: the harness's check loosens, no check text changed
OLD="self.check_forward_options.update({'atol': 1e-3, 'rtol': 1e-3})"
NEW="self.check_forward_options.update({'atol': 5e-3, 'rtol': 1e-3})"
subst tests/test_relu_case.py
commit "Allow float16 relu more"

# 55: another oracle: a parameter change of the same check
OLD='        return numpy.maximum(x, 0),'
NEW='        return x * (x > 0),'
subst tests/test_relu_case.py
commit "Compute the expected relu by masking"

# 56: two checks of a metric against literal oracles, by unittest's places
cat > tests/test_metric_values.py <<'EOF'
import unittest

from minilib.metrics import balanced_score


class TestBalancedScore(unittest.TestCase):

    def test_half(self):
        self.assertAlmostEqual(balanced_score([0, 1], [1, 1]), 0.5)

    def test_zero(self):
        self.assertAlmostEqual(balanced_score([1, 1], [0, 0]), 0)
EOF
commit "Test the balanced score on two cases"

# 57: both moved to pytest.approx (rel 1e-6, abs 1e-12): an absolute allowance falls and a
# relative one appears; at 0.5 the check accepts more (loosen), at 0 less (tighten)
OLD='        self.assertAlmostEqual(balanced_score([0, 1], [1, 1]), 0.5)'
NEW='        assert balanced_score([0, 1], [1, 1]) == pytest.approx(0.5)'
subst tests/test_metric_values.py
OLD='        self.assertAlmostEqual(balanced_score([1, 1], [0, 0]), 0)'
NEW='        assert balanced_score([1, 1], [0, 0]) == pytest.approx(0)'
subst tests/test_metric_values.py
OLD='import unittest'
NEW='import unittest

import pytest'
subst tests/test_metric_values.py
commit "Compare the balanced score with pytest.approx"

# 58: an error bound and a bound on a trained model's quality, both strict
cat > tests/test_bounds.py <<'EOF'
from minilib.fit import fit_slope, train_accuracy


def test_fit_error():
    err = abs(fit_slope([0, 1, 2], [0, 2, 4]) - 2.0)
    assert err < 0.05


def test_accuracy():
    assert train_accuracy() > 0.9
EOF
commit "Bound the fit's error and the training accuracy"

# 59: both bounds now accept their own value (`<` -> `<=`, `>` -> `>=`): loosened
OLD='    assert err < 0.05'
NEW='    assert err <= 0.05'
subst tests/test_bounds.py
OLD='    assert train_accuracy() > 0.9'
NEW='    assert train_accuracy() >= 0.9'
subst tests/test_bounds.py
commit "Let the bounds accept their own values"

echo "$(git rev-list --count HEAD) commits in $OUT"
