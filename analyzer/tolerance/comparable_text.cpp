#include "analyzer/tolerance/comparable_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "analyzer/scan/project.h"

namespace oalens::analyzer {

namespace {

constexpr int kMaxDepth = 4;  // names standing for names standing for ...: enough for real tests

// What one comparable text may cost: each name replaced by its value may hold more names, so a
// hostile file (`a = b + b + ... + b`, `b = c + c + ...`) would grow the text as the product
// of its widths. Past the budget the tolerance keeps its text as written.
struct Budget {
  int expansions = 64;
  size_t chars = 8192;
  bool exhausted = false;
};

struct Replacement {
  size_t offset = 0, length = 0;
  std::string text;
};

bool bindsName(const FileModel& m, ExprId target, std::string_view name) {
  if (target == kNone) return false;
  const Expr& t = m.expr(target);
  if (t.kind == ExprKind::Name) return t.name == name;
  if (t.kind != ExprKind::Tuple && t.kind != ExprKind::List) return false;
  for (uint32_t i = 0; i < t.childCount; ++i)
    if (bindsName(m, m.child(target, i), name)) return true;
  return false;
}

// `name[k] = v`, `name.x = v`, `name[k] += v`, `name.update(...)`: the value bound is not the
// value read.
bool changesInPlace(const FileModel& m, const Stmt& st, std::string_view name) {
  auto rootIsName = [&](ExprId e) {
    while (e != kNone && (m.expr(e).kind == ExprKind::Subscript || m.expr(e).kind == ExprKind::Attribute)) e = m.child(e, 0);
    return e != kNone && m.expr(e).kind == ExprKind::Name && m.expr(e).name == name;
  };
  auto changedTarget = [&](ExprId t, auto&& self) -> bool {
    if (t == kNone) return false;
    const Expr& x = m.expr(t);
    if (x.kind == ExprKind::Tuple || x.kind == ExprKind::List) {
      for (uint32_t i = 0; i < x.childCount; ++i)
        if (self(m.child(t, i), self)) return true;
      return false;
    }
    return (x.kind == ExprKind::Subscript || x.kind == ExprKind::Attribute) && rootIsName(t);
  };
  if (st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign) return changedTarget(st.a, changedTarget);
  if (st.kind == StmtKind::ExprStmt && st.a != kNone && m.expr(st.a).kind == ExprKind::Call) {
    const ExprId callee = m.child(st.a, 0);
    return callee != kNone && m.expr(callee).kind == ExprKind::Attribute && rootIsName(callee);
  }
  return false;
}

// How a scope binds `name`, ahead of `at`: not at all; to one value (a plain assignment at the
// top of its body); to one of two values by a condition (`tol = {}` then `if on_tpu(): tol =
// {...}`, or `if C: tol = A` / `else: tol = B`, the `if` at the top of the body); or otherwise
// (a parameter, a loop, a deeper branch, more bindings: nothing to show).
struct Bound {
  enum Kind { None, Value, Other } kind = None;
  StmtId where = kNone;  // the binding of `value`
  ExprId value = kNone;
  ExprId condition = kNone;  // set for a choice: `value if condition else orElse`
  ExprId orElse = kNone;
  StmtId orElseWhere = kNone;
};

Bound boundIn(const FileModel& m, FunctionId scope, StmtId at, std::string_view name) {
  if (scope != kNone && m.functions[scope].hasParam(name)) return {Bound::Other};
  StmtId begin = 0, end = static_cast<StmtId>(m.stmts.size());
  if (scope != kNone) {
    begin = m.functions[scope].firstStmt;
    end = m.functions[scope].endStmt;
  }
  std::vector<StmtId> bindings;
  for (StmtId s = begin; s < end; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != scope || (scope == kNone && st.cls != kNone)) continue;
    if (changesInPlace(m, st, name)) return {Bound::Other};
    if (st.kind != StmtKind::Assign && st.kind != StmtKind::AugAssign && st.kind != StmtKind::For) continue;
    if (!bindsName(m, st.a, name)) continue;
    const bool plain = st.kind == StmtKind::Assign && m.expr(st.a).kind == ExprKind::Name;
    if (!plain || s >= at || bindings.size() == 2) return {Bound::Other};
    bindings.push_back(s);
  }
  if (bindings.empty()) return {};
  const Stmt& first = m.stmts[bindings[0]];
  if (bindings.size() == 1) {
    if (first.depth != 0) return {Bound::Other};
    return {Bound::Value, bindings[0], first.b};
  }
  const Stmt& second = m.stmts[bindings[1]];
  const auto topLevelIf = [&](StmtId p) {
    return p != kNone && m.stmts[p].kind == StmtKind::If && !m.stmts[p].isElif && m.stmts[p].depth == 0 && m.stmts[p].a != kNone;
  };
  // `name = base` ... `if C: name = value` with no else.
  if (first.depth == 0 && second.depth == 1 && topLevelIf(second.parent) && second.parent > bindings[0]) {
    const StmtId after = nextSibling(m, second.parent);
    if (after != kNone && (m.stmts[after].kind == StmtKind::Else || (m.stmts[after].kind == StmtKind::If && m.stmts[after].isElif)))
      return {Bound::Other};
    return {Bound::Value, bindings[1], second.b, m.stmts[second.parent].a, first.b, bindings[0]};
  }
  // `if C: name = value` / `else: name = orElse`.
  if (first.depth == 1 && second.depth == 1 && topLevelIf(first.parent) && second.parent != kNone &&
      m.stmts[second.parent].kind == StmtKind::Else && nextSibling(m, first.parent) == second.parent)
    return {Bound::Value, bindings[0], first.b, m.stmts[first.parent].a, second.b, bindings[1]};
  return {Bound::Other};
}

bool standsAlone(ExprKind k) {
  switch (k) {
    case ExprKind::Name:
    case ExprKind::Attribute:
    case ExprKind::Call:
    case ExprKind::Number:
    case ExprKind::String:
    case ExprKind::Bool:
    case ExprKind::NoneLit:
    case ExprKind::Subscript:
    case ExprKind::List:
    case ExprKind::Set:
    case ExprKind::Dict: return true;
    default: return false;
  }
}

std::string expand(const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth, Budget& budget);

// What plain name `name` stands for, or nothing.
std::optional<std::string> nameText(const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth, Budget& budget) {
  bool viaImport = false;
  if (std::string r = resolveDotted(m, fn, name, &viaImport); viaImport) return r;
  if (depth >= kMaxDepth || budget.exhausted) return std::nullopt;
  // The innermost scope that binds the name decides (a nested helper reads its test's locals).
  for (FunctionId f = fn;; f = m.functions[f].parent) {
    const Bound b = boundIn(m, f, f == fn ? at : static_cast<StmtId>(m.stmts.size()), name);
    if (b.kind == Bound::Other || (b.kind == Bound::Value && b.value == kNone)) return std::nullopt;
    if (b.kind == Bound::Value) {
      if (--budget.expansions < 0) {
        budget.exhausted = true;
        return std::nullopt;
      }
      std::string text = expand(m, f, b.where, b.value, depth + 1, budget);
      if (b.condition != kNone) {
        if (b.orElse == kNone) return std::nullopt;
        return fmt::format("({} if {} else {})", text, m.expr(b.condition).text, expand(m, f, b.orElseWhere, b.orElse, depth + 1, budget));
      }
      return standsAlone(m.expr(b.value).kind) ? text : "(" + text + ")";
    }
    if (f == kNone) return std::nullopt;
  }
}

void collect(const FileModel& m, FunctionId fn, StmtId at, ExprId e, ExprId root, int depth, Budget& budget,
             std::vector<Replacement>& out) {
  if (e == kNone) return;
  const Expr& x = m.expr(e);
  const Expr& r = m.expr(root);
  // Lambdas and comprehensions bind names of their own.
  if (x.kind == ExprKind::Lambda || x.kind == ExprKind::Comprehension) return;
  std::optional<std::string> text;
  if (x.kind == ExprKind::Name) {
    text = nameText(m, fn, at, x.name, depth, budget);
  } else if (x.kind == ExprKind::Attribute) {
    if (std::string dotted = dottedName(m, e); !dotted.empty()) {
      bool viaImport = false;
      std::string resolved = resolveDotted(m, fn, dotted, &viaImport);
      if (viaImport) text = std::move(resolved);
      else if (dotted.find('.') != std::string::npos && m.expr(m.child(e, 0)).kind == ExprKind::Name) {
        return;  // self.tol, cls.TOL, a local object's field: as written
      }
    }
  }
  if (text) {
    if (x.text.data() < r.text.data() || x.text.data() + x.text.size() > r.text.data() + r.text.size()) return;
    if (*text != x.text) out.push_back({static_cast<size_t>(x.text.data() - r.text.data()), x.text.size(), std::move(*text)});
    return;
  }
  if (x.kind == ExprKind::Name || x.kind == ExprKind::Attribute) {
    if (x.kind == ExprKind::Attribute) collect(m, fn, at, m.child(e, 0), root, depth, budget, out);
    return;
  }
  for (uint32_t i = 0; i < x.childCount; ++i) {
    // A condition stays as written: it is compared as text and shown to the reader, who wrote
    // `jtu.device_under_test()`, not `jax._src.test_util.device_under_test()`.
    if (x.kind == ExprKind::Conditional && i == 1) continue;
    collect(m, fn, at, m.child(e, i), root, depth, budget, out);
  }
}

std::string expand(const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth, Budget& budget) {
  std::vector<Replacement> parts;
  collect(m, fn, at, e, e, depth, budget, parts);
  std::string_view text = m.expr(e).text;
  if (parts.empty()) return std::string(text);
  std::sort(parts.begin(), parts.end(), [](const Replacement& a, const Replacement& b) { return a.offset < b.offset; });
  std::string out;
  size_t pos = 0;
  for (const Replacement& p : parts) {
    if (p.offset < pos) continue;  // overlapping: cannot happen for disjoint subtrees, but stay safe
    out.append(text.substr(pos, p.offset - pos));
    out += p.text;
    pos = p.offset + p.length;
    if (out.size() > budget.chars) {
      budget.exhausted = true;
      break;
    }
  }
  if (!budget.exhausted) out.append(text.substr(pos));
  return out;
}

}  // namespace

std::string comparableText(const FileModel& m, FunctionId fn, StmtId at, ExprId e) {
  if (e == kNone || m.language != Language::Python) return {};
  Budget budget;
  std::string out = expand(m, fn, at, e, 0, budget);
  return budget.exhausted || out == m.expr(e).text ? std::string{} : out;
}

void attachComparableText(Tolerance& t, const FileModel& m, FunctionId fn, StmtId at, ExprId e) {
  // A value chosen at run time is one branch's: the others show in the text only.
  if (!t.value || t.provenance == Provenance::Depend) t.comparable = comparableText(m, fn, at, e);
}

}  // namespace oalens::analyzer
