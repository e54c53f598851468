#include "miners/walk/statement_parts.h"

#include <gtest/gtest.h>

#include "analyzer/frontend/python/python_frontend.h"
#include "analyzer/model/model_splice.h"
#include "miners/gate/diff_scope.h"
#include "miners/walk/piece_models.h"
#include "tests/support/piece_helpers.h"

using namespace oalens;

namespace {

const std::string kPath = "pkg/tests/test_layers.py";

// Test bodies with what a statement split must get right: clauses that continue a statement
// (elif/else, except/finally, for-else), nested and decorated definitions, a generator, a
// relative import inside a test, semicolons, a docstring, brackets and a backslash over
// several lines, and comments after statements at every depth.
const std::string kSuite =
    "import numpy as np\n"
    "\n"
    "\n"
    "def test_clauses(x):\n"
    "    \"\"\"Branches.\"\"\"\n"
    "    if x > 0:\n"
    "        y = 1\n"
    "    elif x < 0:\n"
    "        y = -1\n"
    "    else:\n"
    "        y = 0\n"
    "    try:\n"
    "        z = 1 / y\n"
    "    except ZeroDivisionError:\n"
    "        z = 0\n"
    "    finally:\n"
    "        pass\n"
    "    for i in range(3):\n"
    "        z += i\n"
    "    else:\n"
    "        z -= 1\n"
    "    a = 1; b = 2\n"
    "    total = (a +\n"
    "             b) + \\\n"
    "        z\n"
    "    assert abs(total - 3) < 1e-6  # a comment on the last line\n"
    "\n"
    "\n"
    "def test_generator():\n"
    "    for n in (1, 2):\n"
    "        yield check, n\n"
    "\n"
    "\n"
    "class TestLayers(object):\n"
    "    def test_nested(self):\n"
    "        from . import helpers\n"
    "\n"
    "        class Dense(helpers.Layer):\n"
    "            def call(self, x):\n"
    "                return x\n"
    "\n"
    "        @staticmethod\n"
    "        def build(n=3):\n"
    "            return Dense()\n"
    "        # between statements, at the body's depth\n"
    "        with np.errstate(all='ignore'):\n"
    "            out = build().call(2.0)\n"
    "            if out:\n"
    "                out += 1\n"
    "                # in the if's block\n"
    "            # in the with's block\n"
    "          # closes the with's block: the body's\n"
    "        np.testing.assert_allclose(out, 3.0, rtol=1e-5)\n"
    "        # after the last statement: the body's\n"
    "\n"
    "    class TestInner:\n"
    "        def test_deeper(self):\n"
    "            v = [i * 2\n"
    "                 for i in range(4)]\n"
    "            assert sum(v) == 12\n";

analyzer::FileModel parsedWhole(const std::string& path, const std::string& text) {
  analyzer::PythonFrontend frontend;
  return frontend.parse(path, analyzer::pythonModuleName(path), text);
}

TEST(StatementParts, EveryUnitOfASuiteIsSplicedFromItsStatementsAsItParses) {
  miners::PieceModels pieces(size_t{16} << 20);
  miners::ScopedPair whole = miners::unscopedUnits(kSuite);
  ASSERT_TRUE(whole.scoped);
  std::string whyNot;
  auto model = pieces.assemble(kPath, whole, whyNot);
  ASSERT_TRUE(model) << whyNot;
  EXPECT_EQ(analyzer::modelDifference(*model, parsedWhole(kPath, kSuite)), "");
  const auto c = pieces.counters();
  EXPECT_EQ(c.unitMisses, 3u) << "a nested class's methods stay in the skeleton";
  EXPECT_EQ(c.unitsFromStatements, 3u) << "a unit was parsed whole: the comparison above did not test the statement splice";
  EXPECT_TRUE(model->functions[1].isGenerator) << model->functions[1].qualifiedName;
}

TEST(StatementParts, AStatementEndsAfterTheCommentsItsOpenBlocksKeep) {
  const std::string unit =
      "def test_x():\n"            // 1
      "    with a:\n"              // 2
      "        if b:\n"            // 3
      "            c()\n"          // 4
      "            # the if's\n"   // 5
      "        # the with's\n"     // 6
      "    # the body's\n"         // 7
      "        # the body's too\n" // 8
      "    d()  # inline\n"        // 9
      "    # the body's, last\n";  // 10
  auto parts = miners::cutIntoStatements(unit);
  ASSERT_TRUE(parts);
  ASSERT_EQ(parts->statements.size(), 2u);
  EXPECT_EQ(parts->statements[0].region.firstLine, 2u);
  EXPECT_EQ(parts->statements[0].region.lastLine, 6u);
  EXPECT_EQ(parts->statements[1].region.firstLine, 9u);
  EXPECT_EQ(parts->statements[1].region.lastLine, 9u);
  EXPECT_EQ(parts->skeleton, "def test_x():\n    pass\n    # the body's, last\n");
  EXPECT_EQ(parts->statements[0].source, "def _():\n" + unit.substr(unit.find("    with"), unit.find("    # the body's\n") - unit.find("    with")));
  // And as tree-sitter-python sees it: the suite spliced with such comments equals its parse.
  const std::string text = "import x\n\n\n" + unit + "\n\nclass T:\n    def test_y(self):\n" +
                           "        with a:\n            c()\n        # the with's\n    # the class's\n";
  miners::PieceModels pieces(size_t{16} << 20);
  miners::ScopedPair whole = miners::unscopedUnits(text);
  std::string whyNot;
  auto model = pieces.assemble(kPath, whole, whyNot);
  ASSERT_TRUE(model) << whyNot;
  EXPECT_EQ(pieces.counters().unitsFromStatements, 2u);
  EXPECT_EQ(analyzer::modelDifference(*model, parsedWhole(kPath, text)), "");
}

TEST(StatementParts, ADefWithItsBodyOnItsLineIsNotCut) {
  EXPECT_FALSE(miners::cutIntoStatements("def test_x(): assert f() == 1\n"));
  EXPECT_FALSE(miners::cutIntoStatements("class _:\n    def test_x(self):\n\tassert f() == 1\n")) << "a tab";
}

TEST(StatementParts, AChangedStatementIsTheOnlyPartParsedAgain) {
  miners::PieceModels pieces(size_t{16} << 20);
  ASSERT_NO_FATAL_FAILURE(oalens::testing::assembleWhole(pieces, kPath, kSuite));
  const auto before = pieces.counters();
  const std::string now = [] {
    std::string t = kSuite;
    return t.replace(t.find("rtol=1e-5"), 9, "rtol=1e-4");
  }();
  miners::ScopedPair scoped = miners::scopeToChangedTests(kSuite, now);
  ASSERT_TRUE(scoped.scoped);
  std::string whyNot;
  auto model = pieces.assemble(kPath, scoped, whyNot);
  ASSERT_TRUE(model) << whyNot;
  EXPECT_EQ(analyzer::modelDifference(*model, parsedWhole(kPath, scoped.newText)), "");
  const auto after = pieces.counters();
  EXPECT_EQ(after.unitMisses - before.unitMisses, 1u) << "test_nested";
  // Its last statement, and the `pass` each of the two tests left out becomes; its skeleton
  // and its other statements are cached.
  EXPECT_EQ(after.partMisses - before.partMisses, 3u);
}

}  // namespace
