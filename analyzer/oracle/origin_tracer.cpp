#include "analyzer/oracle/origin_tracer.h"

#include "analyzer/oracle/difference_quotient.h"

#include <fmt/format.h>
#include <re2/re2.h>
#include <xxhash.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <utility>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/oracle/callee_lookups.h"
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

namespace {

// A trace's depth counts the sub-expressions it descends into as well as the definitions it
// follows, so it runs deeper than the hops a reader counts; 24 leaves room for both and bounds
// the recursion.
constexpr int kMaxTraceDepth = 24;
// Total steps of one trace: large helpers fan out; this bounds the work per assertion.
constexpr int kMaxSteps = 3000;

}  // namespace

using origin_names::isRandom;

std::vector<std::string> topLevelArguments(std::string_view args) {
  std::vector<std::string> parts;
  std::string part;
  int nesting = 0;
  for (char c : args) {
    if (c == '(' || c == '[' || c == '{') ++nesting;
    if (c == ')' || c == ']' || c == '}') --nesting;
    if (c == ',' && nesting == 0) {
      if (!part.empty()) parts.push_back(std::move(part));
      part.clear();
      continue;
    }
    part += c;
  }
  if (!part.empty()) parts.push_back(std::move(part));
  return parts;
}

namespace {
// The methods that make an object into an array: `.to_dense()`, a private `._sp24_to_dense()`,
// `.toarray()`, `.numpy()`.
const RE2& materializing() {
  static const RE2 re(R"([a-z0-9_]*(?:to_dense|todense|toarray)|numpy|to_numpy|asnumpy|tolist)");
  return re;
}
}  // namespace

bool madeIntoArray(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Call) return false;
  const Expr& callee = m.expr(splitCall(m, e).callee);
  return callee.kind == ExprKind::Attribute && RE2::FullMatch(callee.name, materializing());
}

bool madeIntoArray(const Origin& o) {
  return o.api.size() > 1 && o.api[0] == '.' && RE2::FullMatch(std::string_view(o.api).substr(1), materializing());
}

bool OriginSet::has(OriginKind k) const {
  for (const auto& o : items)
    if (o.kind == k) return true;
  return false;
}

std::set<std::string> OriginSet::apis(OriginKind k) const {
  std::set<std::string> out;
  for (const auto& o : items)
    if (o.kind == k) out.insert(o.api);
  return out;
}

// A statement the value was traced through: its text, white space aside, goes into the digest
// of where the value comes from.
void noteSource(OriginSet& out, const Stmt& st) {
  const std::string text = normalized(st.text);
  out.sources.push_back(XXH3_64bits(text.data(), text.size()));
}

OriginTracer::OriginTracer(const Project& project, std::vector<std::string> packages) : project_(project), packages_(std::move(packages)) {
  indexCppLibrary();
  indexBindingsOutsideTheNameIndex();
}

void OriginTracer::indexBindingsOutsideTheNameIndex() {
  for (const FileModel& m : project_.files) {
    if (m.language != Language::Python || !m.source) continue;
    const std::string_view source = *m.source;
    std::vector<bool>& updating = updatingFunctions_[&m];
    updating.assign(m.functions.size(), false);
    for (StmtId s = 0; s < m.stmts.size(); ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function == kNone || st.function >= m.functions.size()) continue;
      if (st.kind == StmtKind::Assign && st.text.find("updates") != std::string_view::npos) updating[st.function] = true;
      if (st.kind != StmtKind::With || st.a == kNone) continue;
      // The model keeps a with-item's value only; the words after it say which name it binds.
      for (uint32_t i = 0; i < m.childCount(st.a); ++i) {
        const ExprId item = m.child(st.a, i);
        size_t at = m.expr(item).range.endByte;
        while (at < source.size() && (source[at] == ' ' || source[at] == ')')) ++at;
        if (source.substr(at, 3) != "as ") continue;
        at += 3;
        while (at < source.size() && source[at] == ' ') ++at;
        size_t end = at;
        while (end < source.size() && isIdentifierByte(source[end])) ++end;
        if (end > at) withTargets_[&m].emplace(source.substr(at, end - at), WithBinding{st.function, s, item});
      }
    }
  }
}

// Whether an operation joins text: a path (`tmp_path / ("w_" + name + ".npy")`), a name
// (`"val_" + name`) or a formatted string (`"%s.npy" % name`), with a string literal somewhere in it.
static bool buildsText(const FileModel& m, ExprId e, int depth) {
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::String) return true;
  if (depth > 8 || x.kind != ExprKind::BinaryOp || x.childCount != 2 || (x.name != "/" && x.name != "+" && x.name != "%")) return false;
  return buildsText(m, m.child(e, 0), depth + 1) || buildsText(m, m.child(e, 1), depth + 1);
}

// How many bindings away expression `e` reads local `var`, following the values of the locals it
// reads (bound before statement `before` in `fn`): 0 for `loss` of `loss.backward()` reading
// `var` itself, 1 for `loss = diag.sum()` where `diag` is `var`; -1 when it does not read it.
static int bindingsToLocal(const FileModel& m, FunctionId fn, StmtId before, ExprId e, std::string_view var, int depth) {
  if (e == kNone || depth > 16) return -1;
  const Expr& x = m.expr(e);
  // `torch.randn_like(fx)`, `fx.shape`: the value's shape and type only, none of its numbers.
  if (x.kind == ExprKind::Call && m.childCount(e) > 0) {
    const std::string_view callee = m.expr(m.child(e, 0)).text;
    if (callee.ends_with("_like") || callee.ends_with(".size") || callee.ends_with(".dim")) return -1;
  }
  if (x.kind == ExprKind::Attribute && (x.name == "shape" || x.name == "dtype" || x.name == "device" || x.name == "ndim")) return -1;
  const auto nearer = [](int a, int b) { return a < 0 ? b : b < 0 ? a : std::min(a, b); };
  if (x.kind == ExprKind::Name) {
    if (x.name == var) return 0;
    const StmtId s = localBindingStmt(m, fn, before, x.name);
    int found = -1;
    if (s != kNone)
      if (const int hops = bindingsToLocal(m, fn, s, m.stmts[s].b, var, depth + 1); hops >= 0) found = hops + 1;
    // `out += bias` since the binding: the value reads what was added.
    for (StmtId t = s == kNone ? m.functions[fn].firstStmt : s + 1; t < before && t < m.stmts.size(); ++t) {
      const Stmt& st = m.stmts[t];
      if (st.function == fn && st.kind == StmtKind::AugAssign && st.a != kNone && m.expr(st.a).kind == ExprKind::Name &&
          m.expr(st.a).name == x.name)
        if (const int hops = bindingsToLocal(m, fn, t, st.b, var, depth + 1); hops >= 0) found = nearer(found, hops + 1);
    }
    return found;
  }
  // An object's attribute read whole (`self.conv1_`, called or handed on), or through one of its
  // own (`self.conv1.bias.reshape(...)` reads `self.conv1.bias`).
  if (x.kind == ExprKind::Attribute && x.text.starts_with(var) && (x.text.size() == var.size() || x.text[var.size()] == '.')) return 0;
  int found = -1;
  for (uint32_t i = 0; i < x.childCount; ++i) found = nearer(found, bindingsToLocal(m, fn, before, m.child(e, i), var, depth + 1));
  return found;
}

// The receiver of the `X.backward()` call statement of function `fn` before statement `at` whose
// X reads local `var` through the fewest bindings, the latest of those (`loss` of `loss.backward()`,
// `loss = f(A).sum()`), or kNone. `output1.mean().backward()` reads `bn` of `output1 =
// forward(bn, x)` more nearly than a later `output2.mean().backward()` whose module was copied from `bn`.
static ExprId lastBackwardOf(const FileModel& m, FunctionId fn, StmtId at, std::string_view var) {
  ExprId found = kNone;
  int nearest = -1;
  for (StmtId s = m.functions[fn].firstStmt; s < at && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn || st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) continue;
    const ExprId callee = m.child(st.a, 0);
    if (m.expr(callee).kind != ExprKind::Attribute || m.expr(callee).name != "backward" || m.childCount(callee) == 0) continue;
    const int hops = bindingsToLocal(m, fn, s, m.child(callee, 0), var, 0);
    if (hops >= 0 && (nearest < 0 || hops <= nearest)) {
      nearest = hops;
      found = m.child(callee, 0);
    }
  }
  return found;
}

// `g.ndata["h"] = F.randn(n, 2)` earlier in the function, then `g.ndata["h"]` read: the value the
// test stored under that key of the object's attribute, while `g` is neither rebound nor handed
// to a call made for its effect (`g.update_all(...)` writes its data in place). The statement
// storing it, or kNone.
static StmtId storedUnderKey(const FileModel& m, FunctionId fn, StmtId at, ExprId e) {
  if (fn == kNone || m.expr(e).kind != ExprKind::Subscript || m.childCount(e) < 2) return kNone;
  const ExprId attr = m.child(e, 0), key = m.child(e, 1);
  if (m.expr(attr).kind != ExprKind::Attribute || m.expr(key).kind != ExprKind::String || m.childCount(attr) == 0 ||
      m.expr(m.child(attr, 0)).kind != ExprKind::Name)
    return kNone;
  const std::string_view object = m.expr(m.child(attr, 0)).name, text = m.expr(e).text;
  for (StmtId s = at; s > m.functions[fn].firstStmt;) {
    const Stmt& st = m.stmts[--s];
    if (st.function != fn || st.a == kNone) continue;
    if (st.kind == StmtKind::Assign && m.expr(st.a).text == text && st.b != kNone) return s;
    // Rebound, or handed to a call made for its effect: what it holds may have changed.
    if (st.kind == StmtKind::Assign && m.expr(st.a).kind == ExprKind::Name && m.expr(st.a).name == object) return kNone;
    if (st.kind == StmtKind::ExprStmt && m.expr(st.a).kind == ExprKind::Call)
      for (ExprId x = st.firstExpr; x < st.endExpr && x < m.exprs.size(); ++x)
        if (m.expr(x).kind == ExprKind::Name && m.expr(x).name == object) return kNone;
  }
  return kNone;
}

// Whether an operation builds a container: a list repeated (`[row] * 2`) or two joined
// (`[a] + [b]`, `[-10] + np.linspace(-5, 5, 11).tolist() + [10]`), which computes no number.
static bool buildsContainer(const FileModel& m, ExprId e, int depth = 0) {
  const Expr& x = m.expr(e);
  if (x.kind != ExprKind::BinaryOp || x.childCount != 2 || depth > 8) return false;
  const auto literal = [&](uint32_t i) {
    const ExprKind k = m.expr(m.child(e, i)).kind;
    return k == ExprKind::List || k == ExprKind::Tuple;
  };
  // A list by how it is made: a display, `.tolist()`, `list(...)`, or a join of such.
  const auto listLike = [&](uint32_t i) {
    const ExprId c = m.child(e, i);
    if (literal(i) || buildsContainer(m, c, depth + 1)) return true;
    if (m.expr(c).kind != ExprKind::Call || m.childCount(c) == 0) return false;
    const Expr& callee = m.expr(m.child(c, 0));
    return (callee.kind == ExprKind::Attribute && callee.name == "tolist") || (callee.kind == ExprKind::Name && callee.name == "list");
  };
  if (x.name == "*") return literal(0) || literal(1);
  return x.name == "+" && listLike(0) && listLike(1);
}

OriginSet OriginTracer::trace(const FileModel& m, FunctionId fn, StmtId at, ExprId e, const Bindings& bound, bool throughCallers) const {
  Walk w;
  if (throughCallers) {
    w.rootFile = &m;
    w.rootFunction = fn;
  }
  for (const auto& [name, value] : bound) w.lambdaArguments.push_back({name, fn, at, value});
  traceExpr(w, m, fn, at, e, 0);
  return std::move(w.out);
}

// A switch over the code model's expression kinds, one case each.
void OriginTracer::traceExpr(Walk& w, const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth) const {
  if (e == kNone) return;
  if (depth > kMaxTraceDepth) {
    if (++w.deepEnds <= kMaxSteps) w.out.items.push_back({OriginKind::Unknown, {}, {}, std::string(kTraceTooDeep)});
    return;
  }
  if (++w.hops > kMaxSteps) {
    if (w.hops == kMaxSteps + 1) w.out.items.push_back({OriginKind::Unknown, {}, {}, std::string(kTraceTooDeep)});
    return;
  }
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Number:
    case ExprKind::String:
    case ExprKind::Bool:
    case ExprKind::NoneLit: w.out.items.push_back({OriginKind::Literal, std::string(x.text), {}, {}}); return;
    case ExprKind::BinaryOp: {
      if (const std::string f = differenceQuotientOf(m, fn, at, e); !f.empty() && w.out.differenceQuotientOf.empty()) {
        w.out.differenceQuotientOf = f;
        w.out.evidence.push_back(fmt::format("`{}` is a difference quotient of {}", x.text.substr(0, 80), f));
      }
      // tmp_path / "ref.jpg", "val_" + name, "%s.npy" % name: a path or a name is built, no number,
      // whatever the values named in it come from (`"ref_%s.png" % type(camera).__name__`).
      if (buildsText(m, e, 0)) return;
      // `inputs["points"] * 0.0`: zeros of the input's shape, a constant, whatever it multiplies.
      if (x.name == "*" && x.childCount == 2 && (isZeroLiteral(m, m.child(e, 0)) || isZeroLiteral(m, m.child(e, 1)))) {
        w.out.items.push_back({OriginKind::Literal, "0", {}, {}});
        w.out.evidence.push_back(fmt::format("`{}` is zeros: a product with 0", x.text.substr(0, 60)));
        return;
      }
      if (!buildsContainer(m, e)) {
        w.noteArithmetic();
        w.out.operators.insert(std::string(x.name));
        if (w.preparingAt == static_cast<int>(w.within.size()) && w.helperBodies == 0) w.out.everyOperator.insert(std::string(x.name));
      }
      const int handed = std::exchange(w.handedOn, 0);  // an operand is computed with, not handed on
      for (uint32_t i = 0; i < x.childCount; ++i) {
        const size_t from = w.out.items.size();
        const bool parameter = Walk::attributeRead(m, m.child(e, i)) != kNone;
        w.outsideReceiver += parameter;
        ++w.asInput;
        traceExpr(w, m, fn, at, m.child(e, i), depth + 1);
        --w.asInput;
        // An operand made into an array here or where its name was bound (`a = sp.to_dense()`).
        if (!buildsContainer(m, e) && (madeIntoArray(m, m.child(e, i)) || (from < w.out.items.size() && madeIntoArray(w.out.items[from]))))
          w.out.arrayOperators.insert(std::string(x.name));
        w.outsideReceiver -= parameter;
        if (parameter) w.notTheReceiver.emplace_back(from, w.out.items.size());
        w.noteParameter(m, m.child(e, i), from);
      }
      w.handedOn = handed;
      return;
    }
    case ExprKind::UnaryOp:
    case ExprKind::Compare:
    case ExprKind::BoolOp:
    case ExprKind::Not:
    case ExprKind::Tuple:
    case ExprKind::List:
    case ExprKind::Set:
    case ExprKind::Starred:
    case ExprKind::Keyword:
      if (x.kind == ExprKind::UnaryOp && x.name != "-" && x.name != "+") w.noteArithmetic();
      for (uint32_t i = 0; i < x.childCount; ++i) traceExpr(w, m, fn, at, m.child(e, i), depth + 1);
      return;
    case ExprKind::Dict: {  // the values; keys only select one ({Reduction.SUM: [198, 82]})
      // problems[name]['minimum'] of {'a': {'minimum': 0.0, ...}, ...}: the entry the key names.
      if (!w.selectKey.empty()) {
        bool selected = false;
        for (uint32_t i = 0; i + 1 < x.childCount; i += 2) {
          const Expr& key = m.expr(m.child(e, i));
          if (key.kind != ExprKind::String || unquoted(key.text) != w.selectKey) continue;
          const std::string outer = std::exchange(w.selectKey, {});
          traceExpr(w, m, fn, at, m.child(e, i + 1), depth + 1);
          w.selectKey = outer;
          selected = true;
        }
        if (selected) return;
      }
      for (uint32_t i = 1; i < x.childCount; i += 2) traceExpr(w, m, fn, at, m.child(e, i), depth + 1);
      return;
    }
    case ExprKind::Conditional:
      traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
      traceExpr(w, m, fn, at, m.child(e, 2), depth + 1);
      return;
    case ExprKind::Comprehension: {
      for (uint32_t i = 1; i + 1 < x.childCount; i += 2) {
        if (iteratesBackends(m, fn, m.child(e, i + 1))) w.out.backendLoop = true;
        traceExpr(w, m, fn, at, m.child(e, i + 1), depth + 1);
      }
      const size_t before = w.out.items.size();
      traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
      // A comprehension calling a function of the library per element computes a result of its
      // own (a loss per action, then averaged); one mapping another library's function, or
      // reading elements, does not.
      if (m.expr(m.child(e, 0)).kind == ExprKind::Call && std::any_of(w.out.items.begin() + before, w.out.items.end(), [](const Origin& o) {
            return o.kind == OriginKind::LibCall && !o.api.empty() && o.api[0] != '.';
          }))
        w.noteLoop();
      // `[0.05 * 0.9 ** k for k in range(n)]`: a value per step worked out by a formula of the
      // step, the author's algorithm written out, not data.
      if (m.language == Language::Python && formulaOfItsTargets(m, e)) {
        w.out.evidence.push_back(fmt::format("`{}` works each element out by a formula of its step", x.text.substr(0, 60)));
        w.noteLoop();
      }
      return;
    }
    case ExprKind::Subscript: {
      // `np.mgrid[0:h * 2:2, 0:w * 2:2]`: an index grid over the bounds written, data as `np.arange(h)`
      // is (NumPy's `mgrid` handed on whole is its function: JAX's tests compare theirs with it).
      if (const ExprId grid = m.child(e, 0);
          m.expr(grid).kind == ExprKind::Attribute && (m.expr(grid).name == "mgrid" || m.expr(grid).name == "ogrid"))
        if (const std::string dotted = dottedName(m, grid); !dotted.empty()) {
          bool viaImport = false;
          if (const std::string resolved = resolveDotted(m, fn, dotted, &viaImport); viaImport && resolved.starts_with("numpy.")) {
            w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
            w.out.evidence.push_back(fmt::format("`{}` is an index grid over the bounds it is given", x.text.substr(0, 60)));
            return;
          }
        }
      // locals()["img_{}_{}".format(shape, init)]: one of the locals the key can name.
      if (const std::vector<StmtId> picked = localsPickedByName(m, fn, at, e); !picked.empty()) {
        w.out.evidence.push_back(fmt::format("`{}` reads one of {} locals its key can name", x.text.substr(0, 60), picked.size()));
        for (const StmtId s : picked) traceExpr(w, m, fn, s, m.stmts[s].b, depth + 1);
        return;
      }
      if (m.language == Language::Python)
        if (const StmtId stored = storedUnderKey(m, fn, at, e); stored != kNone) {
          w.out.evidence.push_back(fmt::format("`{}` holds what the test stored under its key at line {}", x.text.substr(0, 60),
                                               m.stmts[stored].range.start.line));
          traceExpr(w, m, fn, stored, m.stmts[stored].b, depth + 1);
          return;
        }
      // t[:, [f * size + i for f in fields for i in range(size)]]: elements the test gathers by
      // indices its own loop computes, an algorithm of the author's (a plain index or slice moves data).
      if (x.childCount > 1 && m.language == Language::Python)
        if (comprehensionIndex(m, fn, at, m.child(e, 1))) {
          w.noteLoop();
          w.out.evidence.push_back(fmt::format("`{}` gathers by indices a comprehension of the test computes", x.text.substr(0, 50)));
        }
      // outs[1 + 5] of outs = f(...): the element of f's outputs list, where one is written.
      if (x.childCount > 1) {
        const Expr& index = m.expr(m.child(e, 1));
        const auto integer = [](std::string_view text) -> std::optional<long> {
          long v = 0;
          for (char c : text) {
            if (c < '0' || c > '9' || v > 1'000'000) return std::nullopt;
            v = v * 10 + (c - '0');
          }
          return text.empty() ? std::nullopt : std::optional<long>(v);
        };
        std::optional<long> k;
        if (index.kind == ExprKind::Number) k = integer(index.text);
        else if (index.kind == ExprKind::BinaryOp && index.name == "+" && index.childCount == 2) {
          const auto l = integer(m.expr(m.child(m.child(e, 1), 0)).text), r = integer(m.expr(m.child(m.child(e, 1), 1)).text);
          if (l && r) k = *l + *r;
        }
        if (k && m.expr(m.child(e, 0)).kind == ExprKind::Name) {
          const int outer = std::exchange(w.selectElement, static_cast<int>(*k));
          traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
          w.selectElement = outer;
          return;
        }
      }
    }
      // h['loss'] and h['val_' + name] are different entries of one result; x[0] is a slice.
      // A key named by a constant (h[loss_name]) is kept too, marked: it counts against a
      // written key only.
      if (x.childCount > 1 && m.expr(m.child(e, 1)).kind == ExprKind::String) {
        w.out.selectors.insert(normalized(m.expr(m.child(e, 1)).text));
        const std::string outer = std::exchange(w.selectKey, unquoted(m.expr(m.child(e, 1)).text));
        traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
        w.selectKey = outer;
        return;
      }
      if (x.childCount > 1 && m.expr(m.child(e, 1)).text.find_first_of("'\"") != std::string_view::npos)
        w.out.selectors.insert(normalized(m.expr(m.child(e, 1)).text));
      else if (x.childCount > 1 && m.expr(m.child(e, 1)).kind == ExprKind::Name)
        w.out.selectors.insert("?" + std::string(m.expr(m.child(e, 1)).text));
      traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
      return;
    case ExprKind::Attribute: {
      std::string dotted = dottedName(m, e);
      if (!dotted.empty()) {
        bool viaImport = false;
        std::string resolved = resolveDotted(m, fn, dotted, &viaImport);
        if (resolved == "numpy.pi" || resolved == "math.pi" || resolved == "numpy.e" || resolved == "math.e" || resolved == "numpy.inf" ||
            resolved == "math.inf" || resolved == "numpy.nan") {
          w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
          return;
        }
        ExprId obj = m.child(e, 0);
        if ((dotted.rfind("self.", 0) == 0) && m.expr(obj).kind == ExprKind::Name && traceSelfAttribute(w, m, fn, x.name, depth + 1))
          return;
        if (viaImport && isLibrary(resolved)) {
          // A module attribute of the library used as a value: a constant (kornia.pi, lib.EPS),
          // or a function object (ops.tanh handed to a compile) that computes when called.
          const std::string_view attr = lastDottedComponent(resolved);
          const bool constant = attr == "pi" || attr == "e" || attr == "inf" || attr == "nan" || attr == "tau" ||
                                std::none_of(attr.begin(), attr.end(), [](char c) { return std::islower(static_cast<unsigned char>(c)); });
          w.out.items.push_back({constant ? OriginKind::Literal : OriginKind::LibCall, resolved, {}, {}});
          w.out.items.back().libraryValue = constant;
          return;
        }
        if (viaImport) {
          // np.float32, math.tau: a named constant of another module; np.linalg.slogdet handed to
          // a harness (`_CheckAgainstNumpy(np.linalg.slogdet, jnp.linalg.slogdet, args)`): a
          // function object of that library, which computes when the harness calls it.
          static const RE2 constantName(
              R"(^(u?int[0-9]*|float[0-9]*|complex[0-9]*|bool_?|bfloat16|half|single|double|longdouble|newaxis|inf|nan|pi|e|tau|euler_gamma|[A-Z][A-Za-z0-9_]*)$)");
          const std::string_view attr = lastDottedComponent(resolved);
          // `tf.float32.max`, `np.float64.eps`: an attribute of a named constant is one too.
          bool ofConstant = false;
          for (std::string_view rest = std::string_view(resolved).substr(0, resolved.size() - attr.size()); !rest.empty();) {
            const size_t dot = std::min(rest.find('.'), rest.size());
            const std::string_view part = rest.substr(0, dot);
            ofConstant |= !part.empty() && RE2::FullMatch(re2::StringPiece(part.data(), part.size()), constantName);
            rest.remove_prefix(std::min(dot + 1, rest.size()));
          }
          // Not a conversion or data movement (`np.array`, `torch.tensor` as a test's parameter):
          // made into the data it is given, it computes nothing.
          const bool function = std::islower(static_cast<unsigned char>(attr.empty() ? 'A' : attr[0])) &&
                                !RE2::FullMatch(re2::StringPiece(attr.data(), attr.size()), constantName) && !ofConstant &&
                                !origin_names::isConstructor(attr) && !origin_names::movesData(attr) && !isConfiguration(resolved);
          w.out.items.push_back({function ? OriginKind::OtherLib : OriginKind::Literal, resolved, {}, {}});
          return;
        }
      }
      // `a.grad` after `loss.backward()`: the gradient of what was differentiated, computed from
      // `a` (the latest `.backward()` before the check of a value that reads `a`).
      if (x.name == "grad" && m.expr(m.child(e, 0)).kind == ExprKind::Name && fn != kNone)
        if (const ExprId differentiated = lastBackwardOf(m, fn, at, m.expr(m.child(e, 0)).name); differentiated != kNone) {
          w.out.evidence.push_back(
              fmt::format("`{}` is the gradient of `{}`", x.text.substr(0, 40), m.expr(differentiated).text.substr(0, 60)));
          w.out.gradientOfLoss = true;
          traceExpr(w, m, fn, at, differentiated, depth + 1);
          return;
        }
      // `self.conv1_.bias.grad` after `loss_.backward()`: a parameter's gradient, where the loss
      // read the parameter or called the module that owns it (`F.relu(self.conv1_(x))`).
      if (x.name == "grad" && m.expr(m.child(e, 0)).kind == ExprKind::Attribute && fn != kNone) {
        // The parameter, then each object holding it (`reference.dense.weight`, `reference.dense`,
        // `reference`; `ref[0].weight`, `ref[0]`, `ref` of a `Sequential`), never `self` alone: the
        // module called may be any of them.
        std::string_view owner = m.expr(m.child(e, 0)).text;
        ExprId differentiated = kNone;
        while (differentiated == kNone && !owner.empty() && owner != "self" && owner != "cls") {
          differentiated = lastBackwardOf(m, fn, at, owner);
          const size_t cut = owner.find_last_of(".[");
          owner = cut == std::string_view::npos ? std::string_view{} : owner.substr(0, cut);
        }
        if (differentiated != kNone) {
          w.out.evidence.push_back(
              fmt::format("`{}` is the gradient of `{}`", x.text.substr(0, 40), m.expr(differentiated).text.substr(0, 60)));
          w.out.gradientOfLoss = true;
          traceExpr(w, m, fn, at, differentiated, depth + 1);
          return;
        }
      }
      if (m.expr(m.child(e, 0)).kind == ExprKind::Name &&
          tracePropertyOfBuiltObject(w, m, fn, at, m.expr(m.child(e, 0)).name, x.name, depth + 1))
        return;
      // out.T, y.shape, res.numpy: a view of the object; data.x of a record built in the test or
      // returned by its helper: the value given for that field (record_fields.h).
      if (m.language != Language::Python || m.expr(m.child(e, 0)).kind != ExprKind::Name) {
        w.out.attributes.insert(std::string(x.name));
        traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
        return;
      }
      const std::string outerKey = std::exchange(w.selectKey, "." + std::string(x.name));
      const bool outerSelected = std::exchange(w.fieldSelected, false);
      traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
      if (!w.fieldSelected) w.out.attributes.insert(std::string(x.name));
      w.selectKey = outerKey;
      w.fieldSelected = outerSelected;
      return;
    }
    case ExprKind::Name: traceName(w, m, fn, at, x.name, depth + 1); return;
    case ExprKind::Call: traceCall(w, m, fn, at, e, depth + 1); return;
    case ExprKind::Lambda:
      if (m.language == Language::Cpp) {
        // A C++ lambda's body is statements of the function holding it: what it returns.
        const StmtId first = fn == kNone ? 0 : m.functions[fn].firstStmt;
        const StmtId end = fn == kNone ? static_cast<StmtId>(m.stmts.size()) : m.functions[fn].endStmt;
        for (StmtId s = first; s < end && s < m.stmts.size(); ++s) {
          const Stmt& st = m.stmts[s];
          if (st.kind == StmtKind::Return && st.a != kNone && st.range.startByte >= x.range.startByte &&
              st.range.endByte <= x.range.endByte)
            traceExpr(w, m, st.function, s, st.a, depth + 1);
        }
        return;
      }
      {
        // A lambda standing for its value (`onp_fun = lambda x: x[indexer]` handed to a harness):
        // its parameters are the data it will be called with.
        const size_t outer = w.lambdaArguments.size();
        for (std::string_view one : origin_names::lambdaParameters(x.name))
          if (!one.empty()) w.lambdaArguments.push_back({std::string(one), fn, at, kNone});
        traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
        w.lambdaArguments.resize(outer);
      }
      return;
    default: w.out.items.push_back({OriginKind::Unknown, {}, {}, fmt::format("`{}` is not traced", x.text)}); return;
  }
}

namespace {

void targetNames(const FileModel& m, ExprId target, std::vector<std::string_view>& out) {
  const Expr& t = m.expr(target);
  if (t.kind == ExprKind::Name) out.push_back(t.name);
  if (t.kind == ExprKind::Tuple || t.kind == ExprKind::List)
    for (uint32_t i = 0; i < t.childCount; ++i) targetNames(m, m.child(target, i), out);
}

bool mentionsAny(const FileModel& m, ExprId e, const std::vector<std::string_view>& names, int depth = 0) {
  if (e == kNone || depth > 16) return false;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Name) return std::ranges::find(names, x.name) != names.end();
  for (uint32_t i = 0; i < x.childCount; ++i)
    if (mentionsAny(m, m.child(e, i), names, depth + 1)) return true;
  return false;
}

// Arithmetic on one of `names` in `e`, outside an index (`xs[2 * i]` only picks an element).
bool arithmeticOn(const FileModel& m, ExprId e, const std::vector<std::string_view>& names, int depth = 0) {
  if (e == kNone || depth > 16) return false;
  const Expr& x = m.expr(e);
  static constexpr std::string_view kArithmetic[] = {"+", "-", "*", "/", "**", "//"};
  if (x.kind == ExprKind::BinaryOp && std::ranges::find(kArithmetic, x.name) != std::end(kArithmetic) && mentionsAny(m, e, names))
    return true;
  if (x.kind == ExprKind::Subscript) return x.childCount > 0 && arithmeticOn(m, m.child(e, 0), names, depth + 1);
  for (uint32_t i = 0; i < x.childCount; ++i)
    if (arithmeticOn(m, m.child(e, i), names, depth + 1)) return true;
  return false;
}

}  // namespace

// Only a loop over steps (`range(n)`, `np.arange(...)`, `np.linspace(...)`) gives a formula of the
// step: `[x * scale for x in targets]` rescales data element by element.
bool OriginTracer::formulaOfItsTargets(const FileModel& m, ExprId comprehension) {
  std::vector<std::string_view> steps;
  for (uint32_t i = 1; i + 1 < m.expr(comprehension).childCount; i += 2) {
    const ExprId iterable = m.child(comprehension, i + 1);
    if (m.expr(iterable).kind != ExprKind::Call) continue;
    const std::string_view callee = lastOf(m, splitCall(m, iterable).callee);
    if (callee == "range" || callee == "arange" || callee == "linspace") targetNames(m, m.child(comprehension, i), steps);
  }
  return !steps.empty() && arithmeticOn(m, m.child(comprehension, 0), steps);
}

bool OriginTracer::comprehensionIndex(const FileModel& m, FunctionId fn, StmtId at, ExprId index) const {
  const auto comprehension = [&](ExprId v) {
    // `[...]`, or one call around it (`torch.tensor([...])`, `np.array([...])`, `list(...)`).
    if (v != kNone && m.expr(v).kind == ExprKind::Call) {
      const CallArgs args = splitCall(m, v);
      v = args.positional.size() == 1 ? args.positional[0] : kNone;
    }
    return v != kNone && m.expr(v).kind == ExprKind::Comprehension;
  };
  std::vector<ExprId> parts{index};
  if (m.expr(index).kind == ExprKind::Tuple)
    for (uint32_t i = 0; i < m.expr(index).childCount; ++i) parts.push_back(m.child(index, i));
  return std::ranges::any_of(parts, [&](ExprId p) {
    return comprehension(p) || (m.expr(p).kind == ExprKind::Name && fn != kNone && comprehension(localBinding(m, fn, at, m.expr(p).name)));
  });
}

}  // namespace oalens::analyzer
