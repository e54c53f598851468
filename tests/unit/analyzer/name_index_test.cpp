#include "analyzer/model/name_index.h"

#include <gtest/gtest.h>

#include "analyzer/frontend/python/python_frontend.h"
#include "analyzer/scan/project.h"

using namespace oalens::analyzer;

namespace {

// Every kind of binding the index answers for, with the shadowing and ordering rules that
// decide between two bindings of one name.
constexpr const char* kScopes =
    "import numpy as np\n"
    "from numpy.testing import assert_allclose as check\n"
    "from helpers import *\n"
    "def helper(a, b):\n"
    "    pass\n"
    "class Base:\n"
    "    def check(self, a, b):\n"
    "        pass\n"
    "    def check(self, a, b, tol=1e-3):\n"
    "        pass\n"
    "class TestOps(Base):\n"
    "    def setUp(self):\n"
    "        pass\n"
    "    def test_a(self):\n"
    "        import torch as np\n"
    "        def helper(x):\n"
    "            def compare(y):\n"
    "                pass\n"
    "            import jax.numpy as np\n"
    "            compare(x)\n"
    "        def helper(x):\n"
    "            pass\n"
    "        helper(1)\n"
    "        np.add(1, 2)\n"
    "    def test_b(self):\n"
    "        helper(np.ones(2), 1)\n"
    "from numpy.testing import assert_array_almost_equal as check\n";

FileModel parse(const std::string& code) {
  PythonFrontend fe;
  return fe.parse("pkg/tests/test_m.py", pythonModuleName("pkg/tests/test_m.py"), code);
}

FunctionId functionNamed(const FileModel& m, std::string_view qualifiedName) {
  for (FunctionId f = 0; f < m.functions.size(); ++f)
    if (m.functions[f].qualifiedName == qualifiedName) return f;
  ADD_FAILURE() << "no function " << qualifiedName;
  return kNone;
}

}  // namespace

TEST(NameIndex, FrontendIndexesEveryModelItBuilds) {
  FileModel m = parse(kScopes);
  const NameIndex* index = namesOf(m);
  ASSERT_NE(index, nullptr);
  EXPECT_TRUE(index->moduleLevel.contains("helper"));
  EXPECT_TRUE(index->moduleLevel.contains("TestOps"));
  EXPECT_FALSE(index->moduleLevel.contains("setUp"));
  EXPECT_FALSE(index->moduleLevel.contains("np"));  // imports are not definitions
}

TEST(NameIndex, ResolvesAsTheScanOverTheModelDoes) {
  FileModel m = parse(kScopes);
  const FunctionId testA = functionNamed(m, "TestOps.test_a");
  const FunctionId inner = functionNamed(m, "TestOps.test_a.helper");
  const FunctionId testB = functionNamed(m, "TestOps.test_b");
  struct Query {
    FunctionId scope;
    std::string_view dotted;
    std::string_view expected;
  };
  const std::vector<Query> queries = {
      {kNone, "np.add", "numpy.add"},
      {kNone, "check", "numpy.testing.assert_array_almost_equal"},  // the last import of a scope wins
      {testA, "np.add", "torch.add"},                               // a function's import shadows the module's
      {inner, "np.add", "jax.numpy.add"},
      {testA, "helper", "pkg.tests.test_m.TestOps.test_a.helper"},  // the first nested definition
      {inner, "compare", "pkg.tests.test_m.TestOps.test_a.helper.compare"},
      {testB, "helper", "pkg.tests.test_m.helper"},  // module level
      {testB, "TestOps.setUp", "pkg.tests.test_m.TestOps.setUp"},
      {testB, "setUp", "setUp"},  // a method is not a bare name
      {testB, "unknown.f", "unknown.f"},
  };
  ASSERT_NE(namesOf(m), nullptr);
  for (const Query& q : queries) EXPECT_EQ(resolveDotted(m, q.scope, q.dotted), q.expected) << q.dotted;

  // The same answers from the scans a model without an index gets.
  m.names.reset();
  ASSERT_EQ(namesOf(m), nullptr);
  for (const Query& q : queries) EXPECT_EQ(resolveDotted(m, q.scope, q.dotted), q.expected) << q.dotted << " without the index";
}

TEST(NameIndex, ModelChangedAfterIndexingIsScanned) {
  FileModel m = parse("def helper():\n    pass\n");
  ASSERT_NE(namesOf(m), nullptr);
  m.functions.push_back(m.functions[0]);
  m.functions.back().name = "added";
  EXPECT_EQ(namesOf(m), nullptr);
  EXPECT_TRUE(definedAtModuleLevel(m, "added"));
  indexNames(m);
  ASSERT_NE(namesOf(m), nullptr);
  EXPECT_TRUE(definedAtModuleLevel(m, "added"));
}

TEST(NameIndex, ListsTheStatementsThatMayBindOrChangeAName) {
  FileModel m = parse(
      "LIMIT = 1e-3\n"  // stmt: module level
      "LIMIT = 1e-2\n"
      "def test_a():\n"
      "    out, ref = f(), g()\n"  // binds out and ref
      "    kw = {'atol': LIMIT}\n"
      "    outs = []\n"
      "    outs.append(out)\n"       // fills outs
      "    kw['rtol'] = 0\n"         // fills (and changes) kw
      "    check(out, ref, **kw)\n"  // reads kw: neither
      "    for out in outs:\n"       // rebinds out; a loop
      "        check(out, ref, **kw)\n");
  const NameIndex* index = namesOf(m);
  ASSERT_NE(index, nullptr);
  std::vector<StmtId> scratch;
  auto lines = [&](std::span<const StmtId> statements) {
    std::vector<uint32_t> out;
    for (StmtId s : statements) out.push_back(m.stmts[s].range.start.line);
    return out;
  };
  const FunctionId test = functionNamed(m, "test_a");
  auto expectLists = [&](const char* how) {
    EXPECT_EQ(lines(statementsBinding(m, test, "out", scratch)), (std::vector<uint32_t>{4, 10})) << how;
    EXPECT_EQ(lines(statementsBinding(m, test, "outs", scratch)), (std::vector<uint32_t>{6, 7})) << how;
    EXPECT_EQ(lines(statementsBinding(m, test, "kw", scratch)), (std::vector<uint32_t>{5, 8})) << how;
    EXPECT_TRUE(statementsBinding(m, test, "check", scratch).empty()) << how;
    EXPECT_EQ(lines(statementsChanging(m, test, "kw", scratch)), (std::vector<uint32_t>{5, 8, 10})) << how;  // the loop too
  };
  expectLists("from the index");
  ASSERT_TRUE(index->moduleAssignments.contains("LIMIT"));
  EXPECT_EQ(m.stmts[index->moduleAssignments.at("LIMIT")].range.start.line, 1u);  // the first
  m.names.reset();
  expectLists("made without an index");
}
