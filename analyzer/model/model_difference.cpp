// modelDifference (model_splice.h): the first field in which two models differ, for the splice
// checks (`mine --check-splices`, the splice fuzzer, the tests).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <string_view>

#include "analyzer/model/model_splice.h"

namespace oalens::analyzer {

namespace {

// Field-by-field comparison: a view compares as its place in its model's source and its text.
class Differ {
 public:
  Differ(const FileModel& a, const FileModel& b) : a_(a), b_(b) {}
  std::string diff;

  template <class T>
  bool same(const char* what, size_t i, const char* field, const T& x, const T& y) {
    if (!diff.empty() || x == y) return diff.empty();
    diff = fmt::format("{}[{}].{}: {} vs {}", what, i, field, x, y);
    return false;
  }
  bool view(const char* what, size_t i, const char* field, std::string_view x, std::string_view y) {
    if (!diff.empty()) return false;
    const int64_t px = place(a_, x), py = place(b_, y);
    if (px == py && x == y) return true;
    auto tail = [](std::string_view v) { return v.size() <= 40 ? v : v.substr(v.size() - 40); };
    diff = fmt::format("{}[{}].{}: {} bytes at {} ending '{}' vs {} bytes at {} ending '{}'", what, i, field, x.size(), px, tail(x),
                       y.size(), py, tail(y));
    return false;
  }
  bool range(const char* what, size_t i, const SourceRange& x, const SourceRange& y) {
    return same(what, i, "range.startByte", x.startByte, y.startByte) && same(what, i, "range.endByte", x.endByte, y.endByte) &&
           same(what, i, "range.start.line", x.start.line, y.start.line) && same(what, i, "range.start.col", x.start.col, y.start.col) &&
           same(what, i, "range.end.line", x.end.line, y.end.line) && same(what, i, "range.end.col", x.end.col, y.end.col);
  }
  bool sizes(const char* what, size_t x, size_t y) { return same(what, 0, "size", x, y); }

 private:
  static int64_t place(const FileModel& m, std::string_view v) {
    if (!m.source || !pointsInto(v, *m.source)) return -1;
    return v.data() - m.source->data();
  }
  const FileModel& a_;
  const FileModel& b_;
};

}  // namespace

std::string modelDifference(const FileModel& a, const FileModel& b) {
  Differ d(a, b);
  if (!d.same("model", 0, "path", a.path, b.path) || !d.same("model", 0, "moduleName", a.moduleName, b.moduleName) ||
      !d.same("model", 0, "hasSyntaxErrors", a.hasSyntaxErrors, b.hasSyntaxErrors) ||
      !d.sizes("diagnostics", a.diagnostics.size(), b.diagnostics.size()) || !d.sizes("stmts", a.stmts.size(), b.stmts.size()) ||
      !d.sizes("exprs", a.exprs.size(), b.exprs.size()) || !d.sizes("childIds", a.childIds.size(), b.childIds.size()) ||
      !d.sizes("compareOps", a.compareOps.size(), b.compareOps.size()) || !d.sizes("functions", a.functions.size(), b.functions.size()) ||
      !d.sizes("classes", a.classes.size(), b.classes.size()) || !d.sizes("imports", a.imports.size(), b.imports.size()))
    return d.diff;
  if (!d.same("model", 0, "source", a.source ? *a.source : std::string(), b.source ? *b.source : std::string()))
    return "the sources differ";
  for (size_t i = 0; i < a.stmts.size(); ++i) {
    const Stmt &x = a.stmts[i], &y = b.stmts[i];
    if (!d.same("stmts", i, "kind", int(x.kind), int(y.kind)) || !d.same("stmts", i, "isElif", x.isElif, y.isElif) ||
        !d.same("stmts", i, "depth", x.depth, y.depth) || !d.same("stmts", i, "parent", x.parent, y.parent) ||
        !d.same("stmts", i, "function", x.function, y.function) || !d.same("stmts", i, "cls", x.cls, y.cls) ||
        !d.same("stmts", i, "a", x.a, y.a) || !d.same("stmts", i, "b", x.b, y.b) || !d.view("stmts", i, "op", x.op, y.op) ||
        !d.view("stmts", i, "text", x.text, y.text) || !d.range("stmts", i, x.range, y.range) ||
        !d.same("stmts", i, "firstExpr", x.firstExpr, y.firstExpr) || !d.same("stmts", i, "endExpr", x.endExpr, y.endExpr))
      return d.diff;
  }
  for (size_t i = 0; i < a.exprs.size(); ++i) {
    const Expr &x = a.exprs[i], &y = b.exprs[i];
    if (!d.same("exprs", i, "kind", int(x.kind), int(y.kind)) || !d.same("exprs", i, "childCount", x.childCount, y.childCount) ||
        (x.childCount > 0 && !d.same("exprs", i, "firstChild", x.firstChild, y.firstChild)) ||
        (x.kind == ExprKind::Compare && !d.same("exprs", i, "firstOp", x.firstOp, y.firstOp)) ||
        !d.view("exprs", i, "text", x.text, y.text) || !d.view("exprs", i, "name", x.name, y.name) ||
        !d.range("exprs", i, x.range, y.range))
      return d.diff;
  }
  for (size_t i = 0; i < a.childIds.size(); ++i)
    if (!d.same("childIds", i, "value", a.childIds[i], b.childIds[i])) return d.diff;
  for (size_t i = 0; i < a.compareOps.size(); ++i)
    if (!d.view("compareOps", i, "text", a.compareOps[i], b.compareOps[i])) return d.diff;
  for (size_t i = 0; i < a.functions.size(); ++i) {
    const Function &x = a.functions[i], &y = b.functions[i];
    if (!d.view("functions", i, "name", x.name, y.name) || !d.same("functions", i, "qualifiedName", x.qualifiedName, y.qualifiedName) ||
        !d.same("functions", i, "cls", x.cls, y.cls) || !d.same("functions", i, "parent", x.parent, y.parent) ||
        !d.same("functions", i, "params", x.params.size(), y.params.size()) ||
        !d.same("functions", i, "decorators", x.decorators, y.decorators) ||
        !d.same("functions", i, "firstStmt", x.firstStmt, y.firstStmt) || !d.same("functions", i, "endStmt", x.endStmt, y.endStmt) ||
        !d.range("functions", i, x.range, y.range) || !d.same("functions", i, "isTestCase", x.isTestCase, y.isTestCase) ||
        !d.same("functions", i, "isGenerator", x.isGenerator, y.isGenerator))
      return d.diff;
    for (size_t j = 0; j < x.params.size(); ++j) {
      const Param &p = x.params[j], &q = y.params[j];
      if (!d.view("functions.params", i, "name", p.name, q.name) || !d.view("functions.params", i, "type", p.type, q.type) ||
          !d.same("functions.params", i, "defaultValue", p.defaultValue, q.defaultValue) ||
          !d.same("functions.params", i, "varArgs", p.varArgs, q.varArgs) || !d.same("functions.params", i, "kwArgs", p.kwArgs, q.kwArgs) ||
          !d.same("functions.params", i, "keywordOnly", p.keywordOnly, q.keywordOnly))
        return d.diff;
    }
  }
  for (size_t i = 0; i < a.classes.size(); ++i) {
    const ClassDef &x = a.classes[i], &y = b.classes[i];
    if (!d.view("classes", i, "name", x.name, y.name) || !d.same("classes", i, "qualifiedName", x.qualifiedName, y.qualifiedName) ||
        !d.same("classes", i, "bases", x.bases, y.bases) || !d.same("classes", i, "parent", x.parent, y.parent) ||
        !d.same("classes", i, "enclosingFunction", x.enclosingFunction, y.enclosingFunction) || !d.range("classes", i, x.range, y.range))
      return d.diff;
  }
  for (size_t i = 0; i < a.imports.size(); ++i) {
    const Import &x = a.imports[i], &y = b.imports[i];
    if (!d.same("imports", i, "module", x.module, y.module) || !d.view("imports", i, "name", x.name, y.name) ||
        !d.view("imports", i, "alias", x.alias, y.alias) || !d.same("imports", i, "star", x.star, y.star) ||
        !d.same("imports", i, "scope", x.scope, y.scope) || !d.same("imports", i, "line", x.line, y.line))
      return d.diff;
  }
  return {};
}

}  // namespace oalens::analyzer
