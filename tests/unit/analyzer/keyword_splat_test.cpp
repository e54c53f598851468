// Tolerances passed through `**name`: a dict the test builds, a dict a helper builds from its
// own parameters, and a helper that forwards its callers' keywords (analyzer/assertions/
// keyword_splat.h).
#include "analyzer/assertions/keyword_splat.h"

#include <gtest/gtest.h>

#include "analyzer/frontend/python/python_frontend.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::byLine;
using oalens::testing::scanOne;
using oalens::testing::scanPython;
using oalens::testing::tolerance;

// Keras's `tol_kwargs = {"atol": 1e-4, "rtol": 1e-6}` then `assertAllClose(x, y, **tol_kwargs)`.
TEST(KeywordSplat, ADictTheTestBuildsGivesItsEntriesAndLeavesTheRestAtTheirDefaults) {
  auto r = scanOne(
      "import numpy as np\n"
      "def test_f(approx):\n"
      "    tol = {'atol': 1e-4, 'rtol': 1e-6}\n"
      "    np.testing.assert_allclose(f(), 1.0, **tol)\n"  // 4
      "    kw = dict(rtol=2e-3)\n"
      "    np.testing.assert_allclose(f(), 1.0, **kw)\n"  // 6
      "    more = {}\n"
      "    if approx:\n"
      "        more.update(dict(atol=2e-5))\n"
      "    np.testing.assert_allclose(f(), 1.0, **more)\n"  // 10
      "    open_ = make_options()\n"
      "    np.testing.assert_allclose(f(), 1.0, **open_)\n");  // 12
  const Assertion* literal = atLine(r, 4);
  const Assertion* call = atLine(r, 6);
  const Assertion* branch = atLine(r, 10);
  const Assertion* unknown = atLine(r, 12);
  ASSERT_TRUE(literal && call && branch && unknown);
  EXPECT_EQ(tolerance(*literal, "atol")->text, "1e-4");
  EXPECT_DOUBLE_EQ(*tolerance(*literal, "rtol")->value, 1e-6);
  EXPECT_EQ(tolerance(*literal, "rtol")->provenance, Provenance::Constant);
  EXPECT_EQ(literal->thresholdProvenance, ThresholdProvenance::Customized);
  EXPECT_DOUBLE_EQ(*tolerance(*call, "rtol")->value, 2e-3);
  EXPECT_EQ(tolerance(*call, "atol")->provenance, Provenance::Default);  // the dict has no atol
  EXPECT_DOUBLE_EQ(*tolerance(*branch, "atol")->value, 2e-5);
  EXPECT_NE(tolerance(*branch, "atol")->note.find("under `if approx`"), std::string::npos);
  EXPECT_EQ(tolerance(*branch, "rtol")->provenance, Provenance::Default);
  EXPECT_EQ(tolerance(*unknown, "atol")->provenance, Provenance::Unresolved);  // not a dict built here
  EXPECT_EQ(tolerance(*unknown, "atol")->text, "**open_");
}

// Chainer's `options = {}`, then `if self.dtype == numpy.float16: options = {'atol': 1e-4}`.
TEST(KeywordSplat, ADictReboundUnderADtypeBranchDepends) {
  auto r = scanOne(
      "import numpy\n"
      "def test_f(self):\n"
      "    options = {}\n"
      "    if self.dtype == numpy.float16:\n"
      "        options = {'atol': 1e-4, 'rtol': 1e-3}\n"
      "    numpy.testing.assert_allclose(f(), 1.0, **options)\n");  // 6
  const Assertion* a = atLine(r, 6);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(tolerance(*a, "atol")->provenance, Provenance::Depend);
  EXPECT_DOUBLE_EQ(*tolerance(*a, "atol")->value, 1e-4);
  EXPECT_EQ(a->thresholdProvenance, ThresholdProvenance::Depend);
}

// tinygrad's `def assert_allclose(cmp, ref, **kwargs): np.testing.assert_allclose(..., **kwargs)`
// and JAX's `_assert_numpy_allclose`, which builds `kw["atol"] = atol` and splats it: before,
// `assert_allclose(b, ref, atol=1e-5)` was read at numpy's defaults.
TEST(KeywordSplat, HelpersForwardingTheirKeywordsPassTheCallersTolerancesOn) {
  auto r = scanPython({{"tests/helpers.py",
                        "import numpy as np\n"
                        "def close_fwd(cmp, ref, **kwargs):\n"
                        "    np.testing.assert_allclose(cmp, ref, **kwargs)\n"
                        "def close_rtol(cmp, ref, **kwargs):\n"
                        "    kwargs.setdefault('rtol', 1e-4)\n"
                        "    np.testing.assert_allclose(cmp, ref, **kwargs)\n"
                        "def close_dict(a, b, atol=None, rtol=None):\n"
                        "    kw = {}\n"
                        "    if atol: kw['atol'] = atol\n"
                        "    if rtol: kw['rtol'] = rtol\n"
                        "    np.testing.assert_allclose(a, b, **kw)\n"
                        "def close_popped(a, b, **kwargs):\n"
                        "    kwargs.pop('atol', None)\n"
                        "    np.testing.assert_allclose(a, b, **kwargs)\n"},
                       {"tests/test_ops.py",
                        "from tests.helpers import close_fwd, close_rtol, close_dict, close_popped\n"
                        "def test_ops():\n"
                        "    close_fwd(f(), g(), atol=1e-5, rtol=1e-3)\n"  // 3
                        "    close_fwd(f(), g())\n"                        // 4
                        "    close_rtol(f(), g())\n"                       // 5
                        "    close_dict(f(), g(), atol=0.25)\n"            // 6
                        "    close_popped(f(), g(), atol=0.25)\n"}});      // 7
  auto at = byLine(r, "tests/test_ops.py");
  ASSERT_TRUE(at.count(3) && at.count(4) && at.count(5) && at.count(6) && at.count(7));
  EXPECT_DOUBLE_EQ(*tolerance(*at[3], "atol")->value, 1e-5);
  EXPECT_EQ(tolerance(*at[3], "rtol")->provenance, Provenance::Literal);
  EXPECT_EQ(at[3]->thresholdProvenance, ThresholdProvenance::Customized);
  EXPECT_EQ(tolerance(*at[4], "rtol")->provenance, Provenance::Default);
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "rtol")->value, 1e-7);
  EXPECT_DOUBLE_EQ(*tolerance(*at[5], "rtol")->value, 1e-4);  // the helper's setdefault
  EXPECT_EQ(tolerance(*at[5], "rtol")->provenance, Provenance::Default);
  EXPECT_DOUBLE_EQ(*tolerance(*at[6], "atol")->value, 0.25);
  EXPECT_DOUBLE_EQ(*tolerance(*at[6], "rtol")->value, 1e-7);
  EXPECT_DOUBLE_EQ(*tolerance(*at[7], "atol")->value, 0.0);  // popped: numpy's default applies
  EXPECT_EQ(tolerance(*at[7], "atol")->provenance, Provenance::Default);
}

// JAX's assertArraysAllClose: `atol = max(tolerance(_dtype(actual), atol), ...)` keeps a value
// given and picks one by dtype for a call that leaves it out.
TEST(KeywordSplat, AWrapperPickingOnlyTheMissingToleranceByDtypeKeepsTheGivenOne) {
  auto r = scanPython({{"tests/test_util.py",
                        "import numpy as np\n"
                        "def _assert_close(a, b, atol=None, rtol=None):\n"
                        "    kw = {}\n"
                        "    if atol: kw['atol'] = atol\n"
                        "    if rtol: kw['rtol'] = rtol\n"
                        "    np.testing.assert_allclose(a, b, **kw)\n"
                        "class TestCase:\n"
                        "    def assertArraysClose(self, x, y, *, atol=None, rtol=None):\n"
                        "        atol = max(tolerance(_dtype(x), atol), tolerance(_dtype(y), atol))\n"
                        "        rtol = max(tolerance(_dtype(x), rtol), tolerance(_dtype(y), rtol))\n"
                        "        _assert_close(x, y, atol=atol, rtol=rtol)\n"},
                       {"tests/test_ops.py",
                        "from tests.test_util import TestCase\n"
                        "class OpsTest(TestCase):\n"
                        "    def test_ops(self):\n"
                        "        self.assertArraysClose(f(), g(), atol=2e-2, rtol=2e-2)\n"  // 4
                        "        self.assertArraysClose(f(), g())\n"}});                    // 5
  auto at = byLine(r, "tests/test_ops.py");
  ASSERT_TRUE(at.count(4) && at.count(5));
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "atol")->value, 2e-2);
  EXPECT_EQ(at[4]->thresholdProvenance, ThresholdProvenance::Customized);
  EXPECT_EQ(tolerance(*at[5], "atol")->provenance, Provenance::Default) << "the wrapper's own default, picked by dtype";
  EXPECT_EQ(tolerance(*at[5], "atol")->text, "None");  // not numpy's 0, which does not apply
  EXPECT_FALSE(tolerance(*at[5], "atol")->value.has_value());
  EXPECT_EQ(at[5]->thresholdProvenance, ThresholdProvenance::Default);
}

TEST(KeywordSplat, StringLiteralKeysAreReadWithoutTheirQuotes) {
  PythonFrontend fe;
  const FileModel m = fe.parse("tests/test_x.py", "tests.test_x", "x = {'atol': 1, \"rtol\": 2, f'x{y}': 3, 'a\\\\b': 4}\n");
  std::vector<std::string_view> keys;
  for (ExprId e = 0; e < m.exprs.size(); ++e)
    if (m.expr(e).kind == ExprKind::String) keys.push_back(stringLiteralText(m, e));
  EXPECT_EQ(keys, (std::vector<std::string_view>{"atol", "rtol", "", ""}));
}

// Chainer: the test case's setUp builds the dict, by dtype, and a method splats it
// (`testing.assert_allclose(y, expect, **self.check_forward_options)`).
TEST(KeywordSplat, ADictTheTestCasesSetUpBuildsIsReadWhereAMethodSplatsIt) {
  auto r = scanOne(
      "import numpy\n"
      "import unittest\n"
      "from numpy.testing import assert_allclose\n"
      "class TestOp(unittest.TestCase):\n"
      "    def setUp(self):\n"
      "        self.check_forward_options = {}\n"
      "        if self.dtype == numpy.float16:\n"
      "            self.check_forward_options = {'atol': 5e-4, 'rtol': 5e-3}\n"
      "        if self.dtype == numpy.float16:\n"
      "            self.check_backward_options = {'atol': 1e-2}\n"
      "        else:\n"
      "            self.check_backward_options = {'atol': 1e-4}\n"
      "    def check_forward(self, x):\n"
      "        assert_allclose(f(x), g(x), **self.check_forward_options)\n"  // 14
      "    def check_backward(self, x):\n"
      "        assert_allclose(df(x), dg(x), **self.check_backward_options)\n"  // 16
      "class TestOther(unittest.TestCase):\n"
      "    def setUp(self):\n"
      "        self.options = {'atol': 1e-3}\n"
      "    def prepare(self):\n"
      "        self.options = {'atol': 1e-1}\n"
      "    def test_a(self):\n"
      "        assert_allclose(f(1), g(1), **self.options)\n");  // 23
  const Assertion* forward = atLine(r, 14);
  const Assertion* backward = atLine(r, 16);
  const Assertion* twoMethods = atLine(r, 23);
  ASSERT_TRUE(forward && backward && twoMethods);
  const Tolerance* atol = tolerance(*forward, "atol");
  EXPECT_DOUBLE_EQ(*atol->value, 5e-4);
  EXPECT_EQ(atol->provenance, Provenance::Depend);
  EXPECT_NE(atol->note.find("in TestOp.setUp under `if self.dtype == numpy.float16`"), std::string::npos) << atol->note;
  EXPECT_EQ(atol->comparable, "(5e-4 if self.dtype == numpy.float16 else 0)");  // numpy's atol default
  EXPECT_EQ(forward->thresholdProvenance, ThresholdProvenance::Depend);
  // One dict in each branch of an if/else.
  EXPECT_EQ(tolerance(*backward, "atol")->comparable, "(1e-2 if self.dtype == numpy.float16 else 1e-4)");
  // Set by two methods, whose order is not known: the defaults may or may not apply.
  EXPECT_EQ(tolerance(*twoMethods, "atol")->provenance, Provenance::Unresolved);
}

// Chainer's FunctionTestCase makes `self.check_forward_options` (`{}`) and its test cases' setUp
// only updates it (ee2c1784d1); a mixin's class body binds `allclose_option` (e2bfcaa038).
TEST(KeywordSplat, ADictSetUpOnlyUpdatesOrTheClassBodyBindsIsRead) {
  auto r = scanOne(
      "import numpy\n"
      "import unittest\n"
      "from chainer import testing\n"
      "class TestInv(testing.FunctionTestCase):\n"
      "    def setUp(self):\n"
      "        if self.dtype == numpy.float16:\n"
      "            self.check_forward_options.update({'atol': 1e-3, 'rtol': 1e-3})\n"
      "        else:\n"
      "            self.check_forward_options.update({'atol': 1e-4, 'rtol': 1e-4})\n"
      "    def forward(self, inputs, device):\n"
      "        numpy.testing.assert_allclose(f(inputs), eye(), **self.check_forward_options)\n"  // 11
      "class BaseTest(object):\n"
      "    allclose_option = {'atol': 1e-6, 'rtol': 1e-4}\n"
      "    def check(self, y1, y2):\n"
      "        numpy.testing.assert_allclose(y1, y2, **self.allclose_option)\n"  // 15
      "class TestUpdatedOnce(unittest.TestCase):\n"
      "    check_options = {'atol': 1e-5}\n"
      "    def setUp(self):\n"
      "        if self.dtype == numpy.float16:\n"
      "            self.check_options.update({'atol': 1e-2})\n"
      "    def test_a(self):\n"
      "        numpy.testing.assert_allclose(f(1), g(1), **self.check_options)\n"  // 22
      "class TestOverridden(unittest.TestCase):\n"
      "    opts = {'atol': 1e-5}\n"
      "    def test_b(self):\n"
      "        numpy.testing.assert_allclose(f(2), g(2), **self.opts)\n"  // 26
      "class TestSub(TestOverridden):\n"
      "    opts = {'atol': 1e-2}\n"
      "class TestConv(testing.FunctionTestCase):\n"
      "    def setUp(self):\n"
      "        if self.dtype == numpy.float16:\n"
      "            self.check_forward_options.update({'atol': 5e-4})\n"
      "    def forward(self, inputs, device):\n"
      "        numpy.testing.assert_allclose(f(inputs), g(), **self.check_forward_options)\n"  // 34
      "class TheanoBase(object):\n"
      "    fwd_options = {}\n"
      "    def check(self, o, e):\n"
      "        numpy.testing.assert_allclose(o, e, **self.fwd_options)\n"  // 38
      "@testing.parameterize({'fwd_options': {'atol': 1e-3}})\n"
      "class TestTheano(TheanoBase, unittest.TestCase):\n"
      "    pass\n");
  const Assertion* updated = atLine(r, 11);
  const Assertion* classBody = atLine(r, 15);
  const Assertion* both = atLine(r, 22);
  const Assertion* overridden = atLine(r, 26);
  ASSERT_TRUE(updated && classBody && both && overridden);
  ASSERT_TRUE(tolerance(*updated, "atol") && tolerance(*classBody, "atol") && tolerance(*both, "atol") && tolerance(*overridden, "atol"));
  EXPECT_EQ(tolerance(*updated, "atol")->comparable, "(1e-3 if self.dtype == numpy.float16 else 1e-4)");
  EXPECT_EQ(tolerance(*updated, "rtol")->provenance, Provenance::Depend);
  EXPECT_DOUBLE_EQ(*tolerance(*classBody, "atol")->value, 1e-6);
  EXPECT_DOUBLE_EQ(*tolerance(*classBody, "rtol")->value, 1e-4);
  // The class body's entry holds where setUp's update does not.
  EXPECT_EQ(tolerance(*both, "atol")->comparable, "(1e-2 if self.dtype == numpy.float16 else 1e-5)");
  // Updated under a branch only, on a dict a base class made: what holds otherwise is not known.
  const Assertion* oneBranch = atLine(r, 34);
  ASSERT_TRUE(oneBranch && tolerance(*oneBranch, "atol"));
  EXPECT_EQ(tolerance(*oneBranch, "atol")->comparable, "(5e-4 if self.dtype == numpy.float16 else **self.check_forward_options)");
  EXPECT_NE(tolerance(*oneBranch, "atol")->note.find("`**self.check_forward_options` may set it otherwise"), std::string::npos);
  // Two class bodies bind it, or a parameterization gives a test case its own: which one holds
  // depends on the test case that runs.
  EXPECT_EQ(tolerance(*overridden, "atol")->provenance, Provenance::Unresolved);
  const Assertion* parameterized = atLine(r, 38);
  ASSERT_TRUE(parameterized && tolerance(*parameterized, "atol"));
  EXPECT_EQ(tolerance(*parameterized, "atol")->provenance, Provenance::Unresolved);
}

// unittest's assertAlmostEqual checks by `delta` when the dict it is given sets one, by places
// otherwise (Chainer 985dce75f5: `self.check_sum_options = {'delta': 1e-3}` / `{'delta': 1e-5}`).
TEST(KeywordSplat, ADeltaTheDictSetsChoosesTheDeltaCheck) {
  auto r = scanOne(
      "import numpy\n"
      "import unittest\n"
      "class TestSum(unittest.TestCase):\n"
      "    def setUp(self):\n"
      "        if self.dtype == numpy.float16:\n"
      "            self.check_sum_options = {'delta': 1e-3}\n"
      "        else:\n"
      "            self.check_sum_options = {'delta': 1e-5}\n"
      "    def test_sum(self):\n"
      "        self.assertAlmostEqual(1.0, total(), **self.check_sum_options)\n");  // 10
  const Assertion* a = atLine(r, 10);
  ASSERT_TRUE(a);
  EXPECT_EQ(tolerance(*a, "places"), nullptr);
  const Tolerance* delta = tolerance(*a, "delta");
  ASSERT_TRUE(delta);
  EXPECT_EQ(delta->comparable, "(1e-3 if self.dtype == numpy.float16 else 1e-5)");
  EXPECT_EQ(delta->provenance, Provenance::Depend);
}

// The dict setUp replaces under an `if` holds where the `if` is not taken (Chainer 8fa8a855b8).
TEST(KeywordSplat, ADictReplacedUnderAnIfHoldsOtherwise) {
  auto r = scanOne(
      "import numpy\n"
      "import unittest\n"
      "from numpy.testing import assert_allclose\n"
      "class TestNorm(unittest.TestCase):\n"
      "    def setUp(self):\n"
      "        self.check_forward_options = {'atol': 1e-4, 'rtol': 1e-3}\n"
      "        if self.dtype == numpy.float16:\n"
      "            self.check_forward_options = {'atol': 1e-3, 'rtol': 1e-2}\n"
      "    def check_forward(self, x):\n"
      "        assert_allclose(f(x), g(x), **self.check_forward_options)\n");  // 10
  const Assertion* a = atLine(r, 10);
  ASSERT_TRUE(a);
  EXPECT_EQ(tolerance(*a, "atol")->comparable, "(1e-3 if self.dtype == numpy.float16 else 1e-4)");
  EXPECT_EQ(tolerance(*a, "rtol")->comparable, "(1e-2 if self.dtype == numpy.float16 else 1e-3)");
}
