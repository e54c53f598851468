// Python statements, functions, classes and imports: walked with an explicit work stack, so
// 5,000 nested blocks cost heap, not stack.
#include "analyzer/frontend/python/python_converter.h"

#include <cctype>

namespace oalens::analyzer {

void PythonFrontend::Impl::walkStatements(TSNode root) {
  work.clear();
  pushBlock(root, kNone, kNone, kNone, 0);
  drainWork(work, [this](const Work& w) { statement(w); });
}

// A switch over tree-sitter-python's statement kinds, one case each; its length is the
// grammar's number of statement forms.
void PythonFrontend::Impl::statement(const Work& w) {
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
    case Py::ReturnStatement:
    case Py::RaiseStatement: {
      StmtId s = addStmt(kind(n) == Py::ReturnStatement ? StmtKind::Return : StmtKind::Raise, n, w);
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
    case Py::FutureImportStatement: addStmt(StmtKind::Import, n, w); return importStatement(n, w.fn);
    case Py::Block:
    case Py::Module: pushBlock(n, w.parent, w.fn, w.cls, w.depth); return;
    case Py::Error: {
      // tree-sitter wraps what it could not fit in ERROR: keep looking for statements and
      // for bare expressions (a call cut loose from its statement is still an assertion).
      size_t start = gather(n, true);
      size_t end = scratch.size();
      for (size_t i = end; i > start; --i)
        work.push_back({Action::Statement, scratch[i - 1].node, w.parent, w.fn, w.cls, w.depth, 0, nullptr});
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

void PythonFrontend::Impl::assignment(TSNode n, const Work& w) {
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
  assignEach(targets, value, [&] { return addStmt(StmtKind::Assign, n, w); });
  if (targets.size() == 1) moduleBoundByCall(targets[0], value, w.fn);
}

void PythonFrontend::Impl::moduleBoundByCall(TSNode target, TSNode value, FunctionId scope) {
  // `cp = pytest.importorskip("cupy")` and `np = importlib.import_module("numpy")` bind a module
  // as an import does: `cp.testing.assert_allclose` is cupy's check.
  if (ts_node_is_null(target) || kind(target) != Py::Identifier || ts_node_is_null(value) || kind(value) != Py::Call) return;
  TSNode fn = field(value, fFunction), args = field(value, fArguments);
  if (ts_node_is_null(fn) || ts_node_is_null(args) || kind(args) != Py::ArgumentList) return;
  const std::string_view callee = text(fn);
  if (callee != "pytest.importorskip" && callee != "importorskip" && callee != "importlib.import_module" && callee != "import_module")
    return;
  const size_t start = gather(args, true);
  const TSNode first = scratch.size() > start ? scratch[start].node : TSNode{};
  scratch.resize(start);
  if (ts_node_is_null(first) || kind(first) != Py::String) return;
  std::string_view literal = text(first);
  if (literal.size() < 3 || (literal.front() != '"' && literal.front() != '\'') || literal.back() != literal.front()) return;
  literal = literal.substr(1, literal.size() - 2);
  // A plain dotted name only: a relative name (`import_module(".x", pkg)`) needs its package.
  for (size_t i = 0; i < literal.size(); ++i) {
    const char c = literal[i];
    const bool word = std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    if (!(word || (c == '.' && i > 0 && i + 1 < literal.size() && literal[i - 1] != '.')) ||
        (i == 0 && std::isdigit(static_cast<unsigned char>(c))))
      return;
  }
  Import imp;
  imp.module = std::string(literal);
  imp.alias = text(target);
  imp.scope = scope;
  imp.line = ts_node_start_point(target).row + 1;
  m->imports.push_back(std::move(imp));
}

void PythonFrontend::Impl::parameters(TSNode params, Function& fnOut) {
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

void PythonFrontend::Impl::functionDefinition(const Work& w) {
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
    f.qualifiedName = enclosingPrefix(w.fn, w.cls) + std::string(f.name);
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

void PythonFrontend::Impl::classDefinition(const Work& w) {
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
    c.qualifiedName = enclosingPrefix(w.fn, w.cls) + std::string(c.name);
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

std::string PythonFrontend::Impl::resolveRelative(std::string_view dots, std::string_view rest) const {
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

void PythonFrontend::Impl::importStatement(TSNode n, FunctionId scope) {
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

}  // namespace oalens::analyzer
