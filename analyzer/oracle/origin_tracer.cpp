#include "analyzer/oracle/origin_tracer.h"

#include <fmt/format.h>
#include <re2/re2.h>
#include <xxhash.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "analyzer/oracle/module_bindings.h"

namespace oalens::analyzer {

namespace {

// A trace's depth counts the sub-expressions it descends into as well as the definitions it
// follows, so it runs deeper than the hops a reader counts; 24 leaves room for both and bounds
// the recursion.
constexpr int kMaxTraceDepth = 24;
// Total steps of one trace: large helpers fan out; this bounds the work per assertion.
constexpr int kMaxSteps = 3000;

bool isConstructor(std::string_view last) {
  static constexpr std::string_view k[] = {"array", "asarray", "asanyarray", "zeros", "ones", "eye", "identity", "full",
                                           "arange", "linspace", "empty", "zeros_like", "ones_like", "full_like",
                                           "list", "tuple", "float", "int", "float16", "float32", "float64", "int32",
                                           "int64", "astype", "reshape", "copy", "ravel", "flatten", "tensor", "as_tensor",
                                           "from_numpy", "cast", "bool", "complex", "dict", "range", "repeat", "tile",
                                           "floatX", "asfloatx", "squeeze", "expand_dims", "T"};
  for (auto n : k)
    if (last == n) return true;
  return false;
}

bool isShapeConstructor(std::string_view last) {
  static constexpr std::string_view k[] = {"zeros", "ones", "empty", "eye", "identity", "zeros_like", "ones_like",
                                           "empty_like", "full", "full_like"};
  for (auto n : k)
    if (last == n) return true;
  return false;
}

bool isRandom(std::string_view resolved) {
  static const RE2 re(R"((^|\.)random\.|(^|\.)(RandomState|default_rng|Generator|rng|randn|rand|randint|uniform|normal|standard_normal|permutation|shuffle|choice|binomial|multinomial|random_sample|random)$|\brng\.)");
  return RE2::PartialMatch(re2::StringPiece(resolved.data(), resolved.size()), re);
}

bool isPythonBuiltin(std::string_view name) {
  static constexpr std::string_view k[] = {"abs", "sum", "max", "min", "len", "round", "pow", "sorted", "reversed", "zip",
                                           "map", "enumerate", "all", "any", "getattr", "isinstance", "str", "divmod"};
  for (auto n : k)
    if (name == n) return true;
  return false;
}

}  // namespace

std::string normalized(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\n' && c != '\t' && c != '\\') out += c;
  return out;
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

struct OriginTracer::Walk {
  OriginSet out;
  std::set<std::pair<const FileModel*, uint64_t>> visited;  // (file, function<<32 | name hash) cut cycles
  int hops = 0;
};

// A statement the value was traced through: its text, white space aside, goes into the digest
// of where the value comes from.
void noteSource(OriginSet& out, const Stmt& st) {
  const std::string text = normalized(st.text);
  out.sources.push_back(XXH3_64bits(text.data(), text.size()));
}

OriginTracer::OriginTracer(const Project& project, std::vector<std::string> packages)
    : project_(project), packages_(std::move(packages)) {}

OriginSet OriginTracer::trace(const FileModel& m, FunctionId fn, StmtId at, ExprId e) const {
  Walk w;
  traceExpr(w, m, fn, at, e, 0);
  return std::move(w.out);
}

void OriginTracer::traceExpr(Walk& w, const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth) const {
  if (e == kNone) return;
  if (depth > kMaxTraceDepth || ++w.hops > kMaxSteps) {
    w.out.items.push_back({OriginKind::Unknown, {}, {}, "trace too deep"});
    return;
  }
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Number:
    case ExprKind::String:
    case ExprKind::Bool:
    case ExprKind::NoneLit: w.out.items.push_back({OriginKind::Literal, std::string(x.text), {}, {}}); return;
    case ExprKind::BinaryOp:
      w.out.arithmetic = true;
      w.out.operators.insert(std::string(x.name));
      [[fallthrough]];
    case ExprKind::UnaryOp:
    case ExprKind::Compare:
    case ExprKind::BoolOp:
    case ExprKind::Not:
    case ExprKind::Tuple:
    case ExprKind::List:
    case ExprKind::Set:
    case ExprKind::Starred:
    case ExprKind::Keyword:
      if (x.kind == ExprKind::UnaryOp && x.name != "-" && x.name != "+") w.out.arithmetic = true;
      for (uint32_t i = 0; i < x.childCount; ++i) traceExpr(w, m, fn, at, m.child(e, i), depth + 1);
      return;
    case ExprKind::Dict:  // the values; keys only select one ({Reduction.SUM: [198, 82]})
      for (uint32_t i = 1; i < x.childCount; i += 2) traceExpr(w, m, fn, at, m.child(e, i), depth + 1);
      return;
    case ExprKind::Conditional:
      traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
      traceExpr(w, m, fn, at, m.child(e, 2), depth + 1);
      return;
    case ExprKind::Comprehension: {
      for (uint32_t i = 1; i + 1 < x.childCount; i += 2) {
        if (iteratesBackends(m, fn, m.child(e, i + 1))) w.out.backendLoop = true;
        traceExpr(w, m, fn, at, m.child(e, i + 1), depth + 1);
      }
      traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
      return;
    }
    case ExprKind::Subscript:
      traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
      return;
    case ExprKind::Attribute: {
      std::string dotted = dottedName(m, e);
      if (!dotted.empty()) {
        bool viaImport = false;
        std::string resolved = resolveDotted(m, fn, dotted, &viaImport);
        if (resolved == "numpy.pi" || resolved == "math.pi" || resolved == "numpy.e" || resolved == "math.e" ||
            resolved == "numpy.inf" || resolved == "math.inf" || resolved == "numpy.nan") {
          w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
          return;
        }
        ExprId obj = m.child(e, 0);
        if ((dotted.rfind("self.", 0) == 0) && m.expr(obj).kind == ExprKind::Name &&
            traceSelfAttribute(w, m, fn, x.name, depth + 1))
          return;
        if (viaImport && isLibrary(resolved)) {  // module attribute of the library: a constant or a function object
          w.out.items.push_back({OriginKind::LibCall, resolved, {}, {}});
          return;
        }
        if (viaImport) {  // np.float32, math.tau: a named constant of another module
          w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
          return;
        }
      }
      // out.T, y.shape, res.numpy: a view of the object.
      traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
      return;
    }
    case ExprKind::Name: traceName(w, m, fn, at, x.name, depth + 1); return;
    case ExprKind::Call: traceCall(w, m, fn, at, e, depth + 1); return;
    case ExprKind::Lambda: traceExpr(w, m, fn, at, m.child(e, 0), depth + 1); return;
    default: w.out.items.push_back({OriginKind::Unknown, {}, {}, fmt::format("`{}` is not traced", x.text)}); return;
  }
}

void OriginTracer::traceName(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const {
  uint64_t key = (uint64_t(fn) << 32) ^ std::hash<std::string_view>{}(name);
  if (!w.visited.insert({&m, key}).second) return;
  for (FunctionId f = fn; f != kNone; f = m.functions[f].parent) {
    const Function& F = m.functions[f];
    // The latest binding ahead of the use; a loop target binds from its iterable.
    StmtId binding = kNone;
    std::vector<StmtId> augments, fills;
    for (StmtId s = F.firstStmt; s < F.endStmt && (f != fn || s < at || binding == kNone); ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != f || st.a == kNone) continue;
      if (f == fn && s >= at && binding != kNone) break;
      const Expr& t = m.expr(st.a);
      bool binds = t.kind == ExprKind::Name && t.name == name;
      for (uint32_t i = 0; !binds && (t.kind == ExprKind::Tuple || t.kind == ExprKind::List) && i < t.childCount; ++i) {
        const Expr& el = m.expr(m.child(st.a, i));
        binds = el.kind == ExprKind::Name && el.name == name;
      }
      if (!binds) {
        if (f == fn && s >= at) continue;
        // xs.append(v), xs[i] = v, xs.extend(vs): the container's contents come from v.
        if (st.kind == StmtKind::ExprStmt && t.kind == ExprKind::Call) {
          ExprId calleeId = m.child(st.a, 0);
          const Expr& callee = m.expr(calleeId);
          if (callee.kind == ExprKind::Attribute && (callee.name == "append" || callee.name == "extend" || callee.name == "insert") &&
              m.expr(m.child(calleeId, 0)).kind == ExprKind::Name && m.expr(m.child(calleeId, 0)).name == name)
            fills.push_back(s);
        } else if ((st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign) && t.kind == ExprKind::Subscript &&
                   m.expr(m.child(st.a, 0)).kind == ExprKind::Name && m.expr(m.child(st.a, 0)).name == name) {
          fills.push_back(s);
        }
        continue;
      }
      if (st.kind == StmtKind::Assign || st.kind == StmtKind::For) binding = s;
      else if (st.kind == StmtKind::AugAssign && (f != fn || s < at)) augments.push_back(s);
    }
    if (binding != kNone) {
      const Stmt& b = m.stmts[binding];
      w.out.bindings.insert(fmt::format("{}:{}:{}", m.path, b.range.start.line, name));
      w.out.evidence.push_back(fmt::format("`{}` <- line {}: {}", name, b.range.start.line,
                                           b.text.substr(0, std::min<size_t>(b.text.find('\n'), 100))));
      if (b.kind == StmtKind::For && iteratesBackends(m, f, b.b)) w.out.backendLoop = true;
      {
        const bool arithmeticBefore = w.out.arithmetic;
        const auto operatorsBefore = w.out.operators;
        const size_t before = w.out.items.size();
        noteSource(w.out, b);
        traceBoundValue(w, m, f, binding, name, depth + 1);
        bool onlyData = w.out.items.size() > before, anyRandom = false;
        for (size_t i = before; i < w.out.items.size(); ++i) {
          const Origin& o = w.out.items[i];
          onlyData &= o.kind == OriginKind::Data || o.kind == OriginKind::Literal;
          anyRandom |= o.kind == OriginKind::Data;
        }
        if (onlyData && anyRandom && drawsRandom(m, f, m.stmts[binding].b)) {  // x = np.random.rand(5) + 0.1: defining test data
          w.out.arithmetic = arithmeticBefore;
          w.out.operators = operatorsBefore;
        }
      }
      for (StmtId s : fills) {
        if (s < binding) continue;
        const Stmt& st = m.stmts[s];
        noteSource(w.out, st);
        if (st.kind == StmtKind::AugAssign) w.out.arithmetic = true;
        w.out.evidence.push_back(fmt::format("`{}` filled at line {}", name, st.range.start.line));
        for (StmtId p = st.parent; p != kNone && p >= binding; p = m.stmts[p].parent)
          if (m.stmts[p].kind == StmtKind::For) {
            w.out.loop = true;
            if (iteratesBackends(m, f, m.stmts[p].b)) w.out.backendLoop = true;
          }
        if (st.kind == StmtKind::ExprStmt) {
          CallArgs ca = splitCall(m, st.a);
          for (ExprId v : ca.positional) traceExpr(w, m, f, s, v, depth + 1);
        } else {
          traceExpr(w, m, f, s, st.b, depth + 1);
        }
      }
      for (StmtId s : augments) {
        if (s < binding) continue;
        w.out.arithmetic = true;
        noteSource(w.out, m.stmts[s]);
        for (StmtId p = m.stmts[s].parent; p != kNone && p > binding; p = m.stmts[p].parent)
          if (m.stmts[p].kind == StmtKind::For || m.stmts[p].kind == StmtKind::While) w.out.loop = true;
        w.out.evidence.push_back(fmt::format("`{}` updated at line {}", name, m.stmts[s].range.start.line));
        traceExpr(w, m, f, s, m.stmts[s].b, depth + 1);
      }
      return;
    }
    for (const Param& p : F.params) {
      if (p.name != name) continue;
      if (auto modules = parametrizedLibraryModules(m, f, name)) {
        // @pytest.mark.parametrize('k', [KTH, KTF]): the test runs once per backend module.
        Origin ref{OriginKind::LibCall, modules->front(), {}, {}};
        ref.moduleRef = true;
        w.out.items.push_back(ref);
        w.out.evidence.push_back(fmt::format("`{}` is parametrized over modules of the library under test ({})", name, fmt::join(*modules, ", ")));
        return;
      }
      w.out.items.push_back({OriginKind::Data, std::string(name), {}, {}});
      w.out.evidence.push_back(fmt::format("`{}` is a parameter of {}: test-supplied data", name, F.qualifiedName));
      return;
    }
  }
  // Module level, then a name imported from a scanned module. `NAME = None` beside an import of
  // NAME is the fallback of an optional import (except ImportError: KTF = None): the import
  // is what a test that runs sees.
  const auto importsName = [&] {
    for (const Import& imp : m.imports)
      if (imp.alias == name && imp.scope == kNone) return true;
    return false;
  };
  if (StmtId s = moduleLevelAssignment(m, name); s != kNone && !(m.expr(m.stmts[s].b).text == "None" && importsName())) {
    w.out.evidence.push_back(fmt::format("`{}` <- module line {}", name, m.stmts[s].range.start.line));
    noteSource(w.out, m.stmts[s]);
    traceExpr(w, m, kNone, s, m.stmts[s].b, depth + 1);
    return;
  }
  for (const Import& imp : m.imports) {
    if (imp.alias != name || imp.name.empty()) continue;
    std::string full = imp.module + "." + std::string(imp.name);
    if (isLibrary(full)) {
      Origin ref{OriginKind::LibCall, full, {}, {}};
      ref.moduleRef = true;
      w.out.items.push_back(ref);
      return;
    }
    if (const FileModel* other = project_.moduleFile(imp.module)) {
      if (StmtId s = moduleLevelAssignment(*other, imp.name); s != kNone) {
        noteSource(w.out, other->stmts[s]);
        traceExpr(w, *other, kNone, s, other->stmts[s].b, depth + 1);
        return;
      }
    }
  }
  w.out.items.push_back({OriginKind::Unknown, {}, {}, fmt::format("`{}` is not bound in the scanned code", name)});
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
  int pos = -1;
  if (target.kind == ExprKind::Tuple || target.kind == ExprKind::List)
    for (uint32_t i = 0; i < target.childCount; ++i)
      if (m.expr(m.child(b.a, i)).kind == ExprKind::Name && m.expr(m.child(b.a, i)).name == name) pos = static_cast<int>(i);
  if (pos < 0 || b.b == kNone) {
    traceExpr(w, m, f, s, b.b, depth);
    return;
  }
  const Expr& value = m.expr(b.b);
  const uint32_t arity = target.childCount;
  if (b.kind == StmtKind::Assign && (value.kind == ExprKind::Tuple || value.kind == ExprKind::List) && value.childCount == arity) {
    traceExpr(w, m, f, s, m.child(b.b, static_cast<uint32_t>(pos)), depth);
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

bool OriginTracer::traceSelfAttribute(Walk& w, const FileModel& m, FunctionId fn, std::string_view attr, int depth) const {
  FunctionId f = fn;
  while (f != kNone && m.functions[f].cls == kNone) f = m.functions[f].parent;
  if (f == kNone) return false;
  ClassId cls = m.functions[f].cls;
  std::string target = fmt::format("self.{}", attr);
  // setUp first, then any other method of the class, then class-level attributes.
  StmtId best = kNone;
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.kind != StmtKind::Assign || st.a == kNone || st.function == kNone) continue;
    if (m.functions[st.function].cls != cls || m.expr(st.a).text != target) continue;
    std::string_view owner = m.functions[st.function].name;
    if (best == kNone || owner == "setUp" || owner == "setup_method" || owner == "setup") best = s;
  }
  if (best != kNone) {
    const Stmt& st = m.stmts[best];
    w.out.evidence.push_back(fmt::format("`self.{}` <- {} line {}", attr, m.functions[st.function].qualifiedName, st.range.start.line));
    noteSource(w.out, st);
    traceExpr(w, m, st.function, best, st.b, depth + 1);
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

bool OriginTracer::traceHelper(Walk& w, const FileModel& m, FunctionId helper, int depth) const {
  uint64_t key = (uint64_t(helper) << 32) ^ 0x9e3779b9u;
  if (!w.visited.insert({&m, key}).second) return true;
  const Function& F = m.functions[helper];
  bool returned = false;
  for (StmtId s = F.firstStmt; s < F.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != helper) continue;
    if (st.kind == StmtKind::For || st.kind == StmtKind::While) w.out.loop = true;
    if (st.kind == StmtKind::AugAssign) w.out.arithmetic = true;
    if (st.kind != StmtKind::Return || st.a == kNone) continue;
    returned = true;
    noteSource(w.out, st);
    traceExpr(w, m, helper, s, st.a, depth + 1);
  }
  return returned;
}

void OriginTracer::traceCall(Walk& w, const FileModel& m, FunctionId fn, StmtId at, ExprId e, int depth) const {
  CallArgs args = splitCall(m, e);
  const Expr& callee = m.expr(args.callee);
  std::string dotted = dottedName(m, args.callee);
  bool viaImport = false;
  std::string resolved = dotted.empty() ? std::string{} : resolveDotted(m, fn, dotted, &viaImport);
  std::string_view last = callee.kind == ExprKind::Attribute || callee.kind == ExprKind::Name ? callee.name : std::string_view{};
  std::string argKey;
  for (ExprId a : args.positional) argKey += normalized(m.expr(a).text) + ",";
  auto traceArgs = [&] {
    for (ExprId a : args.positional) traceExpr(w, m, fn, at, a, depth + 1);
    for (const auto& kw : args.keywords)  // dtype=K.floatx() picks a type, it computes nothing
      if (kw.first != "dtype" && kw.first != "name") traceExpr(w, m, fn, at, kw.second, depth + 1);
  };

  if (callee.kind == ExprKind::Subscript) {  // np.cast[dtype](x): a conversion
    traceArgs();
    return;
  }
  if (callee.kind == ExprKind::Call) {  // function([x], y)(v): run a graph compiled on the spot
    size_t before = w.out.items.size();
    traceExpr(w, m, fn, at, args.callee, depth + 1);
    bool callsLibrary = false;
    std::string module;
    for (size_t i = before; i < w.out.items.size(); ++i) {
      callsLibrary |= computes(w.out.items[i]);
      if (w.out.items[i].moduleRef) module = w.out.items[i].api;
    }
    if (!module.empty()) w.out.items.push_back({OriginKind::LibCall, module + ".*", argKey, {}});  // getattr(backend, name)(x)
    else if (callsLibrary) w.out.items.push_back({OriginKind::LibCall, "graph()", argKey, {}});
    traceArgs();
    return;
  }
  // Random inputs and array constructors: test data, or whatever their arguments are.
  if (!resolved.empty() && isRandom(resolved)) {
    w.out.items.push_back({OriginKind::Data, resolved, {}, {}});
    return;
  }
  if (isShapeConstructor(last) && viaImport && !isLibrary(resolved)) {
    // np.zeros(shape), np.ones_like(x), np.eye(n): the values are fixed whatever the shape.
    if ((last == "full" || last == "full_like") && args.positional.size() >= 2) traceExpr(w, m, fn, at, args.positional[1], depth + 1);
    else w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
    return;
  }
  if (isConstructor(last) && !isLibrary(resolved)) {
    if (callee.kind == ExprKind::Attribute && !viaImport)
      traceExpr(w, m, fn, at, m.child(args.callee, 0), depth + 1);  // x.astype(...), y.reshape(...)
    if (last == "astype" || last == "cast") return;  // the argument is a dtype
    traceArgs();
    if (args.positional.empty() && args.keywords.empty()) w.out.items.push_back({OriginKind::Literal, resolved, {}, {}});
    return;
  }
  // A call of the library under test.
  if (!resolved.empty() && isLibrary(resolved)) {
    w.out.items.push_back({OriginKind::LibCall, resolved, argKey, {}});
    w.out.evidence.push_back(fmt::format("`{}` calls {} (library under test)", m.expr(e).text.substr(0, 80), resolved));
    traceArgs();
    return;
  }
  // A class of the test module deriving from the library's (class ExampleLoss(losses.Loss)):
  // instances run the library's machinery with the test's overrides.
  if (callee.kind == ExprKind::Name) {
    if (std::string base = libraryBaseOf(m, fn, callee.name, 0); !base.empty()) {
      w.out.items.push_back({OriginKind::LibCall, resolved.empty() ? std::string(callee.name) : resolved, argKey, {}});
      w.out.evidence.push_back(fmt::format("`{}` builds {}, a test class deriving from {} (library under test)",
                                           m.expr(e).text.substr(0, 80), callee.name, base));
      traceArgs();
      return;
    }
  }
  // A helper function of the scanned code: follow its return values.
  if (callee.kind == ExprKind::Name) {
    for (FunctionId f = 0; f < m.functions.size(); ++f) {
      const Function& F = m.functions[f];
      if (F.name != callee.name || F.cls != kNone) continue;
      if (F.parent != kNone && F.parent != fn) continue;
      w.out.throughHelper = true;
      w.out.evidence.push_back(fmt::format("`{}` returns from helper {} (line {})", callee.name, F.qualifiedName, F.range.start.line));
      if (traceHelper(w, m, f, depth + 1)) {
        traceArgs();
        return;
      }
    }
  }
  if (callee.kind == ExprKind::Attribute && dotted.rfind("self.", 0) == 0 && dotted.find('.', 5) == std::string::npos) {
    // self.fast(x) with self.fast = compile(f) set in setUp: a call of a stored value.
    bool isMethod = false;
    for (const Function& F : m.functions) isMethod |= F.cls != kNone && F.name == callee.name;
    if (!isMethod) {
      size_t before = w.out.items.size();
      if (traceSelfAttribute(w, m, fn, callee.name, depth + 1)) {
        bool callsLibrary = false;
        for (size_t i = before; i < w.out.items.size(); ++i) callsLibrary |= computes(w.out.items[i]);
        if (callsLibrary) w.out.items.push_back({OriginKind::LibCall, fmt::format("self.{}()", callee.name), argKey, {}});
        traceArgs();
        return;
      }
    }
  }
  if (callee.kind == ExprKind::Attribute && (dotted.rfind("self.", 0) == 0)) {
    FunctionId owner = fn;
    while (owner != kNone && m.functions[owner].cls == kNone) owner = m.functions[owner].parent;
    for (FunctionId f = 0; f < m.functions.size(); ++f) {
      const Function& F = m.functions[f];
      if (F.name != callee.name || F.cls == kNone) continue;
      if (owner != kNone && F.cls != m.functions[owner].cls) continue;
      w.out.throughHelper = true;
      w.out.evidence.push_back(fmt::format("`{}` returns from method {}", dotted, F.qualifiedName));
      if (traceHelper(w, m, f, depth + 1)) {
        traceArgs();
        return;
      }
    }
  }
  if (viaImport) {
    // Imported from another scanned module (a test-suite reference module).
    std::string_view mod = std::string_view(resolved).substr(0, resolved.rfind('.'));
    if (const FileModel* other = project_.moduleFile(mod)) {
      for (FunctionId f = 0; f < other->functions.size(); ++f) {
        const Function& F = other->functions[f];
        if (F.parent != kNone || F.cls != kNone || F.name != lastDottedComponent(resolved)) continue;
        w.out.throughHelper = true;
        w.out.evidence.push_back(fmt::format("`{}` returns from {} in {}", last, F.qualifiedName, other->path));
        if (traceHelper(w, *other, f, depth + 1)) {
          traceArgs();
          return;
        }
      }
    }
  }
  // A call of a value: f(x) where f = theano.function(...), model.predict(x) on a library model.
  if (callee.kind == ExprKind::Name && !isPythonBuiltin(callee.name) && !viaImport) {
    size_t before = w.out.items.size();
    traceName(w, m, fn, at, callee.name, depth + 1);
    bool callsLibrary = false;
    for (size_t i = before; i < w.out.items.size(); ++i) callsLibrary |= computes(w.out.items[i]);
    if (callsLibrary) {
      w.out.items.push_back({OriginKind::LibCall, fmt::format("{}()", callee.name), argKey, {}});
      traceArgs();
      return;
    }
    // np_func bound to np.cumsum: calling it runs another library's function.
    bool functionObject = false;
    for (size_t i = before; i < w.out.items.size(); ++i) {
      Origin& o = w.out.items[i];
      if (o.kind == OriginKind::Literal && o.api.find('.') != std::string::npos && !o.api.empty() && std::islower(static_cast<unsigned char>(lastDottedComponent(o.api)[0]))) {
        o.kind = OriginKind::OtherLib;
        o.args = argKey;
        functionObject = true;
      }
    }
    if (functionObject) {
      traceArgs();
      return;
    }
  }
  if (callee.kind == ExprKind::Attribute && !viaImport) {
    // A method on a value: classify by the receiver. The entry goes first, so the outermost
    // call of a side is its first item.
    size_t self = w.out.items.size();
    w.out.items.push_back({OriginKind::OtherLib, fmt::format(".{}", last), argKey, {}});
    traceExpr(w, m, fn, at, m.child(args.callee, 0), depth + 1);
    bool onLibrary = false;
    for (size_t i = self + 1; i < w.out.items.size(); ++i) {
      onLibrary |= computes(w.out.items[i]);
      if (w.out.items[i].moduleRef && i == self + 1) {  // backend.softmax(x) with backend a module of the library
        w.out.items[self].api = w.out.items[i].api + "." + std::string(last);
        onLibrary = true;
      }
    }
    if (onLibrary) w.out.items[self].kind = OriginKind::LibCall;
    traceArgs();
    return;
  }
  if (callee.kind == ExprKind::Name && isPythonBuiltin(callee.name)) {
    if (callee.name != "len" && callee.name != "getattr") w.out.arithmetic |= callee.name == "sum" || callee.name == "pow";
    traceArgs();
    return;
  }
  if (viaImport) {
    size_t self = w.out.items.size();
    w.out.items.push_back({OriginKind::OtherLib, resolved, argKey, {}});
    const bool arithmeticBefore = w.out.arithmetic;
    traceArgs();
    // Only numbers written in the call itself: np.exp(values) on a literal array is a formula.
    bool literalArgs = !args.positional.empty();
    for (ExprId a : args.positional) {
      const Expr& ax = m.expr(a);
      const bool number = ax.kind == ExprKind::Number ||
                          (ax.kind == ExprKind::UnaryOp && m.expr(m.child(a, 0)).kind == ExprKind::Number);
      literalArgs &= number;
    }
    if (literalArgs) {  // -np.log(0.5), math.sqrt(2): a closed-form constant, unless the CUT is that function
      w.out.items[self].closedForm = true;
      w.out.arithmetic = arithmeticBefore;
      w.out.evidence.push_back(fmt::format("`{}` is {} on numbers (a closed-form value)", m.expr(e).text.substr(0, 80), resolved));
      return;
    }
    w.out.evidence.push_back(fmt::format("`{}` is {} (another library)", m.expr(e).text.substr(0, 80), resolved));
    return;
  }
  w.out.items.push_back({OriginKind::Unknown, dotted, argKey, fmt::format("callee `{}` is not resolved", dotted.empty() ? std::string(m.expr(args.callee).text) : dotted)});
  traceArgs();
}

}  // namespace oalens::analyzer
