// The harnesses DL libraries test with: PyTorch's assertEqual with a tolerance and its dtype
// override decorators, CuPy's decorators that check a test's return value against NumPy, and
// Chainer's FunctionTestCase checking forward against forward_expected.
#include "analyzer/assertions/assertion_finder.h"

#include <gtest/gtest.h>

#include "analyzer/oracle/oracle_classifier.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::scanOne;
using oalens::testing::tolerance;

// PyTorch's TestCase.assertEqual takes atol/rtol (since 1.6) and, before, a `prec` third
// argument: with one it is an OA check; a message in that place is not a tolerance.
TEST(AssertionFinder, PyTorchAssertEqualWithAToleranceIsAnOaCheck) {
  auto r = scanOne(
      "import torch\n"
      "from torch.testing._internal.common_utils import TestCase\n"
      "class TestOps(TestCase):\n"
      "    def test_sin(self):\n"
      "        self.assertEqual(f(), g(), atol=1e-5, rtol=0)\n"    // 5
      "        self.assertEqual(f(), g(), 1e-4)\n"                 // 6
      "        self.assertEqual(f(), g(), prec=self.precision)\n"  // 7
      "        self.assertEqual(f(), g(), 'differs')\n"            // 8
      "        self.assertEqual(f(), g(), msg)\n"                  // 9
      "        self.assertEqual(f(), g())\n");                     // 10
  const Assertion* both = atLine(r, 5);
  const Assertion* positional = atLine(r, 6);
  const Assertion* named = atLine(r, 7);
  ASSERT_TRUE(both && positional && named);
  EXPECT_TRUE(both->isOa);
  ASSERT_TRUE(tolerance(*both, "atol") && tolerance(*both, "rtol") && tolerance(*positional, "prec"));
  EXPECT_EQ(both->api, "torch.testing._internal.common_utils.TestCase.assertEqual");
  EXPECT_EQ(both->category, Category::AbsRel);
  EXPECT_DOUBLE_EQ(*tolerance(*both, "atol")->value, 1e-5);
  EXPECT_DOUBLE_EQ(*tolerance(*both, "rtol")->value, 0.0);
  EXPECT_TRUE(positional->isOa);
  EXPECT_EQ(positional->category, Category::Abs);
  EXPECT_DOUBLE_EQ(*tolerance(*positional, "prec")->value, 1e-4);
  EXPECT_TRUE(named->isOa);
  for (uint32_t line : {8u, 9u, 10u}) {
    const Assertion* exact = atLine(r, line);
    ASSERT_NE(exact, nullptr);
    EXPECT_FALSE(exact->isOa) << line;
    EXPECT_EQ(exact->api, "unittest.TestCase.assertEqual") << line;
    EXPECT_TRUE(exact->tolerances.empty()) << line;
  }
}

// PyTorch's device-type tests raise the tolerances of every assertEqual in a test for some
// dtypes with a decorator; the checks of nested helpers run on the same instance.
TEST(AssertionFinder, PyTorchDtypeOverrideDecoratorsSetTolerancesPerDtype) {
  auto r = scanOne(
      "import torch\n"
      "from torch.testing._internal.common_utils import TestCase\n"
      "from torch.testing._internal.common_device_type import precisionOverride, toleranceOverride, tol\n"
      "class TestOps(TestCase):\n"
      "    @precisionOverride({torch.bfloat16: 1e-2, torch.half: 5e-3})\n"
      "    def test_add(self, device, dtype):\n"
      "        def check(a, b):\n"
      "            self.assertEqual(a, b)\n"                     // 8
      "        self.assertEqual(f(), g(), atol=1e-4, rtol=0)\n"  // 9
      "    @toleranceOverride({torch.float16: tol(atol=1e-3, rtol=2e-3), torch.float32: tol(1e-5, 1e-6)})\n"
      "    def test_mul(self, device):\n"
      "        self.assertEqual(f(), g())\n"  // 12
      "    @unrelated({torch.float16: 1e-1})\n"
      "    def test_plain(self):\n"
      "        self.assertEqual(f(), g())\n");  // 15
  const Assertion* nested = atLine(r, 8);
  const Assertion* own = atLine(r, 9);
  const Assertion* pair = atLine(r, 12);
  const Assertion* plain = atLine(r, 15);
  ASSERT_TRUE(nested && own && pair && plain);
  EXPECT_TRUE(nested->isOa);
  EXPECT_EQ(nested->api, "torch.testing._internal.common_utils.TestCase.assertEqual");
  EXPECT_EQ(nested->category, Category::AbsRel);
  ASSERT_TRUE(tolerance(*nested, "atol@bfloat16") && tolerance(*nested, "atol@float16"));  // torch.half is float16
  EXPECT_DOUBLE_EQ(*tolerance(*nested, "atol@bfloat16")->value, 1e-2);
  EXPECT_EQ(tolerance(*nested, "atol@bfloat16")->provenance, Provenance::Depend);
  EXPECT_EQ(nested->thresholdProvenance, ThresholdProvenance::Depend);
  EXPECT_DOUBLE_EQ(*tolerance(*own, "atol")->value, 1e-4);
  EXPECT_DOUBLE_EQ(*tolerance(*own, "atol@float16")->value, 5e-3);
  EXPECT_DOUBLE_EQ(*tolerance(*pair, "atol@float16")->value, 1e-3);
  EXPECT_DOUBLE_EQ(*tolerance(*pair, "rtol@float16")->value, 2e-3);
  EXPECT_DOUBLE_EQ(*tolerance(*pair, "atol@float32")->value, 1e-5);
  EXPECT_DOUBLE_EQ(*tolerance(*pair, "rtol@float32")->value, 1e-6);
  EXPECT_EQ(pair->tolerances.size(), 4u);
  EXPECT_FALSE(plain->isOa);
  EXPECT_TRUE(plain->tolerances.empty());
}

TEST(AssertionFinder, CupyDecoratorsCheckWhatTheTestReturnsAgainstNumpy) {
  auto r = scanOne(
      "import numpy\n"
      "from cupy import testing\n"
      "from cupy.testing import numpy_cupy_allclose\n"
      "TOL = 1e-5\n"
      "class TestSum:\n"
      "    @testing.for_all_dtypes()\n"
      "    @testing.numpy_cupy_allclose(1e-6, atol=TOL)\n"  // 7
      "    def test_sum(self, xp, dtype):\n"
      "        a = xp.ones((2, 3), dtype)\n"
      "        return a.sum(axis=1)\n"
      "    @numpy_cupy_allclose(rtol={numpy.float16: 1e-3, 'default': 1e-6})\n"  // 11
      "    def test_mean(self, xp):\n"
      "        return xp.ones(3).mean()\n"
      "    @testing.numpy_cupy_array_almost_equal()\n"  // 14
      "    def test_dot(self, xp):\n"
      "        return xp.dot(xp.ones(3), xp.ones(3))\n"
      "    @testing.numpy_cupy_array_equal()\n"  // 17
      "    def test_zeros(self, xp):\n"
      "        return xp.zeros(3)\n"
      "    @testing.for_all_dtypes()\n"  // 20
      "    def test_plain(self, xp, dtype):\n"
      "        testing.numpy_cupy_allclose()\n");  // 22: checks nothing
  classifyOracles(r);
  const Assertion* sum = atLine(r, 7);
  const Assertion* mean = atLine(r, 11);
  const Assertion* dot = atLine(r, 14);
  const Assertion* zeros = atLine(r, 17);
  ASSERT_TRUE(sum && mean && dot && zeros);
  EXPECT_TRUE(sum->isOa);
  EXPECT_EQ(sum->api, "cupy.testing.numpy_cupy_allclose");
  EXPECT_EQ(sum->form, "decorator");
  EXPECT_EQ(sum->testCase, "TestSum.test_sum");
  EXPECT_EQ(sum->actualText, "a.sum(axis=1)");
  EXPECT_EQ(sum->expectedText, "a.sum(axis=1)");
  EXPECT_EQ(sum->oracleType, "DT");
  EXPECT_DOUBLE_EQ(*tolerance(*sum, "rtol")->value, 1e-6);  // positional
  EXPECT_DOUBLE_EQ(*tolerance(*sum, "atol")->value, 1e-5);  // a module constant
  EXPECT_EQ(tolerance(*sum, "atol")->provenance, Provenance::Constant);
  EXPECT_EQ(mean->api, "cupy.testing.numpy_cupy_allclose");
  EXPECT_EQ(tolerance(*mean, "rtol")->text, "{numpy.float16: 1e-3, 'default': 1e-6}");
  EXPECT_EQ(tolerance(*mean, "atol")->provenance, Provenance::Default);
  EXPECT_EQ(dot->category, Category::Rounding);
  EXPECT_DOUBLE_EQ(*tolerance(*dot, "decimal")->value, 6);
  EXPECT_FALSE(zeros->isOa);
  EXPECT_EQ(zeros->form, "decorator");
  EXPECT_EQ(atLine(r, 20), nullptr);
  EXPECT_EQ(atLine(r, 22), nullptr);
  EXPECT_EQ(r.assertions.size(), 4u);
}

TEST(AssertionFinder, ChainersFunctionTestCaseChecksForwardAgainstForwardExpected) {
  auto r = scanOne(
      "import numpy\n"
      "from chainer import functions\n"
      "from chainer import testing\n"
      "class TestReLU(testing.FunctionTestCase):\n"  // 4
      "    def setUp(self):\n"
      "        if self.dtype == numpy.float16:\n"
      "            self.check_forward_options.update({'atol': 1e-3, 'rtol': 1e-3})\n"
      "    def forward(self, inputs, device):\n"
      "        x, = inputs\n"
      "        return functions.relu(x),\n"
      "    def forward_expected(self, inputs):\n"
      "        x, = inputs\n"
      "        return numpy.maximum(x, 0),\n"
      "class _Base(testing.LinkTestCase):\n"  // 14: a base, no check
      "    def forward_expected(self, link, inputs):\n"
      "        return inputs\n"
      "class TestLinear(_Base):\n"  // 17
      "    check_forward_options = {'atol': 1e-4}\n"
      "    def forward(self, link, inputs, device):\n"
      "        return link(*inputs),\n"
      "class TestAbstract(testing.FunctionTestCase):\n"  // 21: no oracle, no check
      "    def forward(self, inputs, device):\n"
      "        return inputs\n");
  classifyOracles(r);
  const Assertion* relu = atLine(r, 4);
  const Assertion* linear = atLine(r, 17);
  ASSERT_TRUE(relu && linear);
  EXPECT_TRUE(relu->isOa);
  EXPECT_EQ(relu->api, "chainer.testing.FunctionTestCase");
  EXPECT_EQ(relu->form, "harness");
  EXPECT_EQ(relu->function, "TestReLU.forward_expected");
  EXPECT_EQ(relu->actualText, "functions.relu(x),");
  EXPECT_EQ(relu->expectedText, "numpy.maximum(x, 0),");
  EXPECT_EQ(relu->oracleType, "DT");
  EXPECT_EQ(tolerance(*relu, "atol")->comparable, "(1e-3 if self.dtype == numpy.float16 else 1e-5)");
  EXPECT_EQ(relu->thresholdProvenance, ThresholdProvenance::Depend);
  EXPECT_EQ(linear->api, "chainer.testing.LinkTestCase");
  EXPECT_EQ(linear->apiText, "_Base");
  EXPECT_DOUBLE_EQ(*tolerance(*linear, "atol")->value, 1e-4);
  EXPECT_EQ(tolerance(*linear, "rtol")->provenance, Provenance::Default);
  EXPECT_EQ(atLine(r, 14), nullptr);
  EXPECT_EQ(atLine(r, 21), nullptr);
  EXPECT_EQ(r.assertions.size(), 2u);
}
