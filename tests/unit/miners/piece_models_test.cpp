#include "miners/walk/piece_models.h"

#include <gtest/gtest.h>

#include "analyzer/frontend/python/python_frontend.h"
#include "analyzer/model/model_splice.h"
#include "tests/support/piece_helpers.h"

using namespace oalens;

namespace {

const std::string kPath = "pkg/tests/test_ops.py";

// Covers what the splice must map: decorated units, a class without bases whose first member
// is kept, nested classes and functions, comparison operators, parameter defaults, a relative
// import inside a unit, a module-level import between units, and a class with setUp.
const std::string kBase =
    "import numpy as np\n"
    "from .helpers import ref_impl\n"
    "TOL = 1e-5\n"
    "\n"
    "\n"
    "def helper(x, scale=2.0):\n"
    "    return x * scale\n"
    "\n"
    "\n"
    "@pytest.mark.parametrize('n', [1, 2])\n"
    "def test_top(n):\n"
    "    assert abs(helper(n) - 2 * n) < TOL\n"
    "\n"
    "\n"
    "def test_other():\n"
    "    np.testing.assert_allclose(ref_impl(1.0), 2.0, rtol=1e-7)\n"
    "\n"
    "\n"
    "class Plain:\n"
    "    def test_first(self):\n"
    "        x = [i for i in range(3) if i not in (1,)]\n"
    "        self.assertAlmostEqual(sum(x), 2.0, places=5)\n"
    "\n"
    "    def test_second(self):\n"
    "        class Inner:\n"
    "            def value(self):\n"
    "                return 1.0\n"
    "        def nested(a, b=TOL):\n"
    "            return a < b <= 1\n"
    "        self.assertTrue(np.allclose(Inner().value(), 1.0))\n"
    "\n"
    "    @staticmethod\n"
    "    def test_last():\n"
    "        from . import other\n"
    "        assert other.f() == 1\n"
    "\n"
    "\n"
    "import math\n"
    "\n"
    "\n"
    "class WithBase(unittest.TestCase):\n"
    "    tol = 1e-6\n"
    "\n"
    "    def setUp(self):\n"
    "        self.ref = math.pi\n"
    "\n"
    "    def test_a(self):\n"
    "        self.assertAlmostEqual(self.ref, 3.14159, places=4)\n"
    "\n"
    "    def test_b(self):\n"
    "        np.testing.assert_allclose(math.e, 2.71828, atol=self.tol)\n";

std::string replaced(std::string text, std::string_view from, std::string_view to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

struct Outcome {
  bool spliced = false;
  std::string whyNot;
  std::string difference;  // between the spliced model and parsing the scoped text
};

Outcome spliceAndParse(miners::PieceModels& pieces, const std::string& old, const std::string& now) {
  miners::ScopedPair scoped = miners::scopeToChangedTests(old, now);
  EXPECT_TRUE(scoped.scoped) << "the change was not scoped";
  Outcome out;
  std::optional<analyzer::FileModel> model = pieces.assemble(kPath, scoped, out.whyNot);
  if (!model) return out;
  out.spliced = true;
  analyzer::PythonFrontend frontend;
  const analyzer::FileModel parsed = frontend.parse(kPath, analyzer::pythonModuleName(kPath), scoped.newText);
  EXPECT_FALSE(parsed.hasSyntaxErrors);
  out.difference = analyzer::modelDifference(*model, parsed);
  return out;
}

void expectSplicedAsParsed(const std::string& old, const std::string& now) {
  miners::PieceModels pieces(size_t{16} << 20);
  const Outcome o = spliceAndParse(pieces, old, now);
  EXPECT_TRUE(o.spliced) << o.whyNot;
  EXPECT_EQ(o.difference, "");
}

// The splice declines, and says why with `word` in its reason.
void expectDeclined(const std::string& old, const std::string& now, const std::string& word) {
  miners::PieceModels pieces(size_t{16} << 20);
  const Outcome o = spliceAndParse(pieces, old, now);
  EXPECT_FALSE(o.spliced);
  EXPECT_NE(o.whyNot.find(word), std::string::npos) << o.whyNot;
}

}  // namespace

TEST(PieceModels, SplicesAMethodWithNestedDefinitionsInTheMiddleOfAClass) {
  expectSplicedAsParsed(kBase, replaced(kBase, "return 1.0\n", "return 1.5\n"));
}

TEST(PieceModels, SplicesTheFirstMethodOfAClassWithoutBases) { expectSplicedAsParsed(kBase, replaced(kBase, "places=5)", "places=6)")); }

TEST(PieceModels, SplicesADecoratedLastMethodWithARelativeImport) {
  expectSplicedAsParsed(kBase, replaced(kBase, "assert other.f() == 1\n", "assert other.f() == 1\n        assert other.g() < 2\n"));
}

TEST(PieceModels, SplicesADecoratedFunctionAndTheLastTestOfTheFile) {
  std::string now = replaced(kBase, "< TOL\n", "<= TOL\n");
  now = replaced(now, "atol=self.tol)", "atol=self.tol,\n            rtol=0)");
  expectSplicedAsParsed(kBase, now);
}

TEST(PieceModels, SplicesTheTestsAChangedHelperReaches) {
  expectSplicedAsParsed(kBase, replaced(kBase, "return x * scale\n", "return x * scale + 0\n"));
}

TEST(PieceModels, SplicesAClassWhoseSetUpChanged) {
  expectSplicedAsParsed(kBase, replaced(kBase, "self.ref = math.pi\n", "self.ref = math.pi * 1.0\n"));
}

TEST(PieceModels, SplicesALastTestWithoutAFinalNewline) {
  const std::string old = kBase.substr(0, kBase.size() - 1);
  expectSplicedAsParsed(old, replaced(old, "2.71828, atol", "2.7182818, atol"));
}

// tree-sitter-python ends a block after the comments that follow its last statement indented
// at least as deep as it, so those are the unit's; shallower ones are the skeleton's.
TEST(PieceModels, SplicesAKeptTestWhoseBlockTheCommentsAfterItBelongTo) {
  for (const std::string comments :
       {"        # at the body's depth\n", "            # deeper than the body\n\n        # and one at its depth after a blank line\n",
        "      # between the def and its body: the class's\n", "        # the test's\n    # the class's\n        # the class's too\n"}) {
    SCOPED_TRACE(comments);
    const std::string old = replaced(kBase, "places=5)\n", "places=5)\n" + comments);
    expectSplicedAsParsed(old, replaced(old, "places=5)", "places=6)"));
  }
  // The last test of the file, ending in a comment.
  const std::string old = kBase + "        # the end\n";
  expectSplicedAsParsed(old, replaced(old, "atol=self.tol)", "atol=2 * self.tol)"));
}

TEST(PieceModels, DeclinesWhenADeeperCommentFollowsATestOnOneLine) {
  const std::string old = replaced(
      kBase,
      "    def test_b(self):", "    def test_c(self): assert abs(f() - 1) < 1e-3\n        # where does this go?\n\n    def test_b(self):");
  expectDeclined(old, replaced(old, "< 1e-3", "< 1e-2"), "cannot be told");
}

TEST(PieceModels, DeclinesWhenADedentLandsBetweenBlockIndents) {
  // No syntax error to tree-sitter-python, but its recovery depends on what follows.
  const std::string old = replaced(kBase, "        self.ref = math.pi\n", "        self.ref = math.pi\n       self.other = 1\n");
  expectDeclined(old, replaced(old, "places=4)", "places=3)"), "dedent");
}

TEST(PieceModels, ReusesTheSkeletonAndUnchangedTestsOfTheNextVersion) {
  miners::PieceModels pieces(size_t{16} << 20);
  const std::string v1 = replaced(kBase, "places=5)", "places=6)");
  const std::string v2 = replaced(v1, "self.ref = math.pi\n", "self.ref = math.pi * 1.0\n");
  EXPECT_EQ(spliceAndParse(pieces, kBase, v1).difference, "");
  const auto before = pieces.counters();
  // v2 changes setUp, a piece of its own; test_a and test_b are the same text.
  const std::string v3 = replaced(v2, "rtol=1e-7)", "rtol=1e-6)");
  EXPECT_EQ(spliceAndParse(pieces, v1, v2).difference, "");
  EXPECT_EQ(spliceAndParse(pieces, v2, v3).difference, "");
  const auto after = pieces.counters();
  EXPECT_GT(after.hits, before.hits) << "v3's skeleton is v2's and was cached";
  EXPECT_LE(after.heldBytes, size_t{16} << 20);
}

TEST(ModelSplice, ModelDifferenceNamesTheFirstDifferingField) {
  analyzer::PythonFrontend frontend;
  const auto a = frontend.parse(kPath, "m", "x = f(1)\ny = 2\n");
  const auto same = frontend.parse(kPath, "m", "x = f(1)\ny = 2\n");
  const auto other = frontend.parse(kPath, "m", "x = f(1)\ny = 3\n");
  auto shifted = frontend.parse(kPath, "m", "x = f(1)\ny = 2\n");
  shifted.stmts[1].range.start.col += 1;
  EXPECT_EQ(analyzer::modelDifference(a, same), "");
  EXPECT_EQ(analyzer::modelDifference(a, other), "the sources differ");
  EXPECT_EQ(analyzer::modelDifference(a, shifted), "stmts[1].range.start.col: 1 vs 2");
}

TEST(PieceModels, SplicesAWholeTextWithEveryTestAndHelperKept) {
  miners::PieceModels pieces(size_t{16} << 20);
  miners::ScopedPair whole = miners::unscopedUnits(kBase);
  ASSERT_TRUE(whole.scoped);
  EXPECT_EQ(whole.newUnits.size(), 8u) << "seven tests and one helper; setUp is no unit";
  std::string whyNot;
  auto model = pieces.assemble(kPath, whole, whyNot);
  ASSERT_TRUE(model) << whyNot;
  analyzer::PythonFrontend frontend;
  EXPECT_EQ(analyzer::modelDifference(*model, frontend.parse(kPath, analyzer::pythonModuleName(kPath), kBase)), "");
  // The next version, derived, finds the skeleton and its unchanged tests parsed.
  const auto before = pieces.counters();
  EXPECT_EQ(spliceAndParse(pieces, kBase, replaced(kBase, "places=5)", "places=6)")).difference, "");
  EXPECT_GE(pieces.counters().hits - before.hits, 1u);
}

TEST(PieceModels, SharesATestMovedToAnotherFileButNotOneWithARelativeImport) {
  miners::PieceModels pieces(size_t{16} << 20);
  const std::string movedPath = "other/suite/test_moved.py";
  std::string whyNot;
  miners::ScopedPair here = miners::unscopedUnits(kBase), there = miners::unscopedUnits(kBase);
  ASSERT_TRUE(pieces.assemble(kPath, here, whyNot)) << whyNot;
  const auto before = pieces.counters();
  auto moved = pieces.assemble(movedPath, there, whyNot);
  ASSERT_TRUE(moved) << whyNot;
  const auto after = pieces.counters();
  // `from . import other` in test_last resolves against the new package, so it and the
  // skeleton (which names the file) are built again; the seven other units, setUp and the
  // skeleton's two classes (units of the skeleton's splice) are shared.
  EXPECT_EQ(after.hits - before.hits, 10u);
  EXPECT_EQ(after.misses - before.misses, 2u);
  analyzer::PythonFrontend frontend;
  EXPECT_EQ(analyzer::modelDifference(*moved, frontend.parse(movedPath, analyzer::pythonModuleName(movedPath), kBase)), "");
}

TEST(PieceModels, AChangedSetUpIsParsedAloneAndTheSkeletonStaysCached) {
  miners::PieceModels pieces(size_t{16} << 20);
  std::string whyNot;
  miners::ScopedPair whole = miners::unscopedUnits(kBase);
  EXPECT_EQ(whole.newMethods.size(), 1u) << "setUp";
  ASSERT_TRUE(pieces.assemble(kPath, whole, whyNot)) << whyNot;
  const auto before = pieces.counters();
  // setUp reaches test_a and test_b, which are kept; of the three only setUp is new text.
  const Outcome o = spliceAndParse(pieces, kBase, replaced(kBase, "self.ref = math.pi\n", "self.ref = math.pi * 1.0\n"));
  EXPECT_TRUE(o.spliced) << o.whyNot;
  EXPECT_EQ(o.difference, "");
  EXPECT_EQ(pieces.counters().misses - before.misses, 1u);
}

TEST(PieceModels, ATestAddedAmongOthersLeavesTheSkeletonAsItWas) {
  miners::PieceModels pieces(size_t{16} << 20);
  ASSERT_NO_FATAL_FAILURE(oalens::testing::assembleWhole(pieces, kPath, kBase));
  const auto before = pieces.counters();
  // One `pass` stands for test_first, test_second and test_last, and one for setUp, test_a
  // and test_b: a test added to either class is one more piece, not another skeleton.
  const std::string now =
      replaced(kBase, "    def test_b(self):", "    def test_new(self):\n        assert f() < 1e-3\n\n    def test_b(self):");
  const Outcome o = spliceAndParse(pieces, kBase, now);
  EXPECT_TRUE(o.spliced) << o.whyNot;
  EXPECT_EQ(o.difference, "");
  const auto after = pieces.counters();
  EXPECT_EQ(after.misses - before.misses, 1u) << "test_new only";
}
