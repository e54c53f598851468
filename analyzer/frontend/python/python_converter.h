// The tree-sitter-python converter behind PythonFrontend, shared by the files that define it:
// python_expressions.cpp (expressions, recursive under the ParseBudget's nesting cap) and
// python_statements.cpp (statements, walked with an explicit work stack, so 5,000 nested
// blocks cost heap, not stack). Private to the frontend.
#pragma once
#include <tree_sitter/api.h>

#include <string>
#include <string_view>
#include <vector>

#include "analyzer/frontend/python/python_frontend.h"
#include "analyzer/frontend/tree_converter.h"

extern "C" const TSLanguage* tree_sitter_python(void);

namespace oalens::analyzer {

namespace python_nodes {

enum class Py : uint8_t {
  Unknown,
  Module,
  Block,
  ExpressionStatement,
  AssertStatement,
  ReturnStatement,
  IfStatement,
  ElifClause,
  ElseClause,
  ForStatement,
  WhileStatement,
  WithStatement,
  WithClause,
  WithItem,
  TryStatement,
  ExceptClause,
  FinallyClause,
  FunctionDefinition,
  ClassDefinition,
  DecoratedDefinition,
  Decorator,
  ImportStatement,
  ImportFromStatement,
  FutureImportStatement,
  AliasedImport,
  DottedName,
  RelativeImport,
  ImportPrefix,
  WildcardImport,
  RaiseStatement,
  Assignment,
  AugmentedAssignment,
  Call,
  ArgumentList,
  KeywordArgument,
  ListSplat,
  DictionarySplat,
  Attribute,
  Identifier,
  Integer,
  Float,
  String,
  ConcatenatedString,
  True,
  False,
  None,
  BinaryOperator,
  UnaryOperator,
  ComparisonOperator,
  BooleanOperator,
  NotOperator,
  ParenthesizedExpression,
  Subscript,
  Tuple,
  List,
  Set,
  Dictionary,
  Pair,
  ListComprehension,
  DictionaryComprehension,
  SetComprehension,
  GeneratorExpression,
  ForInClause,
  IfClause,
  ConditionalExpression,
  Lambda,
  ExpressionList,
  PatternList,
  TuplePattern,
  ListPattern,
  Slice,
  Yield,
  Await,
  ListSplatPattern,
  DictionarySplatPattern,
  Parameters,
  LambdaParameters,
  DefaultParameter,
  TypedParameter,
  TypedDefaultParameter,
  KeywordSeparator,
  PositionalSeparator,
  AsPattern,
  Error,
  Comment,
  PrintStatement,
  NamedExpression,
  Ellipsis,
  MatchStatement,
  CaseClause,
};

inline constexpr KindName<Py> kKindNames[] = {
    {"module", Py::Module},
    {"block", Py::Block},
    {"expression_statement", Py::ExpressionStatement},
    {"assert_statement", Py::AssertStatement},
    {"return_statement", Py::ReturnStatement},
    {"if_statement", Py::IfStatement},
    {"elif_clause", Py::ElifClause},
    {"else_clause", Py::ElseClause},
    {"for_statement", Py::ForStatement},
    {"while_statement", Py::WhileStatement},
    {"with_statement", Py::WithStatement},
    {"with_clause", Py::WithClause},
    {"with_item", Py::WithItem},
    {"try_statement", Py::TryStatement},
    {"except_clause", Py::ExceptClause},
    {"finally_clause", Py::FinallyClause},
    {"function_definition", Py::FunctionDefinition},
    {"class_definition", Py::ClassDefinition},
    {"decorated_definition", Py::DecoratedDefinition},
    {"decorator", Py::Decorator},
    {"import_statement", Py::ImportStatement},
    {"import_from_statement", Py::ImportFromStatement},
    {"future_import_statement", Py::FutureImportStatement},
    {"aliased_import", Py::AliasedImport},
    {"dotted_name", Py::DottedName},
    {"relative_import", Py::RelativeImport},
    {"import_prefix", Py::ImportPrefix},
    {"wildcard_import", Py::WildcardImport},
    {"raise_statement", Py::RaiseStatement},
    {"assignment", Py::Assignment},
    {"augmented_assignment", Py::AugmentedAssignment},
    {"call", Py::Call},
    {"argument_list", Py::ArgumentList},
    {"keyword_argument", Py::KeywordArgument},
    {"list_splat", Py::ListSplat},
    {"dictionary_splat", Py::DictionarySplat},
    {"attribute", Py::Attribute},
    {"identifier", Py::Identifier},
    {"integer", Py::Integer},
    {"float", Py::Float},
    {"string", Py::String},
    {"concatenated_string", Py::ConcatenatedString},
    {"true", Py::True},
    {"false", Py::False},
    {"none", Py::None},
    {"binary_operator", Py::BinaryOperator},
    {"unary_operator", Py::UnaryOperator},
    {"comparison_operator", Py::ComparisonOperator},
    {"boolean_operator", Py::BooleanOperator},
    {"not_operator", Py::NotOperator},
    {"parenthesized_expression", Py::ParenthesizedExpression},
    {"subscript", Py::Subscript},
    {"tuple", Py::Tuple},
    {"list", Py::List},
    {"set", Py::Set},
    {"dictionary", Py::Dictionary},
    {"pair", Py::Pair},
    {"list_comprehension", Py::ListComprehension},
    {"dictionary_comprehension", Py::DictionaryComprehension},
    {"set_comprehension", Py::SetComprehension},
    {"generator_expression", Py::GeneratorExpression},
    {"for_in_clause", Py::ForInClause},
    {"if_clause", Py::IfClause},
    {"conditional_expression", Py::ConditionalExpression},
    {"lambda", Py::Lambda},
    {"expression_list", Py::ExpressionList},
    {"pattern_list", Py::PatternList},
    {"tuple_pattern", Py::TuplePattern},
    {"list_pattern", Py::ListPattern},
    {"slice", Py::Slice},
    {"yield", Py::Yield},
    {"await", Py::Await},
    {"list_splat_pattern", Py::ListSplatPattern},
    {"dictionary_splat_pattern", Py::DictionarySplatPattern},
    {"parameters", Py::Parameters},
    {"lambda_parameters", Py::LambdaParameters},
    {"default_parameter", Py::DefaultParameter},
    {"typed_parameter", Py::TypedParameter},
    {"typed_default_parameter", Py::TypedDefaultParameter},
    {"keyword_separator", Py::KeywordSeparator},
    {"positional_separator", Py::PositionalSeparator},
    {"as_pattern", Py::AsPattern},
    {"ERROR", Py::Error},
    {"comment", Py::Comment},
    {"print_statement", Py::PrintStatement},
    {"named_expression", Py::NamedExpression},
    {"ellipsis", Py::Ellipsis},
    {"match_statement", Py::MatchStatement},
    {"case_clause", Py::CaseClause},
};

}  // namespace python_nodes

struct PythonFrontend::Impl : TreeConverter<python_nodes::Py, PythonFrontend::Impl> {
  using Py = python_nodes::Py;
  TSParser* parser = nullptr;
  TSFieldId fName, fValue, fLeft, fRight, fFunction, fArguments, fObject, fAttribute, fBody, fCondition, fConsequence, fAlternative,
      fParameters, fOperator, fOperators, fArgument, fModuleName, fAlias, fDefinition, fSuperclasses, fSubscript, fKey;

  Impl() : TreeConverter(tree_sitter_python(), python_nodes::kKindNames) {
    parser = ts_parser_new();
    ts_parser_set_language(parser, lang);
    fName = fieldId("name");
    fValue = fieldId("value");
    fLeft = fieldId("left");
    fRight = fieldId("right");
    fFunction = fieldId("function");
    fArguments = fieldId("arguments");
    fObject = fieldId("object");
    fAttribute = fieldId("attribute");
    fBody = fieldId("body");
    fCondition = fieldId("condition");
    fConsequence = fieldId("consequence");
    fAlternative = fieldId("alternative");
    fParameters = fieldId("parameters");
    fOperator = fieldId("operator");
    fOperators = fieldId("operators");
    fArgument = fieldId("argument");
    fModuleName = fieldId("module_name");
    fAlias = fieldId("alias");
    fDefinition = fieldId("definition");
    fSuperclasses = fieldId("superclasses");
    fSubscript = fieldId("subscript");
    fKey = fieldId("key");
  }
  ~Impl() { ts_parser_delete(parser); }

  ExprId convert(TSNode n, uint32_t depth);
  ExprId starred(TSNode n, std::string_view star, uint32_t depth);
  ExprId convertCall(TSNode n, uint32_t depth);
  ExprId convertCompare(TSNode n, uint32_t depth);
  ExprId convertSubscript(TSNode n, uint32_t depth);
  ExprId convertComprehension(TSNode n, uint32_t depth);

  // ---- statements ----

  enum class Action : uint8_t { Statement, CloseFunction, CloseClass };
  struct Work : StatementWork<Action> {
    std::vector<ExprId>* decorators;
    // A decorated definition's statement owns its decorators' expressions, which are converted
    // before it; otherwise they would fall to the statement before (another test's last line).
    ExprId exprsFrom = kNone;
  };
  std::vector<Work> work;

  StmtId addStmt(StmtKind k, TSNode n, const Work& w) { return appendStmt(k, n, w.parent, w.depth, w.fn, w.cls, text(n), w.exprsFrom); }

  // Pushes the statements of a block (or a list of nodes) so they pop in source order.
  void pushBlock(TSNode block, StmtId parent, FunctionId fn, ClassId cls, uint16_t depth) {
    if (ts_node_is_null(block)) return;
    size_t start = gather(block, true);
    size_t end = scratch.size();
    for (size_t i = end; i > start; --i) work.push_back({Action::Statement, scratch[i - 1].node, parent, fn, cls, depth, 0, nullptr});
    scratch.resize(start);
  }

  bool isExpressionNode(Py k) const {
    switch (k) {
      case Py::Call:
      case Py::Attribute:
      case Py::Identifier:
      case Py::ComparisonOperator:
      case Py::BooleanOperator:
      case Py::NotOperator:
      case Py::BinaryOperator:
      case Py::Subscript: return true;
      default: return false;
    }
  }

  void walkStatements(TSNode root);
  void statement(const Work& w);
  void assignment(TSNode n, const Work& w);
  void moduleBoundByCall(TSNode target, TSNode value, FunctionId scope);
  void parameters(TSNode params, Function& fnOut);
  void functionDefinition(const Work& w);
  void classDefinition(const Work& w);
  std::string resolveRelative(std::string_view dots, std::string_view rest) const;
  void importStatement(TSNode n, FunctionId scope);
};

}  // namespace oalens::analyzer
