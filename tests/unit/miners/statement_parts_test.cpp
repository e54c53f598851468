#include "miners/walk/statement_parts.h"

#include <gtest/gtest.h>

#include <optional>

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

// A whole text's model spliced from its parts (every unit kept), as parsing it gives it.
std::optional<analyzer::FileModel> splicedWhole(miners::PieceModels& pieces, const std::string& text) {
  miners::ScopedPair whole = miners::unscopedUnits(text);
  EXPECT_TRUE(whole.scoped);
  std::string whyNot;
  auto model = pieces.assemble(kPath, whole, whyNot);
  EXPECT_TRUE(model) << whyNot;
  if (model) {
    EXPECT_EQ(analyzer::modelDifference(*model, parsedWhole(kPath, text)), "");
  }
  return model;
}

// The next version, scoped against the previous one and spliced, as parsing its scoped text
// gives it; what it moved of the counters that say what was parsed and what spliced.
struct Moved {
  size_t partMisses = 0, skeletonsFromStatements = 0, blocksFromStatements = 0;
};
Moved splicedEdit(miners::PieceModels& pieces, const std::string& previous, const std::string& next) {
  miners::ScopedPair scoped = miners::scopeToChangedTests(previous, next);
  EXPECT_TRUE(scoped.scoped);
  const auto before = pieces.counters();
  std::string whyNot;
  auto model = pieces.assemble(kPath, scoped, whyNot);
  EXPECT_TRUE(model) << whyNot;
  if (model) {
    EXPECT_EQ(analyzer::modelDifference(*model, parsedWhole(kPath, scoped.newText)), "");
  }
  const auto after = pieces.counters();
  return {after.partMisses - before.partMisses, after.skeletonsFromStatements - before.skeletonsFromStatements,
          after.blocksFromStatements - before.blocksFromStatements};
}

TEST(StatementParts, EveryUnitOfASuiteIsSplicedFromItsStatementsAsItParses) {
  miners::PieceModels pieces(size_t{16} << 20);
  auto model = splicedWhole(pieces, kSuite);
  ASSERT_TRUE(model);
  const auto c = pieces.counters();
  EXPECT_EQ(c.unitMisses, 4u) << "three units and the skeleton's class; a nested class's methods stay in the skeleton";
  EXPECT_EQ(c.unitsFromStatements, 4u) << "a unit was parsed whole: the comparison above did not test the statement splice";
  EXPECT_EQ(c.skeletonsFromStatements, 1u);
  EXPECT_TRUE(model->functions[1].isGenerator) << model->functions[1].qualifiedName;
}

TEST(StatementParts, AStatementEndsAfterTheCommentsItsOpenBlocksKeep) {
  const std::string unit =
      "def test_x():\n"             // 1
      "    with a:\n"               // 2
      "        if b:\n"             // 3
      "            c()\n"           // 4
      "            # the if's\n"    // 5
      "        # the with's\n"      // 6
      "    # the body's\n"          // 7
      "        # the body's too\n"  // 8
      "    d()  # inline\n"         // 9
      "    # the body's, last\n";   // 10
  auto parts = miners::cutIntoStatements(unit);
  ASSERT_TRUE(parts);
  ASSERT_EQ(parts->statements.size(), 2u);
  EXPECT_EQ(parts->statements[0].region.firstLine, 2u);
  EXPECT_EQ(parts->statements[0].region.lastLine, 6u);
  EXPECT_EQ(parts->statements[1].region.firstLine, 9u);
  EXPECT_EQ(parts->statements[1].region.lastLine, 9u);
  EXPECT_EQ(parts->skeleton, "def test_x():\n    pass\n    # the body's, last\n");
  EXPECT_EQ(parts->statements[0].source,
            "def _():\n" + unit.substr(unit.find("    with"), unit.find("    # the body's\n") - unit.find("    with")));
  // And as tree-sitter-python sees it: the suite spliced with such comments equals its parse.
  const std::string text = "import x\n\n\n" + unit + "\n\nclass T:\n    def test_y(self):\n" +
                           "        with a:\n            c()\n        # the with's\n    # the class's\n";
  miners::PieceModels pieces(size_t{16} << 20);
  miners::ScopedPair whole = miners::unscopedUnits(text);
  std::string whyNot;
  auto model = pieces.assemble(kPath, whole, whyNot);
  ASSERT_TRUE(model) << whyNot;
  EXPECT_EQ(pieces.counters().unitsFromStatements, 3u) << "two units and the skeleton's class";
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

// A file as a skeleton sees it: what surrounds its tests, with class-level tables of cases.
const std::string kTables =
    "# A comment before the first statement.\n"
    "\"\"\"Module docstring.\"\"\"\n"
    "from __future__ import annotations\n"
    "import numpy as np\n"
    "from . import helpers\n"
    "\n"
    "TOL = 1e-5\n"
    "\n"
    "\n"
    "@helpers.skip_if(np is None,\n"
    "                 reason=\"no numpy\")\n"
    "class TestOps(helpers.TestCase):\n"
    "    \"\"\"Ops against numpy.\"\"\"\n"
    "    CASES = [\n"
    "        (\"abs\", np.abs),\n"
    "        (\"exp\", np.exp),\n"
    "    ]\n"
    "    DTYPES = [\"float32\", \"float64\"]  # the dtypes\n"
    "\n"
    "    class Config:\n"
    "        atol = TOL\n"
    "\n"
    "    def test_cases(self):\n"
    "        for name, fn in self.CASES:\n"
    "            np.testing.assert_allclose(fn(1.0), helpers.ref(name), atol=self.Config.atol)\n"
    "    # after the last method: the class's\n"
    "\n"
    "\n"
    "if __name__ == \"__main__\":\n"
    "    helpers.main()\n"
    "else:\n"
    "    pass\n"
    "# the end\n";

TEST(StatementParts, AFilesTopLevelStatementsAreCutWithTheirDecoratorsClausesAndComments) {
  auto parts = miners::cutIntoTopLevelStatements(kTables);
  ASSERT_TRUE(parts);
  std::vector<std::pair<uint32_t, uint32_t>> spans;
  std::vector<bool> classes;
  for (const auto& p : parts->statements) {
    spans.emplace_back(p.region.firstLine, p.region.lastLine);
    classes.push_back(p.definesClass);
    EXPECT_EQ(p.region.headerLines, 0u);
    EXPECT_EQ(p.source, kTables.substr(p.region.start, p.region.end - p.region.start)) << "no wrapper";
  }
  const std::vector<std::pair<uint32_t, uint32_t>> expected{{2, 2}, {3, 3}, {4, 4}, {5, 5}, {7, 7}, {10, 26}, {29, 32}};
  EXPECT_EQ(spans, expected);
  EXPECT_EQ(classes, std::vector<bool>({false, false, false, false, false, true, false}));
  EXPECT_EQ(parts->skeleton, "# A comment before the first statement.\npass\n# the end\n");
}

TEST(StatementParts, AFilesSkeletonIsSplicedFromItsStatementsAndAClassFromItsOwn) {
  miners::PieceModels pieces(size_t{16} << 20);
  ASSERT_TRUE(splicedWhole(pieces, kTables));
  EXPECT_EQ(pieces.counters().skeletonsFromStatements, 1u) << "the skeleton was parsed whole: the comparison did not test its splice";
  EXPECT_EQ(pieces.counters().unitsFromStatements, 2u) << "test_cases and TestOps";

  // One more case in the class-level table: the table is the only statement parsed again.
  std::string now = kTables;
  now.insert(now.find("    ]\n"), "        (\"log\", np.log),\n");
  const Moved moved = splicedEdit(pieces, kTables, now);
  EXPECT_EQ(moved.skeletonsFromStatements, 1u);
  EXPECT_EQ(moved.partMisses, 1u) << "the table; the class's other statements and its header are cached";
}

// Regression (`mine --check-splices` on JAX and tinygrad, 169 versions): a comment on the line
// of a class's last class-level statement ends the class in tree-sitter's parse, but the
// spliced class ended at the statement, so the class statement's text left the comment out.
TEST(StatementParts, AClassEndsAfterTheCommentOnItsLastStatementsLine) {
  const std::string text =
      "import dataclasses\n"
      "\n"
      "\n"
      "@dataclasses.dataclass\n"
      "class Snapshot:\n"
      "    name: str\n"
      "    sizes: list  # one per buffer\n"
      "\n"
      "\n"
      "class TestSnapshot(Base):\n"
      "    pass  # the cases come from Base\n"
      "\n"
      "\n"
      "def test_sizes():\n"
      "    assert Snapshot('a', [1]).sizes == [1]\n";
  miners::PieceModels pieces(size_t{16} << 20);
  ASSERT_TRUE(splicedWhole(pieces, text));
  EXPECT_EQ(pieces.counters().skeletonsFromStatements, 1u) << "the skeleton was parsed whole: the comparison did not test its splice";
}

TEST(StatementParts, AOneBlockCompoundStatementIsCutIntoItsBlocksStatements) {
  const std::string part =
      "def _():\n"
      "    with ctx(a,\n"
      "             b):\n"
      "        x = 1\n"
      "        # the with's\n"
      "        if x:\n"
      "            y = 2\n";
  auto parts = miners::cutIntoBlock(part);
  ASSERT_TRUE(parts);
  ASSERT_EQ(parts->statements.size(), 2u);
  EXPECT_EQ(parts->skeleton, "def _():\n    with ctx(a,\n             b):\n        pass\n");
  EXPECT_EQ(parts->statements[0].source, "def _():\n        x = 1\n") << "a comment between two statements is neither's";
  EXPECT_EQ(parts->statements[1].source, "def _():\n        if x:\n            y = 2\n");
  EXPECT_EQ(parts->statements[1].region.headerLines, 1u);
  auto method = miners::cutIntoBlock("class _:\n    def _():\n        for i in r:\n            f(i)\n");
  ASSERT_TRUE(method);
  EXPECT_EQ(method->statements.at(0).source, "class _:\n    def _():\n            f(i)\n");
  EXPECT_EQ(method->statements.at(0).region.headerLines, 2u);
  EXPECT_FALSE(miners::cutIntoBlock("def _():\n    if a:\n        b()\n    else:\n        c()\n")) << "two blocks";
  EXPECT_FALSE(miners::cutIntoBlock("def _():\n    try:\n        b()\n    except E:\n        c()\n")) << "not one of the four";
  EXPECT_FALSE(miners::cutIntoBlock("def _():\n    def inner():\n        return 1\n")) << "a definition";
  EXPECT_FALSE(miners::cutIntoBlock("def _():\n    for i in r: f(i)\n")) << "the block on the header's line";
  EXPECT_FALSE(miners::cutIntoBlock("class _:\n    x = [1]\n")) << "a class-level statement";
}

// Blocks in blocks, in a function and in a method, a `yield` two blocks down, and a comment
// after a block's last statement: spliced as parsed, and an edit deep in a block parses that
// statement alone.
TEST(StatementParts, StatementsInBlocksAreSplicedFromTheirOwnParts) {
  const std::string text =
      "import numpy as np\n"
      "\n"
      "\n"
      "def test_loop():\n"
      "    with np.errstate(all='ignore'):\n"
      "        for dtype in ('float32', 'float64'):\n"
      "            x = np.ones(3, dtype)\n"
      "            np.testing.assert_allclose(x.sum(), 3.0, rtol=1e-6)\n"
      "            # after the assertion: the for's\n"
      "        done = True\n"
      "\n"
      "\n"
      "class TestGen:\n"
      "    def test_gen(self):\n"
      "        if self:\n"
      "            while True:\n"
      "                yield check, 1\n"
      "                break\n";
  miners::PieceModels pieces(size_t{16} << 20);
  auto model = splicedWhole(pieces, text);
  ASSERT_TRUE(model);
  EXPECT_EQ(pieces.counters().blocksFromStatements, 4u) << "with, for, if, while";
  std::string now = text;
  now.replace(now.find("rtol=1e-6"), 9, "rtol=1e-5");
  const Moved moved = splicedEdit(pieces, text, now);
  // Four parts are new: the `with` and the `for`, spliced from their blocks, and the two parsed,
  // the assertion and the left-out test's `pass`; the skeletons of the test, the `with` and the
  // `for`, and the other statements, are cached.
  EXPECT_EQ(moved.partMisses, 4u);
  EXPECT_EQ(moved.blocksFromStatements, 2u);
}

}  // namespace
