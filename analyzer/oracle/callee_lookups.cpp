// What a call's callee stands for, looked up in the file (callee_lookups.h).
#include "analyzer/oracle/callee_lookups.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

// `model.apply(vars, x, method=model.extend_step)`: Flax's (and Praxis') apply runs the method its
// `method=` keyword names, a function of its own (`__call__` is the apply itself).
std::string_view methodApplied(const FileModel& m, const CallArgs& args, std::string_view last) {
  // Flax's `init_with_output(rng, x, method=m.encode)` runs the method too, returning its output
  // beside the variables it drew.
  if ((last != "apply" && last != "init_with_output") || m.language != Language::Python) return last;
  for (const auto& [name, value] : args.keywords) {
    if (name != "method") continue;
    const Expr& v = m.expr(value);
    std::string_view method = v.kind == ExprKind::Attribute || v.kind == ExprKind::Name ? v.name : std::string_view{};
    if (v.kind == ExprKind::String && v.text.size() > 2) method = v.text.substr(1, v.text.size() - 2);
    return method.empty() || method == "__call__" ? last : method;
  }
  return last;
}

// The function a module-level name holds once decorators applied by hand are peeled off
// (`f = wrap_a(wrap_b(g))` -> `g`, each wrapper given the function alone); "" for anything else.
std::string functionWrappedAtModuleLevel(const FileModel& m, std::string_view name) {
  const StmtId s = moduleLevelAssignment(m, name);
  if (s == kNone || m.stmts[s].b == kNone) return {};
  ExprId cur = m.stmts[s].b;
  int wrappers = 0;
  for (; wrappers < 4 && m.expr(cur).kind == ExprKind::Call; ++wrappers) {
    const CallArgs args = splitCall(m, cur);
    if (args.positional.size() != 1 || !args.keywords.empty() || args.hasStarArgs) return {};
    cur = args.positional[0];
  }
  if (wrappers == 0 || (m.expr(cur).kind != ExprKind::Name && m.expr(cur).kind != ExprKind::Attribute)) return {};
  return dottedName(m, cur);
}

// `self.true_std = _true_std` in setUp, `_true_std` a function defined there: the function a
// method of the test's class stores on the test case under that attribute, or kNone.
FunctionId storedLocalFunction(const FileModel& m, FunctionId fn, std::string_view attribute) {
  const ClassId cls = enclosingClass(m, fn);
  if (cls == kNone) return kNone;
  FunctionId found = kNone;
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone || st.function == kNone) continue;
    if (m.functions[st.function].cls != cls || m.expr(st.b).kind != ExprKind::Name) continue;
    const Expr& target = m.expr(st.a);
    if (target.kind != ExprKind::Attribute || target.name != attribute || target.childCount == 0 || m.expr(m.child(st.a, 0)).text != "self")
      continue;
    for (FunctionId f = 0; f < m.functions.size(); ++f)
      if (m.functions[f].parent == st.function && m.functions[f].name == m.expr(st.b).name) {
        if (found != kNone && found != f) return kNone;  // stored twice, two functions
        found = f;
      }
  }
  return found;
}

// The one statement of `fn` before `at` that binds `name`, or kNone (bound twice or not at all).
static StmtId onlyBindingBefore(const FileModel& m, FunctionId fn, StmtId at, std::string_view name) {
  std::vector<StmtId> scratch;
  StmtId binding = kNone;
  for (StmtId s : statementsBinding(m, fn, name, scratch)) {
    if (s >= at) break;
    if (binding != kNone) return kNone;
    binding = s;
  }
  if (binding == kNone) return kNone;
  const Stmt& st = m.stmts[binding];
  const bool simple = st.kind == StmtKind::Assign && st.a != kNone && st.b != kNone && m.expr(st.a).kind == ExprKind::Name;
  return simple ? binding : kNone;
}

// The text of a string the function spells out (see methodPickedByName); nullopt otherwise.
static std::optional<std::string> spelledString(const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth) {
  if (e == kNone || depth > 4) return std::nullopt;
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::String: {
      std::string_view text = x.text;
      const bool formatted = !text.empty() && (text.front() == 'f' || text.front() == 'F');
      if (formatted) text.remove_prefix(1);
      std::string body = unquoted(text);
      if (!formatted) return body.find_first_of("'\"") == std::string::npos ? std::optional(body) : std::nullopt;
      // f"{name}_gt": each field a name bound to a spelled string.
      std::string out;
      for (size_t i = 0; i < body.size(); ++i) {
        if (body[i] != '{') {
          out += body[i];
          continue;
        }
        const size_t close = body.find('}', i);
        if (close == std::string::npos) return std::nullopt;
        const std::string field = body.substr(i + 1, close - i - 1);
        const StmtId bound = onlyBindingBefore(m, fn, at, field);
        std::optional<std::string> value = bound == kNone ? std::nullopt : spelledString(m, fn, bound, m.stmts[bound].b, depth + 1);
        if (!value) return std::nullopt;
        out += *value;
        i = close;
      }
      return out;
    }
    case ExprKind::Name: {
      const StmtId bound = onlyBindingBefore(m, fn, at, x.name);
      return bound == kNone ? std::nullopt : spelledString(m, fn, bound, m.stmts[bound].b, depth + 1);
    }
    case ExprKind::BinaryOp: {
      if (x.name != "+" || x.childCount != 2) return std::nullopt;
      auto left = spelledString(m, fn, at, m.child(e, 0), depth + 1);
      auto right = left ? spelledString(m, fn, at, m.child(e, 1), depth + 1) : std::nullopt;
      return right ? std::optional(*left + *right) : std::nullopt;
    }
    case ExprKind::Call: {
      // "{}_img_gt".format(name): positional fields filled in order.
      const CallArgs args = splitCall(m, e);
      const Expr& callee = m.expr(args.callee);
      if (callee.kind != ExprKind::Attribute || callee.name != "format" || callee.childCount == 0 || !args.keywords.empty())
        return std::nullopt;
      auto pattern = spelledString(m, fn, at, m.child(args.callee, 0), depth + 1);
      if (!pattern) return std::nullopt;
      std::string out;
      size_t next = 0;
      for (size_t i = 0; i < pattern->size(); ++i) {
        if (pattern->compare(i, 2, "{}") != 0) {
          out += (*pattern)[i];
          continue;
        }
        if (next >= args.positional.size()) return std::nullopt;
        auto value = spelledString(m, fn, at, args.positional[next++], depth + 1);
        if (!value) return std::nullopt;
        out += *value;
        ++i;
      }
      return out;
    }
    default: return std::nullopt;
  }
}

std::string methodPickedByName(const FileModel& m, FunctionId fn, StmtId at, ExprId call) {
  if (call == kNone || fn == kNone || m.language != Language::Python) return {};
  if (m.expr(call).kind == ExprKind::Name) {
    const StmtId bound = onlyBindingBefore(m, fn, at, m.expr(call).name);
    return bound == kNone ? std::string{} : methodPickedByName(m, fn, bound, m.stmts[bound].b);
  }
  if (m.expr(call).kind != ExprKind::Call) return {};
  const CallArgs args = splitCall(m, call);
  if (m.expr(args.callee).kind != ExprKind::Name || m.expr(args.callee).name != "getattr" || args.positional.size() != 2) return {};
  if (m.expr(args.positional[0]).kind != ExprKind::Name || m.expr(args.positional[0]).name != "self") return {};
  std::optional<std::string> name = spelledString(m, fn, at, args.positional[1], 0);
  const bool identifier =
      name && !name->empty() && std::all_of(name->begin(), name->end(), [](unsigned char c) { return std::isalnum(c) || c == '_'; });
  return identifier ? *name : std::string{};
}

// The literal parts of a key spelled with fields (`"img_{}_{}".format(a, b)`, `f"img_{a}"`,
// `"img_" + a`), in order; nullopt for any other expression.
static std::optional<std::vector<std::string>> keyParts(const FileModel& m, ExprId e, int depth) {
  if (e == kNone || depth > 3) return std::nullopt;
  const Expr& x = m.expr(e);
  const auto splitFields = [](std::string body) {
    std::vector<std::string> parts(1);
    for (size_t i = 0; i < body.size(); ++i) {
      if (body[i] == '{') {
        const size_t close = body.find('}', i);
        if (close == std::string::npos) break;
        parts.emplace_back();
        i = close;
        continue;
      }
      parts.back() += body[i];
    }
    return parts;
  };
  if (x.kind == ExprKind::String) {
    std::string_view text = x.text;
    if (!text.empty() && (text.front() == 'f' || text.front() == 'F')) text.remove_prefix(1);
    return splitFields(unquoted(text));
  }
  if (x.kind == ExprKind::Call) {
    const CallArgs args = splitCall(m, e);
    const Expr& callee = m.expr(args.callee);
    if (callee.kind == ExprKind::Attribute && callee.name == "format" && callee.childCount > 0 &&
        m.expr(m.child(args.callee, 0)).kind == ExprKind::String)
      return splitFields(unquoted(m.expr(m.child(args.callee, 0)).text));
    return std::nullopt;
  }
  if (x.kind == ExprKind::BinaryOp && x.name == "+" && x.childCount == 2) {
    auto left = keyParts(m, m.child(e, 0), depth + 1);
    auto right = left ? keyParts(m, m.child(e, 1), depth + 1) : std::nullopt;
    if (!left && m.expr(m.child(e, 0)).kind == ExprKind::Name) left = std::vector<std::string>{"", ""};
    if (!right && m.expr(m.child(e, 1)).kind == ExprKind::Name) right = std::vector<std::string>{"", ""};
    if (!left || !right) return std::nullopt;
    left->back() += right->front();
    left->insert(left->end(), right->begin() + 1, right->end());
    return left;
  }
  return std::nullopt;
}

// Whether `name` reads as `parts` joined by runs of identifier characters.
static bool spellsWith(std::string_view name, const std::vector<std::string>& parts) {
  if (parts.size() == 1) return name == parts[0];
  if (!name.starts_with(parts.front()) || !name.ends_with(parts.back()) || name.size() < parts.front().size() + parts.back().size())
    return false;
  size_t at = parts.front().size();
  const size_t end = name.size() - parts.back().size();
  for (size_t i = 1; i + 1 < parts.size(); ++i) {
    const size_t found = parts[i].empty() ? at : name.find(parts[i], at + 1);
    if (found == std::string_view::npos || found + parts[i].size() > end) return false;
    at = found + parts[i].size();
  }
  return at < end || parts.size() == 1;
}

std::vector<StmtId> localsPickedByName(const FileModel& m, FunctionId fn, StmtId at, ExprId e) {
  if (e == kNone || fn == kNone || m.language != Language::Python || m.expr(e).kind != ExprKind::Subscript || m.childCount(e) < 2)
    return {};
  const ExprId table = m.child(e, 0);
  if (m.expr(table).kind != ExprKind::Call || (m.expr(table).text != "locals()" && m.expr(table).text != "vars()")) return {};
  const std::optional<std::vector<std::string>> parts = keyParts(m, m.child(e, 1), 0);
  if (!parts) return {};
  std::vector<StmtId> picked;
  const Function& F = m.functions[fn];
  for (StmtId s = F.firstStmt; s < F.endStmt && s < at; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn || st.kind != StmtKind::Assign || st.a == kNone || m.expr(st.a).kind != ExprKind::Name) continue;
    if (spellsWith(m.expr(st.a).name, *parts)) picked.push_back(s);
  }
  return picked;
}

// Whether function `fn` (or one it is nested in) reads an attribute of the name `object`
// (`repr.group`, `repr.character(g)`).
bool attributeReadOf(const FileModel& m, FunctionId fn, std::string_view object) {
  for (FunctionId f = fn; f != kNone; f = m.functions[f].parent) {
    const Function& F = m.functions[f];
    for (StmtId s = F.firstStmt; s < F.endStmt; ++s)
      for (ExprId e = m.stmts[s].firstExpr; e < m.stmts[s].endExpr; ++e)
        if (const Expr& x = m.expr(e); x.kind == ExprKind::Attribute && x.childCount > 0 && m.expr(m.child(e, 0)).kind == ExprKind::Name &&
                                       m.expr(m.child(e, 0)).name == object)
          return true;
  }
  return false;
}

}  // namespace oalens::analyzer
