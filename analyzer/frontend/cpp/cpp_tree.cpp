#include "analyzer/frontend/cpp/cpp_tree.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <cstring>
#include <string>
#include <unordered_map>

#include "analyzer/core/text_lines.h"
#include "analyzer/frontend/ts_support.h"

extern "C" const TSLanguage* tree_sitter_cpp(void);

namespace oalens::analyzer {

namespace {
constexpr KindName<Cx> kKindNames[] = {
    {"translation_unit", Cx::TranslationUnit},
    {"compound_statement", Cx::CompoundStatement},
    {"expression_statement", Cx::ExpressionStatement},
    {"declaration", Cx::Declaration},
    {"field_declaration", Cx::FieldDeclaration},
    {"init_declarator", Cx::InitDeclarator},
    {"if_statement", Cx::IfStatement},
    {"else_clause", Cx::ElseClause},
    {"condition_clause", Cx::ConditionClause},
    {"for_statement", Cx::ForStatement},
    {"for_range_loop", Cx::ForRangeLoop},
    {"while_statement", Cx::WhileStatement},
    {"do_statement", Cx::DoStatement},
    {"return_statement", Cx::ReturnStatement},
    {"throw_statement", Cx::ThrowStatement},
    {"try_statement", Cx::TryStatement},
    {"catch_clause", Cx::CatchClause},
    {"switch_statement", Cx::SwitchStatement},
    {"case_statement", Cx::CaseStatement},
    {"labeled_statement", Cx::LabeledStatement},
    {"attributed_statement", Cx::AttributedStatement},
    {"function_definition", Cx::FunctionDefinition},
    {"function_declarator", Cx::FunctionDeclarator},
    {"operator_cast", Cx::OperatorCast},
    {"template_declaration", Cx::TemplateDeclaration},
    {"namespace_definition", Cx::NamespaceDefinition},
    {"linkage_specification", Cx::LinkageSpecification},
    {"class_specifier", Cx::ClassSpecifier},
    {"struct_specifier", Cx::StructSpecifier},
    {"union_specifier", Cx::UnionSpecifier},
    {"field_declaration_list", Cx::FieldDeclarationList},
    {"declaration_list", Cx::DeclarationList},
    {"base_class_clause", Cx::BaseClassClause},
    {"preproc_def", Cx::PreprocDef},
    {"preproc_function_def", Cx::PreprocFunctionDef},
    {"preproc_params", Cx::PreprocParams},
    {"preproc_if", Cx::PreprocIf},
    {"preproc_ifdef", Cx::PreprocIfdef},
    {"preproc_else", Cx::PreprocElse},
    {"preproc_elif", Cx::PreprocElif},
    {"preproc_elifdef", Cx::PreprocElifdef},
    {"preproc_arg", Cx::PreprocArg},
    {"parameter_list", Cx::ParameterList},
    {"parameter_declaration", Cx::ParameterDeclaration},
    {"optional_parameter_declaration", Cx::OptionalParameterDeclaration},
    {"variadic_parameter_declaration", Cx::VariadicParameterDeclaration},
    {"optional_type_parameter_declaration", Cx::OptionalTypeParameterDeclaration},
    {"reference_declarator", Cx::ReferenceDeclarator},
    {"pointer_declarator", Cx::PointerDeclarator},
    {"array_declarator", Cx::ArrayDeclarator},
    {"parenthesized_declarator", Cx::ParenthesizedDeclarator},
    {"structured_binding_declarator", Cx::StructuredBindingDeclarator},
    {"identifier", Cx::Identifier},
    {"field_identifier", Cx::FieldIdentifier},
    {"namespace_identifier", Cx::NamespaceIdentifier},
    {"type_identifier", Cx::TypeIdentifier},
    {"qualified_identifier", Cx::QualifiedIdentifier},
    {"template_function", Cx::TemplateFunction},
    {"template_type", Cx::TemplateType},
    {"template_method", Cx::TemplateMethod},
    {"field_expression", Cx::FieldExpression},
    {"call_expression", Cx::CallExpression},
    {"argument_list", Cx::ArgumentList},
    {"number_literal", Cx::NumberLiteral},
    {"string_literal", Cx::StringLiteral},
    {"raw_string_literal", Cx::RawStringLiteral},
    {"concatenated_string", Cx::ConcatenatedString},
    {"char_literal", Cx::CharLiteral},
    {"true", Cx::True},
    {"false", Cx::False},
    {"null", Cx::Null},
    {"this", Cx::This},
    {"binary_expression", Cx::BinaryExpression},
    {"unary_expression", Cx::UnaryExpression},
    {"pointer_expression", Cx::PointerExpression},
    {"update_expression", Cx::UpdateExpression},
    {"assignment_expression", Cx::AssignmentExpression},
    {"conditional_expression", Cx::ConditionalExpression},
    {"parenthesized_expression", Cx::ParenthesizedExpression},
    {"subscript_expression", Cx::SubscriptExpression},
    {"subscript_argument_list", Cx::SubscriptArgumentList},
    {"cast_expression", Cx::CastExpression},
    {"initializer_list", Cx::InitializerList},
    {"lambda_expression", Cx::LambdaExpression},
    {"comma_expression", Cx::CommaExpression},
    {"compound_literal_expression", Cx::CompoundLiteralExpression},
    {"parameter_pack_expansion", Cx::ParameterPackExpansion},
    {"user_defined_literal", Cx::UserDefinedLiteral},
    {"ERROR", Cx::Error},
    {"comment", Cx::Comment},
};

// The model spells booleans and boolean operators as Python does, so that one resolver and one
// assertion finder read both languages.
constexpr std::string_view kTrue = "True", kFalse = "False", kAnd = "and", kOr = "or", kNot = "not";

bool isComparison(std::string_view op) { return op == "<" || op == "<=" || op == ">" || op == ">=" || op == "==" || op == "!="; }

}  // namespace

CppTree::CppTree() : TreeConverter(tree_sitter_cpp(), kKindNames) {
  fName = fieldId("name");
  fValue = fieldId("value");
  fLeft = fieldId("left");
  fRight = fieldId("right");
  fFunction = fieldId("function");
  fArguments = fieldId("arguments");
  fArgument = fieldId("argument");
  fField = fieldId("field");
  fBody = fieldId("body");
  fCondition = fieldId("condition");
  fConsequence = fieldId("consequence");
  fAlternative = fieldId("alternative");
  fParameters = fieldId("parameters");
  fOperator = fieldId("operator");
  fDeclarator = fieldId("declarator");
  fType = fieldId("type");
  fScope = fieldId("scope");
  fInitializer = fieldId("initializer");
  fDefaultValue = fieldId("default_value");
  fIndices = fieldId("indices");
  fPattern = fieldId("pattern");
}

std::vector<ChildRef> CppTree::children(TSNode n, bool namedOnly) {
  size_t start = gather(n, namedOnly);
  std::vector<ChildRef> out(scratch.begin() + static_cast<long>(start), scratch.end());
  scratch.resize(start);
  return out;
}

TSNode CppTree::firstNamed(TSNode n) {
  size_t start = gather(n, true);
  TSNode out = scratch.size() > start ? scratch[start].node : TSNode{};
  scratch.resize(start);
  return out;
}

// The last name of a qualified name's part: `foo` of `foo<T>`, `Bar` of `Bar<int>`.
std::string_view CppTree::baseName(TSNode n) {
  const Cx k = kind(n);
  if (k == Cx::TemplateFunction || k == Cx::TemplateType || k == Cx::TemplateMethod) {
    TSNode nm = field(n, fName);
    if (!ts_node_is_null(nm)) return text(nm);
  }
  return text(n);
}

// a::b::c -> Attribute(Attribute(Name a, b), c); ::x -> Name x.
ExprId CppTree::qualified(TSNode n, uint32_t depth) {
  std::vector<TSNode> scopes;
  TSNode cur = n;
  while (kind(cur) == Cx::QualifiedIdentifier) {
    TSNode scope = field(cur, fScope);
    if (!ts_node_is_null(scope)) scopes.push_back(scope);
    TSNode next = field(cur, fName);
    if (ts_node_is_null(next)) return newExpr(ExprKind::Other, n);
    cur = next;
  }
  if (scopes.empty()) {
    ExprId id = convert(cur, depth + 1);
    m->exprs[id].text = text(n);
    m->exprs[id].range = rangeOf(n);
    return id;
  }
  ExprId chain = newExpr(ExprKind::Name, scopes[0], baseName(scopes[0]));
  for (size_t i = 1; i <= scopes.size(); ++i) {
    TSNode part = i < scopes.size() ? scopes[i] : cur;
    idStack.push_back(chain);
    size_t mark = idStack.size() - 1;
    chain = newExpr(ExprKind::Attribute, part, baseName(part));
    Expr& e = m->exprs[chain];
    e.text = span(scopes[0], part);
    e.range = rangeOf(part);
    e.range.startByte = ts_node_start_byte(scopes[0]);
    TSPoint s = ts_node_start_point(scopes[0]);
    e.range.start = {s.row + 1, s.column + 1};
    setChildren(chain, mark);
  }
  m->exprs[chain].text = text(n);
  return chain;
}

ExprId CppTree::call(TSNode n, uint32_t depth) {
  size_t mark = idStack.size();
  TSNode fn = field(n, fFunction);
  if (ts_node_is_null(fn)) idStack.push_back(newExpr(ExprKind::Other, n));
  else if (const std::string_view named = macroNamedCallee(fn); !named.empty()) idStack.push_back(newExpr(ExprKind::Name, fn, named));
  else idStack.push_back(convert(fn, depth + 1));
  TSNode args = field(n, fArguments);
  if (!ts_node_is_null(args))
    for (const ChildRef& c : children(args)) idStack.push_back(convert(c.node, depth + 1));
  ExprId id = newExpr(ExprKind::Call, n);
  setChildren(id, mark);
  return id;
}

std::string_view CppTree::macroNamedCallee(TSNode callee) {
  if (kind(callee) != Cx::CallExpression) return {};
  const TSNode macro = field(callee, fFunction);
  if (kind(macro) != Cx::Identifier) return {};
  if (!calleeMacros) {
    // `#define NAME(params) a::b::name<...>` (the name on the next line after a `\`), the name none
    // of the parameters.
    static const RE2 define(
        R"((?m)^[ \t]*#[ \t]*define[ \t]+(\w+)\(([^)\n]*)\)(?:[ \t]|\\\r?\n)+(?:\w+[ \t]*::[ \t]*)*(\w+)[ \t]*(?:<[^\n]*>)?[ \t]*$)");
    calleeMacros.emplace();
    re2::StringPiece rest(src, m->source->size()), name, params, target;
    while (RE2::FindAndConsume(&rest, define, &name, &params, &target)) {
      bool isParameter = false;
      for (std::string_view p(params.data(), params.size()); !p.empty();) {
        const size_t comma = p.find(',');
        isParameter |= trimmedLine(p.substr(0, comma)) == std::string_view(target.data(), target.size());
        p = comma == std::string_view::npos ? std::string_view() : p.substr(comma + 1);
      }
      if (!isParameter)
        calleeMacros->emplace_back(std::string_view(name.data(), name.size()), std::string_view(target.data(), target.size()));
    }
  }
  const std::string_view called = text(macro);
  for (const auto& [name, target] : *calleeMacros)
    if (name == called) return target;
  return {};
}

ExprId CppTree::binary(TSNode n, uint32_t depth) {
  TSNode op = field(n, fOperator);
  std::string_view o = ts_node_is_null(op) ? "" : text(op);
  if (isComparison(o)) {
    size_t mark = idStack.size();
    idStack.push_back(convert(field(n, fLeft), depth + 1));
    idStack.push_back(convert(field(n, fRight), depth + 1));
    // After the operands: an operand holding a comparison of its own (`(a < b) == c`) pushes
    // its operator first.
    const uint32_t firstOp = static_cast<uint32_t>(m->compareOps.size());
    m->compareOps.push_back(o);
    ExprId id = newExpr(ExprKind::Compare, n);
    m->exprs[id].firstOp = firstOp;
    setChildren(id, mark);
    return id;
  }
  if (o == "&&" || o == "and") return withChildren(ExprKind::BoolOp, n, kAnd, {field(n, fLeft), field(n, fRight)}, depth);
  if (o == "||" || o == "or") return withChildren(ExprKind::BoolOp, n, kOr, {field(n, fLeft), field(n, fRight)}, depth);
  return withChildren(ExprKind::BinaryOp, n, o, {field(n, fLeft), field(n, fRight)}, depth);
}

ExprId CppTree::subscript(TSNode n, uint32_t depth) {
  size_t mark = idStack.size();
  idStack.push_back(convert(field(n, fArgument), depth + 1));
  TSNode indices = field(n, fIndices);
  size_t indexMark = idStack.size();
  if (!ts_node_is_null(indices))
    for (const ChildRef& c : children(indices)) idStack.push_back(convert(c.node, depth + 1));
  if (idStack.size() - indexMark > 1) {  // a[i, j] (C++23)
    ExprId tup = newExpr(ExprKind::Tuple, indices);
    setChildren(tup, indexMark);
    idStack.push_back(tup);
  }
  ExprId id = newExpr(ExprKind::Subscript, n);
  setChildren(id, mark);
  return id;
}

ExprId CppTree::convert(TSNode n, uint32_t depth) {
  if (ts_node_is_null(n)) return newExprAtNull();
  if (tooDeep(n, depth)) return newExpr(ExprKind::Other, n);
  switch (kind(n)) {
    case Cx::Identifier:
    case Cx::FieldIdentifier:
    case Cx::NamespaceIdentifier:
    case Cx::TypeIdentifier:
    case Cx::This: return newExpr(ExprKind::Name, n, text(n));
    case Cx::TemplateFunction:
    case Cx::TemplateType:
    case Cx::TemplateMethod: return newExpr(ExprKind::Name, n, baseName(n));
    case Cx::QualifiedIdentifier: return qualified(n, depth);
    case Cx::FieldExpression: {
      TSNode f = field(n, fField);
      return withChildren(ExprKind::Attribute, n, ts_node_is_null(f) ? std::string_view{} : baseName(f), {field(n, fArgument)}, depth);
    }
    case Cx::CallExpression: return call(n, depth);
    case Cx::NumberLiteral:
    case Cx::UserDefinedLiteral: return newExpr(ExprKind::Number, n, text(n));
    case Cx::StringLiteral:
    case Cx::RawStringLiteral:
    case Cx::ConcatenatedString:
    case Cx::CharLiteral: return newExpr(ExprKind::String, n);
    case Cx::True: return newExpr(ExprKind::Bool, n, kTrue);
    case Cx::False: return newExpr(ExprKind::Bool, n, kFalse);
    case Cx::Null: return newExpr(ExprKind::NoneLit, n);
    case Cx::BinaryExpression: return binary(n, depth);
    case Cx::UnaryExpression: {
      TSNode op = field(n, fOperator);
      std::string_view o = ts_node_is_null(op) ? "" : text(op);
      if (o == "!" || o == "not") return withChildren(ExprKind::Not, n, kNot, {field(n, fArgument)}, depth);
      return withChildren(ExprKind::UnaryOp, n, o, {field(n, fArgument)}, depth);
    }
    case Cx::PointerExpression: {
      TSNode op = field(n, fOperator);
      std::string_view o = ts_node_is_null(op) ? "" : text(op);
      // *(data + i) is data[i]: an element, not a formula the test computes.
      TSNode arg = field(n, fArgument);
      while (kind(arg) == Cx::ParenthesizedExpression) arg = firstNamed(arg);
      if (o == "*" && kind(arg) == Cx::BinaryExpression) {
        TSNode plus = field(arg, fOperator);
        if (!ts_node_is_null(plus) && text(plus) == "+")
          return withChildren(ExprKind::Subscript, n, {}, {field(arg, fLeft), field(arg, fRight)}, depth);
      }
      return withChildren(ExprKind::UnaryOp, n, o, {field(n, fArgument)}, depth);
    }
    case Cx::ConditionalExpression:
      return withChildren(ExprKind::Conditional, n, {}, {field(n, fConsequence), field(n, fCondition), field(n, fAlternative)}, depth);
    case Cx::ParenthesizedExpression: {
      TSNode inner = firstNamed(n);
      return ts_node_is_null(inner) ? newExpr(ExprKind::Other, n) : convert(inner, depth + 1);
    }
    case Cx::AssignmentExpression: {
      // `(err = max(abs(a - b))) < tol`: inside an expression an assignment is the value it
      // assigns. (An assignment statement is read by the frontend before it gets here.)
      TSNode op = field(n, fOperator), right = field(n, fRight);
      if (ts_node_is_null(op) || text(op) != "=" || ts_node_is_null(right)) return newExpr(ExprKind::Other, n);
      return convert(right, depth + 1);
    }
    case Cx::SubscriptExpression: return subscript(n, depth);
    case Cx::CastExpression: {
      TSNode v = field(n, fValue);
      return ts_node_is_null(v) ? newExpr(ExprKind::Other, n) : convert(v, depth + 1);
    }
    case Cx::InitializerList: return sequence(ExprKind::List, n, depth);
    case Cx::CommaExpression: return withChildren(ExprKind::Tuple, n, {}, {field(n, fLeft), field(n, fRight)}, depth);
    case Cx::CompoundLiteralExpression: {  // Type{a, b}: a construction, read as a call
      size_t mark = idStack.size();
      idStack.push_back(convert(field(n, fType), depth + 1));
      TSNode v = field(n, fValue);
      if (!ts_node_is_null(v))
        for (const ChildRef& c : children(v)) idStack.push_back(convert(c.node, depth + 1));
      ExprId id = newExpr(ExprKind::Call, n);
      setChildren(id, mark);
      return id;
    }
    case Cx::ParameterPackExpansion: {  // `(Check<T>(x), 0)...`: the pattern, once
      TSNode pattern = field(n, fPattern);
      return ts_node_is_null(pattern) ? newExpr(ExprKind::Other, n) : convert(pattern, depth + 1);
    }
    case Cx::LambdaExpression: {
      TSNode body = field(n, fBody);
      if (!ts_node_is_null(body)) lambdaBodies.push_back(body);
      return newExpr(ExprKind::Lambda, n);
    }
    default: return newExpr(ExprKind::Other, n);
  }
}
ExprId CppTree::newExprAtNull() {
  Expr e;
  e.kind = ExprKind::Other;
  m->exprs.push_back(e);
  return static_cast<ExprId>(m->exprs.size() - 1);
}

}  // namespace oalens::analyzer
