// The tree-sitter-cpp converter behind CppFrontend, shared by the files that define it:
// cpp_frontend.cpp (the statement walk, with an explicit work stack), cpp_definitions.cpp
// (declarations, functions, classes and test-case macros) and cpp_preprocessor.cpp (macros,
// #define, #if and #include). Private to the frontend.
#pragma once
#include <tree_sitter/api.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/frontend/cpp/cpp_frontend.h"
#include "analyzer/frontend/cpp/cpp_test_macros.h"
#include "analyzer/frontend/cpp/cpp_tree.h"
#include "analyzer/frontend/ts_support.h"

namespace oalens::analyzer {

struct CppFrontend::Impl : CppTree {
  TSParser* parser = nullptr;
  TSParser* macroParser = nullptr;  // replacement texts of #define, parsed in place
  std::vector<TSTree*> macroTrees;  // alive until the model is built: the work stack holds their nodes
  // What the parsers read: the source with the blankings of parseableText (same offsets).
  std::string_view parsedText;
  // Where a macro's replacement text is parsed again with a `;` after it: parsedText's size, the
  // text copied in for each such parse.
  std::string macroScratch;

  Impl() {
    parser = ts_parser_new();
    macroParser = ts_parser_new();
    ts_parser_set_language(parser, lang);
    ts_parser_set_language(macroParser, lang);
  }
  ~Impl() {
    ts_parser_delete(macroParser);
    ts_parser_delete(parser);
  }

  // ---- statements ----

  enum class Action : uint8_t { Statement, MacroBlock, CloseFunction, CloseClass };
  struct Work : StatementWork<Action> {
    TSNode block{};  // MacroBlock: the block after a TEST_CASE("...") or SECTION("...") call
    bool isElif = false;
  };
  std::vector<Work> work;

  StmtId addStmt(StmtKind k, TSNode n, const Work& w, std::string_view textOverride = {}) {
    return appendStmt(k, n, w.parent, w.depth, w.fn, w.cls, textOverride.empty() ? text(n) : textOverride);
  }

  // The macro a call statement invokes, when the statement is a bare call of a macro-like name.
  std::string_view calledMacro(TSNode exprStmt);

  // Pushes the items of a block so they pop in source order, pairing a TEST_CASE("...") or
  // SECTION("...") call with the block after it.
  void pushItems(TSNode block, StmtId parent, FunctionId fn, ClassId cls, uint16_t depth);

  // The body of if/for/while: a block's items, or the one statement.
  void pushBody(TSNode body, StmtId parent, FunctionId fn, ClassId cls, uint16_t depth);
  void walkStatements(TSNode root);
  void statement(const Work& w);
  TSNode conditionValue(TSNode cond);
  void ifStatement(const Work& w);
  void expressionStatement(const Work& w);
  TSNode callForEachOfAPack(TSNode e);

  // The declared name inside a declarator: `x` of `x`, `&x`, `*x`, `x[3]`; a Tuple for `[a, b]`.
  ExprId declaredName(TSNode d);
  void declaration(const Work& w);
  void functionDeclaration(const Work& w, TSNode declarator);
  // A lambda bound to a name in a function body, made a function of its own; false if it has no body or name.
  bool namedLambda(const Work& w, TSNode target, TSNode lambda);
  void parameters(TSNode params, Function& f);

  // The name a test-case macro gives its test: "Suite.Name", "name", or a string's content.
  std::pair<std::string_view, std::string> testCaseName(TestCaseNaming naming, const std::vector<TSNode>& args);
  FunctionId newFunction(std::string_view name, std::string qualifiedName, TSNode n, const Work& w, ClassId cls);

  // "a.b." for a definition inside `namespace a { namespace b {`; found by walking up, which
  // costs the tree's depth once per function or class.
  std::string namespacePrefix(TSNode n);
  std::string qualifiedPrefix(const Work& w);
  void functionDefinition(const Work& w);
  void openFunction(FunctionId id, TSNode n, const Work& w, TSNode body, std::string_view stmtText);

  // TEST_CASE("name") { ... } and SECTION("name") { ... }: a call, then a block.
  void macroBlock(const Work& w);
  // A test case a #define's body writes is a test case whose statements are the macro's: the
  // macro is called where the tests are generated (`ADD_TESTS(float, 1e-5)`), and a tolerance it
  // hands on to the body's checks makes it a wrapper like any function's parameter does.
  bool insideMacro(const Work& w) const { return w.fn != kNone && m->functions[w.fn].isMacro; }
  void macroTestCase(const Work& w, TSNode n, TSNode body, TestCaseNaming naming, const std::vector<TSNode>& args);
  void classDefinition(const Work& w);

  // Parses a #define's replacement text, or a span of the file, where it stands; the tree lives
  // until parse() ends.
  TSNode parseMacroText(TSNode arg);
  TSNode parseInPlace(TSRange r);
  // The file-level macro calls parseableText blanked from `buffer` (the text `parsedText` views),
  // each put back, parsed on its own and walked as a statement at file level, after the rest of
  // the file.
  void walkFileLevelCalls(std::string& buffer, const std::vector<SourceSpan>& calls);
  void preprocDefine(const Work& w);
  void preprocMacroFunction(const Work& w);

  // #if / #ifdef / #elif: a branch on the build configuration, so a tolerance set under
  // `#ifdef USE_CUDA` depends on it as one under `if use_gpu:` does.
  void preprocBranch(const Work& w);

  // #include "test_util.h": the constants and wrappers of the headers a test reads are its own
  // (ToleranceResolver follows them). System headers (<...>) are not the project's.
  void include(TSNode n, const Work& w);
  // `using name = T;`, `typedef T name;`: the name into FileModel::typeNames.
  void typeAlias(TSNode n);

  // A missing `;` after a macro call is the preprocessor's business, not a syntax error.
  bool excused(TSNode node, TSNode parent);
};

}  // namespace oalens::analyzer
