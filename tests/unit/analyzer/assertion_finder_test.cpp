#include "analyzer/assertions/assertion_finder.h"

#include <gtest/gtest.h>

#include <map>

#include "analyzer/oracle/oracle_classifier.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::byLine;
using oalens::testing::scanOne;
using oalens::testing::scanPython;
using oalens::testing::tolerance;

TEST(AssertionFinder, FindsCataloguedCallsThroughEveryImportForm) {
  auto r = scanOne(
      "import numpy as np\n"
      "import numpy.testing as npt\n"
      "from numpy.testing import assert_allclose as aac\n"
      "from numpy.testing import *\n"
      "def test_a():\n"
      "    np.testing.assert_allclose(f(), g())\n"
      "    npt.assert_array_almost_equal(f(), g(), 4)\n"
      "    aac(f(), g())\n"
      "    assert_almost_equal(f(), g())\n");
  ASSERT_EQ(r.assertions.size(), 4u);
  EXPECT_EQ(r.assertions[0].api, "numpy.testing.assert_allclose");
  EXPECT_EQ(r.assertions[1].api, "numpy.testing.assert_array_almost_equal");
  EXPECT_EQ(r.assertions[1].category, Category::Rounding);
  EXPECT_EQ(tolerance(r.assertions[1], "decimal")->provenance, Provenance::Literal);
  EXPECT_EQ(r.assertions[2].api, "numpy.testing.assert_allclose");
  EXPECT_EQ(r.assertions[3].api, "numpy.testing.assert_almost_equal");
  for (const auto& a : r.assertions) EXPECT_TRUE(a.isOa);
}

TEST(AssertionFinder, ModulesImportedByACallBindTheirName) {
  auto r = scanOne(
      "import importlib\n"
      "import pytest\n"
      "cp = pytest.importorskip('cupy')\n"
      "def test_a():\n"
      "    cp.testing.assert_allclose(f(), g(), rtol=1e-3)\n"
      "def test_b():\n"
      "    npt = importlib.import_module(\"numpy.testing\")\n"
      "    npt.assert_allclose(f(), g())\n"
      "def test_c():\n"
      "    mod = importlib.import_module(name)\n"
      "    rel = importlib.import_module('.testing', 'numpy')\n"
      "    mod.assert_allclose(f(), g())\n"
      "    rel.assert_allclose(f(), g())\n");
  ASSERT_EQ(r.assertions.size(), 4u);
  EXPECT_EQ(r.assertions[0].api, "numpy.testing.assert_allclose");  // cupy's, catalogued with numpy's
  EXPECT_TRUE(r.assertions[0].isOa);
  EXPECT_EQ(r.assertions[1].api, "numpy.testing.assert_allclose");
  EXPECT_TRUE(r.assertions[1].isOa);
  // A module named by a variable or relative to a package is not known.
  EXPECT_FALSE(r.assertions[2].isOa);
  EXPECT_FALSE(r.assertions[3].isOa);
}

TEST(AssertionFinder, PredicatesCountOnlyInsideAssertions) {
  auto r = scanOne(
      "import numpy as np\n"
      "def test_a(self):\n"
      "    np.allclose(a, b)\n"
      "    assert np.allclose(a, b, atol=1e-3)\n"
      "    self.assertTrue(np.all(np.isclose(a, b)))\n"
      "    assert not np.allclose(a, c)\n");
  ASSERT_EQ(r.assertions.size(), 3u);
  EXPECT_EQ(r.assertions[0].api, "numpy.allclose");
  EXPECT_EQ(r.assertions[0].form, "assert");
  EXPECT_EQ(r.assertions[0].actualText, "a");
  EXPECT_EQ(r.assertions[0].expectedText, "b");
  EXPECT_EQ(r.assertions[1].api, "numpy.isclose");
  EXPECT_EQ(r.assertions[1].form, "assertTrue");
  EXPECT_TRUE(r.assertions[2].isOa);
}

TEST(AssertionFinder, ErrorBoundsInBareAsserts) {
  auto r = scanOne(
      "def test_a():\n"
      "    assert abs(m - p) < 0.015\n"
      "    assert np.max(np.abs(x - y)) <= tol\n"
      "    assert 1e-5 > abs(a - b)\n"
      "    assert (np.abs(x - y) < 1e-6).all()\n"
      "    assert acc > 0.9\n"
      "    assert len(xs) < 3\n");
  ASSERT_EQ(r.assertions.size(), 6u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_TRUE(r.assertions[i].isOa) << i;
    EXPECT_EQ(r.assertions[i].category, Category::ErrorBound) << i;
    EXPECT_NE(tolerance(r.assertions[i], "bound"), nullptr) << i;
  }
  EXPECT_EQ(r.assertions[0].actualText, "m");
  EXPECT_EQ(r.assertions[0].expectedText, "p");
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[0], "bound")->value, 0.015);
  EXPECT_TRUE(r.assertions[4].isOa) << "a bound on a model's accuracy (BoundsOnATrainedModelsQualityAreErrorBounds)";
  EXPECT_TRUE(r.assertions[4].qualityBound);
  EXPECT_FALSE(r.assertions[5].isOa);
}

TEST(AssertionFinder, UnittestRoundingAndDelta) {
  auto r = scanOne(
      "class TestA(unittest.TestCase):\n"
      "    def test_a(self):\n"
      "        self.assertAlmostEqual(x, y, 3)\n"
      "        self.assertAlmostEqual(x, y, delta=0.5)\n"
      "        self.assertLess(len(x), 5)\n"
      "        self.assertLess(abs(x - y), 1e-4)\n"
      "        self.assertGreater(1e-4, abs(x - y))\n");
  ASSERT_EQ(r.assertions.size(), 5u);
  EXPECT_EQ(r.assertions[0].category, Category::Rounding);
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[0], "places")->value, 3);
  EXPECT_EQ(r.assertions[1].category, Category::Abs);
  EXPECT_EQ(tolerance(r.assertions[1], "places"), nullptr);
  EXPECT_FALSE(r.assertions[2].isOa);
  EXPECT_TRUE(r.assertions[3].isOa);
  EXPECT_TRUE(r.assertions[4].isOa);
  EXPECT_EQ(r.assertions[4].category, Category::ErrorBound);
  EXPECT_EQ(r.testCases.size(), 1u);
  EXPECT_EQ(r.testCases[0].oaAssertions, 4u);
}

TEST(AssertionFinder, PytestApproxUsesTheOtherSideAsActual) {
  auto r = scanOne("import pytest\ndef test_a():\n    assert f(x) == pytest.approx(2.0, rel=1e-3)\n");
  ASSERT_EQ(r.assertions.size(), 1u);
  EXPECT_EQ(r.assertions[0].api, "pytest.approx");
  EXPECT_EQ(r.assertions[0].actualText, "f(x)");
  EXPECT_DOUBLE_EQ(*tolerance(r.assertions[0], "rtol")->value, 1e-3);
}

TEST(AssertionFinder, MultiLineCallStartsOnItsFirstLine) {
  auto r = scanOne("import numpy as np\ndef test_a():\n    np.testing.assert_allclose(\n        f(x),\n        ref,\n        atol=1e-4)\n");
  ASSERT_EQ(r.assertions.size(), 1u);
  EXPECT_EQ(r.assertions[0].range.start.line, 3u);
  EXPECT_EQ(r.assertions[0].range.end.line, 6u);
}

TEST(AssertionFinder, DiscoversWrappersTransitivelyAcrossFiles) {
  auto r = scanPython({{"pkg/testing.py",
                        "import numpy as np\n"
                        "def close(a, b, atol=1e-5):\n"
                        "    np.testing.assert_allclose(np.asarray(a), b, atol=atol)\n"
                        "def very_close(x, y):\n"
                        "    close(x, y, atol=1e-9)\n"
                        "def not_a_wrapper(fn):\n"
                        "    np.testing.assert_allclose(fn(1), 2)\n"},
                       {"pkg/tests/test_w.py",
                        "from pkg.testing import close, very_close, not_a_wrapper\n"
                        "def test_w():\n"
                        "    close(f(), 1)\n"
                        "    very_close(f(), 1)\n"
                        "    not_a_wrapper(f)\n"}});
  const Assertion* a = nullptr;
  const Assertion* b = nullptr;
  size_t inTest = 0;
  for (const auto& x : r.assertions) {
    if (x.file != "pkg/tests/test_w.py") continue;
    ++inTest;
    if (x.range.start.line == 3) a = &x;
    if (x.range.start.line == 4) b = &x;
  }
  EXPECT_EQ(inTest, 2u);
  ASSERT_NE(a, nullptr);
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(a->api, "pkg.testing.close");
  EXPECT_EQ(a->via, "numpy.testing.assert_allclose");
  EXPECT_EQ(tolerance(*a, "atol")->provenance, Provenance::Default);
  EXPECT_DOUBLE_EQ(*tolerance(*a, "atol")->value, 1e-5);
  EXPECT_EQ(b->api, "pkg.testing.very_close");
  EXPECT_DOUBLE_EQ(*tolerance(*b, "atol")->value, 1e-9);
}

// Discovery reads a file again only where a wrapper found in the round before is named: a
// wrapper imported under another name (`close as near`) is still followed, round after round.
TEST(AssertionFinder, WrappersImportedUnderAnotherNameAreFollowedThroughEveryRound) {
  auto r = scanPython({{"lib/checks.py",
                        "import numpy as np\n"
                        "def close(a, b):\n"
                        "    np.testing.assert_allclose(a, b, atol=1e-3)\n"},
                       {"lib/more.py",
                        "from lib.checks import close as near\n"
                        "def nearly(a, b):\n"
                        "    near(a, b)\n"},
                       {"tests/test_x.py",
                        "from lib.more import nearly as n2\n"
                        "def helper(x, y):\n"
                        "    n2(x, y)\n"
                        "def test_x():\n"
                        "    helper(f(), 1.0)\n"}});
  auto at = byLine(r, "tests/test_x.py");
  ASSERT_TRUE(at.count(5));
  EXPECT_EQ(at[5]->api, "tests.test_x.helper");
  EXPECT_TRUE(at[5]->isOa);
  EXPECT_DOUBLE_EQ(*tolerance(*at[5], "atol")->value, 1e-3);
}

// Chainer's layout: chainer/testing/__init__.py re-exports the wrapper its array module
// defines, and tests call it by the package (`testing.assert_allclose`), 474 checks of its suite.
// A re-export of a catalogued function is still that function; one a module shadows is not.
TEST(AssertionFinder, WrappersAndApisReExportedByAPackageAreCalledByThePackagesName) {
  auto r = scanPython({{"lib/testing/array.py",
                        "import numpy\n"
                        "def assert_allclose(x, y, atol=1e-5, rtol=1e-4):\n"
                        "    numpy.testing.assert_allclose(x, y, atol=atol, rtol=rtol)\n"},
                       {"lib/testing/__init__.py",
                        "from lib.testing.array import assert_allclose  # NOQA\n"
                        "from numpy.testing import assert_array_almost_equal as almost\n"
                        "from numpy.testing import assert_almost_equal\n"
                        "def assert_almost_equal(a, b):\n"
                        "    assert a == b\n"},
                       {"lib/__init__.py", "from lib import testing\nfrom lib.testing import almost as nearly\n"},
                       {"tests/test_ops.py",
                        "from lib import testing\n"
                        "import lib\n"
                        "def check(y, expected, tol):\n"
                        "    testing.assert_allclose(y, expected, atol=tol)\n"
                        "def test_ops():\n"
                        "    testing.assert_allclose(f(), 1.0)\n"          // 6
                        "    testing.assert_allclose(f(), 1.0, atol=0)\n"  // 7
                        "    check(f(), 1.0, 1e-3)\n"                      // 8
                        "    testing.almost(f(), 1.0)\n"                   // 9
                        "    lib.nearly(f(), 1.0, decimal=3)\n"            // 10
                        "    testing.assert_almost_equal(f(), 1.0)\n"}});  // 11
  auto at = byLine(r, "tests/test_ops.py");
  ASSERT_TRUE(at.count(6) && at.count(7) && at.count(8) && at.count(9) && at.count(10) && at.count(11));
  EXPECT_EQ(at[6]->api, "lib.testing.array.assert_allclose");
  EXPECT_TRUE(at[6]->isOa);
  EXPECT_DOUBLE_EQ(*tolerance(*at[6], "atol")->value, 1e-5);
  EXPECT_DOUBLE_EQ(*tolerance(*at[6], "rtol")->value, 1e-4);
  EXPECT_EQ(tolerance(*at[7], "atol")->text, "0");
  EXPECT_EQ(at[8]->api, "tests.test_ops.check");  // a wrapper of the re-exported wrapper
  EXPECT_TRUE(at[8]->isOa);
  EXPECT_EQ(at[9]->api, "numpy.testing.assert_array_almost_equal");
  EXPECT_EQ(tolerance(*at[9], "decimal")->provenance, Provenance::Default);
  EXPECT_EQ(at[10]->api, "numpy.testing.assert_array_almost_equal");  // re-exported twice
  EXPECT_EQ(tolerance(*at[10], "decimal")->text, "3");
  EXPECT_FALSE(at[11]->isOa);  // the package's own function, not numpy's
  for (const std::string& w : r.wrappers) EXPECT_NE(w, "numpy.testing.assert_array_almost_equal");
}

// Chainer's suites define a `check_forward` in nearly every test class, some of them wrappers
// of a check and some not: `self.check_forward(...)` runs the class's own method when it defines
// one, and a base class's otherwise.
TEST(AssertionFinder, SelfCallsRunTheClassesOwnMethodNotAWrapperOfTheSameNameElsewhere) {
  auto r = scanPython({{"tests/test_lstm.py",
                        "import numpy\n"
                        "class LSTMTest:\n"
                        "    def check_forward(self, y, expected):\n"
                        "        numpy.testing.assert_allclose(y, expected, atol=1e-4)\n"
                        "    def test_forward(self):\n"
                        "        self.check_forward(lstm(), 1.0)\n"},  // 6
                       {"tests/test_base.py",
                        "import numpy\n"
                        "class Base:\n"
                        "    def check_close(self, y, expected):\n"
                        "        numpy.testing.assert_allclose(y, expected, rtol=1e-3)\n"},
                       {"tests/test_relu.py",
                        "import numpy\n"
                        "from tests.test_base import Base\n"
                        "class ReluTest(Base):\n"
                        "    def check_forward(self, op):\n"
                        "        numpy.testing.assert_allclose(op(self.x), self.expected)\n"  // 5
                        "    def test_forward(self):\n"
                        "        self.check_forward(relu)\n"              // 7
                        "        self.check_close(relu(1.0), 1.0)\n"}});  // 8
  std::map<std::string, const Assertion*> at;
  for (const auto& x : r.assertions) at[x.file + ":" + std::to_string(x.range.start.line)] = &x;
  ASSERT_TRUE(at.count("tests/test_lstm.py:6"));
  EXPECT_EQ(at["tests/test_lstm.py:6"]->api, "tests.test_lstm.LSTMTest.check_forward");
  EXPECT_TRUE(at.count("tests/test_relu.py:5"));
  // ReluTest's own check_forward compares what the function it is given computes (2026-11-26),
  // never LSTMTest's method of that name.
  ASSERT_TRUE(at.count("tests/test_relu.py:7"));
  EXPECT_EQ(at["tests/test_relu.py:7"]->api, "tests.test_relu.ReluTest.check_forward");
  ASSERT_TRUE(at.count("tests/test_relu.py:8"));
  EXPECT_EQ(at["tests/test_relu.py:8"]->api, "tests.test_base.Base.check_close");
}

// `**self.check_forward_options` may set any tolerance the call does not write out, so the
// API's default is not claimed for it (Chainer's suites pass their tolerances so).
TEST(AssertionFinder, AKeywordSplatMaySetTheToleranceSoTheDefaultIsNotClaimed) {
  auto r = scanOne(
      "import numpy as np\n"
      "def test_f():\n"
      "    np.testing.assert_allclose(f(), 1.0, **opts)\n"             // 3
      "    np.testing.assert_allclose(f(), 1.0, rtol=1e-3, **opts)\n"  // 4
      "    np.testing.assert_allclose(f(), 1.0)\n");                   // 5
  const Assertion* splat = atLine(r, 3);
  const Assertion* partly = atLine(r, 4);
  const Assertion* plain = atLine(r, 5);
  ASSERT_TRUE(splat && partly && plain);
  EXPECT_EQ(tolerance(*splat, "rtol")->provenance, Provenance::Unresolved);
  EXPECT_EQ(tolerance(*splat, "rtol")->text, "**opts");
  EXPECT_FALSE(tolerance(*splat, "rtol")->value.has_value());
  EXPECT_EQ(splat->thresholdProvenance, ThresholdProvenance::Customized);
  EXPECT_EQ(tolerance(*partly, "rtol")->provenance, Provenance::Literal);
  EXPECT_EQ(tolerance(*partly, "atol")->provenance, Provenance::Unresolved);
  EXPECT_EQ(tolerance(*plain, "rtol")->provenance, Provenance::Default);
}

// PyTensor's tests/unittest_tools.py checks with `if not _allclose(...): raise WrongValue(...)`:
// a function that fails when a closeness condition does not hold is a wrapper like one that
// asserts it, and one that fails when it holds is a negated one. A function that only logs is none.
TEST(AssertionFinder, AFunctionThatRaisesWhenACheckFailsIsAWrapper) {
  auto r = scanPython({{"tests/unittest_tools.py",
                        "import numpy as np\n"
                        "class WrongValue(Exception):\n"
                        "    pass\n"
                        "def assert_close(expected, value, rtol=None, atol=1e-6):\n"
                        "    if not np.allclose(expected, value, rtol=rtol, atol=atol):\n"
                        "        raise WrongValue(expected, value)\n"
                        "def assert_far(a, b):\n"
                        "    if np.allclose(a, b):\n"
                        "        raise AssertionError('too close')\n"
                        "def assert_logged(a, b):\n"
                        "    if not np.allclose(a, b):\n"
                        "        print('differs')\n"},
                       {"tests/test_ops.py",
                        "from tests import unittest_tools as utt\n"
                        "def test_ops():\n"
                        "    utt.assert_close(expected(), f(), atol=1e-3)\n"  // 3
                        "    utt.assert_far(f(), g())\n"                      // 4
                        "    utt.assert_logged(f(), g())\n"}});               // 5
  auto at = byLine(r, "tests/test_ops.py");
  ASSERT_TRUE(at.count(3) && at.count(4) && at.count(5));
  EXPECT_EQ(at[3]->api, "tests.unittest_tools.assert_close");
  EXPECT_TRUE(at[3]->isOa);
  EXPECT_FALSE(at[3]->negated);
  EXPECT_EQ(tolerance(*at[3], "atol")->text, "1e-3");
  EXPECT_DOUBLE_EQ(*tolerance(*at[3], "rtol")->value, 1e-5);  // None: numpy.allclose's own
  EXPECT_TRUE(at[4]->isOa);
  EXPECT_TRUE(at[4]->negated);
  EXPECT_FALSE(at[5]->isOa);
}

// JAX's early assertArraysAllClose: `tol = 1e-2 if <float32> else 1e-5`, `atol = atol or tol`,
// then `if not onp.allclose(x, y, atol=atol, rtol=rtol): raise`. The tolerance a call leaves out
// is chosen by dtype, not numpy's default.
TEST(AssertionFinder, AToleranceTheWrapperPicksByDtypeIsItsDefault) {
  auto r = scanPython({{"tests/test_util.py",
                        "import numpy as onp\n"
                        "def assert_arrays_close(x, y, atol=None, rtol=None):\n"
                        "    dtype = lambda x: str(onp.asarray(x).dtype)\n"
                        "    tol = 1e-2 if 'float32' in {dtype(x), dtype(y)} else 1e-5\n"
                        "    atol = atol or tol\n"
                        "    rtol = rtol or tol\n"
                        "    if not onp.allclose(x, y, atol=atol, rtol=rtol):\n"
                        "        raise AssertionError('not close')\n"},
                       {"tests/test_ops.py",
                        "from tests.test_util import assert_arrays_close\n"
                        "def test_ops():\n"
                        "    assert_arrays_close(f(), g())\n"}});  // 3
  const Assertion* a = nullptr;
  for (const auto& x : r.assertions)
    if (x.file == "tests/test_ops.py" && x.range.start.line == 3) a = &x;
  ASSERT_NE(a, nullptr);
  EXPECT_TRUE(a->isOa);
  // The call leaves the wrapper its own default, picked by dtype: `default`, as NumPy's and
  // Theano's are (docs/oracles.md); the note says how it is picked.
  EXPECT_EQ(a->thresholdProvenance, ThresholdProvenance::Default);
  const Tolerance* atol = tolerance(*a, "atol");
  ASSERT_NE(atol, nullptr);
  EXPECT_NE(atol->note.find("by dtype"), std::string::npos) << atol->note;
}

// Pyro's tests/common.py: `def assert_equal(actual, expected, prec=1e-5): if prec > 0.0: return
// assert_close(actual, expected, atol=prec)`. A check returned is a check run: a wrapper.
TEST(AssertionFinder, AFunctionReturningACheckIsAWrapper) {
  auto r = scanPython({{"tests/common.py",
                        "import numpy as np\n"
                        "def assert_close(actual, expected, atol=1e-7, rtol=0):\n"
                        "    np.testing.assert_allclose(actual, expected, atol=atol, rtol=rtol)\n"
                        "def assert_equal(actual, expected, prec=1e-5):\n"
                        "    if prec > 0.0:\n"
                        "        return assert_close(actual, expected, atol=prec)\n"
                        "    assert actual == expected\n"},
                       {"tests/test_dist.py",
                        "from tests.common import assert_equal\n"
                        "def test_mean():\n"
                        "    assert_equal(sample().mean(), 0.5)\n"                 // 3
                        "    assert_equal(sample().mean(), 0.5, prec=0.05)\n"}});  // 4
  auto at = byLine(r, "tests/test_dist.py");
  ASSERT_TRUE(at.count(3) && at.count(4));
  EXPECT_EQ(at[3]->api, "tests.common.assert_equal");
  EXPECT_TRUE(at[3]->isOa);
  EXPECT_DOUBLE_EQ(*tolerance(*at[3], "atol")->value, 1e-5);
  EXPECT_EQ(tolerance(*at[4], "atol")->text, "0.05");
}

// A suite's base test case that redefines a catalogued method (Keras 3's assertAlmostEqual
// takes numpy's `decimal`, default 3): its calls on self run the suite's method.
TEST(AssertionFinder, TheSuitesOwnMethodOnSelfWinsOverTheCataloguedOne) {
  auto r = scanPython({{"pkg/testing.py",
                        "import unittest\n"
                        "import numpy as np\n"
                        "class TestCase(unittest.TestCase):\n"
                        "    def assertAlmostEqual(self, actual, desired, decimal=3, msg=None):\n"
                        "        np.testing.assert_almost_equal(actual, desired, decimal=decimal)\n"
                        "    def assertAllCloseAccordingToType(self, a, b, rtol=1e-6, atol=1e-6):\n"
                        "        if a.dtype == np.float16:\n"
                        "            rtol, atol = max(rtol, 1e-3), max(atol, 1e-3)\n"
                        "        np.testing.assert_allclose(a, b, rtol=rtol, atol=atol)\n"},
                       {"pkg/tests/test_opt.py",
                        "from pkg import testing\n"
                        "class OptTest(testing.TestCase):\n"
                        "    def test_step(self):\n"
                        "        self.assertAlmostEqual(step(), 2.0, decimal=6)\n"       // 4
                        "        self.assertAlmostEqual(step(), 2.0)\n"                  // 5
                        "        self.assertAllCloseAccordingToType(step(), 2.0)\n"}});  // 6
  auto at = byLine(r, "pkg/tests/test_opt.py");
  ASSERT_TRUE(at.count(4) && at.count(5) && at.count(6));
  EXPECT_EQ(at[4]->api, "pkg.testing.TestCase.assertAlmostEqual");
  EXPECT_EQ(tolerance(*at[4], "decimal")->text, "6");  // not unittest's places=7
  EXPECT_EQ(tolerance(*at[5], "decimal")->text, "3");
  EXPECT_EQ(tolerance(*at[5], "decimal")->provenance, Provenance::Default);
  EXPECT_EQ(at[6]->thresholdProvenance, ThresholdProvenance::Depend);  // the wrapper picks it by dtype
}

// torchmetrics' layout: tests/unittests/_helpers/testers.py imported as unittests._helpers.testers
// (its tests directory is on sys.path), values converted only when they are tensors.
TEST(AssertionFinder, AWrapperImportedFromADirectoryOnThePathAndConvertingConditionally) {
  auto r = scanPython({{"tests/unittests/_helpers/testers.py",
                        "import numpy as np\n"
                        "def _assert_allclose(result, ref, atol=1e-8):\n"
                        "    result_np = result.detach().cpu().numpy()\n"
                        "    ref_np = ref.detach().cpu().numpy() if hasattr(ref, 'detach') else ref\n"
                        "    assert np.allclose(result_np, ref_np, atol=atol), 'differs'\n"},
                       {"tests/unittests/test_metric.py",
                        "from unittests._helpers.testers import _assert_allclose\n"
                        "def test_metric():\n"
                        "    _assert_allclose(metric(), reference(), atol=1e-6)\n"}});
  const Assertion* a = nullptr;
  for (const auto& x : r.assertions)
    if (x.file == "tests/unittests/test_metric.py") a = &x;
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->api, "tests.unittests._helpers.testers._assert_allclose");
  EXPECT_TRUE(a->isOa);
  EXPECT_EQ(a->actualText, "metric()");
  EXPECT_EQ(a->expectedText, "reference()");
  EXPECT_EQ(tolerance(*a, "atol")->text, "1e-6");
}

TEST(AssertionFinder, GenericAssertionsByName) {
  auto r = scanOne(
      "class TestA(unittest.TestCase):\n"
      "    def test_a(self):\n"
      "        self.assertEqual(a, b)\n"
      "        with self.assertRaises(ValueError):\n"
      "            f()\n"
      "        assert_shape_ok(x)\n"
      "        self.assertion_count(x)\n");
  // assertRaises checks control flow, not a value: not counted (docs/counting.md).
  ASSERT_EQ(r.assertions.size(), 2u);
  EXPECT_EQ(r.assertions[0].api, "unittest.TestCase.assertEqual");
  EXPECT_EQ(r.assertions[1].api, "assert_shape_ok");
  for (const auto& a : r.assertions) EXPECT_FALSE(a.isOa);
}

TEST(AssertionFinder, ResultsDoNotDependOnThreadCount) {
  std::vector<std::pair<std::string, std::string>> files;
  for (int i = 0; i < 40; ++i)
    files.emplace_back("tests/test_" + std::to_string(i) + ".py",
                       "import numpy as np\ndef test_a():\n    np.testing.assert_allclose(f(), 1, rtol=1e-" + std::to_string(i % 9 + 1) +
                           ")\n    assert x\n");
  auto one = scanPython(files, 1);
  auto four = scanPython(files, 4);
  ASSERT_EQ(one.assertions.size(), four.assertions.size());
  for (size_t i = 0; i < one.assertions.size(); ++i) {
    EXPECT_EQ(one.assertions[i].file, four.assertions[i].file);
    EXPECT_EQ(one.assertions[i].range.start.line, four.assertions[i].range.start.line);
    EXPECT_EQ(one.assertions[i].tolerances.size(), four.assertions[i].tolerances.size());
  }
}

// Regression: the error side was read after applyErrorBound had replaced it by the
// difference's first operand, so an integer bound on abs(a - b) was taken for an ordering check.
TEST(AssertionFinder, BoundOnAnAbsoluteDifferenceIsOaWhateverTheBoundLooksLike) {
  auto r = scanOne(
      "import unittest\n"
      "class TestQ(unittest.TestCase):\n"
      "    def test_q(self):\n"
      "        self.assertLess(abs(quantized - expected), 10)\n"
      "        self.assertLess(len(out), 5)\n"
      "        self.assertLess(time.time() - t0, 8)\n");
  ASSERT_EQ(r.assertions.size(), 3u);
  EXPECT_TRUE(r.assertions[0].isOa);
  EXPECT_EQ(r.assertions[0].actualText, "quantized");
  EXPECT_FALSE(r.assertions[1].isOa);
  EXPECT_FALSE(r.assertions[2].isOa) << "a raw difference under a plain number times something; it deviates from nothing";
}

// A wrapper that passes only when the values differ is a negated check: it swallows the
// check's failure and fails when the check passed (Keras 3's assertNotAllClose), or it
// asserts the check false. A handler that re-raises, nothing failing after the try, or a
// return on the passing path before the failure keeps the check as it is.
