// The preprocessor, read without running it: a #define's replacement text is parsed in place,
// #if/#ifdef are branches, #include "..." is an import, and a bare macro call excuses the `;`
// the grammar finds missing after it.
#include "analyzer/frontend/cpp/cpp_converter.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "analyzer/core/words.h"

namespace oalens::analyzer {

std::string_view CppFrontend::Impl::calledMacro(TSNode exprStmt) {
  TSNode c = firstNamed(exprStmt);
  if (kind(c) != Cx::CallExpression) return {};
  TSNode fn = field(c, fFunction);
  if (kind(fn) != Cx::Identifier) return {};
  std::string_view name = text(fn);
  return looksLikeMacroName(name) ? name : std::string_view{};
}

void CppFrontend::Impl::macroBlock(const Work& w) {
  std::string_view macro = calledMacro(w.node);
  TSNode callNode = firstNamed(w.node);
  std::vector<TSNode> args;
  if (TSNode a = field(callNode, fArguments); !ts_node_is_null(a))
    for (const ChildRef& c : children(a)) args.push_back(c.node);
  if (auto naming = testCaseMacro(macro)) {
    if (insideMacro(w)) return macroTestCase(w, w.node, w.block, *naming, args);
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

TSNode CppFrontend::Impl::parseMacroText(TSNode arg) {
  TSRange r;
  r.start_byte = ts_node_start_byte(arg);
  r.end_byte = ts_node_end_byte(arg);
  r.start_point = ts_node_start_point(arg);
  r.end_point = ts_node_end_point(arg);
  TSNode root = parseInPlace(r);
  // A replacement text that is a statement but for its `;`, written at each use (Halide's
  // `if (!(c)) for (ErrorReport<T> _err; 1; _err.issue()) _err.init(...)`), parses with an
  // error: it is read again with a `;` in place of the line end after it (same offsets).
  if (ts_node_is_null(root) || !ts_node_has_error(root) || r.end_byte >= parsedText.size() ||
      !std::isspace(static_cast<unsigned char>(parsedText[r.end_byte])))
    return root;
  std::string_view body = parsedText.substr(r.start_byte, r.end_byte - r.start_byte);
  while (!body.empty() && std::isspace(static_cast<unsigned char>(body.back()))) body.remove_suffix(1);
  if (body.empty() || body.back() == ';' || body.back() == '}') return root;
  // Only the included range is read: the scratch holds the text as it stands now (a nested
  // define restored since the file was first blanked) there, whatever it held around it.
  if (macroScratch.size() != parsedText.size()) macroScratch.assign(parsedText.size(), ' ');
  std::copy(parsedText.begin() + r.start_byte, parsedText.begin() + r.end_byte, macroScratch.begin() + r.start_byte);
  macroScratch[r.end_byte] = ';';
  TSRange withEnd = r;
  ++withEnd.end_byte;
  ++withEnd.end_point.column;
  ts_parser_set_included_ranges(macroParser, &withEnd, 1);
  ts_parser_reset(macroParser);
  TSTree* t = ts_parser_parse_string(macroParser, nullptr, macroScratch.data(), static_cast<uint32_t>(macroScratch.size()));
  ts_parser_set_included_ranges(macroParser, nullptr, 0);
  if (!t) return root;
  if (ts_node_has_error(ts_tree_root_node(t))) {
    ts_tree_delete(t);
    return root;
  }
  macroTrees.push_back(t);
  return ts_tree_root_node(t);
}

TSNode CppFrontend::Impl::parseInPlace(TSRange r) {
  ts_parser_set_included_ranges(macroParser, &r, 1);
  ts_parser_reset(macroParser);
  TSTree* t = ts_parser_parse_string(macroParser, nullptr, parsedText.data(), static_cast<uint32_t>(parsedText.size()));
  ts_parser_set_included_ranges(macroParser, nullptr, 0);
  if (!t) return TSNode{};
  macroTrees.push_back(t);
  return ts_tree_root_node(t);
}

void CppFrontend::Impl::walkFileLevelCalls(std::string& buffer, const std::vector<SourceSpan>& calls) {
  const std::string_view source(src, m->source->size());
  uint32_t row = 0;
  size_t lineStart = 0, scanned = 0;
  for (const SourceSpan& call : calls) {  // in source order
    for (; scanned < call.begin; ++scanned)
      if (source[scanned] == '\n') ++row, lineStart = scanned + 1;
    TSRange r;
    r.start_byte = call.begin;
    r.start_point = {row, static_cast<uint32_t>(call.begin - lineStart)};
    // The call back in the buffer, its type arguments (`SPARSE_TESTS(float, 1e-6)`) made names
    // of the same length so it parses as a call; the model reads the names from the source.
    std::copy(source.begin() + call.begin, source.begin() + call.end, buffer.begin() + call.begin);
    nameTypeArguments(buffer, call.begin, call.end);
    blankTokenPasting(buffer, call.begin, call.end);
    blankCommentsInDefines(buffer, call.begin, call.end);
    for (; scanned < call.end; ++scanned)
      if (source[scanned] == '\n') ++row, lineStart = scanned + 1;
    r.end_byte = call.end;
    r.end_point = {row, static_cast<uint32_t>(call.end - lineStart)};
    if (TSNode root = parseInPlace(r); !ts_node_is_null(root)) walkStatements(root);
  }
}

void CppFrontend::Impl::preprocDefine(const Work& w) {
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

void CppFrontend::Impl::preprocMacroFunction(const Work& w) {
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
  m->functions[id].isMacro = true;
  TSNode root = parseMacroText(value);
  openFunction(id, n, w, root, {});
}

void CppFrontend::Impl::preprocBranch(const Work& w) {
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

void CppFrontend::Impl::include(TSNode n, const Work& w) {
  TSNode path = field(n, ts_language_field_id_for_name(lang, "path", 4));
  if (ts_node_is_null(path)) return;
  std::string_view t = text(path);
  if (t.size() < 2) return;
  // `#include <lib/x.h>`: a project's own headers are often included with angle brackets too
  // (`<migraphx/float_equal.hpp>`); kept apart, as a system header matches no file of the tree.
  if (std::strcmp(ts_node_type(path), "system_lib_string") == 0) {
    m->angledIncludes.emplace_back(t.substr(1, t.size() - 2));
    return;
  }
  if (std::strcmp(ts_node_type(path), "string_literal") != 0) return;
  Import imp;
  imp.module = std::string(t.substr(1, t.size() - 2));
  imp.star = true;
  imp.scope = w.fn;
  imp.line = ts_node_start_point(n).row + 1;
  m->imports.push_back(std::move(imp));
}

void CppFrontend::Impl::typeAlias(TSNode n) {
  const TSNode type = field(n, fType);
  const std::string_view target = ts_node_is_null(type) ? std::string_view() : text(type);
  if (TSNode name = field(n, fName); !ts_node_is_null(name)) {  // using name = T;
    m->typeNames.push_back(text(name));
    m->typeAliases.push_back({text(name), target});
  }
  for (const ChildRef& c : children(n))  // typedef T a, b;
    if (c.field == fDeclarator && kind(c.node) == Cx::TypeIdentifier) {
      m->typeNames.push_back(text(c.node));
      m->typeAliases.push_back({text(c.node), target});
    }
}

bool CppFrontend::Impl::excused(TSNode node, TSNode parent) {
  if (!ts_node_is_missing(node) || ts_node_is_null(parent)) return false;
  return kind(parent) == Cx::ExpressionStatement && !calledMacro(parent).empty();
}

}  // namespace oalens::analyzer
