// The tree-sitter-cpp side of the C++ frontend that statements and expressions share: node
// kinds by symbol, field ids, child gathering with one reused cursor, and the conversion of
// expressions into the model (a qualified name `a::b::c` becomes the same Name/Attribute chain
// as Python's `a.b.c`, so name resolution, the catalogue and the tolerance resolver read both
// alike). Expressions are converted recursively under the ParseBudget's nesting cap. Private to
// analyzer/frontend/cpp.
#pragma once
#include <tree_sitter/api.h>

#include <string_view>
#include <vector>

#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

enum class Cx : uint8_t {
  Unknown, TranslationUnit, CompoundStatement, ExpressionStatement, Declaration, FieldDeclaration,
  InitDeclarator, IfStatement, ElseClause, ConditionClause, ForStatement, ForRangeLoop, WhileStatement,
  DoStatement, ReturnStatement, ThrowStatement, TryStatement, CatchClause, SwitchStatement, CaseStatement,
  LabeledStatement, AttributedStatement, FunctionDefinition, FunctionDeclarator, TemplateDeclaration,
  NamespaceDefinition, LinkageSpecification, ClassSpecifier, StructSpecifier, UnionSpecifier,
  FieldDeclarationList, DeclarationList, BaseClassClause, PreprocDef, PreprocFunctionDef, PreprocParams,
  PreprocIf, PreprocIfdef, PreprocElse, PreprocElif, PreprocElifdef, PreprocArg, ParameterList,
  ParameterDeclaration, OptionalParameterDeclaration, VariadicParameterDeclaration,
  OptionalTypeParameterDeclaration, ReferenceDeclarator, PointerDeclarator, ArrayDeclarator,
  ParenthesizedDeclarator, StructuredBindingDeclarator, Identifier, FieldIdentifier,
  NamespaceIdentifier, TypeIdentifier, QualifiedIdentifier, TemplateFunction, TemplateType,
  TemplateMethod, FieldExpression, CallExpression, ArgumentList, NumberLiteral, StringLiteral,
  RawStringLiteral, ConcatenatedString, CharLiteral, True, False, Null, This, BinaryExpression,
  UnaryExpression, PointerExpression, UpdateExpression, AssignmentExpression, ConditionalExpression,
  ParenthesizedExpression, SubscriptExpression, SubscriptArgumentList, CastExpression,
  InitializerList, LambdaExpression, CommaExpression, CompoundLiteralExpression,
  UserDefinedLiteral, Error, Comment,
};

struct ChildRef {
  TSNode node;
  TSFieldId field;
};

class CppTree {
 public:
  CppTree();
  ~CppTree();
  CppTree(const CppTree&) = delete;
  CppTree& operator=(const CppTree&) = delete;

 // Shared with the statement walker (cpp_frontend.cpp), which derives from it.
 public:
  const TSLanguage* lang = nullptr;
  std::vector<Cx> kindOfSymbol;
  TSFieldId fName, fValue, fLeft, fRight, fFunction, fArguments, fArgument, fField, fBody, fCondition,
      fConsequence, fAlternative, fParameters, fOperator, fDeclarator, fType, fScope, fInitializer,
      fDefaultValue, fIndices;

  FileModel* m = nullptr;
  const char* src = nullptr;
  TSTreeCursor cursor{};
  std::vector<ChildRef> scratch;
  std::vector<ExprId> idStack;
  std::vector<TSNode> lambdaBodies;  // found while converting a statement, walked after it
  uint32_t maxDepth = 200;
  bool truncated = false;

  Cx kind(TSNode n) const {
    if (ts_node_is_null(n)) return Cx::Unknown;
    if (ts_node_is_error(n)) return Cx::Error;
    TSSymbol s = ts_node_symbol(n);
    return s < kindOfSymbol.size() ? kindOfSymbol[s] : Cx::Unknown;
  }
  std::string_view text(TSNode n) const {
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    return {src + s, e - s};
  }
  std::string_view span(TSNode from, TSNode to) const {
    uint32_t s = ts_node_start_byte(from), e = ts_node_end_byte(to);
    return {src + s, e - s};
  }
  TSNode field(TSNode n, TSFieldId f) const { return ts_node_child_by_field_id(n, f); }
  size_t gather(TSNode n, bool namedOnly);
  std::vector<ChildRef> children(TSNode n, bool namedOnly = true);
  TSNode firstNamed(TSNode n);

  ExprId newExpr(ExprKind k, TSNode n, std::string_view name = {});
  void setChildren(ExprId id, size_t idStart);
  ExprId withChildren(ExprKind k, TSNode n, std::string_view name, std::initializer_list<TSNode> kids, uint32_t depth);
  ExprId sequence(ExprKind k, TSNode n, uint32_t depth);
  std::string_view baseName(TSNode n);
  ExprId qualified(TSNode n, uint32_t depth);
  ExprId call(TSNode n, uint32_t depth);
  ExprId binary(TSNode n, uint32_t depth);
  ExprId subscript(TSNode n, uint32_t depth);
  ExprId convert(TSNode n, uint32_t depth);
  ExprId newExprAtNull();
};

}  // namespace oalens::analyzer
