// Oracle classification on Python code shaped like the backend tests of multi-backend
// libraries (a test parametrized over backend modules, a loop over a module-level list of
// backends, one function run by two backends) and on the helpers, tables and names such suites
// use. Data movement: data_movement_oracle_test.cpp; the library's packages:
// library_packages_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>

#include "analyzer/oracle/oracle_classifier.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::oracleTypeAt;
using oalens::testing::scanPython;

namespace {

// A library `minilib` with two backend modules, and one test file.
ScanResult classified(const std::string& test) {
  ScanResult r = scanPython({{"minilib/__init__.py", ""}, {"minilib/backend/__init__.py", ""}, {"tests/test_backends.py", test}});
  classifyOracles(r);
  return r;
}

// Whether a line of the assertion's evidence holds `text`.
bool evidenceMentions(const Assertion& a, std::string_view text) {
  return std::ranges::any_of(a.evidence, [&](const std::string& e) { return e.find(text) != std::string::npos; });
}

// The oracle types at several lines, in their order: one comparison reads as the line-by-line list.
std::vector<std::string> typesAt(const ScanResult& r, std::initializer_list<uint32_t> lines) {
  std::vector<std::string> out;
  for (uint32_t line : lines) out.push_back(oracleTypeAt(r, line));
  return out;
}

const char* kImports =
    "import numpy as np\n"
    "import pytest\n"
    "from numpy.testing import assert_allclose\n"
    "from minilib.backend import cpu_backend as BCPU\n"
    "from minilib.backend import gpu_backend as BGPU\n"
    "import ref_kernels as RK\n";

}  // namespace

TEST(OracleClassifier, ATestParametrizedOverBackendModulesRunsTheLibrary) {
  // `be` takes the library's backend modules: be.cumulative is the library, not "another library".
  ScanResult r = classified(std::string(kImports) +  // lines 1-6
                            "\n"
                            "@pytest.mark.parametrize('be', [BCPU, BGPU], ids=['cpu', 'gpu'])\n"
                            "def test_cumulative_reversed(be):\n"
                            "    data = np.random.rand(6)\n"
                            "    t = be.variable(data)\n"
                            "    forward = be.eval(be.cumulative(t))\n"
                            "    backward = be.eval(be.cumulative(be.reverse(t)))\n"
                            "    assert_allclose(forward[-1], backward[-1], atol=1e-06)\n"  // line 14
                            "\n"
                            "@pytest.mark.parametrize('be,expected', [(BCPU, [2.0, 4.0]), (BGPU, [2.0, 4.0])])\n"
                            "def test_double(be, expected):\n"
                            "    out = be.eval(be.double(be.variable(np.array([1.0, 2.0]))))\n"
                            "    assert_allclose(out, expected, rtol=1e-06)\n");  // line 19
  EXPECT_EQ(oracleTypeAt(r, 14), "SCUT_DIFF");
  const Assertion* reversed = atLine(r, 14);
  ASSERT_NE(reversed, nullptr);
  EXPECT_TRUE(evidenceMentions(*reversed, "parametrized over the library's modules"));
  EXPECT_EQ(oracleTypeAt(r, 19), "D");  // `expected` is a parameter too, of literals
}

TEST(OracleClassifier, ALoopOverAModuleLevelListOfBackendsComparesImplementations) {
  // One backend (chosen by a conditional) beside the suite's numpy reference module, compared
  // pairwise by a helper of the test file.
  ScanResult r = classified(std::string(kImports) +  // lines 1-6
                            "IMPLS = [BCPU if np.random.rand() > 2 else BGPU, RK]\n"
                            "SIGNALS = [np.full(4, 2.0), np.arange(4.0)]\n"
                            "\n"
                            "def check_pairwise(values, atol=1e-05):\n"
                            "    for a, b in zip(values[1:], values[:-1]):\n"
                            "        assert_allclose(a, b, atol=atol)\n"
                            "\n"
                            "def test_clip_by_norm():\n"
                            "    outs = []\n"
                            "    for impl in IMPLS:\n"
                            "        t = impl.variable(np.linspace(-2.0, 2.0, 5))\n"
                            "        outs.append(impl.eval(impl.clip_by_norm(t, 1.5)))\n"
                            "    check_pairwise(outs)\n"  // line 19
                            "\n"
                            "def test_signal_loop():\n"
                            "    outs = []\n"
                            "    for s in SIGNALS:\n"
                            "        outs.append(BGPU.eval(BGPU.softsign(BGPU.variable(s))))\n"
                            "    check_pairwise(outs)\n");  // line 25
  EXPECT_EQ(oracleTypeAt(r, 19), "DT");
  EXPECT_EQ(oracleTypeAt(r, 25), "SCUT_SAME");  // a list of arrays is no list of implementations
}

TEST(OracleClassifier, OneFunctionOfTwoBackendsIsDifferentialTestingWhateverPreparesTheInputs) {
  // The CPU side's window goes through a library helper (flip_window) the oracle does not call.
  ScanResult r = classified(std::string(kImports) +  // lines 1-6
                            "from minilib.utils import flip_window\n"
                            "\n"
                            "def test_pool1d():\n"
                            "    signal = np.random.random((2, 9, 3))\n"
                            "    window = np.random.random((2, 3))\n"
                            "    cpu_out = BCPU.eval(BCPU.pool1d(BCPU.variable(signal), BCPU.variable(flip_window(window))))\n"
                            "    gpu_out = BGPU.eval(BGPU.pool1d(BGPU.variable(signal), BGPU.variable(window)))\n"
                            "    assert_allclose(cpu_out, gpu_out, atol=1e-05)\n"  // line 14
                            "    total = BGPU.eval(BGPU.sum(BGPU.variable(signal)))\n"
                            "    assert_allclose(cpu_out.sum(), total, atol=1e-05)\n");  // line 16
  EXPECT_EQ(oracleTypeAt(r, 14), "DT");
  EXPECT_EQ(oracleTypeAt(r, 16), "RI");  // another function of the library stays RI
}

// Test modules living beside the code they test (minilib/ops/pool_test.py), as in suites that
// keep `*_test.py` inside the package: their helpers and classes are test code, not the library.
TEST(OracleClassifier, HelpersOfATestModuleInsideThePackageAreTestCode) {
  ScanResult r = scanPython({{"minilib/__init__.py", ""},
                             {"minilib/ops/__init__.py", ""},
                             {"minilib/ops/conv_test.py",
                              "import numpy as np\n"
                              "def np_conv1d(x, w):\n"
                              "    out = np.zeros(len(x) - len(w) + 1)\n"
                              "    for i in range(len(out)):\n"
                              "        out[i] = np.sum(x[i:i + len(w)] * w)\n"
                              "    return out\n"},
                             {"minilib/ops/pool_test.py",
                              "import numpy as np\n"                           // 1
                              "from minilib import ops\n"                      // 2
                              "from minilib import losses\n"                   // 3
                              "from minilib.ops.conv_test import np_conv1d\n"  // 4
                              "\n"                                             // 5
                              "def np_pool1d(x, size):\n"                      // 6
                              "    return np.mean(np.reshape(x, (-1, size)), axis=1) * 1.0\n"
                              "\n"                                                                                  // 8
                              "class SquaredLoss(losses.Loss):\n"                                                   // 9
                              "    def call(self, y_true, y_pred):\n"                                               // 10
                              "        return ops.square(y_true - y_pred)\n"                                        // 11
                              "\n"                                                                                  // 12
                              "class PoolTest:\n"                                                                   // 13
                              "    def test_pool(self):\n"                                                          // 14
                              "        x = np.random.rand(8)\n"                                                     // 15
                              "        np.testing.assert_allclose(ops.pool1d(x, 2), np_pool1d(x, 2), atol=1e-6)\n"  // 16
                              "    def test_conv(self):\n"                                                          // 17
                              "        x, w = np.random.rand(8), np.random.rand(3)\n"                               // 18
                              "        np.testing.assert_allclose(ops.conv1d(x, w), np_conv1d(x, w), atol=1e-6)\n"  // 19
                              "    def test_loss(self):\n"                                                          // 20
                              "        loss = SquaredLoss()(np.ones(2), np.zeros(2))\n"                             // 21
                              "        np.testing.assert_allclose(loss, 1.0 + 0.0, atol=1e-6)\n"}});                // 22
  classifyOracles(r);
  EXPECT_EQ(oracleTypeAt(r, 16), "NI");  // the module's own numpy helper, traced into
  EXPECT_EQ(oracleTypeAt(r, 19), "NI");  // a helper of another test module of the package, traced into
  // A test class deriving from the library's runs the library: the CUT, not an unknown call.
  const Assertion* loss = atLine(r, 22);
  ASSERT_NE(loss, nullptr);
  EXPECT_EQ(loss->oracleType, "D");
  EXPECT_EQ(loss->actualText, "loss");
}

TEST(OracleClassifier, ATableOfLiteralsKeyedByTheLibrarysConstantsIsLiteralData) {
  ScanResult r = classified(
      "import numpy as np\n"
      "from minilib import losses\n"
      "EXPECTED = {losses.Reduction.SUM: [3.0], losses.Reduction.MEAN: [1.0]}\n"
      "\n"
      "def test_reduce():\n"
      "    out = losses.reduce(np.ones(3), losses.Reduction.SUM)\n"
      "    np.testing.assert_allclose(out, EXPECTED[losses.Reduction.SUM])\n");  // line 7
  EXPECT_EQ(oracleTypeAt(r, 7), "D");                                            // the keys only pick a row; they compute nothing
}

TEST(OracleClassifier, AnOptionalImportsNoneFallbackDoesNotHideTheModule) {
  // `except ImportError: BGPU = None` is what runs when the import fails, and then the test is
  // skipped; when it runs, BGPU is the library's backend.
  ScanResult r = classified(
      "import numpy as np\n"
      "from numpy.testing import assert_allclose\n"
      "try:\n"
      "    from minilib.backend import gpu_backend as BGPU\n"
      "except ImportError:\n"
      "    BGPU = None\n"
      "\n"
      "def test_sparse_dot():\n"
      "    dense = np.random.rand(3, 3)\n"
      "    for be in [BGPU]:\n"
      "        s = be.eval(be.dot(be.sparse(dense), dense))\n"
      "        d = be.eval(be.dot(be.variable(dense), dense))\n"
      "        assert_allclose(s, d, atol=1e-5)\n");  // line 13
  EXPECT_EQ(oracleTypeAt(r, 13), "SCUT_DIFF");        // the same backend function on a sparse and a dense input
}

TEST(OracleClassifier, NeighbouringElementsOfAListBuiltOverBackendsAreDifferentialTesting) {
  ScanResult r = classified(std::string(kImports) +  // lines 1-6
                            "\n"
                            "def test_dropout_mean():\n"
                            "    val = np.random.random((10, 10))\n"
                            "    outs = [be.eval(be.dropout(be.variable(val), 0.2)) for be in [BCPU, BGPU]]\n"
                            "    for i in range(len(outs) - 1):\n"
                            "        assert np.abs(outs[i].mean() - outs[i + 1].mean()) < 0.05\n");  // line 12
  EXPECT_EQ(oracleTypeAt(r, 12), "DT");  // one backend's mean is the other's oracle
}

TEST(OracleClassifier, ATargetOfAComprehensionComesFromItsIterable) {
  // `x` and `y` are bound by the comprehension, not by the loop above it: tracing them to the
  // function's own `x` would take the wrong value, and not tracing them leaves the oracle unknown.
  ScanResult r = classified(std::string(kImports) +  // lines 1-6
                            "\n"
                            "def test_pairs():\n"
                            "    for x in range(3):\n"
                            "        pass\n"
                            "    outs = [BCPU.eval(v) for v in np.ones(3)]\n"
                            "    refs = [RK.exp(v) for v in np.ones(3)]\n"
                            "    assert all(np.allclose(x, y) for x, y in zip(outs, refs))\n"  // line 13
                            "    grads = [BCPU.grad(v) for v in np.ones(3)]\n"
                            "    expected = 1 + sum((i + 1) / 3 for i in range(2))\n"
                            "    assert_allclose(grads[0], expected)\n");  // line 16
  EXPECT_EQ(oracleTypeAt(r, 13), "DT");                                    // another library's exp is the oracle
  EXPECT_EQ(oracleTypeAt(r, 16), "NI");  // the comprehension's `i` traced to its `range`: a formula of the step the author wrote
}

TEST(OracleClassifier, ASuffixOfAPackagesModuleIsNotAnotherLibrarysName) {
  // Keras 3 has keras/src/backend/numpy/linalg.py: numpy.linalg is still numpy's. The suite's
  // tests/ directory is no package, so its modules are found by their short names.
  ScanResult r = scanPython({{"corelib/__init__.py", ""},
                             {"corelib/backend/__init__.py", ""},
                             {"corelib/backend/numpy/__init__.py", ""},
                             {"corelib/backend/numpy/linalg.py",
                              "from corelib.backend.numpy.core import convert\n"
                              "def matrix_power(a, n):\n"
                              "    return convert(a) ** n\n"},
                             {"tests/refs.py",
                              "def power_reference(a, n):\n"
                              "    out = a\n"
                              "    for _ in range(n - 1):\n"
                              "        out = out @ a\n"
                              "    return out\n"},
                             {"tests/test_linalg.py",
                              "import numpy as np\n"
                              "from numpy.testing import assert_allclose\n"
                              "from corelib import linalg\n"
                              "from refs import power_reference\n"
                              "def test_power():\n"
                              "    x = np.random.rand(3, 3)\n"
                              "    assert_allclose(linalg.matrix_power(x, 2), np.linalg.matrix_power(x, 2))\n"  // line 7
                              "    assert_allclose(linalg.matrix_power(x, 3), power_reference(x, 3))\n"}});     // line 8
  classifyOracles(r);
  EXPECT_EQ(oracleTypeAt(r, 7), "DT");
  EXPECT_EQ(oracleTypeAt(r, 8), "NI");
}

// Regression (found by oalens_scan_python_fuzz): an oracle naming a module-level annotation
// without a value (`REF: float`) read the value of a statement that has none, out of bounds.
TEST(OracleClassifier, AnAnnotationWithoutAValueIsNoBinding) {
  ScanResult r =
      scanPython({{"pkg/__init__.py", ""},
                  {"pkg/tests/test_x.py", "import numpy as np\nREF: float\ndef test_a():\n    np.testing.assert_allclose(f(), REF)\n"}});
  classifyOracles(r, {"pkg"});
  ASSERT_EQ(r.assertions.size(), 1u);
  EXPECT_TRUE(r.assertions[0].isOa);
}

// `try: mean = d.mean` / `except NotImplementedError: mean = None`, then the check under `if mean
// is not None`: the fallback None is never the compared value (NumPyro's moment tests read as a
// literal oracle before).
TEST(OracleClassifier, AFallbackNoneIsNotTheComparedValue) {
  ScanResult r = scanPython({{"statlib/__init__.py", ""},
                             {"tests/test_moments.py",
                              "import numpy as np\n"
                              "import statlib\n"
                              "def test_mean():\n"
                              "    d = statlib.Normal(0.0, 1.0)\n"
                              "    samples = d.sample(1000)\n"
                              "    try:\n"
                              "        mean = statlib.mean_of(d)\n"
                              "    except NotImplementedError:\n"
                              "        mean = None\n"
                              "    if mean is not None:\n"
                              "        np.testing.assert_allclose(np.mean(samples), mean, atol=0.1)\n"}});  // line 11
  classifyOracles(r, {"statlib"});
  EXPECT_NE(oracleTypeAt(r, 11), "D");
  EXPECT_NE(oracleTypeAt(r, 11), "UNKNOWN");
}

// `picked = getattr(statlib, name)` handed to a helper that runs it (NNabla's function tests pick
// `getattr(F, fname)` and hand it to `function_tester`): a function of that module, not an
// untraced value.
TEST(OracleClassifier, AFunctionPickedOffAModuleByNameIsThatModules) {
  ScanResult r = scanPython({{"statlib/__init__.py", ""},
                             {"tests/test_pick.py",
                              "import numpy as np\n"
                              "import statlib\n"
                              "def check(function, reference, x):\n"
                              "    np.testing.assert_allclose(function(x), reference(x))\n"
                              "def test_picked(name='relu'):\n"
                              "    x = np.linspace(0.0, 1.0, 5)\n"
                              "    picked = getattr(statlib, name)\n"
                              "    check(statlib.softplus, picked, x)\n"}});  // line 8
  classifyOracles(r, {"statlib"});
  EXPECT_EQ(oracleTypeAt(r, 8), "RI");
}

TEST(OracleClassifier, NamesDecideTheRolesWhenBothSidesCallTheLibrary) {
  ScanResult r = scanPython({{"statlib/__init__.py", ""},
                             {"tests/test_roles.py",
                              "import numpy as np\n"
                              "import statlib\n"
                              "def test_named_expected_first():\n"
                              "    x = np.linspace(0.0, 1.0, 5)\n"
                              "    expected = statlib.softplus_by_logsumexp(x)\n"
                              "    actual = statlib.softplus(x)\n"
                              "    np.testing.assert_allclose(expected, actual)\n"  // line 7
                              "def test_names_say_nothing():\n"
                              "    x = np.linspace(0.0, 1.0, 5)\n"
                              "    a = statlib.softplus_by_logsumexp(x)\n"
                              "    b = statlib.softplus(x)\n"
                              "    np.testing.assert_allclose(a, b)\n"  // line 12
                              "def test_other_side_named_for_nothing():\n"
                              "    x = np.linspace(0.0, 1.0, 5)\n"
                              "    state = statlib.step(x)\n"
                              "    c_expected = statlib.softplus_by_logsumexp(x)\n"
                              "    np.testing.assert_allclose(c_expected, state.c)\n"}});  // line 17
  classifyOracles(r, {"statlib"});
  ASSERT_NE(atLine(r, 7), nullptr);
  ASSERT_NE(atLine(r, 12), nullptr);
  ASSERT_NE(atLine(r, 17), nullptr);
  EXPECT_TRUE(atLine(r, 7)->swapped);
  EXPECT_EQ(atLine(r, 7)->expectedText, "expected");
  EXPECT_FALSE(atLine(r, 12)->swapped);
  EXPECT_TRUE(atLine(r, 17)->swapped);
  EXPECT_EQ(atLine(r, 17)->expectedText, "c_expected");
}

TEST(OracleClassifier, ALoopCombiningTheLibrarysResultsPerElementIsTheAuthors) {
  ScanResult r = scanPython({{"statlib/__init__.py", ""},
                             {"tests/test_loops.py",
                              "import numpy as np\n"
                              "import statlib\n"
                              "def test_averaged_per_row():\n"
                              "    batch = np.ones((3, 4))\n"
                              "    expected = np.mean([statlib.logsumexp(row) for row in batch])\n"
                              "    np.testing.assert_allclose(statlib.mean_logsumexp(batch), expected)\n"  // line 6
                              "def test_stacked_per_row():\n"
                              "    batch = np.ones((3, 4))\n"
                              "    expected = np.stack([statlib.logsumexp(row) for row in batch])\n"
                              "    np.testing.assert_allclose(statlib.rowwise_logsumexp(batch), expected)\n"}});  // line 10
  classifyOracles(r, {"statlib"});
  EXPECT_EQ(oracleTypeAt(r, 6), "NI");
  EXPECT_EQ(oracleTypeAt(r, 10), "RI");
}

TEST(OracleClassifier, OneNameInTwoModulesOfOneBackendIsAnotherFunctionOfTheLibrary) {
  ScanResult r =
      scanPython({{"ssm/__init__.py", ""},
                  {"ssm/parallel.py", "def hmm_filter(p, e):\n    return p\n"},
                  {"ssm/serial.py", "def hmm_filter(p, e):\n    return p\n"},
                  {"tests/test_filters.py",
                   "import numpy as np\n"
                   "from ssm import parallel, serial\n"
                   "def test_parallel_filter():\n"
                   "    p, e = np.ones(3), np.ones((4, 3))\n"
                   "    np.testing.assert_allclose(parallel.hmm_filter(p, e), serial.hmm_filter(p, e), atol=1e-5)\n"}});  // line 5
  classifyOracles(r, {"ssm"});
  EXPECT_EQ(oracleTypeAt(r, 5), "RI");
}

TEST(OracleClassifier, ClassesATestIsParametrizedOverAreTheLibrarys) {
  ScanResult r = scanPython({{"distlib/__init__.py", "class Logistic:\n    pass\nclass ClippedLogistic:\n    pass\n"},
                             {"tests/test_clipped.py",
                              "import numpy as np\n"
                              "from absl.testing import parameterized\n"
                              "import distlib\n"
                              "class ClippedTest(parameterized.TestCase):\n"
                              "    @parameterized.parameters([[distlib.ClippedLogistic, distlib.Logistic]])\n"
                              "    def test_inside_the_bounds(self, factory, unclipped_factory):\n"
                              "        clipped = factory(loc=0.0, scale=1.0)\n"
                              "        unclipped = unclipped_factory(loc=0.0, scale=1.0)\n"
                              "        np.testing.assert_allclose(unclipped.log_prob(0.0), clipped.log_prob(0.0))\n"  // line 9
                              "    @parameterized.named_parameters(('logistic', distlib.Logistic))\n"
                              "    def test_named(self, make):\n"
                              "        np.testing.assert_allclose(make(loc=0.0).log_prob(0.0), -1.386, atol=1e-3)\n"}});  // line 12
  classifyOracles(r, {"distlib"});
  EXPECT_EQ(oracleTypeAt(r, 9), "RI");
  EXPECT_EQ(oracleTypeAt(r, 12), "D");
  ASSERT_NE(atLine(r, 12), nullptr);
  EXPECT_FALSE(atLine(r, 12)->swapped);
}

TEST(OracleClassifier, AnotherLibrarysFunctionOnInputsItPreparesIsDifferentialTesting) {
  ScanResult r = scanPython({{"statlib/__init__.py", ""},
                             {"tests/test_density.py",
                              "import numpy as np\n"
                              "import scipy.stats\n"
                              "import statlib\n"
                              "def test_logpdf_by_precision():\n"
                              "    x, m, prec = statlib.sample(3), statlib.mean(3), statlib.precision(3)\n"
                              "    expected = scipy.stats.multivariate_normal.logpdf(x, m, np.linalg.inv(prec))\n"
                              "    np.testing.assert_allclose(statlib.logpdf_precision(x, m, prec), expected)\n"  // line 7
                              "def test_forecast_by_hand():\n"
                              "    m, t = statlib.mean(3), statlib.transition(3)\n"
                              "    expected = np.matmul(np.matmul(m, t), t)\n"
                              "    np.testing.assert_allclose(statlib.forecast(m, t, steps=2), expected)\n"}});  // line 11
  classifyOracles(r, {"statlib"});
  EXPECT_EQ(oracleTypeAt(r, 7), "DT");
  EXPECT_EQ(oracleTypeAt(r, 11), "NI");
}

TEST(OracleClassifier, AGradientReadBackIsTheGradientOfWhatWasDifferentiated) {
  ScanResult r = scanPython({{"quadlib/__init__.py", ""},
                             {"tests/test_quad.py",
                              "import torch\n"
                              "import quadlib\n"
                              "def test_backward():\n"
                              "    a = torch.rand(4, 4, requires_grad=True)\n"
                              "    quadlib.quad_diag(a).sum().backward()\n"
                              "    a_copy = a.clone().detach().requires_grad_(True)\n"
                              "    expected = torch.diagonal(a_copy.mT @ a_copy @ a_copy)\n"
                              "    expected.sum().backward()\n"
                              "    torch.testing.assert_close(a.grad, a_copy.grad)\n"}});  // line 9
  classifyOracles(r, {"quadlib"});
  const Assertion* a = atLine(r, 9);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->oracleType, "NI");
  EXPECT_EQ(a->expectedText, "a_copy.grad");
}

TEST(OracleClassifier, ArithmeticInsideAnotherLibrarysAlgorithmPreparesItsInputs) {
  // Line 5: the FFT computes the oracle from inputs the test combines (DT); line 6: an exponential
  // of a difference is the author's formula (NI).
  ScanResult r = scanPython({{"speclib/__init__.py", ""}, {"tests/test_spec.py", R"(import numpy as np
import speclib
def test_spectrum():
    re, im = np.random.rand(4), np.random.rand(4)
    np.testing.assert_allclose(speclib.inverse_real(re, im), np.fft.irfft(re + 1j * im), rtol=1e-5)
    np.testing.assert_allclose(speclib.ratio(re, im), np.exp(re - im))
)"}});
  classifyOracles(r, {"speclib"});
  EXPECT_EQ(typesAt(r, {5, 6}), (std::vector<std::string>{"DT", "NI"}));
}

TEST(OracleClassifier, AnInputMadeFromParametrizedNumbersAndReadBackIsDefined) {
  // `mean0` is made from the case's number and handed to the CUT (a helper builds the model's
  // data from it): line 12, the sampler's mean against it, reads the test's own input back (D);
  // line 13, the author's formula on it, stays NI.
  ScanResult r = scanPython({{"samplib/__init__.py", ""}, {"tests/test_sampler.py", R"(import pytest
import torch
import samplib
def _build(m, s):
    thetas = torch.randn(100, 3) * s + m
    return samplib.GaussianScore()(thetas)
@pytest.mark.parametrize('mu', (-1.0, 0.0, 1.0))
def test_mean(mu):
    mean0 = mu * torch.ones(3)
    samples = samplib.Diffuser(_build(mean0, torch.ones(3))).run(1000)
    mean_est = samples.mean(0)
    assert torch.allclose(mean_est, mean0, atol=1e-1)
    assert torch.allclose(mean_est * 2, mean0 * 2 + 1, atol=1e-1)
)"}});
  classifyOracles(r, {"samplib"});
  EXPECT_EQ(typesAt(r, {12, 13}), (std::vector<std::string>{"D", "NI"}));
}

TEST(OracleClassifier, TheLibrarysCustomOperatorsCalledThroughTorchOpsAreItsOwn) {
  // `torch.ops.minilib.pack(x)` runs the operator minilib registers with PyTorch: a different
  // function of the library under test (RI), not PyTorch (DT); `torch.matmul` stays PyTorch's.
  ScanResult r = classified(
      "import torch\n"
      "from minilib import sparse\n"
      "\n"
      "def test_pack():\n"
      "    x = torch.randn(4, 4)\n"
      "    torch.testing.assert_close(sparse.pack(x), torch.ops.minilib.pack_reference(x))\n"  // line 6
      "    torch.testing.assert_close(sparse.mm(x, x), torch.matmul(x, x))\n");                // line 7
  EXPECT_EQ(oracleTypeAt(r, 6), "RI");
  EXPECT_EQ(oracleTypeAt(r, 7), "DT");
}

TEST(OracleClassifier, ParametrizeOverADictOfTheLibrarysClassesBuildsThem) {
  // `[pytest.param(op, id=name) for name, op in IMPLS.items()]` over a module-level dict filled
  // entry by entry, one entry a `partial` of a class: the test builds the library's classes.
  ScanResult r = classified(
      "import numpy as np\n"
      "import pytest\n"
      "from functools import partial\n"
      "import minilib\n"
      "IMPLS = {}\n"
      "IMPLS['plain'] = minilib.Softmax\n"
      "IMPLS['fast'] = partial(minilib.Softmax, fast=True)\n"
      "\n"
      "@pytest.mark.parametrize('Op', [pytest.param(op, id=name) for name, op in IMPLS.items()])\n"
      "def test_softmax(Op):\n"
      "    x = np.ones(3)\n"
      "    np.testing.assert_allclose(Op()(x), np.exp(x) / np.exp(x).sum())\n");  // line 12
  const Assertion* a = atLine(r, 12);
  ASSERT_NE(a, nullptr);
  const bool built =
      std::ranges::any_of(a->evidence, [](const std::string& e) { return e == "CUT `Op()(x)` calls the library under test"; });
  EXPECT_TRUE(built) << a->oracleType;
  EXPECT_EQ(a->oracleType, "NI");  // the author's formula of NumPy calls
}

TEST(OracleClassifier, AMethodOfTheArrayTheLibrarysObjectWasMadeIntoIsTheArrayLibrarys) {
  // `op.to_dense().conjugate()`: NumPy conjugates the dense matrix; `op.adjoint()` is the library's.
  ScanResult r = classified(
      "import numpy as np\n"
      "import minilib\n"
      "\n"
      "def test_adjoint():\n"
      "    op = minilib.Operator(np.eye(2))\n"
      "    np.testing.assert_allclose(op.adjoint().to_dense(), op.to_dense().conjugate())\n");  // line 6
  const Assertion* a = atLine(r, 6);
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(evidenceMentions(*a, "`.conjugate` is the array's method")) << a->oracleType;
}

TEST(OracleClassifier, AFormulaOfTheStepIsTheAuthorsAndARescaledListIsData) {
  ScanResult r = classified(std::string(kImports) +  // lines 1-6
                            "\n"
                            "def test_rates():\n"
                            "    rates = [0.1 * 0.5 ** k for k in range(5)]\n"
                            "    assert_allclose(BCPU.rates(5), rates)\n"  // line 10
                            "    written = [0.1, 0.05, 0.025]\n"
                            "    doubled = [2 * r for r in written]\n"
                            "    assert_allclose(BCPU.rates(3), doubled)\n");  // line 13
  EXPECT_EQ(oracleTypeAt(r, 10), "NI");
  EXPECT_EQ(oracleTypeAt(r, 13), "D");
}

TEST(OracleClassifier, ASideNamedForTheTargetIsTheOracleWhereNeitherCallsTheLibrary) {
  ScanResult r = classified(std::string(kImports) +  // lines 1-6
                            "\n"
                            "def check(groups, targets):\n"
                            "    for group, target in zip(groups, targets):\n"
                            "        assert_allclose(target, group['lr'])\n");  // line 10
  const Assertion* a = atLine(r, 10);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->expectedText, "target");
}
