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
#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

// How deep in a trace a function's name may stand for what it returns: the compared value, a
// `partial` of it, or a local holding that `partial` (`ref = partial(_reference_fn, ...)` handed
// to a harness); never where it is handed to the library under test (`ops.minimize(loss, x0)`:
// the library's input, not a value compared).
constexpr int kFunctionValueDepth = 5;

namespace {

// A trace's depth counts the sub-expressions it descends into as well as the definitions it
// follows, so it runs deeper than the hops a reader counts; 24 leaves room for both and bounds
// the recursion.
constexpr int kMaxTraceDepth = 24;
// Total steps of one trace: large helpers fan out; this bounds the work per assertion.
constexpr int kMaxSteps = 3000;

}  // namespace

using origin_names::isRandom;

std::string normalized(std::string_view text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\n' && c != '\t' && c != '\\') out += c;
  return out;
}

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

// The calls of a chain of methods rooted at `name` when one of them changes it in place, by
// PyTorch's convention of a trailing underscore (`t.mul_(2).add_(1)`); else none.
static std::vector<ExprId> inPlaceCalls(const FileModel& m, ExprId call, std::string_view name) {
  std::vector<ExprId> calls;
  bool inPlace = false;
  ExprId link = call;
  for (int hops = 0; hops < 16 && m.expr(link).kind == ExprKind::Call && m.expr(link).childCount > 0; ++hops) {
    const ExprId callee = m.child(link, 0);
    if (m.expr(callee).kind != ExprKind::Attribute || m.expr(callee).childCount == 0) return {};
    const std::string_view method = m.expr(callee).name;
    inPlace |= namesAnInPlaceOperation(method);
    calls.push_back(link);
    link = m.child(callee, 0);
  }
  const bool rooted = m.expr(link).kind == ExprKind::Name && m.expr(link).name == name;
  return rooted && inPlace ? calls : std::vector<ExprId>{};
}

// quantize_(model, config): a function of the library named with a trailing underscore changes
// its first argument in place, by PyTorch's convention; what the name holds after is its result.
bool OriginTracer::changesItsFirstArgument(const FileModel& m, FunctionId fn, ExprId call, std::string_view name) const {
  if (m.expr(call).kind != ExprKind::Call) return false;
  const CallArgs ca = splitCall(m, call);
  if (ca.positional.empty() || m.expr(ca.positional[0]).kind != ExprKind::Name || m.expr(ca.positional[0]).name != name) return false;
  const std::string dotted = dottedName(m, ca.callee);
  const std::string_view last = lastDottedComponent(dotted);
  if (!namesAnInPlaceOperation(last)) return false;
  bool viaImport = false;
  const std::string resolved = resolveDotted(m, fn, dotted, &viaImport);
  return viaImport && isLibrary(resolved);
}

// Whether an operation joins text: a path (`tmp_path / ("w_" + name + ".npy")`), a name
// (`"val_" + name`) or a formatted string (`"%s.npy" % name`), with a string literal somewhere in it.
static bool buildsText(const FileModel& m, ExprId e, int depth) {
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::String) return true;
  if (depth > 8 || x.kind != ExprKind::BinaryOp || x.childCount != 2 || (x.name != "/" && x.name != "+" && x.name != "%")) return false;
  return buildsText(m, m.child(e, 0), depth + 1) || buildsText(m, m.child(e, 1), depth + 1);
}

// Whether expression `e`, or the values of the locals it reads (bound before statement `before`
// in `fn`), reads local `var`: `loss` of `loss = diag.sum()`, `diag = f(A, B)` reads `A`.
static bool readsLocal(const FileModel& m, FunctionId fn, StmtId before, ExprId e, std::string_view var, int depth) {
  if (e == kNone || depth > 6) return false;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Name) {
    if (x.name == var) return true;
    const StmtId s = localBindingStmt(m, fn, before, x.name);
    return s != kNone && readsLocal(m, fn, s, m.stmts[s].b, var, depth + 1);
  }
  for (uint32_t i = 0; i < x.childCount; ++i)
    if (readsLocal(m, fn, before, m.child(e, i), var, depth + 1)) return true;
  return false;
}

// The receiver of the latest `X.backward()` call statement of function `fn` before statement
// `at` whose X reads local `var` (`loss` of `loss.backward()`, `loss = f(A).sum()`), or kNone.
static ExprId lastBackwardOf(const FileModel& m, FunctionId fn, StmtId at, std::string_view var) {
  ExprId found = kNone;
  for (StmtId s = m.functions[fn].firstStmt; s < at && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn || st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) continue;
    const ExprId callee = m.child(st.a, 0);
    if (m.expr(callee).kind == ExprKind::Attribute && m.expr(callee).name == "backward" && m.childCount(callee) > 0 &&
        readsLocal(m, fn, s, m.child(callee, 0), var, 0))
      found = m.child(callee, 0);
  }
  return found;
}

// Whether an operation builds a container: a list repeated (`[row] * 2`) or two joined
// (`[a] + [b]`), which computes no number.
static bool buildsContainer(const FileModel& m, ExprId e) {
  const Expr& x = m.expr(e);
  if (x.kind != ExprKind::BinaryOp || x.childCount != 2) return false;
  const auto literal = [&](uint32_t i) {
    const ExprKind k = m.expr(m.child(e, i)).kind;
    return k == ExprKind::List || k == ExprKind::Tuple;
  };
  if (x.name == "*") return literal(0) || literal(1);
  return x.name == "+" && literal(0) && literal(1);
}

OriginSet OriginTracer::trace(const FileModel& m, FunctionId fn, StmtId at, ExprId e, const Bindings& bound) const {
  Walk w;
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
      if (!buildsContainer(m, e)) {
        w.noteArithmetic();
        w.out.operators.insert(std::string(x.name));
      }
      const int handed = std::exchange(w.handedOn, 0);  // an operand is computed with, not handed on
      for (uint32_t i = 0; i < x.childCount; ++i) {
        const size_t from = w.out.items.size();
        const bool parameter = Walk::attributeRead(m, m.child(e, i)) != kNone;
        w.outsideReceiver += parameter;
        traceExpr(w, m, fn, at, m.child(e, i), depth + 1);
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
      return;
    }
    case ExprKind::Subscript: {
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
          traceExpr(w, m, fn, at, differentiated, depth + 1);
          return;
        }
      // out.T, y.shape, res.numpy: a view of the object.
      w.out.attributes.insert(std::string(x.name));
      traceExpr(w, m, fn, at, m.child(e, 0), depth + 1);
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

void OriginTracer::traceName(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const {
  // A parameter of a lambda traced as applied: the argument it is bound to.
  for (size_t i = w.lambdaArguments.size(); i > 0; --i) {
    const Walk::LambdaArgument& bound = w.lambdaArguments[i - 1];
    if (bound.name != name) continue;
    const Walk::LambdaArgument argument = bound;
    // The argument is read where the lambda was applied, without the bindings made since.
    std::vector<Walk::LambdaArgument> inner(w.lambdaArguments.begin() + static_cast<long>(i - 1), w.lambdaArguments.end());
    w.lambdaArguments.resize(i - 1);
    if (argument.helper == kNone && argument.value == kNone) {
      w.out.items.push_back({OriginKind::Data, std::string(name), {}, {}});
      w.out.items.back().parameter = true;
      w.out.evidence.push_back(fmt::format("`{}` is a parameter of the lambda: the data it is called with", name));
    } else if (argument.helper != kNone) {
      // A function of the file handed to a helper (`hvp(reference_loss, t)`): what it returns.
      w.out.throughHelper = true;
      w.out.evidence.push_back(fmt::format("`{}` is {}, handed to the helper", name, m.functions[argument.helper].qualifiedName));
      traceHelper(w, m, argument.helper, depth + 1);
    } else {
      traceExpr(w, m, argument.fn, argument.at, argument.value, depth + 1);
    }
    w.lambdaArguments.insert(w.lambdaArguments.end(), inner.begin(), inner.end());
    return;
  }
  // Keyed by where the name is read too: `y = y[:, None]` reads the y bound before it.
  uint64_t key = (uint64_t(fn) << 32) ^ std::hash<std::string_view>{}(name) ^ (uint64_t(at) * 0x9e3779b97f4a7c15ull);
  if (!w.visited.insert({&m, key}).second) {
    // Traced already on this side: what it was is still known (a method called on it asks).
    if (auto it = w.libraryMade.find({&m, key}); it != w.libraryMade.end() && w.outsideReceiver == 0) w.revisitedLibrary |= it->second;
    return;
  }
  const size_t itemsBefore = w.out.items.size();
  traceNameOnce(w, m, fn, at, name, depth);
  bool made = false;
  for (size_t i = itemsBefore; i < w.out.items.size(); ++i)
    made |= w.out.items[i].kind == OriginKind::LibCall && !w.out.items[i].moduleRef && w.receiverEvidence(i, itemsBefore);
  w.libraryMade[{&m, key}] = made;
}

// Long: the places a name may get its value (a bound lambda argument, a parameter, a binding in
// the function or the module, an import) are tried in order, each with the walk's state; the
// first that binds it is followed.
void OriginTracer::traceNameOnce(Walk& w, const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int depth) const {
  if (traceComprehensionTarget(w, m, fn, at, name, depth)) return;
  if (m.language == Language::Python && traceSharedUpdate(w, m, fn, at, name, depth)) return;
  for (FunctionId f = fn; f != kNone; f = m.functions[f].parent) {
    const Function& F = m.functions[f];
    // The latest binding ahead of the use; a loop target binds from its iterable.
    StmtId binding = kNone;
    std::vector<StmtId> augments, fills;
    // Only the statements that may bind or fill the name matter (analyzer/model/name_index.h).
    std::vector<StmtId> scratch;
    for (StmtId s : statementsBinding(m, f, name, scratch)) {
      if (f == fn && s >= at && binding != kNone) break;
      // `y = np.asarray(y)`: the value reads the name as it was before this statement binds it.
      if (f == fn && s == at && m.stmts[s].kind == StmtKind::Assign) continue;
      const Stmt& st = m.stmts[s];
      const Expr& t = m.expr(st.a);
      // `R, (s, E) = system()`: one level of nesting.
      const bool binds = (t.kind == ExprKind::Name && t.name == name) || positionIn(m, st.a, name).has_value();
      if (!binds) {
        if (f == fn && s >= at) continue;
        // xs.append(v), xs[i] = v, xs.extend(vs), model.add(layer): the contents come from v.
        if (st.kind == StmtKind::ExprStmt && t.kind == ExprKind::Call) {
          ExprId calleeId = m.child(st.a, 0);
          const Expr& callee = m.expr(calleeId);
          if ((callee.kind == ExprKind::Attribute &&
               (callee.name == "append" || callee.name == "extend" || callee.name == "insert" || callee.name == "add") &&
               m.expr(m.child(calleeId, 0)).kind == ExprKind::Name && m.expr(m.child(calleeId, 0)).name == name) ||
              !inPlaceCalls(m, st.a, name).empty() || changesItsFirstArgument(m, f, st.a, name))
            fills.push_back(s);
        } else if ((st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign) && t.kind == ExprKind::Subscript &&
                   m.expr(m.child(st.a, 0)).kind == ExprKind::Name && m.expr(m.child(st.a, 0)).name == name) {
          fills.push_back(s);
        }
        continue;
      }
      // try: mean = d.mean / except NotImplementedError: mean = None, then `if mean is not None:
      // assert_allclose(..., mean)`: a fallback None is never what is compared; the value before it is.
      const bool fallbackNone = st.kind == StmtKind::Assign && binding != kNone && st.b != kNone && m.expr(st.b).kind == ExprKind::NoneLit;
      if ((st.kind == StmtKind::Assign || st.kind == StmtKind::For) && !fallbackNone) binding = s;
      else if (st.kind == StmtKind::AugAssign && (f != fn || s < at)) augments.push_back(s);
    }
    if (binding != kNone) {
      const Stmt& b = m.stmts[binding];
      w.out.bindings.insert(fmt::format("{}:{}:{}", m.path, b.range.start.line, name));
      if (w.firstBinding.empty()) w.firstBinding = fmt::format("{}:{}:{}", m.path, b.range.start.line, name);
      w.out.evidence.push_back(
          fmt::format("`{}` <- line {}: {}", name, b.range.start.line, b.text.substr(0, std::min<size_t>(b.text.find('\n'), 100))));
      if (b.kind == StmtKind::For && iteratesBackends(m, f, b.b)) w.out.backendLoop = true;
      // Arithmetic and loops met from here on are under this binding (OriginSet::arithmeticAt).
      w.within.push_back(fmt::format("{}:{}", m.path, b.range.start.line));
      {
        const bool arithmeticBefore = w.out.arithmetic;
        const auto arithmeticAtBefore = w.out.arithmeticAt;
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
          w.out.arithmeticAt = arithmeticAtBefore;
          w.out.operators = operatorsBefore;
        }
      }
      for (StmtId s : fills) {
        if (s < binding) continue;
        const Stmt& st = m.stmts[s];
        noteSource(w.out, st);
        if (st.kind == StmtKind::AugAssign) w.noteArithmetic();
        w.out.evidence.push_back(fmt::format("`{}` filled at line {}", name, st.range.start.line));
        for (StmtId p = st.parent; p != kNone && p >= binding; p = m.stmts[p].parent)
          if (m.stmts[p].kind == StmtKind::For) {
            w.noteLoop();
            if (iteratesBackends(m, f, m.stmts[p].b)) w.out.backendLoop = true;
          }
        if (const std::vector<ExprId> inPlace = inPlaceCalls(m, st.a, name); st.kind == StmtKind::ExprStmt && !inPlace.empty()) {
          // t.mul_(-0.5).div_(l ** 2).exp_(): computed in place, a formula of the test's; one
          // operation of the value alone (`t.square_()`) is no more a formula than torch.square(t).
          bool combines = inPlace.size() > 1;
          for (ExprId call : inPlace)
            for (ExprId v : splitCall(m, call).positional) {
              combines = true;
              traceExpr(w, m, f, s, v, depth + 1);
            }
          if (combines) w.noteArithmetic();
        } else if (st.kind == StmtKind::ExprStmt && changesItsFirstArgument(m, f, st.a, name)) {
          traceExpr(w, m, f, s, st.a, depth + 1);  // the library's call, on what the name held before
        } else if (st.kind == StmtKind::ExprStmt) {
          CallArgs ca = splitCall(m, st.a);
          for (ExprId v : ca.positional) traceExpr(w, m, f, s, v, depth + 1);
        } else {
          traceExpr(w, m, f, s, st.b, depth + 1);
        }
      }
      // `jacobians = []` handed to the library to fill (`g.transform_to(p, jacobians=jacobians)`):
      // what the call puts in.
      if (const ExprId bound = m.stmts[binding].b; m.language == Language::Python && fills.empty() && bound != kNone &&
                                                   (m.expr(bound).kind == ExprKind::List || m.expr(bound).kind == ExprKind::Dict) &&
                                                   m.expr(bound).childCount == 0 && f == fn)
        traceOutArguments(w, m, fn, at, name, depth + 1);
      for (StmtId s : augments) {
        if (s < binding) continue;
        w.noteArithmetic();
        noteSource(w.out, m.stmts[s]);
        for (StmtId p = m.stmts[s].parent; p != kNone && p > binding; p = m.stmts[p].parent)
          if (m.stmts[p].kind == StmtKind::For || m.stmts[p].kind == StmtKind::While) w.noteLoop();
        w.out.evidence.push_back(fmt::format("`{}` updated at line {}", name, m.stmts[s].range.start.line));
        traceExpr(w, m, f, s, m.stmts[s].b, depth + 1);
      }
      w.within.pop_back();
      return;
    }
    for (const Param& p : F.params) {
      if (p.name != name) continue;
      if (auto modules = parametrizedLibraryModules(m, f, name)) {
        // @pytest.mark.parametrize('k', [KTH, KTF]): the test runs once per backend module; over
        // classes or functions (`[dist.Gamma, dist.Beta]`), once per callable, which computes.
        Origin ref{OriginKind::LibCall, modules->front(), {}, {}};
        const std::string_view last = lastDottedComponent(modules->front());
        ref.moduleRef =
            project_.moduleFile(modules->front()) != nullptr || last.empty() || !std::isupper(static_cast<unsigned char>(last[0]));
        w.out.items.push_back(ref);
        w.out.evidence.push_back(
            fmt::format("`{}` is parametrized over the library's modules, classes or functions ({})", name, fmt::join(*modules, ", ")));
        return;
      }
      w.out.items.push_back({OriginKind::Data, std::string(name), {}, {}});
      w.out.items.back().parameter = true;
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
  // `x: int` at module level binds no value (the statement's value is kNone).
  if (StmtId s = moduleLevelAssignment(m, name);
      s != kNone && m.stmts[s].b != kNone && !(m.expr(m.stmts[s].b).text == "None" && importsName())) {
    w.out.evidence.push_back(fmt::format("`{}` <- module line {}", name, m.stmts[s].range.start.line));
    noteSource(w.out, m.stmts[s]);
    traceExpr(w, m, kNone, s, m.stmts[s].b, depth + 1);
    return;
  }
  // A function's name standing for what it returns (kFunctionValueDepth).
  const bool functionValue = m.language == Language::Python && depth <= kFunctionValueDepth && w.handedOn == 0;
  for (const Import& imp : m.imports) {
    if (imp.alias == name && imp.name.empty() && !imp.star) {
      // `import trax.tf_numpy.numpy as lnp` used as a value (`getattr(lnp, op)(x)`, `fn(onp, axis)(x)`
      // with `fn` returning `module.vsplit`): the library's module, or another library's (`onp`);
      // `import a.b` binds `a`. Not the suite's own modules.
      const std::string module = imp.module.starts_with(std::string(name) + ".") ? std::string(name) : imp.module;
      if (isLibrary(module)) {
        Origin ref{OriginKind::LibCall, module, {}, {}};
        ref.moduleRef = true;
        w.out.items.push_back(ref);
        return;
      }
      if (project_.moduleFile(module) == nullptr) {
        w.out.items.push_back({OriginKind::OtherLib, module, {}, {}});
        w.out.evidence.push_back(fmt::format("`{}` is the module {} of another library", name, module));
        return;
      }
      continue;
    }
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
      // `reference_metric=partial(_average_metric_wrapper, ...)` with the function imported from
      // the suite's helpers: what it returns, as for a function of the test's own file below.
      if (functionValue)
        for (FunctionId h = 0; h < other->functions.size(); ++h) {
          const Function& H = other->functions[h];
          if (H.name != imp.name || H.cls != kNone || H.parent != kNone) continue;
          w.out.throughHelper = true;
          w.out.evidence.push_back(fmt::format("`{}` is the function {} of {} (line {}), handed on to be called", name, H.qualifiedName,
                                               imp.module, H.range.start.line));
          if (traceHelper(w, *other, h, depth + 1)) return;
        }
    } else if (functionValue && std::islower(static_cast<unsigned char>(imp.name[0]))) {
      // `reference_metric=partial(sklearn_ami, ...)` after `from sklearn.metrics import
      // adjusted_mutual_info_score as sklearn_ami`: another library's function handed on to be
      // called computes the oracle.
      w.out.items.push_back({OriginKind::OtherLib, full, {}, {}});
      w.out.evidence.push_back(fmt::format("`{}` is {}, another library's function handed on to be called", name, full));
      return;
    }
  }
  // C++: `std::vector<float> out; layer.forward(in, out);` or `Predict(x, &out)`: a variable
  // declared without a value is filled by the calls it is passed to.
  if (m.language == Language::Cpp && traceOutArguments(w, m, fn, at, name, depth)) return;
  if (m.language == Language::Python && traceWithTarget(w, m, fn, at, name, depth)) return;
  // `reference_metric=_reference_ms_ssim`: a function of the test's file handed on as a value
  // (to a helper that calls it) stands for what it returns; only as the compared value itself,
  // or the function a `partial` of it binds (a model function handed to the library's inference
  // deeper in the trace is the library's input, not a value compared).
  if (functionValue)
    for (FunctionId h = 0; h < m.functions.size(); ++h) {
      const Function& H = m.functions[h];
      if (H.name != name || H.cls != kNone || h == fn || !origin_names::visibleFrom(m, H, fn)) continue;
      w.out.throughHelper = true;
      w.out.evidence.push_back(
          fmt::format("`{}` is the function {} (line {}), handed on to be called", name, H.qualifiedName, H.range.start.line));
      if (traceHelper(w, m, h, depth + 1)) return;
    }
  w.out.items.push_back({OriginKind::Unknown, {}, {}, fmt::format("`{}` is not bound in the scanned code", name)});
}

}  // namespace oalens::analyzer
