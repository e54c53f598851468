// C++ declarations, function and class definitions, and the test cases that macros define
// (TEST, TEST_F, TEST_CASE, ...): each becomes the FileModel function or class a Python def would.
#include "analyzer/frontend/cpp/cpp_converter.h"

#include <algorithm>
#include <cstring>

namespace oalens::analyzer {

ExprId CppFrontend::Impl::declaredName(TSNode d) {
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

void CppFrontend::Impl::declaration(const Work& w) {
  TSNode n = w.node;
  TSNode type = field(n, fType);
  const Cx tk = kind(type);
  if (tk == Cx::TypeIdentifier) m->typeNames.push_back(text(type));
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
    if (kind(target) == Cx::FunctionDeclarator) {
      // `CompareApprox<float> cmp(tolerance);` in a function body reads as a function declaration
      // with a parameter of type `tolerance`: a local constructed from the name in parentheses,
      // kept as the construction `CompareApprox<float>(tolerance)` on a statement of its own kind
      // (not an assignment: what the local holds is the object, which tracing its argument would
      // misread), read where a comparator object is looked for (AssertionFinder::comparatorCheck).
      if (w.fn != kNone) {
        std::vector<TSNode> names;
        bool constructed = true;
        for (const ChildRef& p : children(field(target, fParameters))) {
          const TSNode type = field(p.node, fType);
          constructed &= kind(p.node) == Cx::ParameterDeclaration && ts_node_is_null(field(p.node, fDeclarator)) &&
                         (kind(type) == Cx::TypeIdentifier || kind(type) == Cx::QualifiedIdentifier);
          names.push_back(type);
        }
        const ExprId local = declaredName(field(target, fDeclarator));
        if (constructed && names.size() == 1 && local != kNone && m->exprs[local].kind == ExprKind::Name) {
          StmtId s = addStmt(StmtKind::Other, n, w);
          m->stmts[s].a = local;
          m->stmts[s].b = withChildren(ExprKind::Call, n, {}, {type, names[0]}, 0);
          any = true;
          continue;
        }
      }
      functionDeclaration(w, target);
      continue;
    }
    if (ts_node_is_null(value)) continue;
    // `auto near = [](float a, float b, float t) { return std::abs(a - b) < t; };` in a
    // function: a helper of that function, called by its name as a function is.
    if (kind(value) == Cx::LambdaExpression && w.fn != kNone && namedLambda(w, target, value)) {
      any = true;
      continue;
    }
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

bool CppFrontend::Impl::namedLambda(const Work& w, TSNode target, TSNode lambda) {
  TSNode body = field(lambda, fBody);
  const ExprId nameId = declaredName(target);
  if (ts_node_is_null(body) || nameId == kNone || m->exprs[nameId].kind != ExprKind::Name) return false;
  const std::string_view name = m->exprs[nameId].name;
  const FunctionId id = newFunction(name, qualifiedPrefix(w) + std::string(name), lambda, w, kNone);
  TSNode declarator = field(lambda, fDeclarator);
  Function tmp;
  if (!ts_node_is_null(declarator)) parameters(field(declarator, fParameters), tmp);
  m->functions[id].params = std::move(tmp.params);
  openFunction(id, w.node, w, body, {});
  return true;
}

// A declaration of a function whose parameters have defaults: kept for the definition elsewhere,
// which may not repeat them (FileModel::declaredDefaults).
void CppFrontend::Impl::functionDeclaration(const Work& w, TSNode declarator) {
  TSNode nameNode = field(declarator, fDeclarator);
  if (ts_node_is_null(nameNode)) return;
  Function tmp;
  parameters(field(declarator, fParameters), tmp);
  FileModel::DeclaredDefaults d;
  for (const Param& p : tmp.params) {
    if (p.varArgs) continue;
    d.paramTypes.push_back(p.type);
    d.defaults.push_back(p.defaultValue);
    if (p.defaultValue == kNone) ++d.required;
  }
  if (d.required == d.paramTypes.size()) return;
  const std::string_view written = text(nameNode);
  d.qualifiedName = qualifiedPrefix(w) + cppDottedName(written);
  m->declaredDefaults.push_back(std::move(d));
}

void CppFrontend::Impl::parameters(TSNode params, Function& f) {
  if (ts_node_is_null(params)) return;
  for (const ChildRef& c : children(params)) {
    Param p;
    const Cx k = kind(c.node);
    if (k == Cx::Identifier) {  // a macro's parameter
      p.name = text(c.node);
    } else if (k == Cx::ParameterDeclaration || k == Cx::OptionalParameterDeclaration) {
      ExprId nameId = declaredName(field(c.node, fDeclarator));
      if (nameId != kNone) p.name = m->exprs[nameId].name;
      if (TSNode declarator = field(c.node, fDeclarator); !ts_node_is_null(declarator))
        p.pointer = kind(declarator) == Cx::PointerDeclarator;
      if (TSNode type = field(c.node, fType); !ts_node_is_null(type)) {
        p.type = text(type);
        if (kind(type) == Cx::TypeIdentifier) m->typeNames.push_back(p.type);
      }
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

std::pair<std::string_view, std::string> CppFrontend::Impl::testCaseName(TestCaseNaming naming, const std::vector<TSNode>& args) {
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

FunctionId CppFrontend::Impl::newFunction(std::string_view name, std::string qualifiedName, TSNode n, const Work& w, ClassId cls) {
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

std::string CppFrontend::Impl::namespacePrefix(TSNode n) {
  std::string out;
  for (TSNode p = ts_node_parent(n); !ts_node_is_null(p); p = ts_node_parent(p)) {
    if (kind(p) != Cx::NamespaceDefinition) continue;
    TSNode name = field(p, fName);
    if (ts_node_is_null(name)) continue;  // an anonymous namespace
    // `inline namespace MIGRAPHX_INLINE_NS { ... }`: its members are the enclosing namespace's
    // (`migraphx::verify::verify_rms_range`), the versioned name only a way to link them.
    if (ts_node_child_count(p) > 0 && std::strcmp(ts_node_type(ts_node_child(p, 0)), "inline") == 0) continue;
    std::string part = cppDottedName(text(name));
    out.insert(0, part + ".");
  }
  return out;
}

std::string CppFrontend::Impl::qualifiedPrefix(const Work& w) {
  if (w.fn != kNone || w.cls != kNone) return enclosingPrefix(w.fn, w.cls);
  return namespacePrefix(w.node);
}

void CppFrontend::Impl::functionDefinition(const Work& w) {
  TSNode n = w.node;
  TSNode decl = field(n, fDeclarator);
  if (kind(decl) == Cx::OperatorCast && !ts_node_is_null(field(n, fBody))) {
    // `operator bool() const { return float_equal(lhs, rhs); }`: a conversion operator has no
    // function declarator; it is the method `operator bool` of no parameters, read like any other
    // (an object whose truth is a check: check_objects.h).
    std::string_view written = text(decl);
    written = written.substr(0, std::min(written.find('('), written.size()));
    while (!written.empty() && (written.back() == ' ' || written.back() == '\t' || written.back() == '\n')) written.remove_suffix(1);
    const FunctionId id = newFunction(written, qualifiedPrefix(w) + std::string(written), n, w, w.fn == kNone ? w.cls : kNone);
    openFunction(id, n, w, field(n, fBody), {});
    return;
  }
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
  if (kind(nameNode) == Cx::Identifier && isMatcherDefinition(written) && !ts_node_is_null(params) &&
      ts_node_named_child_count(params) > 0) {
    // `MATCHER_P(IsCloseTo, other) { return close(arg, other); }` (its description blanked,
    // rewriteMatcherDefinitions): the function IsCloseTo of `arg`, the value the matcher is
    // applied to, and its own parameters.
    std::vector<TSNode> args;
    for (const ChildRef& c : children(params)) args.push_back(c.node);
    const std::string_view name = text(args[0]);
    id = newFunction(name, qualifiedPrefix(w) + std::string(name), n, w, kNone);
    std::vector<Param>& ps = m->functions[id].params;
    ps.push_back(Param{});
    ps.back().name = kMatcherValueParam;
    for (size_t i = 1; i < args.size(); ++i) {
      ps.push_back(Param{});
      ps.back().name = text(args[i]);
    }
  } else if (auto naming = kind(nameNode) == Cx::Identifier ? testCaseMacro(written) : std::nullopt) {
    std::vector<TSNode> args;
    if (!ts_node_is_null(params))
      for (const ChildRef& c : children(params)) args.push_back(c.node);
    if (insideMacro(w)) return macroTestCase(w, n, body, *naming, args);
    auto [name, qualifiedName] = testCaseName(*naming, args);
    id = newFunction(name, std::move(qualifiedName), n, w, kNone);
    m->functions[id].isTestCase = true;
  } else {
    // An explicit specialization (`floatCloseAll<float, float16>(...)`) of a template the file
    // does not define (declared in a header) stands for it: its calls name it without the
    // template's arguments. Beside the primary template's own definition it keeps them, and
    // calls run the primary's (arrayfire's `compare<T>` and `compare<uint>`).
    if (written.ends_with('>') && written.find("operator") == std::string_view::npos) {
      int depth = 0;
      for (size_t i = written.size(); i-- > 0;) {
        depth += written[i] == '>' ? 1 : written[i] == '<' ? -1 : 0;
        if (depth != 0) continue;
        const std::string_view base = written.substr(0, i);
        const std::string_view baseLast = base.substr(base.rfind(':') == std::string_view::npos ? 0 : base.rfind(':') + 1);
        if (std::none_of(m->functions.begin(), m->functions.end(), [&](const Function& f) { return f.name == baseLast; })) written = base;
        break;
      }
    }
    std::string dotted = cppDottedName(written);
    std::string_view last = written.substr(written.rfind(':') == std::string_view::npos ? 0 : written.rfind(':') + 1);
    id = newFunction(last, qualifiedPrefix(w) + dotted, n, w, w.fn == kNone ? w.cls : kNone);
    Function tmp;
    parameters(params, tmp);
    m->functions[id].params = std::move(tmp.params);
  }
  openFunction(id, n, w, body, {});
}

void CppFrontend::Impl::macroTestCase(const Work& w, TSNode n, TSNode body, TestCaseNaming naming, const std::vector<TSNode>& args) {
  auto [name, qualifiedName] = testCaseName(naming, args);
  const FunctionId id = newFunction(name, std::move(qualifiedName), n, w, kNone);
  Function& f = m->functions[id];
  f.isTestCase = true;
  f.range.endByte = ts_node_end_byte(body);
  const TSPoint e = ts_node_end_point(body);
  f.range.end = {e.row + 1, e.column + 1};
  const StmtId s = addStmt(StmtKind::Other, n, w);
  f.firstStmt = f.endStmt = s + 1;
  pushBody(body, s, w.fn, w.cls, static_cast<uint16_t>(w.depth + 1));
}

void CppFrontend::Impl::openFunction(FunctionId id, TSNode n, const Work& w, TSNode body, std::string_view stmtText) {
  StmtId s = addStmt(StmtKind::FunctionDef, n, w, stmtText);
  m->functions[id].firstStmt = s + 1;
  m->functions[id].endStmt = s + 1;
  work.push_back({Action::CloseFunction, n, kNone, w.fn, w.cls, w.depth, id});
  if (kind(body) == Cx::CompoundStatement || kind(body) == Cx::TranslationUnit) pushItems(body, s, id, w.cls, 0);
  else work.push_back({Action::Statement, body, s, id, w.cls, 0});
}

void CppFrontend::Impl::classDefinition(const Work& w) {
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

}  // namespace oalens::analyzer
