// The places a name gets its value besides an assignment, for OriginTracer::traceNameOnce: the
// update a compiled function applies to a shared variable, a `with` item, an out-argument the
// library writes, an unpacking or a loop target, a comprehension's target, an attribute set on
// the test's object, and the return values of a helper the test calls.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/oracle/origin_tracer.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

using origin_names::isRandom;

// `g = theano.function([], [], updates=[(v2, v2 + T.dot(m, v1))])` ahead of the use: the shared
// variable holds what the update computes once the function ran, the value the test reads back.
bool OriginTracer::traceSharedUpdate(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const {
  const auto updating = updatingFunctions_.find(&m);
  if (fn == kNone || updating == updatingFunctions_.end() || fn >= updating->second.size() || !updating->second[fn]) return false;
  // The function whose update of `name` ran last before `at`, and the update's value; none when
  // the value was set again since (`v2.set_value(v0)`).
  StmtId lastRun = kNone, updateAt = kNone;
  ExprId value = kNone;
  const std::string reset = std::string(name) + ".set_value(";
  // `g(`, at a statement's start or after a blank or `=` (`out = g()`), not inside another name.
  const auto calls = [](std::string_view text, std::string_view ran) {
    for (size_t at = text.find(ran); at != std::string_view::npos; at = text.find(ran, at + 1))
      if (at == 0 || text[at - 1] == ' ' || text[at - 1] == '=') return true;
    return false;
  };
  // Only the statements whose text may change the name (`updates=[(v2, ...)]` names it before a
  // comma): the name index keeps their list, so a long test pays once per name.
  std::vector<StmtId> scratch;
  for (StmtId s : statementsChanging(m, fn, name, scratch)) {
    if (s >= at) break;
    const Stmt& st = m.stmts[s];
    if (st.function != fn || st.kind != StmtKind::Assign || st.a == kNone || m.expr(st.a).kind != ExprKind::Name ||
        st.text.find("updates") == std::string_view::npos)
      continue;
    for (ExprId e = st.firstExpr; e < st.endExpr && e < m.exprs.size(); ++e) {
      const Expr& x = m.expr(e);
      if (x.kind != ExprKind::Keyword || x.name != "updates" || x.childCount == 0) continue;
      const ExprId pairs = m.child(e, 0);
      if (m.expr(pairs).kind != ExprKind::List && m.expr(pairs).kind != ExprKind::Tuple) continue;
      for (uint32_t i = 0; i < m.childCount(pairs); ++i) {
        const ExprId pair = m.child(pairs, i);
        if (m.expr(pair).kind != ExprKind::Tuple || m.childCount(pair) != 2) continue;
        const Expr& target = m.expr(m.child(pair, 0));
        if (target.kind != ExprKind::Name || target.name != name) continue;
        const std::string ran = std::string(m.expr(st.a).name) + "(";
        for (StmtId later = s + 1; later < at && later < m.stmts.size(); ++later)
          if ((m.stmts[later].kind == StmtKind::ExprStmt || m.stmts[later].kind == StmtKind::Assign) && calls(m.stmts[later].text, ran) &&
              (lastRun == kNone || later > lastRun)) {
            lastRun = later;
            updateAt = s;
            value = m.child(pair, 1);
          }
      }
    }
  }
  if (lastRun == kNone) return false;
  for (StmtId later = lastRun + 1; later < at && later < m.stmts.size(); ++later)
    if (m.stmts[later].text.find(reset) != std::string_view::npos) return false;
  w.out.evidence.push_back(fmt::format("`{}` <- line {}: updated by a compiled function to {}", name, m.stmts[updateAt].range.start.line,
                                       m.expr(value).text.substr(0, 60)));
  traceExpr(w, m, fn, updateAt, value, depth + 1);
  return true;
}

// `with Image.open(path) as raw:`: the name a with-item binds is the item's value (the bindings
// indexBindingsOutsideTheNameIndex read from the source).
bool OriginTracer::traceWithTarget(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const {
  const auto file = withTargets_.find(&m);
  if (fn == kNone || file == withTargets_.end()) return false;
  // The last with-statement of fn ahead of the use that binds the name.
  const WithBinding* found = nullptr;
  for (auto [it, end] = file->second.equal_range(name); it != end; ++it)
    if (it->second.function == fn && it->second.stmt < at && (!found || it->second.stmt > found->stmt)) found = &it->second;
  if (!found) return false;
  const Stmt& st = m.stmts[found->stmt];
  const ExprId item = found->item;
  w.out.evidence.push_back(fmt::format("`{}` <- line {}: with {}", name, st.range.start.line, m.expr(item).text.substr(0, 60)));
  // A mock the test patches in (`mock.patch.object(...) as m`): what it records is the test's.
  if (m.expr(item).text.find("patch") != std::string_view::npos || m.expr(item).text.find("mock") != std::string_view::npos) {
    w.out.items.push_back({OriginKind::Data, std::string(name), {}, {}});
    return true;
  }
  traceExpr(w, m, fn, found->stmt, item, depth + 1);
  return true;
}

// Whether `text` may hand `name` itself to a call: the word followed by `,` or `)`, after `&`,
// or followed by a buffer accessor (`name.data()`); `a[5]` in `EXPECT_NEAR(a[5], b[5], tol)` is
// an element read, no buffer (a function of thousands of such checks reads each check once).
static bool mayHandOn(std::string_view text, std::string_view name) {
  for (size_t at = findWord(text, name); at != std::string_view::npos; at = findWord(text, name, at + 1)) {
    size_t before = at;
    while (before > 0 && text[before - 1] == ' ') --before;
    if (before > 0 && text[before - 1] == '&') return true;
    size_t after = at + name.size();
    while (after < text.size() && text[after] == ' ') ++after;
    if (after >= text.size() || text[after] == ',' || text[after] == ')') return true;
    if (text[after] == '.') return true;  // `out.data()`, `out.begin()`: decided by the arguments
  }
  return false;
}

bool OriginTracer::traceOutArguments(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const {
  if (fn == kNone) return false;
  const auto isName = [&](ExprId a) { return m.expr(a).kind == ExprKind::Name && m.expr(a).name == name; };
  // `out`, `&out`, `&out[0]`, or the buffer a container hands out (`out.data()`, `out.begin()`).
  auto passes = [&](ExprId a) {
    const Expr& x = m.expr(a);
    if (x.kind == ExprKind::UnaryOp && x.childCount == 1) {
      const ExprId operand = m.child(a, 0);
      if (m.expr(operand).kind == ExprKind::Subscript && m.expr(operand).childCount > 0) return isName(m.child(operand, 0));
      return isName(operand);
    }
    if (x.kind == ExprKind::Call && x.childCount >= 1) {
      const ExprId callee = m.child(a, 0);
      const Expr& c = m.expr(callee);
      static constexpr std::string_view buffers[] = {"data", "begin", "get", "ptr", "data_ptr", "mutable_data"};
      return c.kind == ExprKind::Attribute && c.childCount > 0 && isName(m.child(callee, 0)) &&
             std::find(std::begin(buffers), std::end(buffers), c.name) != std::end(buffers);
    }
    return isName(a);
  };
  bool filled = false;
  const Function& F = m.functions[fn];
  for (StmtId s = F.firstStmt; s < at && s < F.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    // The call a statement makes: `f(x, out)`, or the value of `y = f(x, jacobians=out)`.
    const ExprId call = st.kind == StmtKind::ExprStmt ? st.a : st.kind == StmtKind::Assign && m.language == Language::Python ? st.b : kNone;
    if (st.function != fn || call == kNone || m.expr(call).kind != ExprKind::Call) continue;
    if (!mayHandOn(st.text, name)) continue;  // cheaper than reading its arguments
    const CallArgs args = splitCall(m, call);
    bool passed = false;
    for (ExprId a : args.positional) passed |= passes(a);
    for (const auto& kw : args.keywords) passed |= m.language == Language::Python && isName(kw.second);
    if (!passed) continue;
    filled = true;
    noteSource(w.out, st);
    w.out.evidence.push_back(fmt::format("`{}` filled by the call at line {}", name, st.range.start.line));
    traceCall(w, m, fn, s, call, depth + 1);
  }
  return filled;
}

// Whether the expression itself draws random numbers (np.random.rand(5) + 0.1), as opposed to
// computing from variables that hold random data (x @ w + b).
bool OriginTracer::drawsRandom(const FileModel& m, FunctionId f, ExprId e) const {
  std::vector<ExprId> stack{e};
  for (int guard = 0; !stack.empty() && guard < 256; ++guard) {
    ExprId cur = stack.back();
    stack.pop_back();
    if (cur == kNone) continue;
    const Expr& x = m.expr(cur);
    if (x.kind == ExprKind::Call) {
      std::string d = dottedName(m, m.child(cur, 0));
      if (!d.empty() && isRandom(resolveDotted(m, f, d))) return true;
    }
    if (x.kind == ExprKind::Name) continue;
    for (uint32_t i = 0; i < x.childCount; ++i) stack.push_back(m.child(cur, i));
  }
  return false;
}

// Traces what statement `s` binds to `name`: the whole value, or for `a, b = x, y` and
// `for a, b in [(x1, y1), ...]` / `zip(xs, ys)` only the element in name's position.
void OriginTracer::traceBoundValue(Walk& w, const FileModel& m, FunctionId f, StmtId s, std::string_view name, int depth) const {
  const Stmt& b = m.stmts[s];
  const Expr& target = m.expr(b.a);
  const TargetPosition at = positionIn(m, b.a, name).value_or(TargetPosition{});
  const int pos = at.position;
  if (pos < 0 || b.b == kNone) {
    traceExpr(w, m, f, s, b.b, depth);
    return;
  }
  const Expr& value = m.expr(b.b);
  const uint32_t arity = target.childCount;
  // `loss, metric = model.evaluate(x, y)`: the element in name's position of one call's
  // result; a helper of the test returning a tuple is read element by element (traceHelper).
  if (b.kind == StmtKind::Assign && value.kind == ExprKind::Call) {
    const Walk::Unpacked outer = std::exchange(w.unpacked, Walk::Unpacked{pos, arity, at.inner});
    const size_t helpersBefore = w.out.evidence.size();
    // The parts of the call's inputs (`thresholds=thr1` of an earlier call's `#2`) are not the
    // part this value is: only the position it is unpacked from says that.
    std::set<std::string> selectorsBefore = std::exchange(w.out.selectors, {});
    traceExpr(w, m, f, s, b.b, depth);
    w.unpacked = outer;
    bool throughHelper = false;
    for (size_t i = helpersBefore; i < w.out.evidence.size(); ++i)
      throughHelper |= w.out.evidence[i].find("returns from") != std::string::npos;
    if (throughHelper) selectorsBefore.insert(w.out.selectors.begin(), w.out.selectors.end());
    else selectorsBefore.insert(fmt::format("#{}", pos));
    w.out.selectors = std::move(selectorsBefore);
    return;
  }
  if (b.kind == StmtKind::Assign && value.kind != ExprKind::Tuple && value.kind != ExprKind::List)
    w.out.selectors.insert(fmt::format("#{}", pos));  // `loss, acc = scores`
  if (b.kind == StmtKind::Assign && (value.kind == ExprKind::Tuple || value.kind == ExprKind::List) && value.childCount == arity) {
    traceExpr(w, m, f, s, elementAt(m, b.b, pos, at.inner), depth);
    return;
  }
  if (b.kind == StmtKind::For) {
    if (value.kind == ExprKind::List || value.kind == ExprKind::Tuple) {
      bool rows = value.childCount > 0;
      for (uint32_t i = 0; i < value.childCount; ++i) {
        const Expr& row = m.expr(m.child(b.b, i));
        rows &= (row.kind == ExprKind::Tuple || row.kind == ExprKind::List) && row.childCount == arity;
      }
      if (rows) {
        for (uint32_t i = 0; i < value.childCount; ++i) traceExpr(w, m, f, s, m.child(m.child(b.b, i), static_cast<uint32_t>(pos)), depth);
        return;
      }
    }
    if (value.kind == ExprKind::Call) {
      CallArgs za = splitCall(m, b.b);
      if (m.expr(za.callee).text == "zip" && za.positional.size() == arity) {
        traceExpr(w, m, f, s, za.positional[static_cast<size_t>(pos)], depth);
        return;
      }
    }
  }
  traceExpr(w, m, f, s, b.b, depth);
}

// `x` in `all(np.allclose(x, y) for x, y in zip(a, b))` or `ys = [f(x) for x in xs]`: a target of a
// comprehension in the statement itself, bound from its iterable (for zip and enumerate, the
// sequence in the target's position), ahead of any statement of the function.
bool OriginTracer::traceComprehensionTarget(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const {
  if (at == kNone || at >= m.stmts.size()) return false;
  const Stmt& st = m.stmts[at];
  for (ExprId e = st.firstExpr; e < st.endExpr; ++e) {
    const Expr& x = m.expr(e);
    if (x.kind != ExprKind::Comprehension) continue;
    for (uint32_t i = 1; i + 1 < x.childCount; i += 2) {
      const ExprId target = m.child(e, i), iterable = m.child(e, i + 1);
      const Expr& t = m.expr(target);
      int pos = -1;
      bool binds = t.kind == ExprKind::Name && t.name == name;
      for (uint32_t j = 0; !binds && t.kind == ExprKind::Tuple && j < t.childCount; ++j) {
        const Expr& el = m.expr(m.child(target, j));
        if (el.kind == ExprKind::Name && el.name == name) {
          binds = true;
          pos = static_cast<int>(j);
        }
      }
      if (!binds) continue;
      w.out.evidence.push_back(fmt::format("`{}` <- comprehension over `{}`", name, m.expr(iterable).text.substr(0, 80)));
      if (iteratesBackends(m, fn, iterable)) w.out.backendLoop = true;
      ExprId source = iterable;
      if (pos >= 0 && m.expr(iterable).kind == ExprKind::Call) {
        CallArgs args = splitCall(m, iterable);
        const std::string_view callee = m.expr(args.callee).text;
        if (callee == "zip" && args.positional.size() == t.childCount) source = args.positional[static_cast<size_t>(pos)];
        else if (callee == "enumerate" && pos == 1 && !args.positional.empty()) source = args.positional[0];
      }
      traceExpr(w, m, fn, at, source, depth + 1);
      return true;
    }
  }
  return false;
}

bool OriginTracer::traceSelfAttribute(Walk& w, const FileModel& m, FunctionId fn, std::string_view attr, int depth) const {
  const ClassId cls = enclosingClass(m, fn);
  if (cls == kNone) return false;
  std::string target = fmt::format("self.{}", attr);
  // setUp first, then any other method of the class, then class-level attributes.
  StmtId best = kNone;
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.kind != StmtKind::Assign || st.a == kNone || st.function == kNone) continue;
    if (m.functions[st.function].cls != cls || m.expr(st.a).text != target) continue;
    if (best == kNone || isPerTestSetUp(m.functions[st.function].name)) best = s;
  }
  if (best != kNone) {
    const Stmt& st = m.stmts[best];
    w.out.evidence.push_back(fmt::format("`self.{}` <- {} line {}", attr, m.functions[st.function].qualifiedName, st.range.start.line));
    noteSource(w.out, st);
    // A binding like any other (OriginSet::arithmeticAt): what setUp computes for both sides
    // prepares their inputs.
    w.within.push_back(fmt::format("{}:{}", m.path, st.range.start.line));
    traceExpr(w, m, st.function, best, st.b, depth + 1);
    w.within.pop_back();
    // self.x[key] = value in any method of the class fills the container.
    for (StmtId s = 0; s < m.stmts.size(); ++s) {
      const Stmt& fill = m.stmts[s];
      if (fill.kind != StmtKind::Assign || fill.a == kNone || fill.function == kNone || m.functions[fill.function].cls != cls) continue;
      const Expr& t = m.expr(fill.a);
      if (t.kind == ExprKind::Subscript && m.expr(m.child(fill.a, 0)).text == target) {
        noteSource(w.out, fill);
        traceExpr(w, m, fill.function, s, fill.b, depth + 1);
      }
    }
    return true;
  }
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.kind != StmtKind::Assign || st.function != kNone || st.cls != cls || st.a == kNone) continue;
    if (m.expr(st.a).kind == ExprKind::Name && m.expr(st.a).name == attr) {
      w.out.evidence.push_back(fmt::format("`self.{}` <- class attribute line {}", attr, st.range.start.line));
      noteSource(w.out, st);
      traceExpr(w, m, kNone, s, st.b, depth + 1);
      return true;
    }
  }
  return false;
}

// The value `yield v` gives, or kNone for anything else (`yield from g()` hands on another
// generator's values, which are not read here).
static ExprId yieldedValue(const FileModel& m, ExprId e) {
  if (e == kNone) return kNone;
  const Expr& x = m.expr(e);
  if (x.kind != ExprKind::Other || !x.text.starts_with("yield") || x.text.starts_with("yield from") || x.childCount != 1) return kNone;
  return m.child(e, 0);
}

bool OriginTracer::traceHelper(Walk& w, const FileModel& m, FunctionId helper, int depth) const {
  uint64_t key = (uint64_t(helper) << 32) ^ 0x9e3779b9u;
  if (!w.visited.insert({&m, key}).second) return true;
  const Function& F = m.functions[helper];
  bool returned = false;
  const std::string selected = std::exchange(w.selectKey, {});  // each return statement reads it afresh
  w.within.push_back(fmt::format("{}:{}", m.path, F.range.start.line));
  ++w.helperBodies;
  for (StmtId s = F.firstStmt; s < F.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != helper) continue;
    if (st.kind == StmtKind::For || st.kind == StmtKind::While) w.noteLoop();
    if (st.kind == StmtKind::AugAssign) w.noteArithmetic();
    // A generator's values are those it yields (`yield img, dtype`), as a function's are those it returns.
    const ExprId given = st.kind == StmtKind::Return                      ? st.a
                         : F.isGenerator && st.kind == StmtKind::ExprStmt ? yieldedValue(m, st.a)
                                                                          : kNone;
    if (given == kNone) continue;
    returned = true;
    w.selectKey = selected;
    noteSource(w.out, st);
    // `a, b = _pair()` with `return ops.tanh(x), np.tanh(x)`: only the element unpacked.
    const Expr& value = m.expr(given);
    if (w.unpacked.position >= 0 && value.kind == ExprKind::Tuple && value.childCount == w.unpacked.arity) {
      const Walk::Unpacked unpacked = std::exchange(w.unpacked, Walk::Unpacked{});
      traceExpr(w, m, helper, s, elementAt(m, given, unpacked.position, unpacked.inner), depth + 1);
      w.unpacked = unpacked;
      continue;
    }
    traceExpr(w, m, helper, s, given, depth + 1);
  }
  w.selectKey.clear();
  --w.helperBodies;
  w.within.pop_back();
  return returned;
}

}  // namespace oalens::analyzer
