#include "analyzer/frontend/python/python_frontend.h"

#include <gtest/gtest.h>

#include "analyzer/scan/project.h"

using namespace oalens::analyzer;

namespace {

FileModel parse(const std::string& code, const std::string& path = "pkg/tests/test_m.py") {
  PythonFrontend fe;
  return fe.parse(path, pythonModuleName(path), code);
}

}  // namespace

TEST(PythonFrontend, ModuleNameFromPath) {
  EXPECT_EQ(pythonModuleName("pkg/tests/test_m.py"), "pkg.tests.test_m");
  EXPECT_EQ(pythonModuleName("pkg/__init__.py"), "pkg");
  EXPECT_EQ(pythonModuleName("m.py"), "m");
}

TEST(PythonFrontend, ResolvesImportsAndAliases) {
  FileModel m = parse(
      "import numpy as np\n"
      "import numpy.testing as npt\n"
      "import os.path\n"
      "from numpy.testing import assert_allclose as aac\n"
      "from . import helpers as h\n"
      "from ..core import ops\n");
  EXPECT_EQ(resolveDotted(m, kNone, "np.testing.assert_allclose"), "numpy.testing.assert_allclose");
  EXPECT_EQ(resolveDotted(m, kNone, "npt.assert_allclose"), "numpy.testing.assert_allclose");
  EXPECT_EQ(resolveDotted(m, kNone, "aac"), "numpy.testing.assert_allclose");
  EXPECT_EQ(resolveDotted(m, kNone, "os.path.join"), "os.path.join");
  EXPECT_EQ(resolveDotted(m, kNone, "h.check"), "pkg.tests.helpers.check");
  EXPECT_EQ(resolveDotted(m, kNone, "ops.add"), "pkg.core.ops.add");
  EXPECT_EQ(resolveDotted(m, kNone, "unknown.f"), "unknown.f");
}

TEST(PythonFrontend, FunctionLocalImportsShadowModuleOnes) {
  FileModel m = parse("import numpy as np\ndef f():\n    import torch as np\n    np.x()\n");
  ASSERT_EQ(m.functions.size(), 1u);
  EXPECT_EQ(resolveDotted(m, 0, "np.x"), "torch.x");
  EXPECT_EQ(resolveDotted(m, kNone, "np.x"), "numpy.x");
}

TEST(PythonFrontend, FunctionsKeepClassAndDecoratorContext) {
  FileModel m = parse(
      "class TestOps(Base):\n"
      "    @pytest.mark.parametrize('x', [1])\n"
      "    def test_add(self, x, *args, tol=1e-5, **kw):\n"
      "        def inner():\n"
      "            pass\n"
      "        return x\n");
  ASSERT_EQ(m.classes.size(), 1u);
  ASSERT_EQ(m.functions.size(), 2u);
  const Function& f = m.functions[0];
  EXPECT_EQ(f.qualifiedName, "TestOps.test_add");
  EXPECT_EQ(f.cls, 0u);
  ASSERT_EQ(f.decorators.size(), 1u);
  EXPECT_EQ(m.expr(f.decorators[0]).kind, ExprKind::Call);
  ASSERT_EQ(f.params.size(), 5u);
  EXPECT_EQ(f.params[0].name, "self");
  EXPECT_TRUE(f.params[2].varArgs);
  EXPECT_TRUE(f.params[3].keywordOnly);
  EXPECT_EQ(m.expr(f.params[3].defaultValue).text, "1e-5");
  EXPECT_TRUE(f.params[4].kwArgs);
  EXPECT_EQ(m.functions[1].qualifiedName, "TestOps.test_add.inner");
  EXPECT_EQ(m.functions[1].parent, 0u);
}

TEST(PythonFrontend, CallsSplitIntoPositionalAndKeywordArguments) {
  FileModel m = parse("f(a, b.c, *rest, rtol=1e-3, **kw)\n");
  ASSERT_EQ(m.stmts.size(), 1u);
  CallArgs args = splitCall(m, m.stmts[0].a);
  EXPECT_EQ(m.expr(args.callee).text, "f");
  ASSERT_EQ(args.positional.size(), 2u);
  EXPECT_EQ(m.expr(args.positional[1]).kind, ExprKind::Attribute);
  ASSERT_EQ(args.keywords.size(), 1u);
  EXPECT_EQ(args.keywords[0].first, "rtol");
  EXPECT_TRUE(args.hasStarArgs);
}

TEST(PythonFrontend, ComparisonsKeepMultiTokenOperators) {
  FileModel m = parse("assert a not in b\nassert x is not None\nassert 0 <= e < 1\n");
  ASSERT_EQ(m.stmts.size(), 3u);
  EXPECT_EQ(m.compareOp(m.stmts[0].a, 0), "not in");
  EXPECT_EQ(m.compareOp(m.stmts[1].a, 0), "is not");
  EXPECT_EQ(m.childCount(m.stmts[2].a), 3u);
  EXPECT_EQ(m.compareOp(m.stmts[2].a, 1), "<");
}

// Regression: an operand holding a comparison of its own pushed its operators before the outer
// comparison's, so the outer one read the inner operator ("is not" for `==`).
TEST(PythonFrontend, NestedComparisonsKeepTheirOwnOperators) {
  FileModel m = parse("assert sum([x.op is Alloc for x in nodes if x.op is not None]) == count\nassert (a < b) == c\n");
  ASSERT_EQ(m.stmts.size(), 2u);
  EXPECT_EQ(m.compareOp(m.stmts[0].a, 0), "==");
  EXPECT_EQ(m.compareOp(m.stmts[1].a, 0), "==");
  EXPECT_EQ(m.compareOp(m.child(m.stmts[1].a, 0), 0), "<");
}

// Regression (found by fuzzing the scan): error recovery left `split` inside the comparison of
// `assert longername split is fixed`, three operands for one operator, and the interval check read
// past the operators. Such a node is no comparison.
TEST(PythonFrontend, ComparisonsWhoseOperatorsDoNotAlternateAreNone) {
  FileModel m = parse("assert longername split is fixed; x\n");
  ASSERT_GE(m.stmts.size(), 1u);
  const Expr& e = m.expr(m.stmts[0].a);
  EXPECT_EQ(e.kind, ExprKind::Other) << e.text;
  EXPECT_TRUE(m.hasSyntaxErrors);
}

// A comprehension's filter is one of the statement's expressions (lint reads them), not a child.

// Regression (found by AddressSanitizer on Theano's history): a `\` continuation is a named
// extra node. It became a third operand of `x == \ y`, with one operator for two gaps, and an
// argument of `f(a, \ b)`, so that the oracle read as `\`.
TEST(PythonFrontend, LineContinuationsAreNoOperands) {
  FileModel m = parse(
      "assert_allclose(out, \\\n    ref, rtol=1e-3)\n"
      "assert ordered(x) == \\\n    [1, 2]\n"
      "assert abs(a - b) \\\n    < 1e-5  # a comment is no operand either\n");
  ASSERT_EQ(m.stmts.size(), 3u);
  CallArgs args = splitCall(m, m.stmts[0].a);
  ASSERT_EQ(args.positional.size(), 2u);
  EXPECT_EQ(m.expr(args.positional[1]).text, "ref");
  ASSERT_EQ(args.keywords.size(), 1u);
  for (size_t s = 1; s < 3; ++s) {
    EXPECT_EQ(m.childCount(m.stmts[s].a), 2u) << m.stmts[s].text;
    EXPECT_EQ(m.compareOps.size(), 2u);
  }
  EXPECT_EQ(m.compareOp(m.stmts[2].a, 0), "<");
}
TEST(PythonFrontend, ComprehensionFiltersAreStatementExpressions) {
  FileModel m = parse("kept = [r for r in rows if r != missing]\n");
  ASSERT_EQ(m.stmts.size(), 1u);
  const ExprId comprehension = m.stmts[0].b;
  EXPECT_EQ(m.childCount(comprehension), 3u) << "the element and one (target, iterable) pair";
  bool filterSeen = false;
  for (ExprId e = m.stmts[0].firstExpr; e < m.stmts[0].endExpr; ++e)
    filterSeen |= m.exprs[e].kind == ExprKind::Compare && m.exprs[e].text == "r != missing";
  EXPECT_TRUE(filterSeen);
}

TEST(PythonFrontend, BlocksNestUnderTheirStatements) {
  FileModel m = parse("def t():\n    for x in xs:\n        if x:\n            assert x\n        else:\n            y = 1\n");
  const Stmt* assertStmt = nullptr;
  for (const Stmt& s : m.stmts)
    if (s.kind == StmtKind::Assert) assertStmt = &s;
  ASSERT_NE(assertStmt, nullptr);
  EXPECT_EQ(assertStmt->depth, 2);
  EXPECT_EQ(m.stmts[assertStmt->parent].kind, StmtKind::If);
  EXPECT_EQ(assertStmt->function, 0u);
}

TEST(PythonFrontend, ChainedAssignmentBindsEveryTarget) {
  FileModel m = parse("a = b = 1e-5\n");
  ASSERT_EQ(m.stmts.size(), 2u);
  EXPECT_EQ(m.expr(m.stmts[0].a).text, "a");
  EXPECT_EQ(m.expr(m.stmts[1].a).text, "b");
  EXPECT_EQ(m.stmts[0].b, m.stmts[1].b);
}

TEST(PythonFrontend, RecoversFromSyntaxErrors) {
  FileModel m =
      parse("def test_a():\n    x = = 1\n    assert_allclose(a, b)\n\ndef test_b(:\n    assert c\n\ndef test_c():\n    assert d\n");
  EXPECT_TRUE(m.hasSyntaxErrors);
  ASSERT_FALSE(m.diagnostics.empty());
  EXPECT_EQ(m.diagnostics[0].code, "syntax-error");
  bool sawTestC = false;
  for (const Function& f : m.functions) sawTestC |= f.name == "test_c";
  EXPECT_TRUE(sawTestC);
}

TEST(PythonFrontend, DeepNestingIsCappedNotRecursedInto) {
  std::string code = "x = " + std::string(5000, '(') + "1" + std::string(5000, ')') + "\n";
  code += "y = " + std::string(3000, '[') + std::string(3000, ']') + "\n";
  FileModel m = parse(code);
  bool capped = false;
  for (const auto& d : m.diagnostics) capped |= d.code == "nesting-too-deep";
  EXPECT_TRUE(capped);
}
