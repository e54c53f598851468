#include "miners/gate/check_sieve.h"

#include <gtest/gtest.h>

#include "analyzer/assertions/catalogue.h"
#include "miners/gate/diff_scope.h"
#include "miners/walk/derived_versions.h"
#include "tests/support/oa_versions.h"

using namespace oalens;

namespace {

const analyzer::Catalogue& builtin() {
  static const analyzer::Catalogue c = analyzer::Catalogue::builtin();
  return c;
}

// The tests of `source` that a whole version leaves out of its scan, in source order.
std::vector<std::string> leftOut(const std::string& source, const miners::CheckWords& words) {
  const miners::ScopedPair whole = miners::unscopedUnits(source, &words);
  EXPECT_TRUE(whole.scoped);
  std::vector<std::string> out;
  for (const miners::TestUnit& u : whole.newUnits)
    if (!whole.newKept.count(u.name)) out.push_back(u.name);
  return out;
}

std::vector<std::string> leftOut(const std::string& source) { return leftOut(source, miners::CheckWords(builtin())); }

using Names = std::vector<std::string>;

TEST(CheckSieve, LeavesOutTestsWithoutAnOaCheck) {
  EXPECT_EQ(leftOut("import numpy as np\n"
                    "def test_shape():\n"
                    "    assert np.ones(3).shape == (3,)\n"
                    "def test_close():\n"
                    "    np.testing.assert_allclose(np.ones(3), 1.0, rtol=1e-6)\n"
                    "def test_branches():\n"
                    "    x = 2\n"
                    "    if x > 1:\n"
                    "        x = 1\n"
                    "    assert x == 1\n"),
            (Names{"test_shape", "test_branches"}));  // a comparison outside an assertion is no check
}

TEST(CheckSieve, KeepsEveryFormTheFinderReads) {
  const std::string source =
      "import unittest\n"
      "import pytest\n"
      "from numpy.testing import assert_allclose as aac, assert_array_equal as aae\n"
      "def _close(a, b):\n"
      "    np.testing.assert_allclose(a, b, atol=1e-5)\n"
      "def _outer(a):\n"
      "    _close(a, 1.0)\n"
      "def near(a, b):\n"
      "    return abs(a - b) < 1e-6\n"
      "def check(a, b):\n"
      "    _close(a, b)\n"
      "class TestForms(unittest.TestCase):\n"
      "    def test_method(self):\n"
      "        self.assertAllClose(f(), g())\n"
      "    def test_error_bound(self):\n"
      "        assert abs(f() -\n"
      "                   g()) < 1e-5\n"
      "    def test_truth(self):\n"
      "        self.assertTrue(err(f()) < 1e-3)\n"
      "    def test_greater(self):\n"
      "        self.assertGreater(1e-3, err(f()))\n"
      "    def test_approx(self):\n"
      "        assert f() == pytest.approx(g())\n"
      "    def test_import_alias(self):\n"
      "        aac(f(), g())\n"
      "    def test_wrapper(self):\n"
      "        _close(f(), g())\n"
      "    def test_wrapper_of_wrapper(self):\n"
      "        _outer(f())\n"
      "    def test_predicate(self):\n"
      "        assert near(f(), g())\n"
      "    def test_mapped(self):\n"
      "        jax.tree_util.tree_map(check, f(), g())\n"
      "    def test_writes_globals(self):\n"
      "        global STATE\n"
      "        STATE = f()\n"
      "    def test_exact_alias(self):\n"
      "        aae(f(), g())\n"
      "    def test_equal(self):\n"
      "        self.assertEqual(f(), g())\n";
  EXPECT_EQ(leftOut(source), (Names{"TestForms.test_exact_alias", "TestForms.test_equal"}));
}

TEST(CheckSieve, KeepsWhatKeptCodeNeeds) {
  // test_setup_like sets an attribute a kept check reads; test_called is called by one.
  const std::string source =
      "class TestNeeds:\n"
      "    def test_setup_like(self):\n"
      "        self.tol = 1e-3\n"
      "    def test_called(self):\n"
      "        return make()\n"
      "    def test_check(self):\n"
      "        self.test_setup_like()\n"
      "        self.assertAllClose(self.test_called(), g(), atol=self.tol)\n"
      "    def test_alone(self):\n"
      "        self.other = make()\n";
  EXPECT_EQ(leftOut(source), (Names{"TestNeeds.test_alone"}));
}

TEST(CheckSieve, ReadsTheSuitesWrappers) {
  const std::string source =
      "class TestLayer(testing.TestCase):\n"
      "    def test_layer(self):\n"
      "        self.run_layer_test(Dense, init_kwargs={'units': 2})\n";
  EXPECT_EQ(leftOut(source), (Names{"TestLayer.test_layer"}));
  analyzer::Catalogue wrappers;
  analyzer::ApiSpec spec;
  spec.id = "keras.testing.TestCase.run_layer_test";
  spec.names = {spec.id};
  spec.kind = analyzer::ApiKind::Method;
  spec.oa = true;
  spec.category = analyzer::Category::AbsRel;
  spec.discovered = true;
  wrappers.add(spec);
  const miners::CheckWords base(builtin());
  EXPECT_EQ(leftOut(source, miners::CheckWords(base, &wrappers)), Names{});
}

// A derived version scanned with the sieve finds what a whole scan of the text finds.
TEST(CheckSieve, DerivedVersionsEqualTheWholeScan) {
  const std::string old =
      "import numpy as np\n"
      "def _close(a, b):\n"
      "    np.testing.assert_allclose(a, b, rtol=1e-6)\n"
      "class TestOps:\n"
      "    def test_a(self):\n"
      "        _close(f(), 1.0)\n"
      "    def test_b(self):\n"
      "        assert f().shape == (3,)\n"
      "    def test_c(self):\n"
      "        assert abs(f() - 1.0) < 1e-4\n";
  const std::vector<std::string> changes = {
      // a check-free test edited, a check added to it, a check removed from a test
      oalens::testing::withReplaced(old, "assert f().shape == (3,)", "assert f().shape == (4,)"),
      oalens::testing::withReplaced(old, "assert f().shape == (3,)", "_close(f(), 2.0)"),
      oalens::testing::withReplaced(old, "_close(f(), 1.0)", "assert f() is not None"),
      oalens::testing::withReplaced(old, "< 1e-4", "< 1e-3"),
  };
  const miners::CheckWords words(builtin());
  for (const std::string& changed : changes) {
    std::vector<std::string> d;
    const auto olds = oalens::testing::oaVersionsOf(old, d);
    const miners::OldOaVersions previous = [&]() -> const std::vector<miners::AssertionVersion>* { return &olds; };
    auto scan = [](miners::ScopedPair& scoped, std::vector<std::string>& diagnostics) {
      return oalens::testing::oaVersionsOf(scoped.newText, diagnostics);
    };
    const auto derived = miners::versionsFromScopedScan(old, changed, previous, scan, nullptr, nullptr, &words);
    ASSERT_TRUE(derived) << changed;
    EXPECT_EQ(oalens::testing::describeVersions(*derived), oalens::testing::describeVersions(oalens::testing::oaVersionsOf(changed, d)))
        << changed;
  }
}

}  // namespace
