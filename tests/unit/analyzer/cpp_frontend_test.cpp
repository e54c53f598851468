#include "analyzer/frontend/cpp/cpp_frontend.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "analyzer/frontend/cpp/cpp_test_macros.h"
#include "analyzer/scan/project.h"

using namespace oalens::analyzer;

namespace {

FileModel parse(const std::string& code, const std::string& path = "tests/test_m.cc") {
  CppFrontend fe;
  return fe.parse(path, code);
}

const Function* functionNamed(const FileModel& m, std::string_view qualified) {
  for (const Function& f : m.functions)
    if (f.qualifiedName == qualified) return &f;
  return nullptr;
}

// The statements of function `f` as "Kind:text" lines, for compact expectations.
std::vector<StmtKind> kindsIn(const FileModel& m, const Function& f) {
  std::vector<StmtKind> out;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) out.push_back(m.stmts[s].kind);
  return out;
}

bool hasDiagnostic(const FileModel& m, std::string_view code) {
  for (const auto& d : m.diagnostics)
    if (d.code == code) return true;
  return false;
}

}  // namespace

TEST(CppFrontend, TestMacrosOfEveryFrameworkBecomeTestCases) {
  FileModel m = parse(
      "TEST(Conv, Forward) { EXPECT_NEAR(a, b, 1e-5); }\n"
      "TEST_F(ConvFixture, Backward) {}\n"
      "BOOST_AUTO_TEST_CASE(adds) { BOOST_CHECK(x); }\n"
      "TEST_CASE(\"softmax sums to one\", \"[ops]\") {\n  SECTION(\"rows\") { CHECK(x); }\n}\n"
      "TEST_CASE_TEMPLATE(\"typed\", T, float, double) { CHECK(T(1) == 1); }\n"
      "void helper(float tol) {}\n");
  for (const char* name : {"Conv.Forward", "ConvFixture.Backward", "adds", "softmax sums to one", "typed"}) {
    const Function* f = functionNamed(m, name);
    ASSERT_NE(f, nullptr) << name;
    EXPECT_TRUE(f->isTestCase) << name;
  }
  ASSERT_NE(functionNamed(m, "helper"), nullptr);
  EXPECT_FALSE(functionNamed(m, "helper")->isTestCase);
  EXPECT_FALSE(hasDiagnostic(m, "syntax-error")) << "a macro call without `;` is the preprocessor's business";
  // The SECTION block belongs to its test case.
  const Function* catchCase = functionNamed(m, "softmax sums to one");
  bool sawCheck = false;
  for (StmtId s = catchCase->firstStmt; s < catchCase->endStmt; ++s)
    sawCheck |= m.stmts[s].kind == StmtKind::ExprStmt && m.stmts[s].function == static_cast<FunctionId>(catchCase - m.functions.data());
  EXPECT_TRUE(sawCheck);
}

TEST(CppFrontend, DeclarationsAndAssignmentsBindNames) {
  FileModel m = parse(
      "constexpr float kTol = 1e-4f;\n"
      "void f() {\n  float a = 1, b{2.5f}, c(3);\n  a = b = 0.5;\n  c += 1;\n  auto [x, y] = g();\n  float unset;\n}\n");
  ASSERT_GE(m.stmts.size(), 1u);
  EXPECT_EQ(m.stmts[0].kind, StmtKind::Assign);
  EXPECT_EQ(m.expr(m.stmts[0].a).name, "kTol");
  EXPECT_EQ(m.expr(m.stmts[0].b).text, "1e-4f");
  const Function* f = functionNamed(m, "f");
  ASSERT_NE(f, nullptr);
  std::vector<std::string> assigned;
  for (StmtId s = f->firstStmt; s < f->endStmt; ++s)
    if (m.stmts[s].kind == StmtKind::Assign)
      assigned.push_back(std::string(m.expr(m.stmts[s].a).text) + "=" + std::string(m.expr(m.stmts[s].b).text));
  EXPECT_EQ(assigned, (std::vector<std::string>{"a=1", "b=2.5f", "c=3", "a=0.5", "b=0.5", "[x, y]=g()"}));
  EXPECT_EQ(kindsIn(m, *f), (std::vector<StmtKind>{StmtKind::Assign, StmtKind::Assign, StmtKind::Assign, StmtKind::Assign, StmtKind::Assign,
                                                   StmtKind::AugAssign, StmtKind::Assign, StmtKind::Other}));
}

TEST(CppFrontend, DefinesAreConstantsAndFunctionLikeMacrosAreFunctions) {
  FileModel m = parse(
      "#define TOL 1e-5f\n"
      "#define LOOSE (10 * FLT_EPSILON)\n"
      "#define USE_CUDA\n"
      "#define EXPECT_CLOSE(a, b) EXPECT_NEAR(a, b, TOL)\n");
  ASSERT_GE(m.stmts.size(), 2u);
  EXPECT_EQ(m.expr(m.stmts[0].a).name, "TOL");
  EXPECT_EQ(m.expr(m.stmts[0].b).kind, ExprKind::Number);
  EXPECT_EQ(m.expr(m.stmts[1].b).kind, ExprKind::BinaryOp);
  const Function* macro = functionNamed(m, "EXPECT_CLOSE");
  ASSERT_NE(macro, nullptr);
  ASSERT_EQ(macro->params.size(), 2u);
  EXPECT_EQ(macro->params[1].name, "b");
  ASSERT_EQ(macro->endStmt - macro->firstStmt, 1u);
  const Stmt& body = m.stmts[macro->firstStmt];
  EXPECT_EQ(body.kind, StmtKind::ExprStmt);
  EXPECT_EQ(m.expr(body.a).kind, ExprKind::Call);
  EXPECT_EQ(dottedName(m, splitCall(m, body.a).callee), "EXPECT_NEAR");
}

TEST(CppFrontend, PreprocessorConditionalsAreBranches) {
  FileModel m = parse("#ifdef USE_CUDA\nconst float tol = 1e-3f;\n#else\nconst float tol = 1e-6f;\n#endif\n");
  ASSERT_EQ(m.stmts.size(), 4u);
  EXPECT_EQ(m.stmts[0].kind, StmtKind::If);
  EXPECT_EQ(m.expr(m.stmts[0].a).text, "USE_CUDA");
  EXPECT_EQ(m.stmts[1].parent, 0u);
  EXPECT_EQ(m.stmts[2].kind, StmtKind::Else);
  EXPECT_EQ(m.stmts[3].parent, 2u);
}

TEST(CppFrontend, QualifiedNamesReadLikeDottedNames) {
  FileModel m = parse(
      "void f() {\n  EXPECT_THAT(v, ::testing::FloatNear(1.0, 1e-5));\n  x = std::numeric_limits<float>::epsilon();\n"
      "  test::ExpectTensorNear<float>(a, b, 1e-5);\n  out.foo->bar(1);\n}\n");
  const Stmt& expect = m.stmts[1];
  CallArgs args = splitCall(m, expect.a);
  ASSERT_EQ(args.positional.size(), 2u);
  EXPECT_EQ(dottedName(m, splitCall(m, args.positional[1]).callee), "testing.FloatNear");
  EXPECT_EQ(m.expr(splitCall(m, args.positional[1]).callee).name, "FloatNear");
  EXPECT_EQ(dottedName(m, splitCall(m, m.stmts[2].b).callee), "std.numeric_limits.epsilon");
  EXPECT_EQ(m.expr(splitCall(m, m.stmts[2].b).callee).text, "std::numeric_limits<float>::epsilon");
  EXPECT_EQ(dottedName(m, splitCall(m, m.stmts[3].a).callee), "test.ExpectTensorNear");
  EXPECT_EQ(dottedName(m, splitCall(m, m.stmts[4].a).callee), "out.foo.bar");
}

TEST(CppFrontend, StreamedMessagesAreNotTheCheck) {
  FileModel m = parse("void f() { EXPECT_NEAR(a[i], b[i], tol) << \"at \" << i; }\n");
  const Stmt& s = m.stmts[1];
  ASSERT_EQ(m.expr(s.a).kind, ExprKind::Call);
  EXPECT_EQ(m.expr(s.a).text, "EXPECT_NEAR(a[i], b[i], tol)");
  EXPECT_EQ(splitCall(m, s.a).positional.size(), 3u);
}

TEST(CppFrontend, ComparisonsAndBooleansReadAsInPython) {
  FileModel m = parse("void f() { EXPECT_TRUE(!(std::abs(a - b) < tol) && ok == true); }\n");
  ExprId cond = splitCall(m, m.stmts[1].a).positional[0];
  ASSERT_EQ(m.expr(cond).kind, ExprKind::BoolOp);
  EXPECT_EQ(m.expr(cond).name, "and");
  ExprId notE = m.child(cond, 0);
  ASSERT_EQ(m.expr(notE).kind, ExprKind::Not);
  ExprId cmp = m.child(notE, 0);
  ASSERT_EQ(m.expr(cmp).kind, ExprKind::Compare);
  EXPECT_EQ(m.compareOp(cmp, 0), "<");
  EXPECT_EQ(m.expr(m.child(m.child(cond, 1), 1)).name, "True");
}

// Regression: the outer comparison took its operator's index before its operands were
// converted, so it read the inner operand's `<` for its own `==`.
TEST(CppFrontend, NestedComparisonsKeepTheirOwnOperators) {
  FileModel m = parse("void f() { EXPECT_TRUE((a < b) == (c > d)); }\n");
  ExprId cmp = splitCall(m, m.stmts[1].a).positional[0];
  ASSERT_EQ(m.expr(cmp).kind, ExprKind::Compare);
  EXPECT_EQ(m.compareOp(cmp, 0), "==");
  EXPECT_EQ(m.compareOp(m.child(cmp, 0), 0), "<");
  EXPECT_EQ(m.compareOp(m.child(cmp, 1), 0), ">");
}

TEST(CppFrontend, LambdaBodiesPassedOnBelongToTheirFunction) {
  FileModel m = parse("TEST(A, B) {\n  std::for_each(v.begin(), v.end(), [&](float x) { EXPECT_NEAR(x, 0, 1e-6); });\n}\n");
  const Function* t = functionNamed(m, "A.B");
  ASSERT_NE(t, nullptr);
  bool found = false;
  for (StmtId s = t->firstStmt; s < t->endStmt; ++s)
    found |= m.stmts[s].kind == StmtKind::ExprStmt && m.expr(m.stmts[s].a).text.rfind("EXPECT_NEAR", 0) == 0 && m.stmts[s].function == 0;
  EXPECT_TRUE(found);
}

TEST(CppFrontend, NamedLambdasAreHelpersOfTheirFunction) {
  FileModel m = parse("TEST(A, B) {\n  auto check = [&](float v, float tol) { EXPECT_NEAR(v, 0, tol); };\n  check(1, 1e-6);\n}\n");
  const Function* t = functionNamed(m, "A.B");
  const Function* helper = functionNamed(m, "A.B.check");
  ASSERT_NE(t, nullptr);
  ASSERT_NE(helper, nullptr);
  EXPECT_EQ(helper->parent, 0u);
  ASSERT_EQ(helper->params.size(), 2u);
  EXPECT_EQ(helper->params[1].name, "tol");
  bool inHelper = false;
  for (StmtId s = helper->firstStmt; s < helper->endStmt; ++s)
    inHelper |= m.stmts[s].kind == StmtKind::ExprStmt && m.expr(m.stmts[s].a).text.rfind("EXPECT_NEAR", 0) == 0 &&
                &m.functions[m.stmts[s].function] == helper;
  EXPECT_TRUE(inHelper);
}

TEST(CppFrontend, NamespacesQualifyHelpersButNotTestsOrMacros) {
  FileModel m = parse(
      "namespace mt { namespace testing {\nvoid ExpectAllNear(const T& a, const T& b, float tol = 1e-5f) {}\n"
      "#define CHECK_CLOSE(a, b) EXPECT_NEAR(a, b, 1e-3)\nTEST(Ops, Add) {}\nclass Fixture { void Check() {} };\n} }\n");
  const Function* helper = functionNamed(m, "mt.testing.ExpectAllNear");
  ASSERT_NE(helper, nullptr);
  ASSERT_EQ(helper->params.size(), 3u);
  EXPECT_EQ(helper->params[2].name, "tol");
  EXPECT_NE(helper->params[2].defaultValue, kNone);
  EXPECT_NE(functionNamed(m, "CHECK_CLOSE"), nullptr);
  EXPECT_NE(functionNamed(m, "Ops.Add"), nullptr);
  EXPECT_NE(functionNamed(m, "mt.testing.Fixture.Check"), nullptr);
}

TEST(CppFrontend, IncludesOfProjectHeadersAreRecorded) {
  FileModel m = parse("#include <gtest/gtest.h>\n#include \"tests/test_util.h\"\n");
  ASSERT_EQ(m.imports.size(), 1u);
  EXPECT_EQ(m.imports[0].module, "tests/test_util.h");
  EXPECT_TRUE(m.imports[0].star);
}

TEST(CppFrontend, ReportsRealSyntaxErrorsAndKeepsGoing) {
  FileModel m = parse("TEST(A, B) {\n  int x = 1 +* / 2;\n  EXPECT_NEAR(x, 1, 1e-5);\n}\n");
  EXPECT_TRUE(hasDiagnostic(m, "syntax-error"));
  bool found = false;
  for (const Stmt& s : m.stmts) found |= s.kind == StmtKind::ExprStmt && s.text.rfind("EXPECT_NEAR", 0) == 0;
  EXPECT_TRUE(found);
}

TEST(CppFrontend, DeepNestingIsCappedNotRecursedInto) {
  std::string code = "void f() { x = ";
  for (int i = 0; i < 5000; ++i) code += "(";
  code += "1";
  for (int i = 0; i < 5000; ++i) code += ")";
  code += "; }\n";
  FileModel m = parse(code);
  EXPECT_TRUE(hasDiagnostic(m, "nesting-too-deep"));
}

TEST(CppTestMacros, TypeArgumentsAreBlankedWithOffsetsKept) {
  const std::string src = "TEST_CASE_TEMPLATE(\"t\", T, float,\n double) {}\nint TEST_CASE_TEMPLATEX;\n";
  auto blanked = blankTypeArguments(src);
  ASSERT_TRUE(blanked);
  EXPECT_EQ(blanked->size(), src.size());
  EXPECT_EQ(blanked->substr(0, 23), "TEST_CASE_TEMPLATE(\"t\" ");
  EXPECT_EQ(blanked->find("float"), std::string::npos);
  EXPECT_EQ(std::count(blanked->begin(), blanked->end(), '\n'), std::count(src.begin(), src.end(), '\n'));
  EXPECT_NE(blanked->find("int TEST_CASE_TEMPLATEX;"), std::string::npos);
  EXPECT_FALSE(blankTypeArguments("TEST(A, B) {}"));
}

TEST(CppTestMacros, BlockMacrosInsideFunctionsBecomePlainBlocks) {
  std::string text =
      "void f() {\n  LIB_TRY {\n    g();\n  }\n  LIB_CATCH(const std::exception& e) {  // why\n  }\n"
      "  FOO{1, 2};\n}\nTEST(A, B) {\n}\n";
  const std::string before = text;
  ASSERT_TRUE(blankBlockMacros(text));
  EXPECT_EQ(text.size(), before.size());
  EXPECT_EQ(text.find("LIB_TRY"), std::string::npos);
  EXPECT_EQ(text.find("LIB_CATCH"), std::string::npos);
  EXPECT_NE(text.find("FOO{1, 2};"), std::string::npos) << "a braced initializer is not a block";
  EXPECT_NE(text.find("TEST(A, B) {"), std::string::npos) << "test-case macros stay";
}

TEST(CppTestMacros, MatcherDefinitionsLoseTheirDescription) {
  std::string text =
      "MATCHER_P(IsCloseTo, other, \"\") { return close(arg, other); }\n"
      "MATCHER_P2(Near, other, tol, \"is near, within tol\") {\n  return near(arg, other, tol);\n}\n"
      "  int x = MATCHER_P_LIKE(a, \"b\");\nvoid f() {}\n";
  const std::string before = text;
  ASSERT_TRUE(rewriteMatcherDefinitions(text));
  EXPECT_EQ(text.size(), before.size());
  EXPECT_NE(text.find("MATCHER_P(IsCloseTo, other    ) {"), std::string::npos);
  EXPECT_NE(text.find("MATCHER_P2(Near, other, tol" + std::string(23, ' ') + ") {"), std::string::npos) << "a comma inside the string";
  EXPECT_NE(text.find("MATCHER_P_LIKE(a, \"b\")"), std::string::npos) << "another name stays";
  EXPECT_TRUE(isMatcherDefinition("MATCHER_P3"));
  EXPECT_FALSE(isMatcherDefinition("MATCHER_PX"));
}

TEST(CppTestMacros, FileLevelCallsOfSuiteMacrosThatDoNotParseAreBlanked) {
  std::string text =
      "#define GEN(n, t) \\\n  TEST(G, n) { run<t>(); }\nGEN(Float, float);\nSWEEP(float, 16)\nSWEEP(double,\n      32)\n"
      "DECLARE_FLAG(verbose);\nINSTANTIATE_TEST_SUITE_P(All, P, ::testing::Values(1, 2));\nTEST(A, B) {\n}\n";
  const std::string before = text;
  ASSERT_TRUE(blankFileLevelMacroCalls(text));
  EXPECT_EQ(text.size(), before.size());
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), std::count(before.begin(), before.end(), '\n'));
  EXPECT_EQ(text.find("GEN(Float"), std::string::npos) << "types for arguments";
  EXPECT_EQ(text.find("SWEEP"), std::string::npos) << "no semicolon after the call, over two lines too";
  EXPECT_NE(text.find("TEST(G, n) { run<t>(); }"), std::string::npos) << "a #define's body stays";
  EXPECT_NE(text.find("DECLARE_FLAG(verbose);"), std::string::npos) << "a statement that parses stays";
  EXPECT_NE(text.find("INSTANTIATE_TEST_SUITE_P(All"), std::string::npos);
  EXPECT_NE(text.find("TEST(A, B) {"), std::string::npos) << "test-case macros stay";
}

TEST(CppTestMacros, BlankedFileLevelCallsAreListedForTheFrontend) {
  const std::string src =
      "#define GEN(T, eps) \\\n  TEST(G, T##_x) { run<T>(eps); }\nGEN(float, 1e-5)\nGEN(double,\n    1e-9)\nTEST(A, B) {\n}\n";
  const ParseableText parseable = parseableText(src);
  ASSERT_TRUE(parseable.text);
  ASSERT_EQ(parseable.fileLevelCalls.size(), 2u);
  EXPECT_EQ(src.substr(parseable.fileLevelCalls[0].begin, parseable.fileLevelCalls[0].end - parseable.fileLevelCalls[0].begin),
            "GEN(float, 1e-5)");
  EXPECT_EQ(src.substr(parseable.fileLevelCalls[1].begin, parseable.fileLevelCalls[1].end - parseable.fileLevelCalls[1].begin),
            "GEN(double,\n    1e-9)");
}

TEST(CppTestMacros, DefinesInsideBracesAreReadApart) {
  const std::string src =
      "#define TOP(x) \\\n  (x)\nclass A {\n  void f() {\n    switch (k) {\n#define CASE(K) \\\n  case K: { \\\n    g(); \\\n  }\n"
      "      CASE(1);\n    }\n  }\n  // { not a brace\n  const char* s = \"}\";\n#define ONE_LINE 1\n};\n";
  std::string text = src;
  std::vector<SourceSpan> spans;
  ASSERT_TRUE(blankNestedDefines(text, &spans));
  EXPECT_EQ(text.size(), src.size());
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), std::count(src.begin(), src.end(), '\n'));
  ASSERT_EQ(spans.size(), 1u) << "a file-level define and a one-line define stay";
  EXPECT_TRUE(src.substr(spans[0].begin).starts_with("#define CASE(K)"));
  EXPECT_EQ(text.find("#define CASE"), std::string::npos);
  EXPECT_NE(text.find("#define TOP(x)"), std::string::npos);
  EXPECT_NE(text.find("#define ONE_LINE 1"), std::string::npos);
  EXPECT_NE(text.find("CASE(1);"), std::string::npos);
}

TEST(CppTestMacros, TokenPastingIsBlankedAndDirectivesStay) {
  std::string text = "#define NAME(a, n) TEST(S, a##_##n) { f(#a); }\n  #include \"x.h\"\nint y = 1;\n";
  const std::string before = text;
  ASSERT_TRUE(blankTokenPasting(text));
  EXPECT_EQ(text.size(), before.size());
  // Stringizing makes a string literal of the same length: `f(#a)` parses as the call `f("")`.
  EXPECT_NE(text.find("#define NAME(a, n) TEST(S, a      ) { f(\"\"); }"), std::string::npos) << text;
  // Joined with the strings beside it (`#fn "(" #x_exp ")\n"`), and a `#` inside a string left alone.
  std::string joined = "#define C(x_exp, fn) fail(#fn \"(\" #x_exp \")\\n\", \"#x\")\n";
  ASSERT_TRUE(blankTokenPasting(joined));
  EXPECT_NE(joined.find("fail(\"f\" \"(\" \"x_ex\" \")\\n\", \"#x\")"), std::string::npos) << joined;
  EXPECT_NE(text.find("  #include"), std::string::npos);
  std::string plain = "int x = 1;\n#if A\n#endif\n";
  EXPECT_FALSE(blankTokenPasting(plain));
}

TEST(CppTestMacros, BlockCommentsInsideADefineAreBlanked) {
  std::string text = "#define CHECK_IMPL(c) \\\n  if (!(c)) /* report */ \\\n    fail(#c)\nint y = 1; /* kept */\n#define S \"/* no */\"\n";
  const std::string before = text;
  ASSERT_TRUE(blankCommentsInDefines(text));
  EXPECT_EQ(text.size(), before.size());
  EXPECT_NE(text.find("if (!(c))              \\"), std::string::npos) << text;
  EXPECT_NE(text.find("/* kept */"), std::string::npos) << "a comment outside a define stays";
  EXPECT_NE(text.find("\"/* no */\""), std::string::npos) << "an opener inside a string stays";
  std::string plain = "int x = 1; /* c */\n#define A 1\n";
  EXPECT_FALSE(blankCommentsInDefines(plain));
}

TEST(CppTestMacros, ExportMacrosBeforeAClassNameAreBlanked) {
  std::string text = "class LIB_API Bench {\n};\nstruct TORCH_API Options : Base {};\nclass Plain {};\nclass Fwd;\n";
  const std::string before = text;
  ASSERT_TRUE(blankClassAttributeMacros(text));
  EXPECT_EQ(text.size(), before.size());
  EXPECT_NE(text.find("class         Bench {"), std::string::npos) << text;
  EXPECT_NE(text.find("struct           Options : Base"), std::string::npos) << text;
  std::string plain = "class Plain {};\nstruct S final : T {};\nclass Fwd;\n";
  EXPECT_FALSE(blankClassAttributeMacros(plain));
}

TEST(CppFrontend, AClassWithAnExportMacroKeepsItsMethods) {
  FileModel m = parse("class LIB_API Bench {\n public:\n  bool Close(double a, double b) { return a == b; }\n};\n");
  const auto close = std::ranges::find_if(m.functions, [](const Function& f) { return f.name == "Close"; });
  ASSERT_NE(close, m.functions.end());
  EXPECT_EQ(close->qualifiedName, "Bench.Close");
}

TEST(CppTestMacros, TypeArgumentsOfMacroCallsBecomeNamesOfTheSameLength) {
  std::string text = "SWEEP(float, 1e-5)\nBINARY(unsigned int, double, add);\nEXPECT_EQ(sizeof(float), 4u);\nf(float);\n";
  const std::string before = text;
  ASSERT_TRUE(nameTypeArguments(text));
  EXPECT_EQ(text.size(), before.size());
  EXPECT_NE(text.find("SWEEP(_____, 1e-5)"), std::string::npos);
  EXPECT_NE(text.find("BINARY(________ ___, ______, add);"), std::string::npos);
  EXPECT_NE(text.find("EXPECT_EQ(sizeof(float), 4u);"), std::string::npos) << "an argument that is more than a type stays";
  EXPECT_NE(text.find("f(float);"), std::string::npos) << "only macro-like names' calls";
}

TEST(CppFrontend, AFileLevelMacroCallIsACallStatementWithItsArguments) {
  FileModel m = parse("#define GEN(T, eps) \\\n  TEST(G, T##_x) { run<T>(eps); }\nGEN(float, 1e-5)\nTEST(A, B) {\n}\n");
  const Stmt* call = nullptr;
  for (const Stmt& s : m.stmts)
    if (s.kind == StmtKind::ExprStmt && s.function == kNone && s.a != kNone && m.expr(s.a).kind == ExprKind::Call) call = &s;
  ASSERT_NE(call, nullptr);
  EXPECT_EQ(call->range.start.line, 3u);
  EXPECT_EQ(m.expr(call->a).text, "GEN(float, 1e-5)");
  ASSERT_EQ(m.childCount(call->a), 3u);
  EXPECT_EQ(m.expr(m.child(call->a, 1)).name, "float") << "names read from the source";
  size_t tests = 0, macroStatements = 0;
  for (const Function& f : m.functions) tests += f.isTestCase;
  for (const Stmt& s : m.stmts)
    if (s.function != kNone && m.functions[s.function].isMacro && s.kind == StmtKind::ExprStmt) ++macroStatements;
  EXPECT_EQ(tests, 2u) << "the macro's test case and A.B";
  EXPECT_EQ(macroStatements, 1u) << "the macro's test body is the macro's: run<T>(eps)";
}

TEST(CppFrontend, AssertionsInsideBlockMacrosAreFound) {
  FileModel m = parse(
      "TEST(Registry, Lookup) {\n"
      "  LIB_TRY {\n"
      "    ASSERT_TRUE(function);\n"
      "  }\n"
      "  LIB_CATCH(const std::runtime_error&) {\n"
      "    LIB_ON_ERROR([&]() { ASSERT_TRUE(code == 3); });\n"
      "  }\n"
      "  ASSERT_TRUE(success) << errors;\n"
      "}\n");
  EXPECT_FALSE(hasDiagnostic(m, "syntax-error"));
  const Function* t = functionNamed(m, "Registry.Lookup");
  ASSERT_NE(t, nullptr);
  int checks = 0;
  for (StmtId s = t->firstStmt; s < t->endStmt; ++s)
    if (m.stmts[s].kind == StmtKind::ExprStmt && m.stmts[s].text.rfind("ASSERT_TRUE", 0) == 0) ++checks;
  EXPECT_EQ(checks, 3) << "inside the try block, the lambda of the catch block, and after both";
}

TEST(CppFrontend, PointerArithmeticDereferencedIsSubscript) {
  FileModel m = parse("void f() { x = *(out->cpu_data() + i); y = *p; }\n");
  const Expr& e = m.expr(m.stmts[1].b);
  ASSERT_EQ(e.kind, ExprKind::Subscript);
  EXPECT_EQ(m.expr(m.child(m.stmts[1].b, 0)).text, "out->cpu_data()");
  EXPECT_EQ(m.expr(m.child(m.stmts[1].b, 1)).text, "i");
  EXPECT_EQ(m.expr(m.stmts[2].b).kind, ExprKind::UnaryOp);
}
