// C++ frontend on tree-sitter-cpp. Mirrors the Python frontend's shape: statements walked with
// an explicit work stack (nesting costs heap, not stack), expressions converted recursively
// under the ParseBudget's cap, children gathered with one reused cursor. A qualified name
// `a::b::c` becomes the same Name/Attribute chain as Python's `a.b.c`, so name resolution, the
// catalogue and the tolerance resolver read both alike. Macro bodies are parsed by a second
// parser restricted to the replacement text's byte range, so their nodes still point into the
// file's own buffer. Tuned for test files of 1-500 KiB.
#include "analyzer/frontend/cpp/cpp_frontend.h"

#include <fmt/format.h>
#include <tree_sitter/api.h>

#include <cstring>

#include "analyzer/frontend/cpp/cpp_test_macros.h"
#include "analyzer/frontend/cpp/cpp_tree.h"
#include "analyzer/frontend/ts_support.h"

namespace oalens::analyzer {

struct CppFrontend::Impl : CppTree {
  TSParser* parser = nullptr;
  TSParser* macroParser = nullptr;  // replacement texts of #define, parsed in place
  std::vector<TSTree*> macroTrees;  // alive until the model is built: the work stack holds their nodes
  FunctionId currentFunction = kNone;

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
  struct Work {
    Action action;
    TSNode node;
    StmtId parent;
    FunctionId fn;
    ClassId cls;
    uint16_t depth;
    uint32_t index = 0;  // function or class to close
    TSNode block{};      // MacroBlock: the block after a TEST_CASE("...") or SECTION("...") call
    bool isElif = false;
  };
  std::vector<Work> work;

  StmtId addStmt(StmtKind k, TSNode n, const Work& w, std::string_view textOverride = {}) {
    return appendStmt(k, n, w.parent, w.depth, w.fn, w.cls, textOverride.empty() ? text(n) : textOverride);
  }

  // The macro a call statement invokes, when the statement is a bare call of a macro-like name.
  std::string_view calledMacro(TSNode exprStmt) {
    TSNode c = firstNamed(exprStmt);
    if (kind(c) != Cx::CallExpression) return {};
    TSNode fn = field(c, fFunction);
    if (kind(fn) != Cx::Identifier) return {};
    std::string_view name = text(fn);
    return looksLikeMacroName(name) ? name : std::string_view{};
  }

  // Pushes the items of a block so they pop in source order, pairing a TEST_CASE("...") or
  // SECTION("...") call with the block after it.
  void pushItems(TSNode block, StmtId parent, FunctionId fn, ClassId cls, uint16_t depth) {
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

  // The body of if/for/while: a block's items, or the one statement.
  void pushBody(TSNode body, StmtId parent, FunctionId fn, ClassId cls, uint16_t depth) {
    if (ts_node_is_null(body)) return;
    if (kind(body) == Cx::CompoundStatement) return pushItems(body, parent, fn, cls, depth);
    work.push_back({Action::Statement, body, parent, fn, cls, depth});
  }

  void walkStatements(TSNode root) {
    work.clear();
    pushItems(root, kNone, kNone, kNone, 0);
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
      lambdaBodies.clear();
      if (w.action == Action::MacroBlock) macroBlock(w);
      else statement(w);
      // Assertions inside a lambda run when the test calls it: its body is part of the test.
      if (!lambdaBodies.empty() && !m->stmts.empty()) {
        const StmtId owner = static_cast<StmtId>(m->stmts.size() - 1);
        for (size_t i = lambdaBodies.size(); i > 0; --i)
          work.push_back({Action::Statement, lambdaBodies[i - 1], owner, w.fn, w.cls, static_cast<uint16_t>(w.depth + 1)});
      }
    }
  }

  void statement(const Work& w) {
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
          if (kind(kids[i - 1].node) == Cx::CatchClause) work.push_back({Action::Statement, kids[i - 1].node, w.parent, w.fn, w.cls, w.depth});
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
      case Cx::NamespaceDefinition:
      case Cx::LinkageSpecification: return pushItems(field(n, fBody), w.parent, w.fn, w.cls, w.depth);
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

  TSNode conditionValue(TSNode cond) {
    if (ts_node_is_null(cond)) return cond;
    if (kind(cond) == Cx::ConditionClause) {
      TSNode v = field(cond, fValue);
      return ts_node_is_null(v) ? firstNamed(cond) : v;
    }
    if (kind(cond) == Cx::ParenthesizedExpression) return firstNamed(cond);
    return cond;
  }

  void ifStatement(const Work& w) {
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

  void expressionStatement(const Work& w) {
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
      ExprId v = kNone;
      bool first = true;
      for (TSNode t : targets) {
        StmtId s = addStmt(StmtKind::Assign, n, w);
        if (first && !ts_node_is_null(value)) v = convert(value, 0);
        first = false;
        ExprId a = convert(t, 0);
        m->stmts[s].a = a;
        m->stmts[s].b = v;
      }
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
    StmtId s = addStmt(StmtKind::ExprStmt, n, w);
    ExprId a = convert(core, 0);
    m->stmts[s].a = a;
  }

  // The declared name inside a declarator: `x` of `x`, `&x`, `*x`, `x[3]`; a Tuple for `[a, b]`.
  ExprId declaredName(TSNode d) {
    for (int guard = 0; guard < 16 && !ts_node_is_null(d); ++guard) {
      switch (kind(d)) {
        case Cx::Identifier:
        case Cx::FieldIdentifier:
        case Cx::QualifiedIdentifier: return convert(d, 0);
        case Cx::StructuredBindingDeclarator: return sequence(ExprKind::Tuple, d, 0);
        case Cx::ReferenceDeclarator:
        case Cx::PointerDeclarator:
        case Cx::ParenthesizedDeclarator: {
          TSNode inner = field(d, fDeclarator);
          d = ts_node_is_null(inner) ? firstNamed(d) : inner;
          continue;
        }
        case Cx::ArrayDeclarator:
        case Cx::InitDeclarator: d = field(d, fDeclarator); continue;
        default: return kNone;
      }
    }
    return kNone;
  }

  void declaration(const Work& w) {
    TSNode n = w.node;
    TSNode type = field(n, fType);
    const Cx tk = kind(type);
    if ((tk == Cx::ClassSpecifier || tk == Cx::StructSpecifier || tk == Cx::UnionSpecifier) && !ts_node_is_null(field(type, fBody)))
      classDefinition({Action::Statement, type, w.parent, w.fn, w.cls, w.depth});
    bool any = false;
    TSNode fieldDefault = field(n, fDefaultValue);  // `float tol_ = 1e-3;` in a class body
    for (const ChildRef& c : children(n)) {
      if (c.field != fDeclarator) continue;
      TSNode target = c.node, value{};
      if (kind(c.node) == Cx::InitDeclarator) {
        target = field(c.node, fDeclarator);
        value = field(c.node, fValue);
      } else if (!ts_node_is_null(fieldDefault)) {
        value = fieldDefault;
      }
      if (kind(target) == Cx::FunctionDeclarator || ts_node_is_null(value)) continue;
      // `float t{1e-5}` and `float t(1e-5)` hold one value; longer lists construct an object.
      Cx vk = kind(value);
      if (vk == Cx::InitializerList || vk == Cx::ArgumentList) {
        std::vector<ChildRef> vals = children(value);
        if (vals.size() == 1) value = vals[0].node;
      }
      StmtId s = addStmt(StmtKind::Assign, n, w);
      ExprId b = kind(value) == Cx::ArgumentList ? sequence(ExprKind::Tuple, value, 0) : convert(value, 0);
      ExprId a = declaredName(target);
      m->stmts[s].a = a;
      m->stmts[s].b = b;
      any = true;
    }
    if (!any) addStmt(StmtKind::Other, n, w);
  }

  void parameters(TSNode params, Function& f) {
    if (ts_node_is_null(params)) return;
    for (const ChildRef& c : children(params)) {
      Param p;
      const Cx k = kind(c.node);
      if (k == Cx::Identifier) {  // a macro's parameter
        p.name = text(c.node);
      } else if (k == Cx::ParameterDeclaration || k == Cx::OptionalParameterDeclaration) {
        ExprId nameId = declaredName(field(c.node, fDeclarator));
        if (nameId != kNone) p.name = m->exprs[nameId].name;
        TSNode def = field(c.node, fDefaultValue);
        if (!ts_node_is_null(def)) p.defaultValue = convert(def, 0);
      } else if (k == Cx::VariadicParameterDeclaration || text(c.node) == "...") {
        p.varArgs = true;
        p.name = "...";
      } else {
        continue;
      }
      f.params.push_back(p);
    }
  }

  // The name a test-case macro gives its test: "Suite.Name", "name", or a string's content.
  std::pair<std::string_view, std::string> testCaseName(TestCaseNaming naming, const std::vector<TSNode>& args) {
    auto stringContent = [&](TSNode s) -> std::string_view {
      std::string_view t = text(s);
      if (t.size() >= 2 && t.front() == '"' && t.back() == '"') return t.substr(1, t.size() - 2);
      return t;
    };
    switch (naming) {
      case TestCaseNaming::SuiteAndName:
        if (args.size() >= 2) return {text(args[1]), fmt::format("{}.{}", text(args[0]), text(args[1]))};
        break;
      case TestCaseNaming::FirstIdentifier:
        if (!args.empty()) return {text(args[0]), std::string(text(args[0]))};
        break;
      case TestCaseNaming::FirstString:
      case TestCaseNaming::SecondString: {
        size_t wanted = naming == TestCaseNaming::FirstString ? 0 : 1;
        if (args.size() > wanted) {
          std::string_view name = stringContent(args[wanted]);
          return {name, std::string(name)};
        }
        break;
      }
    }
    return {{}, "<unnamed test>"};
  }

  FunctionId newFunction(std::string_view name, std::string qualifiedName, TSNode n, const Work& w, ClassId cls) {
    FunctionId id = static_cast<FunctionId>(m->functions.size());
    m->functions.emplace_back();
    Function& f = m->functions.back();
    f.name = name;
    f.qualifiedName = std::move(qualifiedName);
    f.range = rangeOf(n);
    f.parent = w.fn;
    f.cls = cls;
    return id;
  }

  // "a.b." for a definition inside `namespace a { namespace b {`; found by walking up, which
  // costs the tree's depth once per function or class.
  std::string namespacePrefix(TSNode n) {
    std::string out;
    for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
      if (kind(p) != Cx::NamespaceDefinition) continue;
      TSNode name = field(p, fName);
      if (ts_node_is_null(name)) continue;  // an anonymous namespace
      std::string part = cppDottedName(text(name));
      out.insert(0, part + ".");
    }
    return out;
  }

  std::string qualifiedPrefix(const Work& w) {
    if (w.fn != kNone) return m->functions[w.fn].qualifiedName + ".";
    if (w.cls != kNone) return m->classes[w.cls].qualifiedName + ".";
    return namespacePrefix(w.node);
  }

  void functionDefinition(const Work& w) {
    TSNode n = w.node;
    TSNode decl = field(n, fDeclarator);
    for (int guard = 0; guard < 8 && !ts_node_is_null(decl) && kind(decl) != Cx::FunctionDeclarator; ++guard) {
      TSNode inner = field(decl, fDeclarator);
      decl = ts_node_is_null(inner) ? firstNamed(decl) : inner;
    }
    TSNode body = field(n, fBody);
    if (kind(decl) != Cx::FunctionDeclarator || ts_node_is_null(body)) {
      addStmt(StmtKind::Other, n, w);
      return;
    }
    TSNode nameNode = field(decl, fDeclarator);
    TSNode params = field(decl, fParameters);
    std::string_view written = ts_node_is_null(nameNode) ? "" : text(nameNode);
    FunctionId id;
    if (auto naming = kind(nameNode) == Cx::Identifier ? testCaseMacro(written) : std::nullopt) {
      std::vector<TSNode> args;
      if (!ts_node_is_null(params))
        for (const ChildRef& c : children(params)) args.push_back(c.node);
      auto [name, qualifiedName] = testCaseName(*naming, args);
      id = newFunction(name, std::move(qualifiedName), n, w, kNone);
      m->functions[id].isTestCase = true;
    } else {
      std::string dotted = cppDottedName(written);
      std::string_view last = written.substr(written.rfind(':') == std::string_view::npos ? 0 : written.rfind(':') + 1);
      id = newFunction(last, qualifiedPrefix(w) + dotted, n, w, w.fn == kNone ? w.cls : kNone);
      Function tmp;
      parameters(params, tmp);
      m->functions[id].params = std::move(tmp.params);
    }
    openFunction(id, n, w, body, {});
  }

  void openFunction(FunctionId id, TSNode n, const Work& w, TSNode body, std::string_view stmtText) {
    StmtId s = addStmt(StmtKind::FunctionDef, n, w, stmtText);
    m->functions[id].firstStmt = s + 1;
    m->functions[id].endStmt = s + 1;
    work.push_back({Action::CloseFunction, n, kNone, w.fn, w.cls, w.depth, id});
    if (kind(body) == Cx::CompoundStatement || kind(body) == Cx::TranslationUnit) pushItems(body, s, id, w.cls, 0);
    else work.push_back({Action::Statement, body, s, id, w.cls, 0});
  }

  // TEST_CASE("name") { ... } and SECTION("name") { ... }: a call, then a block.
  void macroBlock(const Work& w) {
    std::string_view macro = calledMacro(w.node);
    TSNode callNode = firstNamed(w.node);
    std::vector<TSNode> args;
    if (TSNode a = field(callNode, fArguments); !ts_node_is_null(a))
      for (const ChildRef& c : children(a)) args.push_back(c.node);
    if (auto naming = testCaseMacro(macro)) {
      auto [name, qualifiedName] = testCaseName(*naming, args);
      FunctionId id = newFunction(name, std::move(qualifiedName), w.node, w, kNone);
      Function& f = m->functions[id];
      f.isTestCase = true;
      f.range.endByte = ts_node_end_byte(w.block);
      TSPoint e = ts_node_end_point(w.block);
      f.range.end = {e.row + 1, e.column + 1};
      openFunction(id, w.node, w, w.block, span(w.node, w.block));
      return;
    }
    StmtId s = addStmt(StmtKind::Other, w.node, w);
    pushItems(w.block, s, w.fn, w.cls, static_cast<uint16_t>(w.depth + 1));
  }

  void classDefinition(const Work& w) {
    TSNode n = w.node;
    TSNode body = field(n, fBody);
    TSNode nameNode = field(n, fName);
    if (ts_node_is_null(body)) return;  // a forward declaration
    ClassId id = static_cast<ClassId>(m->classes.size());
    m->classes.emplace_back();
    {
      ClassDef& c = m->classes.back();
      c.name = ts_node_is_null(nameNode) ? "" : baseName(nameNode);
      c.range = rangeOf(n);
      c.parent = w.cls;
      c.enclosingFunction = w.fn;
      c.qualifiedName = qualifiedPrefix(w) + std::string(c.name);
    }
    StmtId s = addStmt(StmtKind::ClassDef, n, w);
    std::vector<ExprId> bases;
    for (const ChildRef& c : children(n))
      if (kind(c.node) == Cx::BaseClassClause)
        for (const ChildRef& b : children(c.node))
          if (kind(b.node) != Cx::Unknown) bases.push_back(convert(b.node, 0));
    m->classes[id].bases = std::move(bases);
    work.push_back({Action::CloseClass, n, kNone, w.fn, w.cls, w.depth, id});
    pushItems(body, s, kNone, id, 0);
  }

  // Parses a #define's replacement text where it stands; the tree lives until parse() ends.
  TSNode parseMacroText(TSNode arg) {
    TSRange r;
    r.start_byte = ts_node_start_byte(arg);
    r.end_byte = ts_node_end_byte(arg);
    r.start_point = ts_node_start_point(arg);
    r.end_point = ts_node_end_point(arg);
    ts_parser_set_included_ranges(macroParser, &r, 1);
    ts_parser_reset(macroParser);
    TSTree* t = ts_parser_parse_string(macroParser, nullptr, src, static_cast<uint32_t>(m->source->size()));
    ts_parser_set_included_ranges(macroParser, nullptr, 0);
    if (!t) return TSNode{};
    macroTrees.push_back(t);
    return ts_tree_root_node(t);
  }

  void preprocDefine(const Work& w) {
    TSNode n = w.node;
    TSNode nameNode = field(n, fName);
    TSNode value = field(n, fValue);
    if (ts_node_is_null(nameNode) || ts_node_is_null(value)) return;  // a flag: #define USE_CUDA
    StmtId s = addStmt(StmtKind::Assign, n, w);
    ExprId b = kNone;
    TSNode root = parseMacroText(value);
    TSNode first = ts_node_is_null(root) ? root : firstNamed(root);
    // `1e-5f` alone parses as an ERROR around the literal; `(10 * FLT_EPSILON)` as an expression statement.
    if (kind(first) == Cx::ExpressionStatement || kind(first) == Cx::Error) first = firstNamed(first);
    b = ts_node_is_null(first) ? newExpr(ExprKind::Other, value) : convert(first, 0);
    ExprId a = newExpr(ExprKind::Name, nameNode, text(nameNode));
    m->stmts[s].a = a;
    m->stmts[s].b = b;
  }

  void preprocMacroFunction(const Work& w) {
    TSNode n = w.node;
    TSNode nameNode = field(n, fName);
    TSNode value = field(n, fValue);
    if (ts_node_is_null(nameNode) || ts_node_is_null(value)) return;
    std::string_view name = text(nameNode);
    // Macros know no namespaces: EXPECT_CLOSE is EXPECT_CLOSE wherever it is defined.
    FunctionId id = newFunction(name, std::string(name), n, w, kNone);
    Function tmp;
    parameters(field(n, fParameters), tmp);
    m->functions[id].params = std::move(tmp.params);
    TSNode root = parseMacroText(value);
    openFunction(id, n, w, root, {});
  }

  // #if / #ifdef / #elif: a branch on the build configuration, so a tolerance set under
  // `#ifdef USE_CUDA` depends on it as one under `if use_gpu:` does.
  void preprocBranch(const Work& w) {
    TSNode n = w.node;
    const Cx k = kind(n);
    StmtId s = addStmt(StmtKind::If, n, w);
    m->stmts[s].isElif = k == Cx::PreprocElif || k == Cx::PreprocElifdef;
    TSNode cond = k == Cx::PreprocIf || k == Cx::PreprocElif ? field(n, fCondition) : field(n, fName);
    ExprId a = ts_node_is_null(cond) ? kNone : convert(cond, 0);
    m->stmts[s].a = a;
    TSNode alt = field(n, fAlternative);
    if (!ts_node_is_null(alt)) work.push_back({Action::Statement, alt, w.parent, w.fn, w.cls, w.depth});
    pushItems(n, s, w.fn, w.cls, static_cast<uint16_t>(w.depth + 1));
  }

  // #include "test_util.h": the constants and wrappers of the headers a test reads are its own
  // (ToleranceResolver follows them). System headers (<...>) are not the project's.
  void include(TSNode n, const Work& w) {
    TSNode path = field(n, ts_language_field_id_for_name(lang, "path", 4));
    if (ts_node_is_null(path) || std::strcmp(ts_node_type(path), "string_literal") != 0) return;
    std::string_view t = text(path);
    if (t.size() < 2) return;
    Import imp;
    imp.module = std::string(t.substr(1, t.size() - 2));
    imp.star = true;
    imp.scope = w.fn;
    imp.line = ts_node_start_point(n).row + 1;
    m->imports.push_back(std::move(imp));
  }

  // A missing `;` after a macro call is the preprocessor's business, not a syntax error.
  bool excused(TSNode node) {
    if (!ts_node_is_missing(node)) return false;
    TSNode parent = ts_node_parent(node);
    return kind(parent) == Cx::ExpressionStatement && !calledMacro(parent).empty();
  }

  void reportSyntaxErrors(TSNode root) {
    if (!ts_node_has_error(root)) return;
    const DamageReport damage = findDamage(root, [this](TSNode n) { return excused(n); });
    if (damage.regions == 0) return;
    m->hasSyntaxErrors = true;
    m->diagnostics.push_back({m->path, damage.first.row + 1, damage.first.column + 1, Severity::Warning, "syntax-error",
                              fmt::format("syntax error ({} damaged region{}); tree-sitter recovered and the rest of "
                                          "the file was scanned",
                                          damage.regions, damage.regions == 1 ? "" : "s")});
  }
};

CppFrontend::CppFrontend() : impl_(std::make_unique<Impl>()) {}
CppFrontend::~CppFrontend() = default;

FileModel CppFrontend::parse(std::string path, std::string source, const ParseBudget& budget) {
  FileModel model;
  model.path = std::move(path);
  model.language = Language::Cpp;
  model.source = std::make_unique<std::string>(std::move(source));
  Impl& I = *impl_;
  // Offsets in the blanked copy are those of the source, so the model reads the source.
  const std::optional<std::string> blanked = parseableText(*model.source);
  TSTree* tree = parseWithBudget(I.parser, blanked ? *blanked : *model.source, budget);
  if (!tree) {
    model.diagnostics.push_back(parseTimeout(model.path, budget));
    return model;
  }
  I.beginFile(model, budget);
  I.currentFunction = kNone;
  TSNode root = ts_tree_root_node(tree);
  I.walkStatements(root);
  I.reportSyntaxErrors(root);
  for (TSTree* t : I.macroTrees) ts_tree_delete(t);
  I.macroTrees.clear();
  I.endFile();
  ts_tree_delete(tree);
  return model;
}

bool CppFrontend::parseOnly(const std::string& source, const ParseBudget& budget) {
  TSTree* tree = parseWithBudget(impl_->parser, source, budget);
  if (!tree) return false;
  ts_tree_delete(tree);
  return true;
}

}  // namespace oalens::analyzer
