// Checks mapped over the leaves of nested structures (jax.tree_util.tree_map and its kin), and
// absltest's sequence comparison: the forms JAX-era suites (flax, Keras 3) write.
#include <gtest/gtest.h>

#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::atLine;
using oalens::testing::scanOne;
using oalens::testing::scanPython;
using oalens::testing::tolerance;

TEST(MappedAssertion, ACheckMappedOverTreesIsAnAssertionWithTheMappingsArguments) {
  auto r = scanOne(
      "import functools\n"
      "import jax\n"
      "import numpy as np\n"
      "import tree\n"
      "def test_params():\n"
      "    got, want = run(), reference()\n"
      "    jax.tree_util.tree_map(np.testing.assert_allclose, got, want)\n"                            // 7
      "    jax.tree.map(functools.partial(np.testing.assert_allclose, rtol=1e-5), got, want)\n"        // 8
      "    tree.map_structure(lambda g, w: np.testing.assert_allclose(g, w, atol=2e-4), got, want)\n"  // 9
      "    jax.tree_util.tree_map(np.testing.assert_array_equal, got, want)\n"                         // 10: exact
      "    jax.tree_util.tree_map(np.allclose, got, want)\n"                                           // 11: returns booleans
      "    bumped = jax.tree_util.tree_map(lambda p: p + 1, got)\n");                                  // 12: no check
  ASSERT_EQ(r.assertions.size(), 4u);
  for (uint32_t line : {7u, 8u, 9u}) {
    const Assertion* a = atLine(r, line);
    ASSERT_NE(a, nullptr) << line;
    EXPECT_EQ(a->api, "numpy.testing.assert_allclose") << line;
    EXPECT_TRUE(a->isOa) << line;
    EXPECT_EQ(a->form, "tree_map") << line;
    EXPECT_EQ(a->actualText, "got") << line;  // the leaves, also for the lambda's parameters
    EXPECT_EQ(a->expectedText, "want") << line;
  }
  EXPECT_EQ(tolerance(*atLine(r, 7), "rtol")->provenance, Provenance::Default);
  EXPECT_EQ(tolerance(*atLine(r, 8), "rtol")->text, "1e-5");
  EXPECT_EQ(tolerance(*atLine(r, 9), "atol")->text, "2e-4");
  ASSERT_NE(atLine(r, 10), nullptr);
  EXPECT_FALSE(atLine(r, 10)->isOa);
  EXPECT_EQ(atLine(r, 11), nullptr);
  EXPECT_EQ(atLine(r, 12), nullptr);
}

TEST(MappedAssertion, AHelperReturningAMappedCheckIsAWrapper) {
  auto r = scanPython({{"tests/test_ckpt.py",
                        "import jax\n"
                        "import numpy as np\n"
                        "def check_eq(xs, ys, tol=1e-6):\n"
                        "    return jax.tree_util.tree_all(\n"
                        "        jax.tree_util.tree_map(lambda x, y: np.testing.assert_allclose(x, y, atol=tol), xs, ys))\n"
                        "def test_restore():\n"
                        "    check_eq(restore(), saved())\n"                // 7
                        "    check_eq(restore(), saved(), tol=1e-3)\n"}});  // 8
  const Assertion* inside = atLine(r, 4);
  ASSERT_NE(inside, nullptr);
  EXPECT_TRUE(inside->isOa);
  for (uint32_t line : {7u, 8u}) {
    const Assertion* a = atLine(r, line);
    ASSERT_NE(a, nullptr) << line;
    EXPECT_EQ(a->api, "tests.test_ckpt.check_eq") << line;
    EXPECT_EQ(a->via, "numpy.testing.assert_allclose") << line;
    EXPECT_TRUE(a->isOa) << line;
  }
  EXPECT_EQ(tolerance(*atLine(r, 7), "atol")->text, "1e-6");  // the wrapper's default
  EXPECT_EQ(tolerance(*atLine(r, 8), "atol")->text, "1e-3");
}

TEST(MappedAssertion, AbslSequenceAlmostEqualTakesTheExpectedSequenceFirst) {
  auto r = scanOne(
      "from absl.testing import absltest\n"
      "class T(absltest.TestCase):\n"
      "    def test_counts(self):\n"
      "        self.assertSequenceAlmostEqual([1.0, 2.0], model_counts(), places=5)\n"  // 4
      "        self.assertSequenceAlmostEqual([1.0], model_counts(), delta=0.1)\n");    // 5
  const Assertion* places = atLine(r, 4);
  ASSERT_NE(places, nullptr);
  EXPECT_TRUE(places->isOa);
  EXPECT_EQ(places->actualText, "model_counts()");
  EXPECT_EQ(places->expectedText, "[1.0, 2.0]");
  EXPECT_EQ(tolerance(*places, "places")->text, "5");
  EXPECT_EQ(atLine(r, 5)->category, Category::Abs);
}

TEST(MappedAssertion, APredicateMappedOverTreesIsOaUnderAnAssertion) {
  auto r = scanOne(
      "import functools\n"
      "import jax\n"
      "import numpy as np\n"
      "def test_tree(self):\n"
      "    assert jax.tree_util.tree_all(jax.tree_util.tree_map(np.allclose, got(), want()))\n"                                         // 5
      "    self.assertTrue(jax.tree.all(jax.tree.map(functools.partial(np.allclose, atol=1e-3), got(), want())))\n"                     // 6
      "    assert jax.tree_util.tree_all(jax.tree_util.tree_map(lambda x, y: np.all(np.isclose(x, y, rtol=1e-4)), got(), want()))\n");  // 7
  for (uint32_t line : {5u, 6u, 7u}) {
    const Assertion* a = atLine(r, line);
    ASSERT_NE(a, nullptr) << line;
    EXPECT_TRUE(a->isOa) << line;
    EXPECT_EQ(a->actualText, "got()") << line;
    EXPECT_EQ(a->expectedText, "want()") << line;
  }
  EXPECT_EQ(atLine(r, 5)->api, "numpy.allclose");
  EXPECT_EQ(tolerance(*atLine(r, 6), "atol")->text, "1e-3");
  EXPECT_EQ(atLine(r, 7)->api, "numpy.isclose");
  EXPECT_EQ(tolerance(*atLine(r, 7), "rtol")->text, "1e-4");
}

TEST(MappedAssertion, AFunctionReturningAClosenessPredicateIsAPredicateWrapper) {
  auto r = scanPython({{"tests/test_pred.py",
                        "import jax\n"
                        "import numpy as np\n"
                        "def close(a, b, tol=1e-5):\n"
                        "    return np.allclose(a, b, atol=tol)\n"
                        "def tree_close(x, y):\n"
                        "    return jax.tree_util.tree_all(jax.tree_util.tree_map(lambda u, v: np.all(np.isclose(u, v)), x, y))\n"
                        "def test_it(self):\n"
                        "    assert close(out(), ref())\n"                      // 8
                        "    self.assertTrue(tree_close(out(), ref()))\n"       // 9
                        "    self.assertFalse(close(out(), ref(), tol=0.1))\n"  // 10: must differ
                        "    close(out(), ref())\n"}});                         // 11: a predicate alone checks nothing
  const Assertion* plain = atLine(r, 8);
  ASSERT_NE(plain, nullptr);
  EXPECT_EQ(plain->api, "tests.test_pred.close");
  EXPECT_TRUE(plain->isOa);
  EXPECT_EQ(tolerance(*plain, "atol")->text, "1e-5");
  ASSERT_NE(atLine(r, 9), nullptr);
  EXPECT_EQ(atLine(r, 9)->api, "tests.test_pred.tree_close");
  EXPECT_TRUE(atLine(r, 9)->isOa);
  ASSERT_NE(atLine(r, 10), nullptr);
  EXPECT_TRUE(atLine(r, 10)->negated);
  EXPECT_EQ(tolerance(*atLine(r, 10), "atol")->text, "0.1");
  EXPECT_EQ(atLine(r, 11), nullptr);
}

TEST(MappedAssertion, APredicateDefinedInsideATestIsMatchedAtItsCalls) {
  auto r = scanPython({{"tests/test_nested.py",
                        "import numpy as np\n"
                        "def test_slices():\n"
                        "    def same(a, b):\n"
                        "        return a.shape == b.shape and np.allclose(a, b)\n"
                        "    assert same(sliced(), reference())\n"}});  // 5
  const Assertion* a = atLine(r, 5);
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->api, "tests.test_nested.test_slices.same");
  EXPECT_TRUE(a->isOa);
  EXPECT_EQ(a->actualText, "sliced()");
}

TEST(MappedAssertion, AWrapperLoopingOverZippedLeavesComparesEachSequenceWithTheOther) {
  auto r = scanPython({{"pkg/test_utils.py",
                        "import jax\n"
                        "import numpy as np\n"
                        "def trees_close(actual, desired, rtol=1e-6, atol=0.0):\n"
                        "    flat_a, _ = jax.tree_util.tree_flatten(actual)\n"
                        "    flat_d, _ = jax.tree_util.tree_flatten(desired)\n"
                        "    for x, y in zip(flat_a, flat_d):\n"
                        "        np.testing.assert_allclose(x, y, rtol=rtol, atol=atol)\n"
                        "def leaves_close(actual, desired):\n"
                        "    for i, (x, y) in enumerate(zip(jax.tree.leaves(actual), jax.tree.leaves(desired))):\n"
                        "        np.testing.assert_allclose(x, y, rtol=1e-3)\n"},
                       {"tests/test_opt.py",
                        "from pkg import test_utils\n"
                        "def test_update():\n"
                        "    test_utils.trees_close(updated(), expected(), atol=1e-4)\n"  // 3
                        "    test_utils.leaves_close(updated(), expected())\n"}});        // 4
  for (uint32_t line : {3u, 4u}) {
    const Assertion* a = nullptr;
    for (const auto& x : r.assertions)
      if (x.file == "tests/test_opt.py" && x.range.start.line == line) a = &x;
    ASSERT_NE(a, nullptr) << line;
    EXPECT_TRUE(a->isOa) << line;
    EXPECT_EQ(a->actualText, "updated()") << line;
    EXPECT_EQ(a->expectedText, "expected()") << line;  // not the first sequence twice
  }
}

// TFP's TestCase maps a lambda over nested structures with its own helper,
// `self.assertAllAssertsNested(lambda x, y: self.assertAllClose(x, y, rtol=rtol, atol=atol), a, b)`:
// a function handed a lambda calling a known check on as many values as follow it maps the
// check. Its `assertAllCloseNested(a, b, rtol, atol)` is then a wrapper, and a lambda of an
// uncatalogued call (`self.assertEqual`) or of a shape stays what it was.
TEST(MappedAssertion, AHelperHandedALambdaOfACheckAndItsValuesMapsTheCheck) {
  auto r = scanOne(
      "import tensorflow as tf\n"
      "class TestCase(tf.test.TestCase):\n"
      "  def assertAllAssertsNested(self, assert_fn, *structure):\n"
      "    tf.nest.map_structure(assert_fn, *structure)\n"
      "  def assertAllCloseNested(self, a, b, rtol=1e-06, atol=1e-06):\n"
      "    self.assertAllAssertsNested(lambda x, y: self.assertAllClose(x, y, rtol=rtol, atol=atol), a, b)\n"
      "class StateTest(TestCase):\n"
      "  def test_state(self):\n"
      "    self.assertAllCloseNested({'x': 1.0}, state, atol=1e-4)\n"                                               // 9
      "    self.assertAllAssertsNested(lambda g, w: self.assertAllClose(g, w, rtol=2e-3), got, want)\n"             // 10
      "    self.assertAllAssertsNested(lambda g, w: self.assertEqual(g, w), got, want)\n"                           // 11
      "    self.assertAllAssertsNested(lambda g, w: self.assertAllClose(tf.shape(g), tf.shape(w)), got, want)\n");  // 12
  const Assertion* nested = atLine(r, 9);
  ASSERT_NE(nested, nullptr);
  EXPECT_TRUE(nested->isOa);
  EXPECT_EQ(nested->expectedText, "state");
  EXPECT_DOUBLE_EQ(*tolerance(*nested, "atol")->value, 1e-4);
  EXPECT_DOUBLE_EQ(*tolerance(*nested, "rtol")->value, 1e-6);
  const Assertion* direct = atLine(r, 10);
  ASSERT_NE(direct, nullptr);
  EXPECT_TRUE(direct->isOa);
  EXPECT_EQ(direct->form, "tree_map");
  EXPECT_EQ(direct->actualText, "got");
  EXPECT_DOUBLE_EQ(*tolerance(*direct, "rtol")->value, 2e-3);
  ASSERT_NE(atLine(r, 11), nullptr);
  EXPECT_FALSE(atLine(r, 11)->isOa);
  ASSERT_NE(atLine(r, 12), nullptr);
  EXPECT_FALSE(atLine(r, 12)->isOa) << "tf.shape gives integer sizes: an exact check";
}
