// Python expressions: tree-sitter nodes to the model's expression arena, recursively under the
// ParseBudget's nesting cap. Children are gathered with one reused TSTreeCursor (tree_converter.h).
#include "analyzer/frontend/python/python_converter.h"

namespace oalens::analyzer {

ExprId PythonFrontend::Impl::convert(TSNode n, uint32_t depth) {
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
    // `await pipe.arecv()`: the value the awaited call gives, as far as where a value comes from goes.
    case Py::Await:
    case Py::ParenthesizedExpression: {
      size_t start = gather(n, true);
      TSNode inner = scratch.size() > start ? scratch[start].node : TSNode{};
      scratch.resize(start);
      if (ts_node_is_null(inner)) return newExpr(ExprKind::Other, n);
      return convert(inner, depth + 1);
    }
    case Py::Attribute: {
      TSNode attr = field(n, fAttribute);
      return withChildren(ExprKind::Attribute, n, ts_node_is_null(attr) ? std::string_view{} : text(attr), {field(n, fObject)}, depth);
    }
    case Py::Call: return convertCall(n, depth);
    case Py::BinaryOperator: {
      TSNode op = field(n, fOperator);
      return withChildren(ExprKind::BinaryOp, n, ts_node_is_null(op) ? "" : text(op), {field(n, fLeft), field(n, fRight)}, depth);
    }
    case Py::UnaryOperator: {
      TSNode op = field(n, fOperator);
      return withChildren(ExprKind::UnaryOp, n, ts_node_is_null(op) ? "" : text(op), {field(n, fArgument)}, depth);
    }
    case Py::BooleanOperator: {
      TSNode op = field(n, fOperator);
      return withChildren(ExprKind::BoolOp, n, ts_node_is_null(op) ? "" : text(op), {field(n, fLeft), field(n, fRight)}, depth);
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
    case Py::Lambda: {
      // The parameters' text (`p`, `x, y=1`) as the name: what a call of the lambda binds.
      const TSNode params = field(n, fParameters);
      return withChildren(ExprKind::Lambda, n, ts_node_is_null(params) ? std::string_view{} : text(params), {field(n, fBody)}, depth);
    }
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

ExprId PythonFrontend::Impl::starred(TSNode n, std::string_view star, uint32_t depth) {
  size_t start = gather(n, true);
  TSNode inner = scratch.size() > start ? scratch[start].node : TSNode{};
  scratch.resize(start);
  return withChildren(ExprKind::Starred, n, star, {inner}, depth);
}

ExprId PythonFrontend::Impl::convertCall(TSNode n, uint32_t depth) {
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

ExprId PythonFrontend::Impl::convertCompare(TSNode n, uint32_t depth) {
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

ExprId PythonFrontend::Impl::convertSubscript(TSNode n, uint32_t depth) {
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

ExprId PythonFrontend::Impl::convertComprehension(TSNode n, uint32_t depth) {
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

}  // namespace oalens::analyzer
