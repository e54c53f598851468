// C++ frontend on tree-sitter-cpp. Mirrors the Python frontend's shape: statements walked with
// an explicit work stack (nesting costs heap, not stack), expressions converted recursively
// under the ParseBudget's cap, children gathered with one reused cursor. A qualified name
// `a::b::c` becomes the same Name/Attribute chain as Python's `a.b.c`, so name resolution, the
// catalogue and the tolerance resolver read both alike. Macro bodies are parsed by a second
// parser restricted to the replacement text's byte range, so their nodes still point into the
// file's own buffer. Tuned for test files of 1-500 KiB.
#include "analyzer/frontend/cpp/cpp_frontend.h"

#include <algorithm>
#include <cstring>

#include "analyzer/frontend/cpp/cpp_converter.h"
#include "analyzer/model/name_index.h"

namespace oalens::analyzer {

void CppFrontend::Impl::pushItems(TSNode block, StmtId parent, FunctionId fn, ClassId cls, uint16_t depth) {
  if (ts_node_is_null(block)) return;
  std::vector<ChildRef> items = children(block);
  std::vector<Work> ordered;
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].field == fName || items[i].field == fCondition || items[i].field == fAlternative) continue;
    TSNode n = items[i].node;
    if (kind(n) == Cx::ExpressionStatement && i + 1 < items.size() && kind(items[i + 1].node) == Cx::CompoundStatement) {
      std::string_view macro = calledMacro(n);
      if (!macro.empty() && (testCaseMacro(macro) || isSectionMacro(macro))) {
        Work w{Action::MacroBlock, n, parent, fn, cls, depth};
        w.block = items[i + 1].node;
        ordered.push_back(w);
        ++i;
        continue;
      }
    }
    ordered.push_back({Action::Statement, n, parent, fn, cls, depth});
  }
  for (size_t i = ordered.size(); i > 0; --i) work.push_back(ordered[i - 1]);
}

void CppFrontend::Impl::pushBody(TSNode body, StmtId parent, FunctionId fn, ClassId cls, uint16_t depth) {
  if (ts_node_is_null(body)) return;
  if (kind(body) == Cx::CompoundStatement) return pushItems(body, parent, fn, cls, depth);
  work.push_back({Action::Statement, body, parent, fn, cls, depth});
}

void CppFrontend::Impl::walkStatements(TSNode root) {
  work.clear();
  pushItems(root, kNone, kNone, kNone, 0);
  drainWork(work, [this](const Work& w) {
    lambdaBodies.clear();
    if (w.action == Action::MacroBlock) macroBlock(w);
    else statement(w);
    // Assertions inside a lambda run when the test calls it: its body is part of the test.
    if (!lambdaBodies.empty() && !m->stmts.empty()) {
      const StmtId owner = static_cast<StmtId>(m->stmts.size() - 1);
      for (size_t i = lambdaBodies.size(); i > 0; --i)
        work.push_back({Action::Statement, lambdaBodies[i - 1], owner, w.fn, w.cls, static_cast<uint16_t>(w.depth + 1)});
    }
  });
}

// A switch over tree-sitter-cpp's statement kinds, one case each.
void CppFrontend::Impl::statement(const Work& w) {
  TSNode n = w.node;
  const uint16_t inner = static_cast<uint16_t>(w.depth + 1);
  switch (kind(n)) {
    case Cx::CompoundStatement: {
      StmtId s = addStmt(StmtKind::Other, n, w);
      return pushItems(n, s, w.fn, w.cls, inner);
    }
    case Cx::ExpressionStatement: return expressionStatement(w);
    case Cx::Declaration:
    case Cx::FieldDeclaration: return declaration(w);
    case Cx::IfStatement: return ifStatement(w);
    case Cx::ElseClause: {
      StmtId s = addStmt(StmtKind::Else, n, w);
      return pushBody(firstNamed(n), s, w.fn, w.cls, inner);
    }
    case Cx::ForStatement: {
      StmtId s = addStmt(StmtKind::For, n, w);
      TSNode init = field(n, fInitializer);
      if (kind(init) == Cx::Declaration) {
        TSNode d = field(init, fDeclarator);
        TSNode target = kind(d) == Cx::InitDeclarator ? field(d, fDeclarator) : d;
        ExprId a = declaredName(target);
        m->stmts[s].a = a;
      }
      return pushBody(field(n, fBody), s, w.fn, w.cls, inner);
    }
    case Cx::ForRangeLoop: {
      StmtId s = addStmt(StmtKind::For, n, w);
      ExprId a = declaredName(field(n, fDeclarator));
      ExprId b = convert(field(n, fRight), 0);
      m->stmts[s].a = a;
      m->stmts[s].b = b;
      return pushBody(field(n, fBody), s, w.fn, w.cls, inner);
    }
    case Cx::WhileStatement:
    case Cx::DoStatement: {
      StmtId s = addStmt(StmtKind::While, n, w);
      ExprId a = convert(conditionValue(field(n, fCondition)), 0);
      m->stmts[s].a = a;
      return pushBody(field(n, fBody), s, w.fn, w.cls, inner);
    }
    case Cx::ReturnStatement:
    case Cx::ThrowStatement: {
      StmtId s = addStmt(kind(n) == Cx::ReturnStatement ? StmtKind::Return : StmtKind::Raise, n, w);
      TSNode v = firstNamed(n);
      if (!ts_node_is_null(v)) {
        ExprId a = convert(v, 0);
        m->stmts[s].a = a;
      }
      return;
    }
    case Cx::TryStatement: {
      StmtId s = addStmt(StmtKind::Try, n, w);
      std::vector<ChildRef> kids = children(n);
      for (size_t i = kids.size(); i > 0; --i)
        if (kind(kids[i - 1].node) == Cx::CatchClause)
          work.push_back({Action::Statement, kids[i - 1].node, w.parent, w.fn, w.cls, w.depth});
      return pushBody(field(n, fBody), s, w.fn, w.cls, inner);
    }
    case Cx::CatchClause: {
      StmtId s = addStmt(StmtKind::Except, n, w);
      return pushBody(field(n, fBody), s, w.fn, w.cls, inner);
    }
    case Cx::SwitchStatement: {
      StmtId s = addStmt(StmtKind::Other, n, w);
      ExprId a = convert(conditionValue(field(n, fCondition)), 0);
      m->stmts[s].a = a;
      return pushBody(field(n, fBody), s, w.fn, w.cls, inner);
    }
    case Cx::CaseStatement: {
      StmtId s = addStmt(StmtKind::Other, n, w);
      std::vector<ChildRef> kids = children(n);
      for (size_t i = kids.size(); i > 0; --i)
        if (kids[i - 1].field != fValue) work.push_back({Action::Statement, kids[i - 1].node, s, w.fn, w.cls, inner});
      return;
    }
    case Cx::LabeledStatement:
    case Cx::AttributedStatement: {
      std::vector<ChildRef> kids = children(n);
      if (!kids.empty()) work.push_back({Action::Statement, kids.back().node, w.parent, w.fn, w.cls, w.depth});
      return;
    }
    case Cx::FunctionDefinition: return functionDefinition(w);
    case Cx::TemplateDeclaration: {
      std::vector<ChildRef> kids = children(n);
      for (size_t i = kids.size(); i > 0; --i)
        if (kids[i - 1].field != fParameters) work.push_back({Action::Statement, kids[i - 1].node, w.parent, w.fn, w.cls, w.depth});
      return;
    }
    case Cx::NamespaceDefinition: return pushItems(field(n, fBody), w.parent, w.fn, w.cls, w.depth);
    case Cx::LinkageSpecification: {
      // `extern "C" { ... }` holds a list of declarations; `extern "C" int f(...) { ... }` one.
      const TSNode body = field(n, fBody);
      if (!ts_node_is_null(body) && kind(body) != Cx::DeclarationList) {
        work.push_back({Action::Statement, body, w.parent, w.fn, w.cls, w.depth});
        return;
      }
      return pushItems(body, w.parent, w.fn, w.cls, w.depth);
    }
    case Cx::ClassSpecifier:
    case Cx::StructSpecifier:
    case Cx::UnionSpecifier: return classDefinition(w);
    case Cx::PreprocDef: return preprocDefine(w);
    case Cx::PreprocFunctionDef: return preprocMacroFunction(w);
    case Cx::PreprocIf:
    case Cx::PreprocIfdef:
    case Cx::PreprocElif:
    case Cx::PreprocElifdef: return preprocBranch(w);
    case Cx::PreprocElse: {
      StmtId s = addStmt(StmtKind::Else, n, w);
      return pushItems(n, s, w.fn, w.cls, inner);
    }
    case Cx::Error: {
      // Keep looking inside what tree-sitter could not fit: a call cut loose from its
      // statement is still an assertion.
      std::vector<ChildRef> kids = children(n);
      for (size_t i = kids.size(); i > 0; --i) work.push_back({Action::Statement, kids[i - 1].node, w.parent, w.fn, w.cls, w.depth});
      return;
    }
    case Cx::CallExpression:
    case Cx::BinaryExpression:
    case Cx::FieldExpression:
    case Cx::QualifiedIdentifier:
    case Cx::Identifier: {
      StmtId s = addStmt(StmtKind::ExprStmt, n, w);
      ExprId e = convert(n, 0);
      m->stmts[s].a = e;
      return;
    }
    case Cx::Unknown: {
      if (std::strcmp(ts_node_type(n), "preproc_include") == 0) return include(n, w);
      if (std::strcmp(ts_node_type(n), "alias_declaration") == 0 || std::strcmp(ts_node_type(n), "type_definition") == 0) typeAlias(n);
      // Includes, using-declarations, aliases, access specifiers, pragmas: nothing to model.
      const char* type = ts_node_type(n);
      if (std::strncmp(type, "preproc_", 8) == 0 || std::strcmp(type, "using_declaration") == 0 ||
          std::strcmp(type, "alias_declaration") == 0 || std::strcmp(type, "access_specifier") == 0 ||
          std::strcmp(type, "type_definition") == 0 || std::strcmp(type, "namespace_alias_definition") == 0 ||
          std::strcmp(type, "friend_declaration") == 0 || std::strcmp(type, "template_instantiation") == 0)
        return;
      addStmt(StmtKind::Other, n, w);
      return;
    }
    default: addStmt(StmtKind::Other, n, w); return;
  }
}

TSNode CppFrontend::Impl::conditionValue(TSNode cond) {
  if (ts_node_is_null(cond)) return cond;
  if (kind(cond) == Cx::ConditionClause) {
    TSNode v = field(cond, fValue);
    return ts_node_is_null(v) ? firstNamed(cond) : v;
  }
  if (kind(cond) == Cx::ParenthesizedExpression) return firstNamed(cond);
  return cond;
}

void CppFrontend::Impl::ifStatement(const Work& w) {
  TSNode n = w.node;
  StmtId s = addStmt(StmtKind::If, n, w);
  m->stmts[s].isElif = w.isElif;
  ExprId c = convert(conditionValue(field(n, fCondition)), 0);
  m->stmts[s].a = c;
  // The else branch pops after the body; `else if` is an elif at this depth.
  TSNode alt = field(n, fAlternative);
  if (!ts_node_is_null(alt)) {
    TSNode altBody = firstNamed(alt);
    if (kind(altBody) == Cx::IfStatement) {
      Work elif{Action::Statement, altBody, w.parent, w.fn, w.cls, w.depth};
      elif.isElif = true;
      work.push_back(elif);
    } else {
      work.push_back({Action::Statement, alt, w.parent, w.fn, w.cls, w.depth});
    }
  }
  pushBody(field(n, fConsequence), s, w.fn, w.cls, static_cast<uint16_t>(w.depth + 1));
}

// `(void)std::initializer_list<int>{(Check<Space, F>(x), 0)...};`, the idiom that runs a call once
// for each type of a parameter pack: the call it runs, which the statement is; null otherwise.
TSNode CppFrontend::Impl::callForEachOfAPack(TSNode e) {
  if (kind(e) == Cx::CastExpression) e = field(e, fValue);
  if (kind(e) != Cx::CompoundLiteralExpression || text(field(e, fType)).find("initializer_list") == std::string_view::npos) return TSNode{};
  const std::vector<ChildRef> elements = children(field(e, fValue));
  if (elements.size() != 1 || kind(elements[0].node) != Cx::ParameterPackExpansion) return TSNode{};
  TSNode pattern = field(elements[0].node, fPattern);
  while (kind(pattern) == Cx::ParenthesizedExpression) pattern = firstNamed(pattern);
  if (kind(pattern) == Cx::CommaExpression) pattern = field(pattern, fLeft);
  return kind(pattern) == Cx::CallExpression ? pattern : TSNode{};
}

void CppFrontend::Impl::expressionStatement(const Work& w) {
  TSNode n = w.node;
  TSNode e = firstNamed(n);
  if (ts_node_is_null(e)) return;  // a lone `;`
  if (kind(e) == Cx::AssignmentExpression) {
    TSNode op = field(e, fOperator);
    std::string_view o = ts_node_is_null(op) ? "=" : text(op);
    if (o != "=") {
      StmtId s = addStmt(StmtKind::AugAssign, n, w);
      ExprId a = convert(field(e, fLeft), 0);
      ExprId b = convert(field(e, fRight), 0);
      Stmt& st = m->stmts[s];
      st.a = a;
      st.b = b;
      st.op = o;
      return;
    }
    // a = b = value: one Assign per target, all with the final value.
    std::vector<TSNode> targets;
    TSNode cur = e, value{};
    for (;;) {
      targets.push_back(field(cur, fLeft));
      TSNode right = field(cur, fRight);
      TSNode rop = kind(right) == Cx::AssignmentExpression ? field(right, fOperator) : TSNode{};
      if (!ts_node_is_null(rop) && text(rop) == "=") {
        cur = right;
        continue;
      }
      value = right;
      break;
    }
    assignEach(targets, value, [&] { return addStmt(StmtKind::Assign, n, w); });
    return;
  }
  // EXPECT_NEAR(a, b, tol) << "at " << i: the streamed message is not the check.
  TSNode core = e;
  while (kind(core) == Cx::BinaryExpression) {
    TSNode op = field(core, fOperator);
    if (ts_node_is_null(op) || text(op) != "<<") break;
    core = field(core, fLeft);
  }
  if (kind(core) != Cx::CallExpression) core = e;
  if (TSNode each = callForEachOfAPack(e); !ts_node_is_null(each)) core = each;
  StmtId s = addStmt(StmtKind::ExprStmt, n, w);
  ExprId a = convert(core, 0);
  m->stmts[s].a = a;
}

CppFrontend::CppFrontend() : impl_(std::make_unique<Impl>()) {}
CppFrontend::~CppFrontend() = default;

FileModel CppFrontend::parse(std::string path, std::string source, const ParseBudget& budget) {
  FileModel model;
  model.path = std::move(path);
  model.language = Language::Cpp;
  model.source = std::make_unique<std::string>(std::move(source));
  Impl& I = *impl_;
  // Offsets in the blanked copy are those of the source, so the model reads the source.
  ParseableText parseable = parseableText(*model.source);
  const std::string& parsed = parseable.text ? *parseable.text : *model.source;
  I.parsedText = parsed;
  TSTree* tree = parseWithBudget(I.parser, parsed, budget);
  if (!tree) {
    I.parsedText = {};
    model.diagnostics.push_back(parseTimeout(model.path, budget));
    return model;
  }
  I.beginFile(model, budget);
  // At most one expression and one child link per two nodes of the tree (0.25 at the median,
  // 0.43 at most over dlib's tests and the library files they check with), and about one
  // expression per 17 bytes: reserved, the model's arrays are not copied as they grow, which cost
  // 5% of a dlib scan while the reserve went by bytes alone (2026-11-29); the unused tails are
  // given back when the walk is done (below).
  TSNode root = ts_tree_root_node(tree);
  const size_t nodes = ts_node_descendant_count(root);
  model.exprs.reserve(std::max<size_t>(model.source->size() / 12, nodes / 2));
  model.childIds.reserve(std::max<size_t>(model.source->size() / 16, nodes / 2));
  I.currentFunction = kNone;
  I.calleeMacros.reset();
  I.walkStatements(root);
  if (parseable.text) I.walkFileLevelCalls(*parseable.text, parseable.fileLevelCalls);
  I.parsedText = {};  // the blanked copy dies with this call
  I.reportDamage(root, [&I](TSNode n, TSNode parent) { return I.excused(n, parent); });
  for (TSTree* t : I.macroTrees) ts_tree_delete(t);
  I.macroTrees.clear();
  I.endFile();
  ts_tree_delete(tree);
  // The models of every file stay alive for the cross-file analysis: kept at their size, not the
  // reserve's (half of a dlib scan's peak heap was the reserves' unused tails).
  model.exprs.shrink_to_fit();
  model.childIds.shrink_to_fit();
  std::sort(model.typeNames.begin(), model.typeNames.end());
  model.typeNames.erase(std::unique(model.typeNames.begin(), model.typeNames.end()), model.typeNames.end());
  indexNames(model);
  return model;
}

bool CppFrontend::parseOnly(const std::string& source, const ParseBudget& budget) {
  TSTree* tree = parseWithBudget(impl_->parser, source, budget);
  if (!tree) return false;
  ts_tree_delete(tree);
  return true;
}

}  // namespace oalens::analyzer
