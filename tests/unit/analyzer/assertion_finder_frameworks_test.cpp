// The checks suites build around the catalogued ones: negated and device-switched wrappers,
// star imports, packages choosing a child at run time, integer values and quality bounds
// (the harnesses of PyTorch, CuPy and Chainer: assertion_finder_harnesses_test.cpp).
#include "analyzer/assertions/assertion_finder.h"

#include <gtest/gtest.h>

#include "analyzer/oracle/oracle_classifier.h"
#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::byLine;
using oalens::testing::scanOne;
using oalens::testing::scanPython;
using oalens::testing::tolerance;

TEST(AssertionFinder, WrappersThatPassWhenTheValuesDifferAreNegated) {
  const std::string code =
      "import unittest\n"
      "import numpy as np\n"
      "class Case(unittest.TestCase):\n"
      "    def assertNotClose(self, a, b, atol=1e-6):\n"  // 4
      "        try:\n"
      "            np.testing.assert_allclose(a, b, atol=atol)\n"
      "        except AssertionError:\n"
      "            return\n"
      "        raise AssertionError('close')\n"
      "    def assertNotCloseElse(self, a, b, atol=1e-6):\n"  // 10
      "        try:\n"
      "            np.testing.assert_allclose(a, b, atol=atol)\n"
      "        except (ValueError, AssertionError):\n"
      "            pass\n"
      "        else:\n"
      "            self.fail('close')\n"
      "    def assertCloseLogged(self, a, b, atol=1e-6):\n"  // 17
      "        try:\n"
      "            np.testing.assert_allclose(a, b, atol=atol)\n"
      "        except AssertionError:\n"
      "            print(a, b)\n"
      "            raise\n"
      "    def assertFalseClose(self, a, b, atol=1e-6):\n"  // 23
      "        self.assertFalse(np.allclose(a, b, atol=atol))\n"
      "    def assertNotCloseAssert(self, a, b, atol=1e-6):\n"  // 25
      "        assert not np.allclose(a, b, atol=atol)\n"
      "    def assertCloseElseReturn(self, a, b, atol=1e-6):\n"  // 27
      "        try:\n"
      "            np.testing.assert_allclose(a, b, atol=atol)\n"
      "        except AssertionError:\n"
      "            pass\n"
      "        else:\n"
      "            return\n"
      "        raise AssertionError('not close')\n"
      "    def test_all(self):\n"
      "        x = np.ones(3)\n"
      "        self.assertNotClose(x, 2 * x)\n"        // 37
      "        self.assertNotCloseElse(x, 2 * x)\n"    // 38
      "        self.assertCloseLogged(x, x)\n"         // 39
      "        self.assertFalseClose(x, 2 * x)\n"      // 40
      "        self.assertNotCloseAssert(x, 2 * x)\n"  // 41
      "        self.assertCloseElseReturn(x, x)\n";    // 42
  auto r = oalens::testing::scanOne(code);
  for (const auto& [line, negated] : {std::pair{37u, true}, {38u, true}, {39u, false}, {40u, true}, {41u, true}, {42u, false}}) {
    const oalens::analyzer::Assertion* a = oalens::testing::atLine(r, line);
    ASSERT_NE(a, nullptr) << "line " << line;
    EXPECT_TRUE(a->isOa) << "line " << line;
    EXPECT_EQ(a->negated, negated) << "line " << line << ": " << a->api;
  }
}

// Keras 3's assertAllClose: `if tpu_atol is not None and uses_tpu(): atol = tpu_atol`. A call
// passing `tpu_atol` has a second tolerance, chosen by device.
TEST(AssertionFinder, AToleranceAWrapperReplacesOnADeviceIsReadBesideTheBaseOne) {
  auto r = scanOne(
      "import numpy as np\n"
      "class TestCase:\n"
      "    def assertAllClose(self, actual, desired, atol=1e-6, rtol=1e-6, tpu_atol=None):\n"
      "        if tpu_atol is not None and uses_tpu():\n"
      "            atol = tpu_atol\n"
      "        np.testing.assert_allclose(actual, desired, atol=atol, rtol=rtol)\n"
      "class OpsTest(TestCase):\n"
      "    def test_op(self):\n"
      "        self.assertAllClose(f(), g(), atol=1e-3, tpu_atol=1e-2)\n"  // 9
      "        self.assertAllClose(f(), g())\n");                          // 10
  const Assertion* device = atLine(r, 9);
  const Assertion* plain = atLine(r, 10);
  ASSERT_TRUE(device && plain);
  ASSERT_NE(tolerance(*device, "atol@tpu"), nullptr);
  EXPECT_DOUBLE_EQ(*tolerance(*device, "atol@tpu")->value, 1e-2);
  EXPECT_EQ(tolerance(*device, "atol@tpu")->provenance, Provenance::Depend);
  EXPECT_DOUBLE_EQ(*tolerance(*device, "atol")->value, 1e-3);
  EXPECT_EQ(device->thresholdProvenance, ThresholdProvenance::Depend);
  EXPECT_TRUE(device->runtimeChoices.tolerance & kByDevice);
  EXPECT_EQ(tolerance(*plain, "atol@tpu"), nullptr);
  EXPECT_EQ(plain->thresholdProvenance, ThresholdProvenance::Default);
}

TEST(AssertionFinder, AStarImportBindsTheChecksItsModuleHas) {
  // MXNet's suites import their checks with `from mxnet.test_utils import *`; the last star
  // import with a check of the name binds it, as Python does.
  auto mx = scanOne(
      "from numpy.testing import *\n"
      "from mxnet.test_utils import *\n"
      "def test_a():\n"
      "    assert_almost_equal(f(x), y, rtol=1e-3)\n"           // 4
      "    check_symbolic_forward(sym, [x], [y], atol=1e-4)\n"  // 5
      "    check_numeric_gradient(sym, [x])\n");                // 6
  ASSERT_TRUE(atLine(mx, 4) && atLine(mx, 5) && atLine(mx, 6));
  EXPECT_EQ(atLine(mx, 4)->api, "mxnet.test_utils.assert_almost_equal");
  EXPECT_EQ(atLine(mx, 4)->category, Category::AbsRel);
  EXPECT_DOUBLE_EQ(*tolerance(*atLine(mx, 4), "rtol")->value, 1e-3);
  // Its default changed in 2020 (1e-20 -> picked by dtype): no one value serves the history.
  EXPECT_EQ(tolerance(*atLine(mx, 4), "atol")->text, "None");
  EXPECT_FALSE(tolerance(*atLine(mx, 4), "atol")->value);
  EXPECT_EQ(atLine(mx, 5)->api, "mxnet.test_utils.check_symbolic_forward");
  EXPECT_TRUE(atLine(mx, 5)->isOa);
  EXPECT_EQ(atLine(mx, 5)->expectedText, "[y]");
  EXPECT_FALSE(atLine(mx, 6)->isOa);  // a gradient check, as Theano's verify_grad
  auto np = scanOne(
      "from mxnet.test_utils import *\n"
      "from numpy.testing import *\n"
      "def test_a():\n"
      "    assert_almost_equal(f(x), y)\n");
  ASSERT_TRUE(atLine(np, 4));
  EXPECT_EQ(atLine(np, 4)->api, "numpy.testing.assert_almost_equal");
}

// DGL's layout: `import backend as F` names tests/backend/__init__.py, which imports the backend
// the environment names (`importlib.import_module(".%s" % name, __name__)`) and copies its
// functions into itself; each backend's `allclose` returns its framework's allclose. 403 calls
// of DGL's suite read as exact asserts before.
TEST(AssertionFinder, APackageChoosingItsChildAtRunTimeLendsItsNameToTheChildrensWrappers) {
  auto r = scanPython({{"tests/backend/__init__.py",
                        "import importlib\n"
                        "import os\n"
                        "from . import spec\n"
                        "name = os.environ.get('SUITE_BACKEND', 'torch_impl')\n"
                        "impl = importlib.import_module('.%s' % name, __name__)\n"
                        "for fn in spec.__all__:\n"
                        "    globals()[fn] = getattr(impl, fn)\n"
                        "def ones(n):\n"
                        "    return [1] * n\n"},
                       {"tests/backend/spec.py",
                        "def close(a, b, rtol=1e-4, atol=1e-4):\n"
                        "    '''Whether two tensors are close.'''\n"
                        "    pass\n"},
                       {"tests/backend/torch_impl/__init__.py",
                        "import torch\n"
                        "def close(a, b, rtol=1e-4, atol=1e-4):\n"
                        "    return torch.allclose(a.float(), b.float(), rtol=rtol, atol=atol)\n"
                        "def ones(n):\n"
                        "    return torch.allclose(n, n)\n"},
                       {"tests/backend/numpy_impl.py",
                        "import numpy as np\n"
                        "def close(a, b, rtol=1e-4, atol=1e-4):\n"
                        "    return np.allclose(a, b, rtol=rtol, atol=atol)\n"},
                       {"tests/fixed/__init__.py",
                        "import importlib\n"
                        "impl = importlib.import_module('.numpy_impl', __name__)\n"},
                       {"tests/fixed/numpy_impl.py",
                        "import numpy as np\n"
                        "def near(a, b, atol=1e-3):\n"
                        "    return np.allclose(a, b, atol=atol)\n"},
                       {"tests/fixed/other_impl.py",
                        "import numpy as np\n"
                        "def far(a, b, atol=1e-3):\n"
                        "    return np.allclose(a, b, atol=atol)\n"},
                       {"tests/ops/test_ops.py",
                        "import backend as F\n"
                        "import fixed\n"
                        "def test_ops():\n"
                        "    assert F.close(f(), g())\n"             // 4
                        "    assert F.close(f(), g(), atol=1e-2)\n"  // 5
                        "    assert F.ones(3) == [1, 1, 1]\n"        // 6
                        "    assert fixed.near(f(), g())\n"          // 7
                        "    assert fixed.far(f(), g())\n"}});       // 8
  auto at = byLine(r, "tests/ops/test_ops.py");
  ASSERT_TRUE(at.count(4) && at.count(5) && at.count(6) && at.count(7) && at.count(8));
  EXPECT_TRUE(at[4]->isOa);
  EXPECT_EQ(at[4]->api, "tests.backend.close");
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "atol")->value, 1e-4);
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "rtol")->value, 1e-4);
  EXPECT_TRUE(at[5]->isOa);
  EXPECT_DOUBLE_EQ(*tolerance(*at[5], "atol")->value, 1e-2);
  EXPECT_FALSE(at[6]->isOa);  // the package's own function, not its child's
  EXPECT_TRUE(at[7]->isOa);   // the child a literal name picks
  EXPECT_FALSE(at[8]->isOa);  // a child the package never imports
}

// Equinox's tree_equal is exact unless given rtol or atol; its suite's tree_allclose helper
// returns it with both, 149 checks at Equinox's tip that read as plain asserts before.
TEST(AssertionFinder, AnExactPredicateGivenAToleranceIsAnOaCheckAndSoAreWrappersGivingOne) {
  auto r = scanPython({{"tests/helpers.py",
                        "import equinox as eqx\n"
                        "def tree_allclose(x, y, *, rtol=1e-5, atol=1e-8):\n"
                        "    return eqx.tree_equal(x, y, typematch=True, rtol=rtol, atol=atol)\n"
                        "def tree_same(x, y):\n"
                        "    return eqx.tree_equal(x, y)\n"},
                       {"tests/test_tree.py",
                        "import equinox as eqx\n"
                        "from .helpers import tree_allclose, tree_same\n"
                        "def test_tree():\n"
                        "    assert eqx.tree_equal(f(), g(), rtol=1e-3)\n"      // 4
                        "    assert eqx.tree_equal(f(), g())\n"                 // 5
                        "    assert tree_allclose(f(), g(), atol=1e-4)\n"       // 6
                        "    assert tree_same(f(), g())\n"                      // 7
                        "    assert eqx.tree_equal(f(), g(), rtol=None)\n"}});  // 8
  auto at = byLine(r, "tests/test_tree.py");
  ASSERT_TRUE(at.count(4) && at.count(5) && at.count(6) && at.count(7) && at.count(8));
  EXPECT_TRUE(at[4]->isOa);
  EXPECT_EQ(at[4]->api, "equinox.tree_equal");
  EXPECT_EQ(at[4]->category, Category::AbsRel);
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "rtol")->value, 1e-3);
  ASSERT_NE(tolerance(*at[4], "atol"), nullptr);  // left at its default, 0
  EXPECT_EQ(tolerance(*at[4], "atol")->provenance, Provenance::Default);
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "atol")->value, 0.0);
  EXPECT_FALSE(at[5]->isOa);
  EXPECT_TRUE(at[6]->isOa);
  EXPECT_EQ(at[6]->api, "tests.helpers.tree_allclose");
  EXPECT_EQ(at[6]->category, Category::AbsRel);
  EXPECT_DOUBLE_EQ(*tolerance(*at[6], "atol")->value, 1e-4);
  EXPECT_DOUBLE_EQ(*tolerance(*at[6], "rtol")->value, 1e-5);
  EXPECT_FALSE(at[7]->isOa);
  EXPECT_FALSE(at[8]->isOa);
}

// Equinox's tree_allclose sets `atol = 1e-3` when JAX runs on a GPU, whatever the call gives:
// each call carries `atol@gpu`, chosen by device.
TEST(AssertionFinder, AToleranceAWrapperSetsOnADeviceIsAnotherToleranceOfEachCall) {
  auto r = scanPython({{"tests/helpers.py",
                        "import jax\n"
                        "import numpy as np\n"
                        "def tree_allclose(x, y, *, rtol=1e-5, atol=1e-8):\n"
                        "    if jax.default_backend() == 'gpu':\n"
                        "        atol = 1e-3\n"
                        "    return np.allclose(x, y, rtol=rtol, atol=atol)\n"},
                       {"tests/test_tree.py",
                        "from .helpers import tree_allclose\n"
                        "def test_tree():\n"
                        "    assert tree_allclose(f(), g())\n"                 // 3
                        "    assert tree_allclose(f(), g(), atol=1e-4)\n"}});  // 4
  auto at = byLine(r, "tests/test_tree.py");
  ASSERT_TRUE(at.count(3) && at.count(4));
  for (int line : {3, 4}) {
    ASSERT_TRUE(at[line]->isOa);
    const Tolerance* gpu = tolerance(*at[line], "atol@gpu");
    ASSERT_NE(gpu, nullptr) << line;
    EXPECT_DOUBLE_EQ(*gpu->value, 1e-3);
    EXPECT_EQ(gpu->provenance, Provenance::Depend);
  }
  EXPECT_DOUBLE_EQ(*tolerance(*at[3], "atol")->value, 1e-8);
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "atol")->value, 1e-4);
}

// PyTorch3D's TestCaseMixin.assertClose: the module is chosen by the value's type, the check's
// result stored, the method returning when it holds and failing at its end (1,367 calls of its
// suite read as unknown method calls before). A method that only logs checks nothing.
TEST(AssertionFinder, AHelperStoringACheckOfAChosenModuleAndFailingUnlessItHoldsIsAWrapper) {
  auto r = scanPython({{"tests/common_testing.py",
                        "import unittest\n"
                        "import numpy as np\n"
                        "import torch\n"
                        "class TestCaseMixin(unittest.TestCase):\n"
                        "    def assertClose(self, input, other, *, rtol=1e-05, atol=1e-08, msg=None):\n"
                        "        backend = torch if torch.is_tensor(input) else np\n"
                        "        close = backend.allclose(input, other, rtol=rtol, atol=atol)\n"
                        "        if close:\n"
                        "            return\n"
                        "        err = f'Not close: {backend.abs(input - other).max()}'\n"
                        "        if msg is not None:\n"
                        "            self.fail(f'{msg} {err}')\n"
                        "        self.fail(err)\n"
                        "    def assertCloseOrLog(self, input, other, *, atol=1e-3):\n"
                        "        close = torch.allclose(input, other, atol=atol)\n"
                        "        if close:\n"
                        "            return\n"
                        "        print('differ')\n"
                        "    def assertCloseUnlessBound(self, input, other, *, atol=1e-3):\n"
                        "        close = torch.allclose(input, other, atol=atol)\n"
                        "        close = True\n"
                        "        if close:\n"
                        "            return\n"
                        "        self.fail('differ')\n"},
                       {"tests/test_ops.py",
                        "from .common_testing import TestCaseMixin\n"
                        "class TestOps(TestCaseMixin):\n"
                        "    def test_a(self):\n"
                        "        self.assertClose(f(), g())\n"                 // 4
                        "        self.assertClose(f(), g(), atol=1e-4)\n"      // 5
                        "        self.assertCloseOrLog(f(), g())\n"            // 6
                        "        self.assertCloseUnlessBound(f(), g())\n"}});  // 7
  auto at = byLine(r, "tests/test_ops.py");
  ASSERT_TRUE(at.count(4) && at.count(5) && at.count(6) && at.count(7));
  EXPECT_TRUE(at[4]->isOa);
  EXPECT_EQ(at[4]->api, "tests.common_testing.TestCaseMixin.assertClose");
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "atol")->value, 1e-8);
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "rtol")->value, 1e-5);
  EXPECT_TRUE(at[5]->isOa);
  EXPECT_DOUBLE_EQ(*tolerance(*at[5], "atol")->value, 1e-4);
  EXPECT_FALSE(at[6]->isOa);
  EXPECT_FALSE(at[7]->isOa);
}

// Captum's assertTensorAlmostEqual(test, actual, expected, delta=0.0001): shape and type checks
// come first, then the size of the difference of the two parameters is held against zero within
// `delta` (437 calls of its suite read as an exact shape check, not OA, before). A helper that
// only checks shapes stays exact.
TEST(AssertionFinder, AHelperCheckingShapesFirstThenTheSizeOfTheDifferenceAgainstZeroIsAWrapper) {
  auto r = scanPython({{"pkg/testing/helpers.py",
                        "import torch\n"
                        "def assertTensorAlmostEqual(test, actual, expected, delta=0.0001, mode='sum'):\n"
                        "    assert isinstance(actual, torch.Tensor)\n"
                        "    assert actual.shape == expected.shape\n"
                        "    actual = actual.cpu()\n"
                        "    if mode == 'sum':\n"
                        "        test.assertAlmostEqual(torch.sum(torch.abs(actual - expected)).item(), 0.0, delta=delta)\n"
                        "def assertSameShape(test, actual, expected):\n"
                        "    assert actual.shape == expected.shape\n"
                        "def assertSmallOffset(test, actual, expected, delta=0.1):\n"
                        "    test.assertAlmostEqual(torch.sum(actual - expected).item(), 1.0, delta=delta)\n"},
                       {"pkg/tests/test_attr.py",
                        "import unittest\n"
                        "from pkg.testing.helpers import assertTensorAlmostEqual, assertSameShape, assertSmallOffset\n"
                        "class TestAttr(unittest.TestCase):\n"
                        "    def test_a(self):\n"
                        "        assertTensorAlmostEqual(self, f(), [1.0, 2.0])\n"              // 5
                        "        assertTensorAlmostEqual(self, f(), [1.0, 2.0], delta=0.05)\n"  // 6
                        "        assertSameShape(self, f(), g())\n"                             // 7
                        "        assertSmallOffset(self, f(), g())\n"}});                       // 8
  auto at = byLine(r, "pkg/tests/test_attr.py");
  ASSERT_TRUE(at.count(5) && at.count(6) && at.count(7) && at.count(8));
  EXPECT_TRUE(at[5]->isOa);
  EXPECT_EQ(at[5]->actualText, "f()");
  EXPECT_EQ(at[5]->expectedText, "[1.0, 2.0]");
  EXPECT_DOUBLE_EQ(*tolerance(*at[5], "delta")->value, 1e-4);
  EXPECT_EQ(tolerance(*at[5], "delta")->provenance, Provenance::Default);
  EXPECT_DOUBLE_EQ(*tolerance(*at[6], "delta")->value, 0.05);
  EXPECT_FALSE(at[7]->isOa);
  // Held against another value than zero, the difference is no comparison of the two.
  EXPECT_FALSE(at[8]->isOa);
}

// Face indices, counts and positions compared with a closeness API are compared exactly when no
// tolerance lets two whole numbers differ (PyTorch3D: 128 such checks of its 1,594 OA ones).
TEST(AssertionFinder, IntegerValuesComparedWithinLessThanOneAreExactChecks) {
  auto r = scanPython({{"tests/test_mesh.py",
                        "import numpy as np\n"
                        "import torch\n"
                        "def test_faces():\n"
                        "    verts, faces = marching_cubes(volume())\n"
                        "    expected_faces = torch.tensor([[0, 1, 2], [0, 3, 1]])\n"
                        "    assert torch.allclose(faces[0], expected_faces)\n"               // 6
                        "    assert torch.allclose(verts[0], torch.tensor([[0.5, 0, 1]]))\n"  // 7
                        "    np.testing.assert_allclose(order(x), np.argsort(x))\n"           // 8
                        "    idx = ids().to(torch.int64)\n"
                        "    torch.testing.assert_close(idx.cuda(), ref_ids())\n"                                           // 10
                        "    np.testing.assert_allclose(img().astype(np.int32), ref().astype(np.int32), rtol=0, atol=1)\n"  // 11
                        "    np.testing.assert_allclose(counts(), np.zeros(3, dtype=np.int64), rtol=get_tol())\n"           // 12
                        "    np.testing.assert_allclose(out(), np.array([1, 2, 3]))\n"                                      // 13
                        "    for dtype in (torch.float, torch.long):\n"
                        "        kw = {'dtype': dtype}\n"
                        "        assert torch.allclose(flip(x), torch.tensor([3, 1], **kw))\n"}});  // 16
  auto at = byLine(r, "tests/test_mesh.py");
  for (int line : {6, 7, 8, 10, 11, 12, 13, 16}) ASSERT_TRUE(at.count(line)) << line;
  EXPECT_FALSE(at[6]->isOa);
  EXPECT_EQ(at[6]->category, Category::Exact);
  EXPECT_TRUE(at[7]->isOa);
  EXPECT_FALSE(at[8]->isOa);
  EXPECT_FALSE(at[10]->isOa);
  // A tolerance that lets whole numbers differ, or one not known, keeps the check OA.
  EXPECT_TRUE(at[11]->isOa);
  EXPECT_TRUE(at[12]->isOa);
  // NumPy compares across dtypes: integer literals may be what a float output should equal.
  EXPECT_TRUE(at[13]->isOa);
  EXPECT_TRUE(at[16]->isOa);
}

// Counts, shapes and truth values are whole numbers however they reach the check: `len(...)`, a
// `.shape` or `.ndim`, a list of such values, a name bound to `True` (geomstats' dataset tests,
// 10 of its 60 sampled checks). A library's own tolerance constant left unresolved (`gs.atol`,
// per backend) is small: the check stays exact; any other unresolved tolerance may let them differ.
TEST(AssertionFinder, CountsShapesAndTruthValuesComparedWithAClosenessApiAreExactChecks) {
  auto r = scanPython({{"tests/test_data.py",
                        "import numpy as np\n"
                        "import geomstats.backend as gs\n"
                        "def close(a, b, atol=gs.atol):\n"
                        "    np.testing.assert_allclose(a, b, atol=atol)\n"
                        "def test_counts():\n"
                        "    cells = load()\n"
                        "    result = len(cells)\n"
                        "    np.testing.assert_allclose(result, 650)\n"  // 8
                        "    shape = load().shape\n"
                        "    np.testing.assert_allclose(shape, (86, 378))\n"  // 10
                        "    paths = walk()\n"
                        "    np.testing.assert_allclose([len(paths), len(paths[0])], [3, 4])\n"  // 12
                        "    expected = True\n"
                        "    np.testing.assert_allclose(belongs(x), expected)\n"                               // 14
                        "    close(result, 650)\n"                                                             // 15
                        "    np.testing.assert_allclose(shape, (86, 378), atol=get_tol())\n"                   // 16
                        "    np.testing.assert_allclose([len(paths), mean(paths)], np.array([3, 4.5]))\n"}});  // 17
  auto at = byLine(r, "tests/test_data.py");
  for (int line : {8, 10, 12, 14, 15, 16, 17}) ASSERT_TRUE(at.count(line)) << line;
  for (int line : {8, 10, 12, 14, 15}) {
    EXPECT_FALSE(at[line]->isOa) << line;
    EXPECT_TRUE(at[line]->wholeNumbers) << line;
  }
  EXPECT_TRUE(at[16]->isOa);
  // A list holding a measure beside a count is no list of whole numbers.
  EXPECT_TRUE(at[17]->isOa);
}

// Python values named for positions are positions: both sides so named, or one against whole
// numbers the test writes; a list of booleans too. A measure taken at positions is no position.
TEST(AssertionFinder, ValuesNamedForPositionsComparedWithAClosenessApiAreExactChecks) {
  auto r = scanPython({{"tests/test_buffer.py",
                        "import numpy as np\n"
                        "def test_positions():\n"
                        "    indices = buf.sample_indices(0)\n"
                        "    assert np.allclose(indices, [0, 15])\n"                                           // 4
                        "    assert np.allclose(buf.unfinished_index(), np.array([4, 14]))\n"                  // 5
                        "    np.testing.assert_allclose(out[0]['inds'].cpu().numpy(), np_inds)\n"              // 6
                        "    assert np.allclose(true_perm, perm)\n"                                            // 7
                        "    assert np.allclose(plateau_count, 0)\n"                                           // 8
                        "    assert np.allclose(flags(), [False, True])\n"                                     // 9
                        "    assert np.allclose(mesh.faces_normals_list()[0], ref.faces_normals_list()[0])\n"  // 10
                        "    assert np.allclose(jaccard_index, expected_index)\n"                              // 11
                        "    assert np.allclose(indices, [0.5, 1.5])\n"                                        // 12
                        "    assert np.allclose(cooldown_count, expected)\n"}});                               // 13
  auto at = byLine(r, "tests/test_buffer.py");
  for (int line = 4; line <= 13; ++line) ASSERT_TRUE(at.count(line)) << line;
  for (int line : {4, 5, 6, 7, 8, 9}) {
    EXPECT_FALSE(at[line]->isOa) << line;
    EXPECT_TRUE(at[line]->wholeNumbers) << line;
  }
  // Normals at faces, a score named an index, fractions written down, a count against a name.
  for (int line : {10, 11, 12, 13}) EXPECT_TRUE(at[line]->isOa) << line;
}

// TensorFlow's test cases evaluate the values first and spread them into the check
// (`self.assertAllClose(*self.evaluate([lp, expected]))`, TensorFlow Probability's habit): the
// list's elements are the compared values.
TEST(AssertionFinder, ValuesEvaluatedAndSpreadIntoACheckAreItsArguments) {
  auto r = scanPython({{"tests/test_dist.py",
                        "import tensorflow as tf\n"
                        "class DistTest(tf.test.TestCase):\n"
                        "    def test_entropy(self):\n"
                        "        self.assertAllClose(*self.evaluate([tril.entropy(), low_rank.entropy()]), rtol=1e-5)\n"  // 4
                        "        self.assertAllClose(*self.evaluate((a, b)))\n"                                           // 5
                        "        self.assertAllClose(*pair)\n"}});                                                        // 6
  auto at = byLine(r, "tests/test_dist.py");
  for (int line : {4, 5, 6}) ASSERT_TRUE(at.count(line)) << line;
  EXPECT_EQ(at[4]->actualText, "tril.entropy()");
  EXPECT_EQ(at[4]->expectedText, "low_rank.entropy()");
  ASSERT_NE(tolerance(*at[4], "rtol"), nullptr);
  EXPECT_DOUBLE_EQ(*tolerance(*at[4], "rtol")->value, 1e-5);
  EXPECT_EQ(at[5]->actualText, "a");
  EXPECT_EQ(at[5]->expectedText, "b");
  // A spread of anything else names no values.
  EXPECT_TRUE(at[6]->actualText.empty());
}

// A @staticmethod wrapper called through `self` keeps its first parameter: Kornia's
// BaseTester.assert_close(actual, expected, rtol=None, ...) lost `actual` as if it were `self`,
// so every `self.assert_close(out, ref)` read `ref` as rtol (a customized tolerance) and the
// oracle as untraceable. A classmethod's first parameter is still the class.
TEST(AssertionFinder, AStaticMethodWrapperKeepsItsFirstParameter) {
  auto r = scanPython({{"pkg/testing.py",
                        "import numpy as np\n"
                        "class BaseTester:\n"
                        "    @staticmethod\n"
                        "    def assert_close(actual, expected, rtol=None, atol=None):\n"
                        "        np.testing.assert_allclose(actual, expected, rtol=rtol or 1e-4, atol=atol or 1e-5)\n"
                        "    @classmethod\n"
                        "    def check(cls, actual, expected, atol=1e-6):\n"
                        "        np.testing.assert_allclose(actual, expected, atol=atol)\n"},
                       {"pkg/tests/test_w.py",
                        "import numpy as np\n"
                        "from pkg.testing import BaseTester\n"
                        "class TestOp(BaseTester):\n"
                        "    def test_a(self):\n"
                        "        self.assert_close(f(), np.ones(3))\n"
                        "        self.check(f(), np.ones(3))\n"}});
  const auto at = byLine(r, "pkg/tests/test_w.py");
  ASSERT_EQ(at.count(5), 1u);
  EXPECT_EQ(at.at(5)->actualText, "f()");
  EXPECT_EQ(at.at(5)->expectedText, "np.ones(3)");
  EXPECT_EQ(at.at(5)->thresholdProvenance, ThresholdProvenance::Default);
  ASSERT_EQ(at.count(6), 1u);
  EXPECT_EQ(at.at(6)->actualText, "f()");
  EXPECT_EQ(at.at(6)->expectedText, "np.ones(3)");
}

// A bound on a trained model's quality is an error-bounding OA assertion (docs/counting.md):
// the metric measures the predictions against the labels. A loss is bounded from above, an
// accuracy from below; counts, shapes, signs (`loss >= 0.0`) and integers are not such bounds.
TEST(AssertionFinder, BoundsOnATrainedModelsQualityAreErrorBounds) {
  auto r = scanOne(
      "def test_fit(self):\n"
      "    assert history.history['val_acc'][-1] > 0.8\n"  // 2: OA, lower bound
      "    assert (history.history['loss'][-1] < 1.)\n"    // 3: OA
      "    assert score < standard_score\n"                // 4: OA, a named target
      "    assert len(model.losses) > 1\n"                 // 5: a count
      "    assert output.loss.item() >= 0.0\n"             // 6: a sign
      "    assert history.history['acc'][-1] < 0.99\n"     // 7: an accuracy bounded from above
      "    assert n_calls <= 4\n");                        // 8: a counter
  for (uint32_t line : {2u, 3u, 4u}) {
    const Assertion* a = atLine(r, line);
    ASSERT_NE(a, nullptr) << line;
    EXPECT_TRUE(a->isOa) << line;
    EXPECT_EQ(a->category, Category::ErrorBound) << line;
    EXPECT_TRUE(a->qualityBound) << line;
  }
  EXPECT_TRUE(atLine(r, 2)->negated) << "a larger lower bound on an accuracy is stricter";
  EXPECT_FALSE(atLine(r, 3)->negated);
  for (uint32_t line : {5u, 6u, 7u, 8u}) {
    const Assertion* a = atLine(r, line);
    ASSERT_NE(a, nullptr) << line;
    EXPECT_FALSE(a->isOa) << line;
  }
  classifyOracles(r, {});
  EXPECT_EQ(atLine(r, 2)->oracleType, "D");
  EXPECT_NE(atLine(r, 2)->oracleReason.find("labels"), std::string::npos);
}
