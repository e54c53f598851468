// What the Python and C++ frontends share when they turn a tree-sitter tree into a FileModel:
// node kinds looked up by grammar symbol, children gathered with one reused cursor (ts_node_child(i)
// is linear in i, and a 10,000-element literal would make a walk quadratic), the expression
// arena, the nesting cap of the recursive expression conversion, and the per-parse state.
// `Derived` provides `ExprId convert(TSNode, uint32_t depth)`; `Kind` is the frontend's enum
// of node kinds with Unknown, Error and Comment among them.
#pragma once
#include <fmt/format.h>
#include <tree_sitter/api.h>

#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "analyzer/frontend/parse_budget.h"
#include "analyzer/frontend/ts_support.h"
#include "analyzer/model/code_model.h"

namespace oalens::analyzer {

template <typename Kind>
struct KindName {
  const char* name;
  Kind kind;
};

struct ChildRef {
  TSNode node;
  TSFieldId field;
};

// An item of a frontend's statement work stack: a statement to convert, in its block and
// scope, or (by `Action`) the end of a function or class. Frontends add their own fields.
template <typename Action>
struct StatementWork {
  Action action;
  TSNode node;
  StmtId parent;
  FunctionId fn;
  ClassId cls;
  uint16_t depth;
  uint32_t index = 0;  // function or class to close
};

template <typename Kind, typename Derived>
class TreeConverter {
 public:
  template <size_t N>
  TreeConverter(const TSLanguage* language, const KindName<Kind> (&names)[N]) : lang(language) {
    std::unordered_map<std::string, Kind> byName;
    for (const auto& kn : names) byName.emplace(kn.name, kn.kind);
    const uint32_t count = ts_language_symbol_count(lang);
    kindOfSymbol.assign(count, Kind::Unknown);
    for (uint32_t s = 0; s < count; ++s) {
      if (ts_language_symbol_type(lang, static_cast<TSSymbol>(s)) != TSSymbolTypeRegular) continue;
      auto it = byName.find(ts_language_symbol_name(lang, static_cast<TSSymbol>(s)));
      if (it != byName.end()) kindOfSymbol[s] = it->second;
    }
    cursor = ts_tree_cursor_new(TSNode{});
  }
  ~TreeConverter() { ts_tree_cursor_delete(&cursor); }
  TreeConverter(const TreeConverter&) = delete;
  TreeConverter& operator=(const TreeConverter&) = delete;

  const TSLanguage* lang = nullptr;
  std::vector<Kind> kindOfSymbol;
  // Per-parse state.
  FileModel* m = nullptr;
  const char* src = nullptr;
  TSTreeCursor cursor{};
  std::vector<ChildRef> scratch;
  std::vector<ExprId> idStack;
  uint32_t maxDepth = 200;
  uint32_t maxStmtDepth = 4096;
  bool truncated = false;
  bool stmtsTruncated = false;
  // Nesting level of each function's and class's body: the level of the statement that
  // defines it plus one (drainWork fills them in as visits create definitions).
  std::vector<uint32_t> functionLevel, classLevel;
  FunctionId currentFunction = kNone;  // of the statement being converted

  TSFieldId fieldId(const char* name) const { return ts_language_field_id_for_name(lang, name, static_cast<uint32_t>(std::strlen(name))); }
  Kind kind(TSNode n) const {
    if (ts_node_is_null(n)) return Kind::Unknown;
    if (ts_node_is_error(n)) return Kind::Error;
    TSSymbol s = ts_node_symbol(n);
    return s < kindOfSymbol.size() ? kindOfSymbol[s] : Kind::Unknown;
  }
  std::string_view text(TSNode n) const {
    uint32_t s = ts_node_start_byte(n), e = ts_node_end_byte(n);
    return {src + s, e - s};
  }
  TSNode field(TSNode n, TSFieldId f) const { return ts_node_child_by_field_id(n, f); }

  // Appends the children of n to scratch; returns the index of the first. Extras are left out:
  // they may stand between any two tokens and are no operand (comments, and Python's `\`
  // continuation, which inside `f(a, \` would have become an argument). Tokens the parser
  // skipped to recover are extras too, but kept: they stand where an operand was meant.
  size_t gather(TSNode n, bool namedOnly) {
    size_t start = scratch.size();
    ts_tree_cursor_reset(&cursor, n);
    if (!ts_tree_cursor_goto_first_child(&cursor)) return start;
    do {
      TSNode c = ts_tree_cursor_current_node(&cursor);
      if (namedOnly && !ts_node_is_named(c)) continue;
      if (ts_node_is_extra(c) && !ts_node_is_error(c)) continue;
      scratch.push_back({c, ts_tree_cursor_current_field_id(&cursor)});
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
    return start;
  }

  ExprId newExpr(ExprKind k, TSNode n, std::string_view name = {}) {
    Expr e;
    e.kind = k;
    e.range = rangeOf(n);
    e.text = text(n);
    e.name = name;
    m->exprs.push_back(e);
    return static_cast<ExprId>(m->exprs.size() - 1);
  }
  void setChildren(ExprId id, size_t idStart) {
    Expr& e = m->exprs[id];
    e.firstChild = static_cast<uint32_t>(m->childIds.size());
    e.childCount = static_cast<uint32_t>(idStack.size() - idStart);
    m->childIds.insert(m->childIds.end(), idStack.begin() + static_cast<long>(idStart), idStack.end());
    idStack.resize(idStart);
  }
  ExprId withChildren(ExprKind k, TSNode n, std::string_view name, std::initializer_list<TSNode> kids, uint32_t depth) {
    size_t mark = idStack.size();
    for (TSNode c : kids) idStack.push_back(ts_node_is_null(c) ? newExpr(ExprKind::Other, n) : self().convert(c, depth + 1));
    ExprId id = newExpr(k, n, name);
    setChildren(id, mark);
    return id;
  }
  // All named children converted, in order (lists, tuples, argument lists...).
  ExprId sequence(ExprKind k, TSNode n, uint32_t depth) {
    size_t mark = idStack.size();
    size_t start = gather(n, true);
    size_t end = scratch.size();
    for (size_t i = start; i < end; ++i) idStack.push_back(self().convert(scratch[i].node, depth + 1));
    scratch.resize(start);
    ExprId id = newExpr(k, n);
    setChildren(id, mark);
    return id;
  }
  // True past the nesting cap (the deeper part becomes `Other`); says so once per file.
  bool tooDeep(TSNode n, uint32_t depth) {
    if (depth <= maxDepth) return false;
    if (!truncated) {
      truncated = true;
      TSPoint p = ts_node_start_point(n);
      m->diagnostics.push_back({m->path, p.row + 1, p.column + 1, Severity::Warning, "nesting-too-deep",
                                fmt::format("expression nested deeper than {} levels; the inner part is not analyzed", maxDepth)});
    }
    return true;
  }

  // Appends a statement; it owns the expressions converted from now on (or from `exprsFrom`),
  // and the statement before it owns those up to here.
  StmtId appendStmt(StmtKind k, TSNode n, StmtId parent, uint16_t depth, FunctionId fn, ClassId cls, std::string_view stmtText,
                    ExprId exprsFrom = kNone) {
    Stmt s;
    s.kind = k;
    s.depth = depth;
    s.parent = parent;
    s.function = fn;
    s.cls = cls;
    s.range = rangeOf(n);
    s.text = stmtText;
    s.firstExpr = exprsFrom != kNone ? exprsFrom : static_cast<ExprId>(m->exprs.size());
    if (!m->stmts.empty()) m->stmts.back().endExpr = s.firstExpr;
    m->stmts.push_back(s);
    return static_cast<StmtId>(m->stmts.size() - 1);
  }

  // Runs the statement work stack (pushed so that statements pop in source order) until it is
  // empty. A CloseFunction item marks where its function's statements end; CloseClass items
  // only keep the order; any other item goes to `visit`, with currentFunction set to its
  // function. `visit` may push more work.
  template <typename Work, typename Visit>
  void drainWork(std::vector<Work>& work, Visit visit) {
    using Action = decltype(Work::action);
    while (!work.empty()) {
      Work w = work.back();
      work.pop_back();
      currentFunction = w.fn;
      if (w.action == Action::CloseFunction) {
        m->functions[w.index].endStmt = static_cast<StmtId>(m->stmts.size());
        continue;
      }
      if (w.action == Action::CloseClass) continue;
      const uint32_t level = w.depth + levelOf(w.fn, w.cls);
      if (stmtsTooDeep(w.node, level)) continue;
      visit(w);
      functionLevel.resize(m->functions.size(), level + 1);
      classLevel.resize(m->classes.size(), level + 1);
    }
  }

  uint32_t levelOf(FunctionId fn, ClassId cls) const {
    if (fn != kNone && fn < functionLevel.size()) return functionLevel[fn];
    if (cls != kNone && cls < classLevel.size()) return classLevel[cls];
    return 0;
  }
  // True past the statement nesting cap (the deeper statements are left out); says so once.
  bool stmtsTooDeep(TSNode n, uint32_t level) {
    if (level <= maxStmtDepth) return false;
    if (!stmtsTruncated) {
      stmtsTruncated = true;
      TSPoint p = ts_node_start_point(n);
      m->diagnostics.push_back({m->path, p.row + 1, p.column + 1, Severity::Warning, "nesting-too-deep",
                                fmt::format("statements nested deeper than {} levels; the inner part is not analyzed", maxStmtDepth)});
    }
    return true;
  }

  // "outer." for a definition inside a function or class, empty at module level.
  std::string enclosingPrefix(FunctionId fn, ClassId cls) const {
    if (fn != kNone) return m->functions[fn].qualifiedName + ".";
    if (cls != kNone) return m->classes[cls].qualifiedName + ".";
    return {};
  }

  // a = b = value: one Assign per target, all with the final value. The first statement is
  // added before the value is converted, so it owns the value's expressions; the other targets
  // share that value. `addAssign` appends the statement of one target.
  template <typename AddAssign>
  void assignEach(const std::vector<TSNode>& targets, TSNode value, AddAssign addAssign) {
    ExprId v = kNone;
    bool first = true;
    for (TSNode t : targets) {
      if (ts_node_is_null(t)) continue;
      StmtId s = addAssign();
      if (first && !ts_node_is_null(value)) v = self().convert(value, 0);
      first = false;
      ExprId a = self().convert(t, 0);
      m->stmts[s].a = a;
      m->stmts[s].b = v;
    }
  }

  // One warning for a tree with damage that `excused` does not pardon; the file is still scanned.
  void reportDamage(TSNode root, const DamageExcuse& excused = {}) {
    if (!ts_node_has_error(root)) return;
    const DamageReport damage = findDamage(root, excused);
    if (damage.regions == 0) return;
    m->hasSyntaxErrors = true;
    m->diagnostics.push_back({m->path, damage.first.row + 1, damage.first.column + 1, Severity::Warning, "syntax-error",
                              fmt::format("syntax error ({} damaged region{}); tree-sitter recovered and the rest of "
                                          "the file was scanned",
                                          damage.regions, damage.regions == 1 ? "" : "s")});
  }

  void beginFile(FileModel& model, const ParseBudget& budget) {
    m = &model;
    src = model.source->data();
    maxDepth = budget.maxExprDepth;
    maxStmtDepth = budget.maxStmtDepth;
    truncated = false;
    stmtsTruncated = false;
    functionLevel.clear();
    classLevel.clear();
    scratch.clear();
    idStack.clear();
  }
  void endFile() {
    if (!m->stmts.empty()) m->stmts.back().endExpr = static_cast<ExprId>(m->exprs.size());
    m = nullptr;
  }

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
};

// The diagnostic of a file whose parse ran out of the budget's time.
inline Diagnostic parseTimeout(const std::string& path, const ParseBudget& budget) {
  return {path,
          0,
          0,
          Severity::Error,
          "parse-timeout",
          fmt::format("skipped: parsing took longer than {} s", budget.timeoutMicros / 1'000'000)};
}

}  // namespace oalens::analyzer
