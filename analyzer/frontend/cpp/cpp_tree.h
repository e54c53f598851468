// The tree-sitter-cpp side of the C++ frontend that statements and expressions share: node
// kinds by symbol, field ids, child gathering with one reused cursor, and the conversion of
// expressions into the model (a qualified name `a::b::c` becomes the same Name/Attribute chain
// as Python's `a.b.c`, so name resolution, the catalogue and the tolerance resolver read both
// alike). Expressions are converted recursively under the ParseBudget's nesting cap. Private to
// analyzer/frontend/cpp.
#pragma once
#include <tree_sitter/api.h>

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "analyzer/frontend/tree_converter.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

enum class Cx : uint8_t {
  Unknown,
  TranslationUnit,
  CompoundStatement,
  ExpressionStatement,
  Declaration,
  FieldDeclaration,
  InitDeclarator,
  IfStatement,
  ElseClause,
  ConditionClause,
  ForStatement,
  ForRangeLoop,
  WhileStatement,
  DoStatement,
  ReturnStatement,
  ThrowStatement,
  TryStatement,
  CatchClause,
  SwitchStatement,
  CaseStatement,
  LabeledStatement,
  AttributedStatement,
  FunctionDefinition,
  FunctionDeclarator,
  OperatorCast,
  TemplateDeclaration,
  NamespaceDefinition,
  LinkageSpecification,
  ClassSpecifier,
  StructSpecifier,
  UnionSpecifier,
  FieldDeclarationList,
  DeclarationList,
  BaseClassClause,
  PreprocDef,
  PreprocFunctionDef,
  PreprocParams,
  PreprocIf,
  PreprocIfdef,
  PreprocElse,
  PreprocElif,
  PreprocElifdef,
  PreprocArg,
  ParameterList,
  ParameterDeclaration,
  OptionalParameterDeclaration,
  VariadicParameterDeclaration,
  OptionalTypeParameterDeclaration,
  ReferenceDeclarator,
  PointerDeclarator,
  ArrayDeclarator,
  ParenthesizedDeclarator,
  StructuredBindingDeclarator,
  Identifier,
  FieldIdentifier,
  NamespaceIdentifier,
  TypeIdentifier,
  QualifiedIdentifier,
  TemplateFunction,
  TemplateType,
  TemplateMethod,
  FieldExpression,
  CallExpression,
  ArgumentList,
  NumberLiteral,
  StringLiteral,
  RawStringLiteral,
  ConcatenatedString,
  CharLiteral,
  True,
  False,
  Null,
  This,
  BinaryExpression,
  UnaryExpression,
  PointerExpression,
  UpdateExpression,
  AssignmentExpression,
  ConditionalExpression,
  ParenthesizedExpression,
  SubscriptExpression,
  SubscriptArgumentList,
  CastExpression,
  InitializerList,
  LambdaExpression,
  CommaExpression,
  CompoundLiteralExpression,
  ParameterPackExpansion,
  UserDefinedLiteral,
  Error,
  Comment,
};

class CppTree : public TreeConverter<Cx, CppTree> {
 public:
  CppTree();

  // Shared with the statement walker (cpp_frontend.cpp), which derives from it.
  TSFieldId fName, fValue, fLeft, fRight, fFunction, fArguments, fArgument, fField, fBody, fCondition, fConsequence, fAlternative,
      fParameters, fOperator, fDeclarator, fType, fScope, fInitializer, fDefaultValue, fIndices, fPattern;
  std::vector<TSNode> lambdaBodies;  // found while converting a statement, walked after it
  // `#define TEST_MATH(FUNC) do_test_math<Space, Math_##FUNC>`: the function-like macros of the file
  // whose replacement is a function's name, and that name (read once per file, when a call's callee
  // is a call; reset by the frontend for each file).
  std::optional<std::vector<std::pair<std::string_view, std::string_view>>> calleeMacros;

  std::string_view span(TSNode from, TSNode to) const {
    uint32_t s = ts_node_start_byte(from), e = ts_node_end_byte(to);
    return {src + s, e - s};
  }
  std::vector<ChildRef> children(TSNode n, bool namedOnly = true);
  TSNode firstNamed(TSNode n);

  std::string_view baseName(TSNode n);
  ExprId qualified(TSNode n, uint32_t depth);
  ExprId call(TSNode n, uint32_t depth);
  // `TEST_MATH(sin)` as the callee of `TEST_MATH(sin)({.1, .2})`: the name of the function its
  // macro's replacement names (`do_test_math`), empty for any other callee.
  std::string_view macroNamedCallee(TSNode callee);
  ExprId binary(TSNode n, uint32_t depth);
  ExprId subscript(TSNode n, uint32_t depth);
  ExprId convert(TSNode n, uint32_t depth);
  ExprId newExprAtNull();
};

}  // namespace oalens::analyzer
