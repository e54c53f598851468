// Which tests of a changed Python file the gate scans (miners/gate/diff_scope.h,
// miners/gate/change_reach.h): test functions and what reaches them, imports, helpers and
// attributes a kept test reads; a change it cannot bound scans the whole file.
#include "miners/gate/diff_scope.h"
#include "miners/gate/change_reach.h"
#include "tests/support/line_edits.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

using namespace oalens::miners;
using oalens::testing::replaceLine;

namespace {

const char* kSuite =
    "import numpy as np\n"                                       // 1
    "TOL = 1e-5\n"                                               // 2
    "\n"                                                         // 3
    "def helper(a, b, atol=TOL):\n"                              // 4
    "    np.testing.assert_allclose(a, b, atol=atol)\n"          // 5
    "\n"                                                         // 6
    "@pytest.mark.parametrize('x', [1,\n"                        // 7
    "                               2])\n"                       // 8
    "def test_top(x):\n"                                         // 9
    "    helper(f(x), g(x))\n"                                   // 10
    "\n"                                                         // 11
    "class TestOps:\n"                                           // 12
    "    tol = 1e-6\n"                                           // 13
    "    def setUp(self):\n"                                     // 14
    "        self.x = 1\n"                                       // 15
    "    def test_a(self):\n"                                    // 16
    "        s = '''def test_fake():\n"                          // 17
    "    pass'''\n"                                              // 18
    "        np.testing.assert_allclose(f(), g(), rtol=1e-6)\n"  // 19
    "        def test_nested():\n"                               // 20
    "            pass\n"                                         // 21
    "    async def test_b(self):\n"                              // 22
    "        assert abs(f() - g()) < self.tol\n"                 // 23
    "# a comment between\n"                                      // 24
    "def test_last():\n"                                         // 25
    "    np.testing.assert_allclose(f(), g(),\n"                 // 26
    "                               rtol=1e-3)\n";               // 27

using Names = std::set<std::string>;

// The tests and helpers kept in the scan when `line` of `text` becomes `with`; a marker when
// the whole file must be scanned.
Names keptAfter(const std::string& text, int line, const std::string& with) {
  ScopedPair p = scopeToChangedTests(text, replaceLine(text, line, with));
  return p.scoped ? p.touched : Names{"(the whole file)"};
}

int lines(const std::string& s) { return 1 + static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

}  // namespace

TEST(DiffScope, FindsTestFunctionsAndMethodsWithTheirDecorators) {
  std::vector<TestUnit> units;
  ASSERT_TRUE(findTestUnits(kSuite, units));
  ASSERT_EQ(units.size(), 4u);
  EXPECT_EQ(units[0].name, "test_top");
  EXPECT_EQ(units[0].firstLine, 7);  // the decorator, which spans two lines
  EXPECT_EQ(units[0].lastLine, 10);
  EXPECT_EQ(units[1].name, "TestOps.test_a");  // the string and the nested def stay inside
  EXPECT_EQ(units[1].firstLine, 16);
  EXPECT_EQ(units[1].lastLine, 21);
  EXPECT_EQ(units[2].name, "TestOps.test_b");
  EXPECT_EQ(units[3].name, "test_last");
  EXPECT_EQ(units[3].lastLine, 27);
}

TEST(DiffScope, IsUnsureOfTabsAndUnterminatedStrings) {
  std::vector<TestUnit> units;
  EXPECT_FALSE(findTestUnits("def test_a():\n\tassert x\n", units));
  EXPECT_FALSE(findTestUnits("def test_a():\n    s = 'open\n    assert x\n", units));
  EXPECT_FALSE(findTestUnits("def test_a():\n    f(1,\n", units));
}

TEST(DiffScope, AChangeInsideOneTestBlanksTheOthersAndKeepsLineNumbers) {
  const std::string changed = replaceLine(kSuite, 19, "        np.testing.assert_allclose(f(), g(), rtol=1e-4)");
  ScopedPair p = scopeToChangedTests(kSuite, changed);
  ASSERT_TRUE(p.scoped);
  EXPECT_EQ(p.keptUnits, 1u);
  EXPECT_EQ(p.droppedUnits, 4u);  // three tests and helper(), which test_a does not call
  EXPECT_EQ(lines(p.oldText), lines(kSuite));
  EXPECT_EQ(lines(p.newText), lines(changed));
  EXPECT_NE(p.newText.find("rtol=1e-4"), std::string::npos);
  EXPECT_EQ(p.newText.find("test_top"), std::string::npos);
  EXPECT_EQ(p.newText.find("rtol=1e-3"), std::string::npos);
  EXPECT_EQ(p.newText.find("def helper"), std::string::npos);
  EXPECT_NE(p.newText.find("import numpy"), std::string::npos);  // imports, constants, setUp stay
  EXPECT_NE(p.newText.find("TOL = 1e-5"), std::string::npos);
  EXPECT_NE(p.newText.find("def setUp"), std::string::npos);
  EXPECT_EQ(replaceLine(p.newText, 19, ""), replaceLine(p.oldText, 19, ""));
}

TEST(DiffScope, CommentsAndBlankLinesBetweenTestsChangeNothing) {
  ScopedPair p = scopeToChangedTests(kSuite, replaceLine(kSuite, 24, "# another comment"));
  ASSERT_TRUE(p.scoped);
  EXPECT_EQ(p.keptUnits, 0u);
  // A line that reads like a comment inside a test's string is that test's code.
  p = scopeToChangedTests(kSuite, replaceLine(kSuite, 18, "# pass" + std::string(3, '\'')));
  ASSERT_TRUE(p.scoped);
  EXPECT_EQ(p.keptUnits, 1u);
}

TEST(DiffScope, AddedTestsAreKept) {
  const std::string added = std::string(kSuite) + "\ndef test_new():\n    np.testing.assert_allclose(f(), g())\n";
  ScopedPair p = scopeToChangedTests(kSuite, added);
  ASSERT_TRUE(p.scoped);
  EXPECT_NE(p.newText.find("def test_new"), std::string::npos);
}

TEST(DiffScope, ChangesOutsideTestsReachTheTestsThatUseWhatChanged) {
  // The constant reaches helper(), which test_top calls.
  EXPECT_EQ(keptAfter(kSuite, 2, "TOL = 1e-3"), (Names{"helper", "test_top"}));
  EXPECT_EQ(keptAfter(kSuite, 4, "def helper(a, b, atol=1e-2):"), (Names{"helper", "test_top"}));
  // A class attribute, setUp or the class header: every test of the class.
  for (auto [line, text] : {std::pair{13, "    tol = 1e-3"}, std::pair{15, "        self.x = 2"}, std::pair{12, "class TestOps(Base):"}}) {
    EXPECT_EQ(keptAfter(kSuite, line, text), (Names{"TestOps.test_a", "TestOps.test_b"})) << text;
  }
  EXPECT_FALSE(scopeToChangedTests(kSuite, kSuite).scoped);  // nothing changed
}

TEST(DiffScope, ChangesItCannotBoundMeanTheWholeFile) {
  EXPECT_FALSE(scopeToChangedTests(kSuite, replaceLine(kSuite, 2, "if True: TOL = 1e-3")).scoped);  // a module-level block
  EXPECT_FALSE(scopeToChangedTests(kSuite, replaceLine(kSuite, 2, "np.random.seed(TOL)")).scoped);  // a module-level call
  EXPECT_FALSE(scopeToChangedTests(kSuite, replaceLine(kSuite, 2, "TOL = EPS = 1e-3")).scoped);     // two targets
  const std::string globals = replaceLine(kSuite, 5, "    global TOL\n    TOL = atol");
  EXPECT_FALSE(scopeToChangedTests(kSuite, globals).scoped);  // a helper that rebinds a global
}

TEST(DiffScope, ATestThatAbsorbsItsNeighbourIsKeptThoughNoHunkTouchesIt) {
  // Deleting the decorator and def line of test_b merges its body into test_a: git's diff
  // touches only test_b's lines, yet test_a's text changed.
  const std::string before =
      "def test_a():\n"
      "    np.testing.assert_allclose(f(1), 1.0)\n"
      "    @pytest.mark.skip\n"
      "    def inner():\n"
      "        pass\n"
      "\n"
      "@pytest.mark.slow\n"
      "def test_b():\n"
      "    np.testing.assert_allclose(f(2), 2.0, rtol=0.1)\n"
      "\n"
      "def test_c():\n"
      "    np.testing.assert_allclose(f(3), 3.0)\n";
  std::string after = before;
  after.erase(after.find("\n@pytest.mark.slow\ndef test_b():\n"), std::string("\n@pytest.mark.slow\ndef test_b():").size());
  ScopedPair p = scopeToChangedTests(before, after);
  ASSERT_TRUE(p.scoped);
  EXPECT_TRUE(p.touched.count("test_a"));
  EXPECT_TRUE(p.touched.count("test_b"));
  EXPECT_FALSE(p.touched.count("test_c"));
  EXPECT_NE(p.newText.find("rtol=0.1"), std::string::npos);
}

namespace {

// Two helpers, a class with an attribute and tests that use different imported names.
const char* kImports =
    "import numpy as np\n"                         // 1
    "from numpy.testing import assert_allclose\n"  // 2
    "from ops import softplus\n"                   // 3
    "\n"                                           // 4
    "def close(a, b):\n"                           // 5
    "    assert_allclose(a, b, rtol=1e-6)\n"       // 6
    "\n"                                           // 7
    "def test_uses_np():\n"                        // 8
    "    assert np.allclose(f(), 1.0)\n"           // 9
    "\n"                                           // 10
    "def test_uses_helper():\n"                    // 11
    "    close(f(), 1.0)\n"                        // 12
    "\n"                                           // 13
    "def test_uses_softplus():\n"                  // 14
    "    assert softplus(0.0) > 0.69\n"            // 15
    "\n"                                           // 16
    "class TestBatch:\n"                           // 17
    "    ref = np.ones(3)\n"                       // 18
    "    def test_batch(self):\n"                  // 19
    "        assert_allclose(g(), self.ref)\n";    // 20

}  // namespace

TEST(DiffScope, AnAddedImportKeepsOnlyTheTestsThatUseIt) {
  std::string after = replaceLine(kImports, 3, "from ops import softplus, softsign");
  after += "\ndef test_softsign():\n    np.testing.assert_allclose(softsign(1.0), 0.5)\n";
  ScopedPair p = scopeToChangedTests(kImports, after);
  ASSERT_TRUE(p.scoped);
  EXPECT_EQ(p.touched, (std::set<std::string>{"test_softsign"}));  // `softplus` means what it meant
  EXPECT_NE(p.newText.find("from ops import softplus, softsign"), std::string::npos);
}

TEST(DiffScope, ARebindingReachesHelpersClassesAndTheTestsThatUseThem) {
  // test_uses_helper calls close(), which uses the rebound name; test_batch uses it itself.
  EXPECT_EQ(keptAfter(kImports, 2, "from jax.numpy import allclose as assert_allclose"),
            (Names{"close", "test_uses_helper", "TestBatch.test_batch"}));

  // The class attribute uses `np`: every test of the class may see another value.
  EXPECT_EQ(keptAfter(kImports, 1, "import jax.numpy as np"), (Names{"test_uses_np", "TestBatch.test_batch"}));
}

TEST(DiffScope, ReorderedImportsChangeNoTest) {
  std::string after = replaceLine(kImports, 1, "from ops import softplus");
  after = replaceLine(after, 3, "import numpy as np");
  ScopedPair p = scopeToChangedTests(kImports, after);
  ASSERT_TRUE(p.scoped);
  EXPECT_TRUE(p.touched.empty());
}

TEST(DiffScope, ImportChangesItCannotBoundMeanTheWholeFile) {
  // A star import binds names nobody can list.
  EXPECT_FALSE(scopeToChangedTests(kImports, replaceLine(kImports, 3, "from ops import *")).scoped);
  // A module-level statement other than `NAME = value` uses the rebound name.
  const std::string withCall = replaceLine(kImports, 4, "np.random.seed(0)");
  EXPECT_FALSE(scopeToChangedTests(withCall, replaceLine(withCall, 1, "import jax.numpy as np")).scoped);
  // A constant computed from it is one more reached name.
  const std::string withConstant = replaceLine(kImports, 4, "EPS = np.finfo(np.float32).eps");
  std::string after = replaceLine(withConstant, 1, "import jax.numpy as np");
  after = replaceLine(after, 15, "    assert softplus(0.0) > EPS");
  ScopedPair p = scopeToChangedTests(withConstant, after);
  ASSERT_TRUE(p.scoped);
  EXPECT_EQ(p.touched, (std::set<std::string>{"test_uses_np", "test_uses_softplus", "TestBatch.test_batch"}));
  // An import inside a function or a try block is that block's code.
  const std::string guarded = replaceLine(kImports, 4, "try:\n    import scipy\nexcept ImportError:\n    scipy = None");
  EXPECT_FALSE(scopeToChangedTests(guarded, replaceLine(guarded, 5, "    import scipy.special")).scoped);
}

TEST(DiffScope, ATestThatKeptCodeCallsIsKept) {
  const std::string before = std::string(kImports) + "\ndef test_all():\n    test_uses_np()\n    assert True\n";
  EXPECT_EQ(keptAfter(before, 23, "    assert False"), (Names{"test_all", "test_uses_np"}));
}

namespace {

const char* kHelpers =
    "import numpy as np\n"                               // 1
    "def near(a, b):\n"                                  // 2
    "    np.testing.assert_allclose(a, b, rtol=1e-5)\n"  // 3
    "@jit\n"                                             // 4
    "def check(x):\n"                                    // 5
    "    near(f(x), g(x))\n"                             // 6
    "def unused(a):\n"                                   // 7
    "    assert abs(a - 1) < 1e-3\n"                     // 8
    "def test_a():\n"                                    // 9
    "    check(1)\n"                                     // 10
    "def test_b():\n"                                    // 11
    "    assert abs(f(2) - 2) < 1e-2\n";                 // 12

}  // namespace

TEST(DiffScope, HelpersNoKeptCodeMentionsAreLeftOut) {
  // test_b mentions no helper: all three are left out like untouched tests.
  ScopedPair p = scopeToChangedTests(kHelpers, replaceLine(kHelpers, 12, "    assert abs(f(2) - 2) < 1e-1"));
  ASSERT_TRUE(p.scoped);
  EXPECT_EQ(p.touched, (Names{"test_b"}));
  EXPECT_EQ(p.newText.find("def near"), std::string::npos);
  EXPECT_EQ(p.newText.find("@jit"), std::string::npos);  // with its decorator
  EXPECT_EQ(p.newText.find("unused"), std::string::npos);
  // test_a calls check(), which calls near(): both are kept, `unused` is not.
  p = scopeToChangedTests(kHelpers, replaceLine(kHelpers, 10, "    check(2)"));
  ASSERT_TRUE(p.scoped);
  EXPECT_EQ(p.touched, (Names{"check", "near", "test_a"}));
  EXPECT_NE(p.newText.find("@jit\ndef check(x):"), std::string::npos);
  // A changed helper is kept even when nothing calls it.
  EXPECT_EQ(keptAfter(kHelpers, 8, "    assert abs(a - 1) < 1e-2"), (Names{"unused"}));
}

TEST(DiffScope, ATestThatSetsAnAttributeAKeptTestReadsIsKept) {
  const std::string old =
      "class TestOps:\n"                                  // 1
      "    def test_a(self):\n"                           // 2
      "        assert abs(f() - 1) < self.tol\n"          // 3
      "    def test_b(self):\n"                           // 4
      "        self.tol += 1e-3\n"                        // 5
      "    def test_c(self):\n"                           // 6
      "        self.cache['tol'] = 1e-2\n"                // 7
      "    def test_d(self):\n"                           // 8
      "        assert self.tol <= g(self.tol, 1) != 2\n"  // 9
      "    def test_e(self):\n"                           // 10
      "        other.tol = 1\n";                          // 11
  // test_d only reads it, test_e sets another object's attribute, and test_c's container is
  // not one test_a reads.
  EXPECT_EQ(keptAfter(old, 3, "        assert abs(f() - 2) < self.tol"), (Names{"TestOps.test_a", "TestOps.test_b"}));
  // test_a's old side still reads self.tol.
  EXPECT_EQ(keptAfter(old, 3, "        assert abs(f() - 2) < self.cache['eps']"),
            (Names{"TestOps.test_a", "TestOps.test_b", "TestOps.test_c"}));
}

TEST(DiffScope, AChangedHelperMethodReachesTheTestsThatCallItOrReadWhatItSets) {
  const std::string old =
      "class TestOps:\n"                                       // 1
      "    def _data(self):\n"                                 // 2
      "        self.ref = np.ones(3)\n"                        // 3
      "        return self.ref\n"                              // 4
      "    def _close(self, a, b):\n"                          // 5
      "        np.testing.assert_allclose(a, b, rtol=1e-5)\n"  // 6
      "    def test_calls(self):\n"                            // 7
      "        self._close(f(), self._data())\n"               // 8
      "    def test_reads(self):\n"                            // 9
      "        assert abs(f() - self.ref[0]) < 1e-3\n"         // 10
      "    def test_other(self):\n"                            // 11
      "        assert abs(f() - 1) < 1e-3\n"                   // 12
      "    def __call__(self):\n"                              // 13
      "        return 1\n";                                    // 14
  EXPECT_EQ(keptAfter(old, 3, "        self.ref = np.zeros(3)"), (Names{"TestOps.test_calls", "TestOps.test_reads"}));
  EXPECT_EQ(keptAfter(old, 6, "        np.testing.assert_allclose(a, b, rtol=1e-4)"), (Names{"TestOps.test_calls"}));
  // A method Python calls implicitly may run for any test.
  EXPECT_EQ(keptAfter(old, 14, "        return 2"), (Names{"TestOps.test_calls", "TestOps.test_reads", "TestOps.test_other"}));
}
