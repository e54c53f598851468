// `oalens diff` on oracles: an oracle that now runs the code under test is weakened, one whose
// code is unchanged is not; where the gate finds the library under test and the suite's helpers.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/miners/diff_gate_fixture.h"

using namespace oalens::testing;

namespace {

// Oracles of four kinds, before a change that makes three of them run the library under test
// and one of them stronger.
const char* kIndependentOracles =
    "import numpy as np\n"
    "from minilib import ops\n"
    "\n"
    "def test_tanh():\n"
    "    x = np.random.rand(3)\n"
    "    expected = np.tanh(x)\n"
    "    np.testing.assert_allclose(ops.tanh(x), expected, rtol=1e-6)\n"
    "\n"
    "def test_softmax():\n"
    "    x = np.array([1.0, 2.0])\n"
    "    e = np.exp(x - x.max())\n"
    "    np.testing.assert_allclose(ops.softmax(x), e / e.sum())\n"
    "\n"
    "def test_relu():\n"
    "    np.testing.assert_allclose(ops.relu(np.array([-1.0, 2.0])), [0.0, 2.0])\n"
    "\n"
    "def test_gelu():\n"
    "    x = np.array([0.5])\n"
    "    np.testing.assert_allclose(ops.gelu(x), ops.gelu_reference(x))\n";

const char* kOraclesOnTheLibrary =
    "import numpy as np\n"
    "from minilib import ops\n"
    "\n"
    "def test_tanh():\n"
    "    x = np.random.rand(3)\n"
    "    expected = ops.tanh(x)\n"  // the assertion below stays as it was
    "    np.testing.assert_allclose(ops.tanh(x), expected, rtol=1e-6)\n"
    "\n"
    "def test_softmax():\n"
    "    x = np.array([1.0, 2.0])\n"
    "    np.testing.assert_allclose(ops.softmax(x), ops.softmax(x + 1.0))\n"
    "\n"
    "def test_relu():\n"
    "    np.testing.assert_allclose(ops.relu(np.array([-1.0, 2.0])), ops.maximum(np.array([-1.0, 2.0]), 0.0))\n"
    "\n"
    "def test_gelu():\n"
    "    x = np.array([0.5])\n"
    "    np.testing.assert_allclose(ops.gelu(x), 0.5 * x * (1 + np.tanh(0.79788 * (x + 0.044715 * x ** 3))))\n";

}  // namespace

TEST_F(DiffGate, AnOracleThatNowRunsTheCodeUnderTestIsAWeakenedOracle) {
  fs::create_directories(dir_ / "minilib");
  write("minilib/__init__.py", "");
  write("tests/test_ops.py", kIndependentOracles);
  commitAll("init");
  Result r = stageAndDiff("tests/test_ops.py", kOraclesOnTheLibrary);
  EXPECT_EQ(r.status, 0) << r.out;  // a note: it fails the gate only with --fail-on note
  EXPECT_EQ(oalens("diff --staged --fail-on note").status, 1);
  for (const char* expected :
       {"tests/test_ops.py:7:5: note: oracle of numpy.testing.assert_allclose weakened from DT to SCUT_SAME: was \"the oracle is "
        "computed by numpy.tanh (another library)\", now \"both sides compute minilib.ops.tanh on the same inputs; only flags or modes "
        "differ\" [CH309]",
        "tests/test_ops.py:11:5: note: oracle of numpy.testing.assert_allclose weakened from NI to SCUT_DIFF",
        "tests/test_ops.py:14:5: note: oracle of numpy.testing.assert_allclose weakened from D to RI"})
    EXPECT_NE(r.out.find(expected), std::string::npos) << "missing: " << expected << "\n" << r.out;
  // The gelu check kept its CUT and got a stronger oracle (RI -> NI): neither a weakening nor a
  // deletion; nor is the softmax check deleted, it only has another oracle.
  EXPECT_EQ(r.out.find("CH302"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(":17:"), std::string::npos) << r.out;
  size_t weakened = 0;
  for (size_t at = r.out.find("[CH309]"); at != std::string::npos; at = r.out.find("[CH309]", at + 1)) ++weakened;
  EXPECT_EQ(weakened, 3u) << r.out;

  // Another library under test: no call is the library's, no oracle is judged weaker.
  Result other = oalens("diff --staged --package otherlib");
  EXPECT_EQ(other.out.find("[CH309]"), std::string::npos) << other.out;

  // A stated reason accepts it, as for a loosened tolerance.
  std::string stated = kOraclesOnTheLibrary;
  stated.replace(stated.find("    np.testing.assert_allclose(ops.tanh"), 0,
                 "    # oalens: loosen-ok(the numpy reference moved into ops)\n");
  Result accepted = stageAndDiff("tests/test_ops.py", stated);
  EXPECT_NE(accepted.out.find("note: oracle of numpy.testing.assert_allclose weakened from DT to SCUT_SAME"), std::string::npos)
      << accepted.out;
  EXPECT_NE(accepted.out.find("(accepted: the numpy reference moved into ops) [CH309]"), std::string::npos) << accepted.out;
}

// The oracle's code is unchanged and only the module it imports moved into the package (an
// extension module folded into the library): its type moves from DT to RI, but nobody edited
// the oracle, so no weakening is reported; rewriting the oracle itself still is one.
TEST_F(DiffGate, AnOracleWhoseCodeIsUnchangedIsNotWeakenedByAnImportThatMoved) {
  fs::create_directories(dir_ / "minilib");
  write("minilib/__init__.py", "");
  const std::string body =
      "\n"
      "def test_conv():\n"
      "    x, w = np.random.rand(8), np.random.rand(3)\n"
      "    expected = conv_ref(x, w)\n"
      "    np.testing.assert_allclose(ops.conv1d(x, w), expected, rtol=1e-6)\n";
  write("tests/test_conv.py", "import numpy as np\nfrom minilib import ops\nfrom minilib_native import conv_ref\n" + body);
  commitAll("init");
  Result moved =
      stageAndDiff("tests/test_conv.py", "import numpy as np\nfrom minilib import ops\nfrom minilib.native import conv_ref\n" + body);
  EXPECT_EQ(moved.out.find("[CH309]"), std::string::npos) << moved.out;

  std::string rewritten = "import numpy as np\nfrom minilib import ops\nfrom minilib.native import conv_ref\n" + body;
  rewritten.replace(rewritten.find("conv_ref(x, w)"), 14, "conv_ref(x, w[::-1])");
  Result edited = stageAndDiff("tests/test_conv.py", rewritten);
  EXPECT_NE(edited.out.find("tests/test_conv.py:8:5: note: oracle of numpy.testing.assert_allclose weakened from DT to RI"),
            std::string::npos)
      << edited.out;
}

// Keras 3's layout: the suite's base test case redefines assertAlmostEqual with numpy's
// `decimal`. The gate reads that module at each side of the change, so decimal=6 -> 5 is a
// loosening, as `scan` of the whole tree would see it.
TEST_F(DiffGate, ReadsTheSuitesBaseTestCaseToKnowWhatItsMethodsTake) {
  fs::create_directories(dir_ / "minilib" / "testing");
  write("minilib/__init__.py", "");
  write("minilib/testing/__init__.py", "from minilib.testing.test_case import TestCase\n");
  write("minilib/testing/test_case.py",
        "import unittest\n"
        "import numpy as np\n"
        "class TestCase(unittest.TestCase):\n"
        "    def assertAlmostEqual(self, actual, desired, decimal=3, msg=None):\n"
        "        np.testing.assert_almost_equal(actual, desired, decimal=decimal)\n");
  const std::string test =
      "from minilib import testing\n"
      "class StepTest(testing.TestCase):\n"
      "    def test_step(self):\n"
      "        self.assertAlmostEqual(step(), 2.0, decimal=6)\n";
  write("minilib/ops_test.py", test);
  commitAll("init");
  std::string looser = test;
  looser.replace(looser.find("decimal=6"), 9, "decimal=5");
  Result staged = stageAndDiff("minilib/ops_test.py", looser);
  EXPECT_NE(
      staged.out.find("minilib/ops_test.py:4:9: warning: minilib.testing.test_case.TestCase.assertAlmostEqual loosened: decimal 6 -> 5"),
      std::string::npos)
      << staged.out;
  commitAll("looser");
  Result range = oalens("diff main~1..main --fail-on never");
  EXPECT_NE(range.out.find("decimal 6 -> 5"), std::string::npos) << range.out;
}

// DGL's layout: the tests' `backend` package imports the backend the environment names; the
// gate reads its children on each side, so a check moved onto the backend's `close` is
// compared by the child's tolerances, not reported as a check that became an exact assert.
TEST_F(DiffGate, ReadsTheChildrenOfAHelperPackageThatChoosesOneAtRunTime) {
  fs::create_directories(dir_ / "tests" / "backend" / "torch_impl");
  write("tests/backend/__init__.py",
        "import importlib, os\n"
        "impl = importlib.import_module('.%s' % os.environ.get('B', 'torch_impl'), __name__)\n"
        "globals().update({n: getattr(impl, n) for n in ('close',)})\n");
  write("tests/backend/torch_impl/__init__.py",
        "import torch\ndef close(a, b, rtol=1e-4, atol=1e-4):\n    return torch.allclose(a, b, rtol=rtol, atol=atol)\n");
  const std::string test =
      "import torch\n"
      "import backend as F\n"
      "def test_step():\n"
      "    assert torch.allclose(step(), ref())\n";
  write("tests/test_step.py", test);
  commitAll("init");
  std::string moved = test;
  moved.replace(moved.find("torch.allclose"), 14, "F.close");
  const std::string loosened = "tests/test_step.py:4:5: warning: torch.allclose -> tests.backend.close loosened: atol 1e-08 -> 1e-4";
  Result staged = stageAndDiff("tests/test_step.py", moved);
  EXPECT_NE(staged.out.find(loosened), std::string::npos) << staged.out;
  EXPECT_EQ(staged.out.find("CH303"), std::string::npos) << staged.out;
  Result worktree = oalens("diff --worktree --fail-on never");
  EXPECT_NE(worktree.out.find(loosened), std::string::npos) << worktree.out;
  commitAll("moved");
  Result range = oalens("diff main~1..main --fail-on never");
  EXPECT_NE(range.out.find(loosened), std::string::npos) << range.out;
}

TEST_F(DiffGate, FindsTheLibraryUnderAPythonPackageRootButNotUnderAPluginDirectory) {
  // XGBoost and LightGBM keep their package in python-package/; plugin/ holds no library.
  fs::create_directories(dir_ / "plugin" / "minilib");
  write("plugin/minilib/__init__.py", "");
  Result plugin = commitBothAndDiff("tests/test_ops.py", kIndependentOracles, kOraclesOnTheLibrary);
  EXPECT_EQ(plugin.out.find("[CH309]"), std::string::npos) << plugin.out;

  git("mv plugin python-package");
  commitAll("moved");
  Result r = commitBothAndDiff("tests/test_ops.py", kIndependentOracles, kOraclesOnTheLibrary);
  EXPECT_NE(r.out.find("weakened from DT to SCUT_SAME"), std::string::npos) << r.out;

  // Faiss's layout: the bindings of the library in minilib/ are minilib/python/, installed as
  // `minilib`.
  fs::create_directories(dir_ / "minilib" / "python");
  git("mv python-package/minilib/__init__.py minilib/python/__init__.py");
  commitAll("bindings");
  Result bindings = commitBothAndDiff("tests/test_ops.py", kIndependentOracles, kOraclesOnTheLibrary);
  EXPECT_NE(bindings.out.find("weakened from DT to SCUT_SAME"), std::string::npos) << bindings.out;
}

TEST_F(DiffGate, FindsTheLibraryInTheSrcLayoutAndSaysWhenItKnowsNone) {
  fs::create_directories(dir_ / "src" / "minilib");
  write("src/minilib/__init__.py", "");
  Result r = commitBothAndDiff("tests/test_ops.py", kIndependentOracles, kOraclesOnTheLibrary);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("weakened from DT to SCUT_SAME"), std::string::npos) << r.out;

  // Without any package the gate cannot judge oracles and says so where an oracle changed.
  git("rm -q -r src");
  commitAll("no package");
  write("tests/test_ops.py", kIndependentOracles);
  commitAll("back");
  Result none = oalens("diff main~1..main --fail-on never");
  EXPECT_EQ(none.out.find("[CH309]"), std::string::npos) << none.out;
  EXPECT_NE(none.out.find("tests/test_ops.py:12: the compared values of numpy.testing.assert_allclose changed, but no package names "
                          "the library under test, so its oracle is not judged (CH309); name it with --package"),
            std::string::npos)
      << none.out;
}

// A test skipped before and after the change runs none of its checks: loosening one weakens
// nothing that runs. The same loosening in a test that runs is reported.
TEST_F(DiffGate, ALooseningInATestSkippedOnBothSidesIsNotReported) {
  const std::string base =
      "import numpy as np\nimport pytest\n@pytest.mark.skip(reason='slow')\ndef test_a():\n"
      "    np.testing.assert_allclose(f(1), 2.0, rtol=1e-6)\ndef test_b():\n    np.testing.assert_allclose(f(2), 4.0, rtol=1e-6)\n";
  write("tests/test_a.py", base);
  commitAll("init");
  std::string loosened = base;
  for (size_t at = loosened.find("rtol=1e-6"); at != std::string::npos; at = loosened.find("rtol=1e-6", at))
    loosened.replace(at, 9, "rtol=1e-3");
  write("tests/test_a.py", loosened);
  git("add -A");
  Result r = oalens("diff --staged");
  EXPECT_EQ(r.out.find("tests/test_a.py:5:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("tests/test_a.py:7:5: warning"), std::string::npos) << r.out;
}

// A tolerance loosened in the same edit that rewrites what the check compares is one check
// changed, as `mine` pairs it (parameter and threshold), not a deletion beside a new check.
TEST_F(DiffGate, LooseningThatRewritesTheComparedValuesIsStillALoosening) {
  Result r = commitBothAndDiff("tests/test_dense.py",
                               "import numpy as np\n"
                               "\n"
                               "def test_dense_layer():\n"
                               "    x = np.ones((2, 3))\n"
                               "    np.testing.assert_allclose(dense(x), np.dot(x, weights))\n",
                               "import numpy as np\n"
                               "\n"
                               "def test_dense_layer():\n"
                               "    x = np.ones((2, 3))\n"
                               "    out = dense(x)\n"
                               "    np.testing.assert_allclose(out, reference(x), rtol=0.2)\n");
  EXPECT_NE(
      r.out.find("tests/test_dense.py:6:5: warning: numpy.testing.assert_allclose loosened: rtol 1e-07 -> 0.2 (loosen, x2e+06) [CH301]"),
      std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("[CH302]"), std::string::npos) << r.out;
}

// atol and rtol moved in opposite directions: a warning only when the check accepts over twice
// as much for values near 1, where most DL tests compare.
TEST_F(DiffGate, MixedChangeIsANoteWhenAboutAsStrictNearOne) {
  Result r = commitBothAndDiff("tests/test_hls.py",
                               "import numpy as np\n"
                               "\n"
                               "def test_round_trip():\n"
                               "    np.testing.assert_allclose(to_rgb(to_hls(x)), x, atol=1e-4, rtol=1e-7)\n"
                               "    np.testing.assert_allclose(to_hls(x), ref, atol=1e-8, rtol=1e-5)\n",
                               "import numpy as np\n"
                               "\n"
                               "def test_round_trip():\n"
                               "    np.testing.assert_allclose(to_rgb(to_hls(x)), x, atol=1e-5, rtol=1.3e-6)\n"
                               "    np.testing.assert_allclose(to_hls(x), ref, atol=1e-2, rtol=1e-6)\n");
  EXPECT_NE(r.out.find("tests/test_hls.py:4:5: note: numpy.testing.assert_allclose loosened: atol 1e-4 -> 1e-5 (tighten, x10); "
                       "rtol 1e-7 -> 1.3e-6 (loosen, x13) (about as strict or stricter for values near 1) [CH301]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("tests/test_hls.py:5:5: warning: numpy.testing.assert_allclose loosened:"), std::string::npos) << r.out;
}
