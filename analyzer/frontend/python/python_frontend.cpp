// Python frontend on tree-sitter-python. Statements are walked with an explicit work stack, so
// 5,000 nested blocks cost heap, not stack; expressions are converted recursively under the
// ParseBudget's nesting cap. Children are gathered with one reused TSTreeCursor because
// ts_node_child(i) is linear in i and a 10,000-element literal would make the walk quadratic.
// Tuned for test files of 1-500 KiB: the conversion costs a fraction of the parse itself.
#include "analyzer/frontend/python/python_frontend.h"

#include "analyzer/frontend/tree_converter.h"
#include "analyzer/frontend/ts_support.h"

#include <fmt/format.h>
#include <tree_sitter/api.h>

#include <cstring>
#include <unordered_map>

extern "C" const TSLanguage* tree_sitter_python(void);

namespace oalens::analyzer {

namespace {

enum class Py : uint8_t {
  Unknown, Module, Block, ExpressionStatement, AssertStatement, ReturnStatement, IfStatement,
  ElifClause, ElseClause, ForStatement, WhileStatement, WithStatement, WithClause, WithItem,
  TryStatement, ExceptClause, FinallyClause, FunctionDefinition, ClassDefinition,
  DecoratedDefinition, Decorator, ImportStatement, ImportFromStatement, FutureImportStatement,
  AliasedImport, DottedName, RelativeImport, ImportPrefix, WildcardImport, RaiseStatement,
  Assignment, AugmentedAssignment, Call, ArgumentList, KeywordArgument, ListSplat,
  DictionarySplat, Attribute, Identifier, Integer, Float, String, ConcatenatedString, True,
  False, None, BinaryOperator, UnaryOperator, ComparisonOperator, BooleanOperator, NotOperator,
  ParenthesizedExpression, Subscript, Tuple, List, Set, Dictionary, Pair, ListComprehension,
  DictionaryComprehension, SetComprehension, GeneratorExpression, ForInClause, IfClause,
  ConditionalExpression, Lambda, ExpressionList, PatternList, TuplePattern, ListPattern, Slice,
  Yield, Await, ListSplatPattern, DictionarySplatPattern, Parameters, LambdaParameters,
  DefaultParameter, TypedParameter, TypedDefaultParameter, KeywordSeparator, PositionalSeparator,
  AsPattern, Error, Comment, PrintStatement, NamedExpression, Ellipsis, MatchStatement, CaseClause,
};

constexpr KindName<Py> kKindNames[] = {
    {"module", Py::Module}, {"block", Py::Block}, {"expression_statement", Py::ExpressionStatement},
    {"assert_statement", Py::AssertStatement}, {"return_statement", Py::ReturnStatement},
    {"if_statement", Py::IfStatement}, {"elif_clause", Py::ElifClause}, {"else_clause", Py::ElseClause},
    {"for_statement", Py::ForStatement}, {"while_statement", Py::WhileStatement},
    {"with_statement", Py::WithStatement}, {"with_clause", Py::WithClause}, {"with_item", Py::WithItem},
    {"try_statement", Py::TryStatement}, {"except_clause", Py::ExceptClause},
    {"finally_clause", Py::FinallyClause}, {"function_definition", Py::FunctionDefinition},
    {"class_definition", Py::ClassDefinition}, {"decorated_definition", Py::DecoratedDefinition},
    {"decorator", Py::Decorator}, {"import_statement", Py::ImportStatement},
    {"import_from_statement", Py::ImportFromStatement},
    {"future_import_statement", Py::FutureImportStatement}, {"aliased_import", Py::AliasedImport},
    {"dotted_name", Py::DottedName}, {"relative_import", Py::RelativeImport},
    {"import_prefix", Py::ImportPrefix}, {"wildcard_import", Py::WildcardImport},
    {"raise_statement", Py::RaiseStatement}, {"assignment", Py::Assignment},
    {"augmented_assignment", Py::AugmentedAssignment}, {"call", Py::Call},
    {"argument_list", Py::ArgumentList}, {"keyword_argument", Py::KeywordArgument},
    {"list_splat", Py::ListSplat}, {"dictionary_splat", Py::DictionarySplat},
    {"attribute", Py::Attribute}, {"identifier", Py::Identifier}, {"integer", Py::Integer},
    {"float", Py::Float}, {"string", Py::String}, {"concatenated_string", Py::ConcatenatedString},
    {"true", Py::True}, {"false", Py::False}, {"none", Py::None},
    {"binary_operator", Py::BinaryOperator}, {"unary_operator", Py::UnaryOperator},
    {"comparison_operator", Py::ComparisonOperator}, {"boolean_operator", Py::BooleanOperator},
    {"not_operator", Py::NotOperator}, {"parenthesized_expression", Py::ParenthesizedExpression},
    {"subscript", Py::Subscript}, {"tuple", Py::Tuple}, {"list", Py::List}, {"set", Py::Set},
    {"dictionary", Py::Dictionary}, {"pair", Py::Pair}, {"list_comprehension", Py::ListComprehension},
    {"dictionary_comprehension", Py::DictionaryComprehension},
    {"set_comprehension", Py::SetComprehension}, {"generator_expression", Py::GeneratorExpression},
    {"for_in_clause", Py::ForInClause}, {"if_clause", Py::IfClause},
    {"conditional_expression", Py::ConditionalExpression}, {"lambda", Py::Lambda},
    {"expression_list", Py::ExpressionList}, {"pattern_list", Py::PatternList},
    {"tuple_pattern", Py::TuplePattern}, {"list_pattern", Py::ListPattern}, {"slice", Py::Slice},
    {"yield", Py::Yield}, {"await", Py::Await}, {"list_splat_pattern", Py::ListSplatPattern},
    {"dictionary_splat_pattern", Py::DictionarySplatPattern}, {"parameters", Py::Parameters},
    {"lambda_parameters", Py::LambdaParameters}, {"default_parameter", Py::DefaultParameter},
    {"typed_parameter", Py::TypedParameter}, {"typed_default_parameter", Py::TypedDefaultParameter},
    {"keyword_separator", Py::KeywordSeparator}, {"positional_separator", Py::PositionalSeparator},
    {"as_pattern", Py::AsPattern}, {"ERROR", Py::Error}, {"comment", Py::Comment},
    {"print_statement", Py::PrintStatement}, {"named_expression", Py::NamedExpression},
    {"ellipsis", Py::Ellipsis}, {"match_statement", Py::MatchStatement},
    {"case_clause", Py::CaseClause},
};

}  // namespace

struct PythonFrontend::Impl : TreeConverter<Py, PythonFrontend::Impl> {
  TSParser* parser = nullptr;
  TSFieldId fName, fValue, fLeft, fRight, fFunction, fArguments, fObject, fAttribute, fBody,
      fCondition, fConsequence, fAlternative, fParameters, fOperator, fOperators, fArgument,
      fModuleName, fAlias, fDefinition, fSuperclasses, fSubscript, fKey;
  FunctionId currentFunction = kNone;

  Impl() : TreeConverter(tree_sitter_python(), kKindNames) {
    parser = ts_parser_new();
    ts_parser_set_language(parser, lang);
    fName = fieldId("name"); fValue = fieldId("value"); fLeft = fieldId("left"); fRight = fieldId("right");
    fFunction = fieldId("function"); fArguments = fieldId("arguments"); fObject = fieldId("object");
    fAttribute = fieldId("attribute"); fBody = fieldId("body"); fCondition = fieldId("condition");
    fConsequence = fieldId("consequence"); fAlternative = fieldId("alternative");
    fParameters = fieldId("parameters"); fOperator = fieldId("operator"); fOperators = fieldId("operators");
    fArgument = fieldId("argument"); fModuleName = fieldId("module_name"); fAlias = fieldId("alias");
    fDefinition = fieldId("definition"); fSuperclasses = fieldId("superclasses");
    fSubscript = fieldId("subscript"); fKey = fieldId("key");
  }
  ~Impl() { ts_parser_delete(parser); }

  ExprId convert(TSNode n, uint32_t depth) {
    if (tooDeep(n, depth)) return newExpr(ExprKind::Other, n);
    switch (kind(n)) {
      case Py::Identifier: return newExpr(ExprKind::Name, n, text(n));
      case Py::Integer:
      case Py::Float: return newExpr(ExprKind::Number, n, text(n));
      case Py::String:
      case Py::ConcatenatedString: return newExpr(ExprKind::String, n);
      case Py::True:
      case Py::False: return newExpr(ExprKind::Bool, n, text(n));
      case Py::None: return newExpr(ExprKind::NoneLit, n);
      case Py::ParenthesizedExpression: {
        size_t start = gather(n, true);
        TSNode inner = scratch.size() > start ? scratch[start].node : TSNode{};
        scratch.resize(start);
        if (ts_node_is_null(inner)) return newExpr(ExprKind::Other, n);
        return convert(inner, depth + 1);
      }
      case Py::Attribute: {
        TSNode attr = field(n, fAttribute);
        return withChildren(ExprKind::Attribute, n, ts_node_is_null(attr) ? std::string_view{} : text(attr),
                                {field(n, fObject)}, depth);
      }
      case Py::Call: return convertCall(n, depth);
      case Py::BinaryOperator: {
        TSNode op = field(n, fOperator);
        return withChildren(ExprKind::BinaryOp, n, ts_node_is_null(op) ? "" : text(op),
                                {field(n, fLeft), field(n, fRight)}, depth);
      }
      case Py::UnaryOperator: {
        TSNode op = field(n, fOperator);
        return withChildren(ExprKind::UnaryOp, n, ts_node_is_null(op) ? "" : text(op), {field(n, fArgument)}, depth);
      }
      case Py::BooleanOperator: {
        TSNode op = field(n, fOperator);
        return withChildren(ExprKind::BoolOp, n, ts_node_is_null(op) ? "" : text(op),
                                {field(n, fLeft), field(n, fRight)}, depth);
      }
      case Py::NotOperator: return withChildren(ExprKind::Not, n, "not", {field(n, fArgument)}, depth);
      case Py::ComparisonOperator: return convertCompare(n, depth);
      case Py::Subscript: return convertSubscript(n, depth);
      case Py::Tuple:
      case Py::ExpressionList:
      case Py::PatternList:
      case Py::TuplePattern: return sequence(ExprKind::Tuple, n, depth);
      case Py::List:
      case Py::ListPattern: return sequence(ExprKind::List, n, depth);
      case Py::Set: return sequence(ExprKind::Set, n, depth);
      case Py::Dictionary: {
        size_t mark = idStack.size();
        size_t start = gather(n, true);
        size_t end = scratch.size();
        for (size_t i = start; i < end; ++i) {
          TSNode c = scratch[i].node;
          if (kind(c) == Py::Pair) {
            idStack.push_back(convert(field(c, fKey), depth + 1));
            idStack.push_back(convert(field(c, fValue), depth + 1));
          }
        }
        scratch.resize(start);
        ExprId id = newExpr(ExprKind::Dict, n);
        setChildren(id, mark);
        return id;
      }
      case Py::ListComprehension:
      case Py::SetComprehension:
      case Py::GeneratorExpression:
      case Py::DictionaryComprehension: return convertComprehension(n, depth);
      case Py::ConditionalExpression: return sequence(ExprKind::Conditional, n, depth);
      case Py::Lambda: return withChildren(ExprKind::Lambda, n, {}, {field(n, fBody)}, depth);
      case Py::ListSplat:
      case Py::ListSplatPattern: return starred(n, "*", depth);
      case Py::DictionarySplat:
      case Py::DictionarySplatPattern: return starred(n, "**", depth);
      case Py::Slice: return sequence(ExprKind::Slice, n, depth);
      case Py::KeywordArgument: {
        TSNode name = field(n, fName);
        return withChildren(ExprKind::Keyword, n, ts_node_is_null(name) ? "" : text(name), {field(n, fValue)}, depth);
      }
      case Py::Yield:
        if (currentFunction != kNone) m->functions[currentFunction].isGenerator = true;
        return sequence(ExprKind::Other, n, depth);
      case Py::Assignment:  // only reached inside odd recoveries; keep the value
      case Py::NamedExpression: return sequence(ExprKind::Other, n, depth);
      case Py::AsPattern: {
        size_t start = gather(n, true);
        TSNode inner = scratch.size() > start ? scratch[start].node : TSNode{};
        scratch.resize(start);
        return ts_node_is_null(inner) ? newExpr(ExprKind::Other, n) : convert(inner, depth + 1);
      }
      default: return newExpr(ExprKind::Other, n);
    }
  }

  ExprId starred(TSNode n, std::string_view star, uint32_t depth) {
    size_t start = gather(n, true);
    TSNode inner = scratch.size() > start ? scratch[start].node : TSNode{};
    scratch.resize(start);
    return withChildren(ExprKind::Starred, n, star, {inner}, depth);
  }

  ExprId convertCall(TSNode n, uint32_t depth) {
    size_t mark = idStack.size();
    TSNode fn = field(n, fFunction);
    idStack.push_back(ts_node_is_null(fn) ? newExpr(ExprKind::Other, n) : convert(fn, depth + 1));
    TSNode args = field(n, fArguments);
    if (!ts_node_is_null(args)) {
      if (kind(args) == Py::ArgumentList) {
        size_t start = gather(args, true);
        size_t end = scratch.size();
        for (size_t i = start; i < end; ++i) idStack.push_back(convert(scratch[i].node, depth + 1));
        scratch.resize(start);
      } else {
        idStack.push_back(convert(args, depth + 1));  // f(x for x in y)
      }
    }
    ExprId id = newExpr(ExprKind::Call, n);
    setChildren(id, mark);
    return id;
  }

  ExprId convertCompare(TSNode n, uint32_t depth) {
    size_t mark = idStack.size();
    // The operators are kept aside until the operands are converted: an operand may hold a
    // comparison of its own (a comprehension's filter, a parenthesised compare), whose
    // operators must not land between this one's.
    std::vector<std::string_view> ops;
    size_t start = gather(n, false);
    size_t end = scratch.size();
    for (size_t i = start; i < end; ++i) {
      const ChildRef c = scratch[i];
      if (c.field == fOperators) {
        // "not in" and "is not" arrive as two tokens; join them into one operator.
        std::string_view t = text(c.node);
        if (!ops.empty() && idStack.size() - mark == ops.size()) {
          std::string_view& prev = ops.back();
          prev = std::string_view(prev.data(), static_cast<size_t>(t.data() + t.size() - prev.data()));
        } else {
          ops.push_back(t);
        }
      } else if (ts_node_is_named(c.node)) {
        idStack.push_back(convert(c.node, depth + 1));
      }
    }
    scratch.resize(start);
    // Error recovery can leave operands and operators that do not alternate (`a junk is b`
    // gives three operands and one operator): that is no comparison to read, and readers
    // index the operators by the operands.
    if (ops.size() + 1 != idStack.size() - mark) {
      ExprId id = newExpr(ExprKind::Other, n);
      setChildren(id, mark);
      return id;
    }
    ExprId id = newExpr(ExprKind::Compare, n);
    m->exprs[id].firstOp = static_cast<uint32_t>(m->compareOps.size());
    m->compareOps.insert(m->compareOps.end(), ops.begin(), ops.end());
    setChildren(id, mark);
    return id;
  }

  ExprId convertSubscript(TSNode n, uint32_t depth) {
    size_t mark = idStack.size();
    idStack.push_back(convert(field(n, fValue), depth + 1));
    size_t start = gather(n, false);
    size_t end = scratch.size();
    size_t indexMark = idStack.size();
    for (size_t i = start; i < end; ++i)
      if (scratch[i].field == fSubscript) idStack.push_back(convert(scratch[i].node, depth + 1));
    scratch.resize(start);
    if (idStack.size() - indexMark > 1) {  // a[i, j]: one Tuple index
      ExprId tup = newExpr(ExprKind::Tuple, n);
      setChildren(tup, indexMark);
      idStack.push_back(tup);
    }
    ExprId id = newExpr(ExprKind::Subscript, n);
    setChildren(id, mark);
    return id;
  }

  ExprId convertComprehension(TSNode n, uint32_t depth) {
    size_t mark = idStack.size();
    TSNode body = field(n, fBody);
    idStack.push_back(ts_node_is_null(body) ? newExpr(ExprKind::Other, n) : convert(body, depth + 1));
    size_t start = gather(n, true);
    size_t end = scratch.size();
    for (size_t i = start; i < end; ++i) {
      TSNode c = scratch[i].node;
      // A filter (`if x != np.nan`) is converted into the statement's expressions, where lint
      // and the call-graph passes see it, but is not a child: the children stay the element
      // and the (target, iterable) pairs.
      if (kind(c) == Py::IfClause && ts_node_named_child_count(c) > 0) convert(ts_node_named_child(c, 0), depth + 1);
      if (kind(c) != Py::ForInClause) continue;
      idStack.push_back(convert(field(c, fLeft), depth + 1));
      idStack.push_back(convert(field(c, fRight), depth + 1));
    }
    scratch.resize(start);
    ExprId id = newExpr(ExprKind::Comprehension, n);
    setChildren(id, mark);
    return id;
  }

  // ---- statements ----

  enum class Action : uint8_t { Statement, CloseFunction, CloseClass };
  struct Work {
    Action action;
    TSNode node;
    StmtId parent;
    FunctionId fn;
    ClassId cls;
    uint16_t depth;
    uint32_t index;  // function or class to close
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
      case Py::Call: case Py::Attribute: case Py::Identifier: case Py::ComparisonOperator:
      case Py::BooleanOperator: case Py::NotOperator: case Py::BinaryOperator: case Py::Subscript:
        return true;
      default: return false;
    }
  }

  void walkStatements(TSNode root) {
    work.clear();
    pushBlock(root, kNone, kNone, kNone, 0);
    while (!work.empty()) {
      Work w = work.back();
      work.pop_back();
      if (w.action == Action::CloseFunction) {
        m->functions[w.index].endStmt = static_cast<StmtId>(m->stmts.size());
        currentFunction = w.fn;
        continue;
      }
      if (w.action == Action::CloseClass) continue;
      currentFunction = w.fn;
      statement(w);
    }
  }

  void statement(const Work& w) {
    TSNode n = w.node;
    const uint16_t inner = static_cast<uint16_t>(w.depth + 1);
    switch (kind(n)) {
      case Py::ExpressionStatement: {
        size_t start = gather(n, true);
        size_t count = scratch.size() - start;
        TSNode first = count ? scratch[start].node : TSNode{};
        scratch.resize(start);
        if (count == 0) return;
        Py fk = kind(first);
        if (count == 1 && fk == Py::Assignment) return assignment(first, w);
        if (count == 1 && fk == Py::AugmentedAssignment) {
          StmtId s = addStmt(StmtKind::AugAssign, n, w);
          TSNode op = field(first, fOperator);
          ExprId a = convert(field(first, fLeft), 0);
          ExprId b = convert(field(first, fRight), 0);
          Stmt& st = m->stmts[s];
          st.a = a;
          st.b = b;
          st.op = ts_node_is_null(op) ? "" : text(op);
          return;
        }
        StmtId s = addStmt(StmtKind::ExprStmt, n, w);
        ExprId e = count == 1 ? convert(first, 0) : sequence(ExprKind::Tuple, n, 0);
        m->stmts[s].a = e;
        return;
      }
      case Py::AssertStatement: {
        StmtId s = addStmt(StmtKind::Assert, n, w);
        size_t start = gather(n, true);
        size_t count = scratch.size() - start;
        TSNode test = count > 0 ? scratch[start].node : TSNode{};
        TSNode msg = count > 1 ? scratch[start + 1].node : TSNode{};
        scratch.resize(start);
        ExprId a = ts_node_is_null(test) ? kNone : convert(test, 0);
        ExprId b = ts_node_is_null(msg) ? kNone : convert(msg, 0);
        m->stmts[s].a = a;
        m->stmts[s].b = b;
        return;
      }
      case Py::ReturnStatement: {
        StmtId s = addStmt(StmtKind::Return, n, w);
        size_t start = gather(n, true);
        TSNode v = scratch.size() > start ? scratch[start].node : TSNode{};
        scratch.resize(start);
        if (!ts_node_is_null(v)) {
          ExprId a = convert(v, 0);
          m->stmts[s].a = a;
        }
        return;
      }
      case Py::RaiseStatement: {
        StmtId s = addStmt(StmtKind::Raise, n, w);
        size_t start = gather(n, true);
        TSNode v = scratch.size() > start ? scratch[start].node : TSNode{};
        scratch.resize(start);
        if (!ts_node_is_null(v)) {
          ExprId a = convert(v, 0);
          m->stmts[s].a = a;
        }
        return;
      }
      case Py::IfStatement:
      case Py::ElifClause: {
        StmtId s = addStmt(StmtKind::If, n, w);
        m->stmts[s].isElif = kind(n) == Py::ElifClause;
        ExprId c = convert(field(n, fCondition), 0);
        m->stmts[s].a = c;
        // Alternatives are siblings of the if; pushed first so they pop after the body.
        if (kind(n) == Py::IfStatement) {
          size_t start = gather(n, false);
          size_t end = scratch.size();
          for (size_t i = end; i > start; --i)
            if (scratch[i - 1].field == fAlternative)
              work.push_back({Action::Statement, scratch[i - 1].node, w.parent, w.fn, w.cls, w.depth, 0, nullptr});
          scratch.resize(start);
        }
        pushBlock(field(n, fConsequence), s, w.fn, w.cls, inner);
        return;
      }
      case Py::ElseClause:
      case Py::FinallyClause: {
        StmtId s = addStmt(kind(n) == Py::ElseClause ? StmtKind::Else : StmtKind::Other, n, w);
        TSNode body = field(n, fBody);
        if (ts_node_is_null(body)) {  // finally_clause has no field: its block is a child
          size_t start = gather(n, true);
          for (size_t i = start; i < scratch.size(); ++i)
            if (kind(scratch[i].node) == Py::Block) body = scratch[i].node;
          scratch.resize(start);
        }
        pushBlock(body, s, w.fn, w.cls, inner);
        return;
      }
      case Py::ForStatement:
      case Py::WhileStatement: {
        const bool isFor = kind(n) == Py::ForStatement;
        StmtId s = addStmt(isFor ? StmtKind::For : StmtKind::While, n, w);
        if (isFor) {
          ExprId a = convert(field(n, fLeft), 0);
          ExprId b = convert(field(n, fRight), 0);
          m->stmts[s].a = a;
          m->stmts[s].b = b;
        } else {
          ExprId a = convert(field(n, fCondition), 0);
          m->stmts[s].a = a;
        }
        TSNode alt = field(n, fAlternative);
        if (!ts_node_is_null(alt)) work.push_back({Action::Statement, alt, w.parent, w.fn, w.cls, w.depth, 0, nullptr});
        pushBlock(field(n, fBody), s, w.fn, w.cls, inner);
        return;
      }
      case Py::WithStatement: {
        StmtId s = addStmt(StmtKind::With, n, w);
        size_t mark = idStack.size();
        size_t start = gather(n, true);
        size_t end = scratch.size();
        std::vector<TSNode> items;
        for (size_t i = start; i < end; ++i) {
          if (kind(scratch[i].node) != Py::WithClause) continue;
          size_t s2 = gather(scratch[i].node, true);
          for (size_t k = s2; k < scratch.size(); ++k)
            if (kind(scratch[k].node) == Py::WithItem) items.push_back(field(scratch[k].node, fValue));
          scratch.resize(s2);
        }
        scratch.resize(start);
        for (TSNode it : items) idStack.push_back(ts_node_is_null(it) ? newExpr(ExprKind::Other, n) : convert(it, 0));
        ExprId tup = newExpr(ExprKind::Tuple, n);
        setChildren(tup, mark);
        m->stmts[s].a = tup;
        pushBlock(field(n, fBody), s, w.fn, w.cls, inner);
        return;
      }
      case Py::TryStatement: {
        StmtId s = addStmt(StmtKind::Try, n, w);
        size_t start = gather(n, true);
        size_t end = scratch.size();
        for (size_t i = end; i > start; --i) {
          Py k = kind(scratch[i - 1].node);
          if (k == Py::ExceptClause || k == Py::ElseClause || k == Py::FinallyClause)
            work.push_back({Action::Statement, scratch[i - 1].node, w.parent, w.fn, w.cls, w.depth, 0, nullptr});
        }
        scratch.resize(start);
        pushBlock(field(n, fBody), s, w.fn, w.cls, inner);
        return;
      }
      case Py::ExceptClause: {
        StmtId s = addStmt(StmtKind::Except, n, w);
        size_t start = gather(n, true);
        TSNode block{};
        for (size_t i = start; i < scratch.size(); ++i)
          if (kind(scratch[i].node) == Py::Block) block = scratch[i].node;
        scratch.resize(start);
        pushBlock(block, s, w.fn, w.cls, inner);
        return;
      }
      case Py::DecoratedDefinition: {
        std::vector<ExprId> decos;
        const ExprId exprsFrom = static_cast<ExprId>(m->exprs.size());
        size_t start = gather(n, true);
        std::vector<TSNode> decoNodes;
        for (size_t i = start; i < scratch.size(); ++i)
          if (kind(scratch[i].node) == Py::Decorator) decoNodes.push_back(scratch[i].node);
        scratch.resize(start);
        for (TSNode d : decoNodes) {
          size_t s2 = gather(d, true);
          TSNode e = scratch.size() > s2 ? scratch[s2].node : TSNode{};
          scratch.resize(s2);
          if (!ts_node_is_null(e)) decos.push_back(convert(e, 0));
        }
        TSNode def = field(n, fDefinition);
        if (ts_node_is_null(def)) return;
        Work inner2 = w;
        inner2.node = def;
        inner2.decorators = &decos;
        inner2.exprsFrom = exprsFrom;
        statement(inner2);
        return;
      }
      case Py::FunctionDefinition: return functionDefinition(w);
      case Py::ClassDefinition: return classDefinition(w);
      case Py::ImportStatement:
      case Py::ImportFromStatement:
      case Py::FutureImportStatement:
        addStmt(StmtKind::Import, n, w);
        return importStatement(n, w.fn);
      case Py::Block:
      case Py::Module:
        pushBlock(n, w.parent, w.fn, w.cls, w.depth);
        return;
      case Py::Error: {
        // tree-sitter wraps what it could not fit in ERROR: keep looking for statements and
        // for bare expressions (a call cut loose from its statement is still an assertion).
        size_t start = gather(n, true);
        size_t end = scratch.size();
        for (size_t i = end; i > start; --i) work.push_back({Action::Statement, scratch[i - 1].node, w.parent, w.fn, w.cls, w.depth, 0, nullptr});
        scratch.resize(start);
        return;
      }
      case Py::Comment: return;
      default: {
        Py k = kind(n);
        if (isExpressionNode(k)) {
          StmtId s = addStmt(StmtKind::ExprStmt, n, w);
          ExprId e = convert(n, 0);
          m->stmts[s].a = e;
          return;
        }
        StmtId s = addStmt(StmtKind::Other, n, w);
        // Unknown compound statements (match, Python 2 exec...) may still hold blocks.
        size_t start = gather(n, true);
        size_t end = scratch.size();
        for (size_t i = end; i > start; --i) {
          Py ck = kind(scratch[i - 1].node);
          if (ck == Py::Block || ck == Py::CaseClause)
            work.push_back({Action::Statement, scratch[i - 1].node, s, w.fn, w.cls, inner, 0, nullptr});
        }
        scratch.resize(start);
        return;
      }
    }
  }

  void assignment(TSNode n, const Work& w) {
    // a = b = value: one Assign per target, all with the final value.
    std::vector<TSNode> targets;
    TSNode cur = n;
    TSNode value{};
    for (;;) {
      targets.push_back(field(cur, fLeft));
      TSNode right = field(cur, fRight);
      if (!ts_node_is_null(right) && kind(right) == Py::Assignment) {
        cur = right;
        continue;
      }
      value = right;
      break;
    }
    // The first statement is added before the value is converted, so it owns the value's
    // expressions; the other targets share that value.
    ExprId v = kNone;
    bool first = true;
    for (TSNode t : targets) {
      if (ts_node_is_null(t)) continue;
      StmtId s = addStmt(StmtKind::Assign, n, w);
      if (first && !ts_node_is_null(value)) v = convert(value, 0);
      first = false;
      ExprId a = convert(t, 0);
      m->stmts[s].a = a;
      m->stmts[s].b = v;
    }
  }

  void parameters(TSNode params, Function& fnOut) {
    if (ts_node_is_null(params)) return;
    size_t start = gather(params, true);
    std::vector<TSNode> ps;
    for (size_t i = start; i < scratch.size(); ++i) ps.push_back(scratch[i].node);
    scratch.resize(start);
    bool keywordOnly = false;
    std::vector<Param> out;
    for (TSNode p : ps) {
      Param param;
      Py k = kind(p);
      switch (k) {
        case Py::Identifier: param.name = text(p); break;
        case Py::DefaultParameter:
        case Py::TypedDefaultParameter: {
          TSNode nm = field(p, fName);
          param.name = ts_node_is_null(nm) ? "" : text(nm);
          TSNode v = field(p, fValue);
          if (!ts_node_is_null(v)) param.defaultValue = convert(v, 0);
          break;
        }
        case Py::TypedParameter: {
          size_t s2 = gather(p, true);
          TSNode first = scratch.size() > s2 ? scratch[s2].node : TSNode{};
          scratch.resize(s2);
          if (ts_node_is_null(first)) continue;
          Py fk = kind(first);
          if (fk == Py::ListSplatPattern || fk == Py::DictionarySplatPattern) {
            p = first;
            k = fk;
          } else {
            param.name = text(first);
            break;
          }
        }
          [[fallthrough]];
        case Py::ListSplatPattern:
        case Py::DictionarySplatPattern: {
          size_t s2 = gather(p, true);
          TSNode id = scratch.size() > s2 ? scratch[s2].node : TSNode{};
          scratch.resize(s2);
          param.name = ts_node_is_null(id) ? "" : text(id);
          param.varArgs = k == Py::ListSplatPattern;
          param.kwArgs = k == Py::DictionarySplatPattern;
          if (param.varArgs) keywordOnly = true;
          break;
        }
        case Py::KeywordSeparator: keywordOnly = true; continue;
        default: continue;
      }
      param.keywordOnly = keywordOnly && !param.varArgs && !param.kwArgs;
      out.push_back(param);
    }
    fnOut.params = std::move(out);
  }

  void functionDefinition(const Work& w) {
    TSNode n = w.node;
    FunctionId id = static_cast<FunctionId>(m->functions.size());
    m->functions.emplace_back();
    {
      Function& f = m->functions.back();
      TSNode nm = field(n, fName);
      f.name = ts_node_is_null(nm) ? "" : text(nm);
      f.range = rangeOf(n);
      f.parent = w.fn;
      f.cls = w.fn == kNone ? w.cls : kNone;
      std::string prefix;
      if (w.fn != kNone) prefix = m->functions[w.fn].qualifiedName + ".";
      else if (w.cls != kNone) prefix = m->classes[w.cls].qualifiedName + ".";
      f.qualifiedName = prefix + std::string(f.name);
    }
    StmtId s = addStmt(StmtKind::FunctionDef, n, w);
    if (w.decorators) m->functions[id].decorators = *w.decorators;
    // Default values are evaluated in the enclosing scope; convert them before entering.
    Function tmp;
    parameters(field(n, fParameters), tmp);
    m->functions[id].params = std::move(tmp.params);
    m->functions[id].firstStmt = s + 1;
    m->functions[id].endStmt = s + 1;
    work.push_back({Action::CloseFunction, n, kNone, w.fn, w.cls, w.depth, id, nullptr});
    pushBlock(field(n, fBody), s, id, w.cls, 0);
  }

  void classDefinition(const Work& w) {
    TSNode n = w.node;
    ClassId id = static_cast<ClassId>(m->classes.size());
    m->classes.emplace_back();
    {
      ClassDef& c = m->classes.back();
      TSNode nm = field(n, fName);
      c.name = ts_node_is_null(nm) ? "" : text(nm);
      c.range = rangeOf(n);
      c.parent = w.cls;
      c.enclosingFunction = w.fn;
      std::string prefix;
      if (w.fn != kNone) prefix = m->functions[w.fn].qualifiedName + ".";
      else if (w.cls != kNone) prefix = m->classes[w.cls].qualifiedName + ".";
      c.qualifiedName = prefix + std::string(c.name);
    }
    addStmt(StmtKind::ClassDef, n, w);
    TSNode supers = field(n, fSuperclasses);
    if (!ts_node_is_null(supers)) {
      size_t start = gather(supers, true);
      std::vector<TSNode> bases;
      for (size_t i = start; i < scratch.size(); ++i) bases.push_back(scratch[i].node);
      scratch.resize(start);
      std::vector<ExprId> ids;
      for (TSNode b : bases) ids.push_back(convert(b, 0));
      m->classes[id].bases = std::move(ids);
    }
    work.push_back({Action::CloseClass, n, kNone, w.fn, w.cls, w.depth, id, nullptr});
    pushBlock(field(n, fBody), static_cast<StmtId>(m->stmts.size() - 1), kNone, id, 0);
  }

  std::string resolveRelative(std::string_view dots, std::string_view rest) const {
    // The package of a module is its parent, unless the file is a package's __init__.
    std::string pkg = m->moduleName;
    const bool isInit = m->path.size() >= 11 && m->path.compare(m->path.size() - 11, 11, "__init__.py") == 0;
    size_t levels = dots.size() - (isInit ? 1 : 0);
    for (size_t i = 0; i < levels; ++i) {
      size_t dot = pkg.rfind('.');
      pkg = dot == std::string::npos ? "" : pkg.substr(0, dot);
    }
    if (rest.empty()) return pkg;
    return pkg.empty() ? std::string(rest) : pkg + "." + std::string(rest);
  }

  void importStatement(TSNode n, FunctionId scope) {
    const uint32_t line = ts_node_start_point(n).row + 1;
    Py k = kind(n);
    std::string fromModule;
    size_t start = gather(n, false);
    std::vector<ChildRef> kids(scratch.begin() + static_cast<long>(start), scratch.end());
    scratch.resize(start);
    if (k == Py::ImportFromStatement) {
      TSNode mod = field(n, fModuleName);
      if (!ts_node_is_null(mod)) {
        if (kind(mod) == Py::RelativeImport) {
          std::string_view dots, rest;
          size_t s2 = gather(mod, true);
          for (size_t i = s2; i < scratch.size(); ++i) {
            if (kind(scratch[i].node) == Py::ImportPrefix) dots = text(scratch[i].node);
            else if (kind(scratch[i].node) == Py::DottedName) rest = text(scratch[i].node);
          }
          scratch.resize(s2);
          fromModule = resolveRelative(dots, rest);
        } else {
          fromModule = std::string(text(mod));
        }
      }
    } else if (k == Py::FutureImportStatement) {
      return;
    }
    for (const ChildRef& c : kids) {
      if (k == Py::ImportFromStatement && c.field == fModuleName) continue;
      Py ck = kind(c.node);
      Import imp;
      imp.scope = scope;
      imp.line = line;
      if (ck == Py::WildcardImport) {
        imp.module = fromModule;
        imp.star = true;
        m->imports.push_back(std::move(imp));
        continue;
      }
      std::string_view nameText, aliasText;
      if (ck == Py::DottedName) {
        nameText = text(c.node);
      } else if (ck == Py::AliasedImport) {
        TSNode nm = field(c.node, fName);
        TSNode al = field(c.node, fAlias);
        if (ts_node_is_null(nm)) continue;
        nameText = text(nm);
        if (!ts_node_is_null(al)) aliasText = text(al);
      } else {
        continue;
      }
      if (k == Py::ImportFromStatement) {
        imp.module = fromModule;
        imp.name = nameText;
        imp.alias = aliasText.empty() ? nameText : aliasText;
      } else if (!aliasText.empty()) {
        imp.module = std::string(nameText);  // import a.b as c: c is a.b
        imp.alias = aliasText;
      } else {
        size_t dot = nameText.find('.');
        imp.alias = nameText.substr(0, dot);  // import a.b: binds a
        imp.module = std::string(imp.alias);
      }
      m->imports.push_back(std::move(imp));
    }
  }

  void reportSyntaxErrors(TSNode root) {
    if (!ts_node_has_error(root)) return;
    m->hasSyntaxErrors = true;
    const DamageReport damage = findDamage(root);
    m->diagnostics.push_back({m->path, damage.first.row + 1, damage.first.column + 1, Severity::Warning, "syntax-error",
                              fmt::format("syntax error ({} damaged region{}); tree-sitter recovered and the rest of "
                                          "the file was scanned",
                                          damage.regions, damage.regions == 1 ? "" : "s")});
  }
};

PythonFrontend::PythonFrontend() : impl_(std::make_unique<Impl>()) {}
PythonFrontend::~PythonFrontend() = default;

FileModel PythonFrontend::parse(std::string path, std::string moduleName, std::string source, const ParseBudget& budget) {
  FileModel model;
  model.path = std::move(path);
  model.moduleName = std::move(moduleName);
  model.language = Language::Python;
  model.source = std::make_unique<std::string>(std::move(source));
  Impl& I = *impl_;
  TSTree* tree = parseWithBudget(I.parser, *model.source, budget);
  if (!tree) {
    model.diagnostics.push_back(parseTimeout(model.path, budget));
    return model;
  }
  I.beginFile(model, budget);
  I.currentFunction = kNone;
  TSNode root = ts_tree_root_node(tree);
  I.walkStatements(root);
  I.reportSyntaxErrors(root);
  I.endFile();
  ts_tree_delete(tree);
  return model;
}

bool PythonFrontend::parseOnly(const std::string& source, const ParseBudget& budget) {
  TSTree* tree = parseWithBudget(impl_->parser, source, budget);
  if (!tree) return false;
  ts_tree_delete(tree);
  return true;
}

std::string pythonModuleName(const std::string& relativePath) {
  std::string p = relativePath;
  if (p.size() > 3 && p.compare(p.size() - 3, 3, ".py") == 0) p.resize(p.size() - 3);
  if (p.size() >= 9 && p.compare(p.size() - 9, 9, "/__init__") == 0) p.resize(p.size() - 9);
  if (p == "__init__") p.clear();
  for (char& c : p)
    if (c == '/') c = '.';
  return p;
}

}  // namespace oalens::analyzer
