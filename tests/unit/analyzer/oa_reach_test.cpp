#include "analyzer/assertions/oa_reach.h"

#include <gtest/gtest.h>

#include <map>

#include "tests/support/scan_helpers.h"

using namespace oalens::analyzer;
using oalens::testing::scanOne;

namespace {

const char* kHelpers =
    "import numpy as np\n"
    "from numpy.testing import assert_allclose\n"
    "def close_pair(a, b):\n"  // a project wrapper: a call of it is one call level
    "    assert_allclose(a, b, atol=1e-5)\n"
    "def check_op(name):\n"  // calls the wrapper: two levels from a test
    "    close_pair(run(name), ref(name))\n"
    "def check_direct(x):\n"
    "    assert np.allclose(x, 1.0)\n"
    "def recurse(n):\n"  // a cycle with no OA assertion must end unreachable
    "    return recurse(n - 1)\n"
    "class TestOps:\n"
    "    def _check(self, x):\n"
    "        check_direct(x)\n"
    "    def test_body(self):\n"
    "        assert_allclose(f(), g())\n"
    "    def test_helper(self):\n"
    "        check_direct(f())\n"
    "    def test_wrapper(self):\n"
    "        close_pair(f(), g())\n"
    "    def test_two_levels(self):\n"
    "        check_op('dot')\n"
    "    def test_method_two_levels(self):\n"
    "        self._check(f())\n"
    "    def test_none(self):\n"
    "        recurse(3)\n"
    "        assert f() == 2\n";

std::map<std::string, int> distancesByTest(const ScanResult& r) {
  std::map<std::string, int> out;
  for (const auto& t : r.testCases) out[t.name] = t.oaCallDistance;
  return out;
}

}  // namespace

TEST(OaReach, CountsCallsToTheNearestOaAssertion) {
  auto r = scanOne(kHelpers);
  auto d = distancesByTest(r);
  EXPECT_EQ(d["TestOps.test_body"], 0);
  EXPECT_EQ(d["TestOps.test_helper"], 1);
  EXPECT_EQ(d["TestOps.test_wrapper"], 1);
  EXPECT_EQ(d["TestOps.test_two_levels"], 2);
  EXPECT_EQ(d["TestOps.test_method_two_levels"], 2);
  EXPECT_EQ(d["TestOps.test_none"], kUnreachable);
}

TEST(OaReach, StaticCountingFollowsHelpersTransitivelyStudyCountingOneCall) {
  auto r = scanOne(kHelpers);
  EXPECT_EQ(r.testCasesWithDirectOa(), 2u);  // the wrapper call is an OA assertion in the body
  r.studyCounting = false;
  EXPECT_EQ(r.testCasesWithOa(), 5u);
  r.studyCounting = true;
  EXPECT_EQ(r.testCasesWithOa(), 3u);
}

TEST(OaReach, ADecoratorIsNotACallOfTheTestBeforeIt) {
  // A decorator runs when the class body runs, not in the test above it nor in the one it
  // decorates; its call once fell to the previous statement, the last line of test_first.
  auto r = scanOne(
      "from numpy.testing import assert_allclose\n"
      "def close_pair(a, b):\n"
      "    assert_allclose(a, b, atol=1e-5)\n"
      "class TestOps:\n"
      "    def test_first(self):\n"
      "        x = 1.0\n"
      "    @close_pair(1, 2)\n"
      "    def test_second(self):\n"
      "        pass\n");
  auto d = distancesByTest(r);
  EXPECT_EQ(d["TestOps.test_first"], kUnreachable);
  EXPECT_EQ(d["TestOps.test_second"], kUnreachable);
}

// Distances along chains written callers first, through nested helpers, and through
// `self.name()`, which may run the method of that name of any class of the file.
TEST(OaReach, ChainsNestedHelpersAndMethodsOfAnyClassOfTheName) {
  auto r = scanOne(
      "from numpy.testing import assert_allclose\n"
      "class TestChain:\n"
      "    def test_start(self):\n"
      "        self.step_1()\n"
      "    def step_1(self):\n"
      "        self.step_2()\n"
      "    def step_2(self):\n"
      "        self.step_3()\n"
      "    def step_3(self):\n"
      "        assert_allclose(f(), g(), atol=1e-5)\n"
      "    def test_nested(self):\n"
      "        def inner():\n"
      "            def innermost():\n"
      "                self.step_3()\n"
      "            innermost()\n"
      "        inner()\n"
      "    def test_other_class_method(self):\n"
      "        self.verify()\n"
      "class Checks:\n"
      "    def verify(self):\n"
      "        assert f() == 1\n"
      "class TestMore:\n"
      "    def verify(self):\n"
      "        self.step_2()\n"
      "    def test_unrelated_name(self):\n"
      "        self.nothing()\n");
  auto d = distancesByTest(r);
  EXPECT_EQ(d.at("TestChain.test_start"), 3);
  EXPECT_EQ(d.at("TestChain.test_nested"), 3);              // inner -> innermost -> step_3
  EXPECT_EQ(d.at("TestChain.test_other_class_method"), 3);  // TestMore.verify -> step_2 -> step_3
  EXPECT_EQ(d.at("TestMore.test_unrelated_name"), kUnreachable);
}
