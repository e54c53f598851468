#include "analyzer/tolerance/tolerance_resolver.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/tolerance/resolver_parts.h"

namespace oalens::analyzer {

namespace {

// Expressions one resolution may evaluate. Each name is evaluated where it is used, so a
// hostile file of wide bindings (`a = b + b + ... + b`, `b = c + c + ...`) costs the product
// of their widths: 300 wide and 4 deep took minutes. Real tolerances take a few dozen steps.
constexpr int kMaxSteps = 20000;

// The steps left to the outermost resolution running on this thread (resolutions nest: a
// default of a parameter is resolved from within another).
thread_local int stepsLeft = 0;
thread_local int resolutionDepth = 0;

struct Resolution {
  Resolution() {
    if (resolutionDepth++ == 0) stepsLeft = kMaxSteps;
  }
  ~Resolution() { --resolutionDepth; }
  Resolution(const Resolution&) = delete;
  Resolution& operator=(const Resolution&) = delete;
};

Provenance combine(Provenance a, Provenance b) {
  if (a == Provenance::Depend || b == Provenance::Depend) return Provenance::Depend;
  if (a == Provenance::Unresolved || b == Provenance::Unresolved) return Provenance::Unresolved;
  if (a == Provenance::Constant || b == Provenance::Constant) return Provenance::Constant;
  return Provenance::Literal;
}

// Whether function `fn` assigns `name` before statement `at` (a local of the test, not a module
// constant or a parameter).
bool assignedIn(const FileModel& m, FunctionId fn, StmtId at, std::string_view name) {
  std::vector<StmtId> scratch;
  for (StmtId s : statementsBinding(m, fn, name, scratch)) {
    if (s >= at) break;
    const Stmt& st = m.stmts[s];
    if (st.kind == StmtKind::Assign && m.expr(st.a).kind == ExprKind::Name && m.expr(st.a).name == name) return true;
  }
  return false;
}

bool isNumericCast(std::string_view last) {
  static constexpr std::string_view kCasts[] = {"float",  "int",      "float16", "float32",     "float64", "float128",
                                                "double", "single",   "half",    "longdouble",  "asarray", "array",
                                                "cast",   "constant", "Decimal", "static_cast", "float_t"};
  for (auto c : kCasts)
    if (last == c) return true;
  return false;
}

}  // namespace

std::optional<double> ToleranceResolver::parseNumber(std::string_view t) {
  std::string s;
  s.reserve(t.size());
  for (char ch : t)
    if (ch != '_' && ch != '\'') s += ch;  // digit separators: Python 1_000, C++ 1'000
  const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  // Type suffixes: Python 2's long (5L); C++'s 1e-5f, 2.0L, 10u, 10ull (f is a digit in hex).
  while (!s.empty() &&
         (s.back() == 'L' || s.back() == 'l' || s.back() == 'u' || s.back() == 'U' || (!hex && (s.back() == 'f' || s.back() == 'F'))))
    s.pop_back();
  if (s.empty() || s.back() == 'j' || s.back() == 'J') return std::nullopt;
  const char* begin = s.c_str();
  char* end = nullptr;
  double v;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'o' || s[1] == 'O')) v = double(std::strtoll(begin + 2, &end, 8));
  else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) v = double(std::strtoll(begin + 2, &end, 2));
  else v = std::strtod(begin, &end);  // handles hex (0x..) and decimal
  if (end != begin + s.size()) return std::nullopt;
  return v;
}

// A key written as a literal (`TOLS[0]`, `t["fp32"]`): the same entry on every run.
static bool isLiteralKey(const Expr& key) {
  return key.kind == ExprKind::Number || key.kind == ExprKind::String || key.kind == ExprKind::Bool || key.kind == ExprKind::NoneLit;
}

// A key the same every run: a literal, or a dtype written out (`ERROR_ATOL[torch.float16]`).
static bool isFixedKey(const Expr& key) {
  static const RE2 dtype(
      R"(^(?:torch|np|numpy|onp|jnp|tf|jax\.numpy)\.(?:b?float(?:16|32|64)|half|double|float|complex(?:64|128)|u?int(?:8|16|32|64))$)");
  return isLiteralKey(key) ||
         (key.kind == ExprKind::Attribute && RE2::FullMatch(re2::StringPiece(key.text.data(), key.text.size()), dtype));
}

namespace resolver_parts {

ResolvedValue unresolved(std::string note) { return {std::nullopt, Provenance::Unresolved, std::move(note)}; }

// A C or C++ source file compiled on its own (not a header): what it defines is its own.
bool isTranslationUnit(std::string_view path) {
  for (std::string_view ext : {".c", ".cc", ".cpp", ".cxx", ".cu", ".c++"})
    if (path.ends_with(ext)) return true;
  return false;
}

std::optional<double> machineEpsilon(std::string_view dtypeText) {
  if (dtypeText.find("16") != std::string_view::npos) return 0.0009765625;
  if (dtypeText.find("32") != std::string_view::npos || dtypeText.find("single") != std::string_view::npos) return 1.1920928955078125e-07;
  if (dtypeText.find("64") != std::string_view::npos || dtypeText.find("double") != std::string_view::npos || dtypeText == "float")
    return 2.220446049250313e-16;
  return std::nullopt;
}

// The entry a dict the file binds (in the function before `at`, else at module level) gives at a
// key written out (`ROPE_ATOL_RTOL["bf16"]`), kNone when it is no such table or has no such key.
ExprId tableEntry(const FileModel& m, FunctionId fn, StmtId at, ExprId subscript) {
  if (m.expr(subscript).kind != ExprKind::Subscript || m.childCount(subscript) < 2) return kNone;
  const Expr& base = m.expr(m.child(subscript, 0));
  const Expr& key = m.expr(m.child(subscript, 1));
  if (base.kind != ExprKind::Name || !isFixedKey(key)) return kNone;
  ExprId table = kNone;
  for (StmtId s = 0; s < m.stmts.size() && (fn == kNone || m.stmts[s].function != fn || s < at); ++s) {
    const Stmt& st = m.stmts[s];
    if ((st.function != kNone && st.function != fn) || st.cls != kNone || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone)
      continue;
    if (m.expr(st.a).kind == ExprKind::Name && m.expr(st.a).name == base.name) table = st.b;
  }
  if (table == kNone || m.expr(table).kind != ExprKind::Dict) return kNone;
  const std::string wanted = unquoted(key.text);
  for (uint32_t i = 0; i + 1 < m.childCount(table); i += 2)
    if (unquoted(m.expr(m.child(table, i)).text) == wanted) return m.child(table, i + 1);
  return kNone;
}

}  // namespace resolver_parts

using resolver_parts::kMaxHops;
using resolver_parts::machineEpsilon;
using resolver_parts::tableEntry;
using resolver_parts::unresolved;

bool ToleranceResolver::mentionsRuntimeChoice(std::string_view text) {
  static const RE2 re(
      "(?i)(dtype|floatx|float16|float32|float64|bfloat16|\\bhalf\\b|precision|gpu|cuda|device|backend|config|"
      "platform|cudnn|\\bmkl|\\btpu|\\bcpu\\b|on_cpu|sys\\.version|os\\.name|environ|"
      // Other accelerators (`is_hpu_available()`, `torch.xpu`, `mps`, `npu`, `mlu`).
      "(\\b|_)(xpu|hpu|npu|mlu|mps|musa|ipu)(\\b|_))");
  return RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), re);
}

ResolvedValue ToleranceResolver::resolve(const FileModel& m, FunctionId fn, StmtId at, ExprId e) const {
  Resolution r;
  return eval(m, fn, at, e, 0);
}

ResolvedValue ToleranceResolver::eval(const FileModel& m, FunctionId fn, StmtId at, ExprId e, int hops) const {
  if (e == kNone) return unresolved("missing");
  if (--stepsLeft < 0) return unresolved("too many names to follow");
  if (hops > kMaxHops) return unresolved("name chain too long");
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Number: {
      auto v = parseNumber(x.text);
      if (!v) return unresolved("not a real number");
      return {v, Provenance::Literal, {}};
    }
    case ExprKind::Bool: return {x.name == "True" ? 1.0 : 0.0, Provenance::Literal, {}};
    case ExprKind::NoneLit: return {std::nullopt, Provenance::Default, "None: the API default applies"};
    case ExprKind::UnaryOp: {
      ResolvedValue v = eval(m, fn, at, m.child(e, 0), hops);
      if (v.value && x.name == "-") v.value = -*v.value;
      else if (v.value && x.name != "+") v.value.reset();
      return v;
    }
    case ExprKind::BinaryOp: {
      ResolvedValue l = eval(m, fn, at, m.child(e, 0), hops);
      ResolvedValue r = eval(m, fn, at, m.child(e, 1), hops);
      ResolvedValue out;
      out.provenance = combine(l.provenance, r.provenance);
      out.note = !l.note.empty() ? l.note : r.note;
      if (l.value && r.value) {
        double a = *l.value, b = *r.value;
        std::string_view op = x.name;
        if (op == "+") out.value = a + b;
        else if (op == "-") out.value = a - b;
        else if (op == "*") out.value = a * b;
        else if (op == "/" && b != 0) out.value = a / b;
        else if (op == "//" && b != 0) out.value = std::floor(a / b);
        else if (op == "%" && b != 0) out.value = std::fmod(a, b);
        else if (op == "**") out.value = std::pow(a, b);
      }
      if (!out.value && out.provenance != Provenance::Depend) out.provenance = Provenance::Unresolved;
      return out;
    }
    case ExprKind::Conditional: {
      // body if condition else orelse: the tolerance is picked at run time.
      ExprId cond = m.child(e, 1);
      ResolvedValue body = eval(m, fn, at, m.child(e, 0), hops);
      std::string condText(cond == kNone ? "" : m.expr(cond).text);
      return {body.value, Provenance::Depend, fmt::format("chosen by `{}`", condText)};
    }
    case ExprKind::Subscript:
      // A table read at a name written out (`TOLS["bf16"]`, `ERROR_ATOL[torch.float16]`) gives one
      // entry, the same every run; a number indexes a sequence.
      if (x.childCount > 1 && isFixedKey(m.expr(m.child(e, 1))) && m.expr(m.child(e, 1)).kind != ExprKind::Number) {
        if (const ExprId entry = tableEntry(m, fn, at, e); entry != kNone) {
          ResolvedValue v = eval(m, fn, at, entry, hops + 1);
          if (v.provenance == Provenance::Literal) v.provenance = Provenance::Constant;
          if (v.note.empty()) v.note = fmt::format("entry of the table at `{}`", squeezed(m.expr(m.child(e, 1)).text, 40));
          return v;
        }
        return unresolved(fmt::format("an entry of a table at the key `{}`", squeezed(m.expr(m.child(e, 1)).text, 40)));
      }
      if (mentionsRuntimeChoice(x.text)) return {std::nullopt, Provenance::Depend, fmt::format("looked up by `{}`", x.text)};
      // TOLS[solver], {Euler: 1e-3, ...}[type(s)]: a table read by a key that is no literal is
      // read per run (a parameter, a loop variable, the case under test).
      if (x.childCount > 1 && !isLiteralKey(m.expr(m.child(e, 1))))
        return {std::nullopt, Provenance::Depend, fmt::format("looked up by `{}`", squeezed(m.expr(m.child(e, 1)).text, 40))};
      return unresolved("subscript");
    case ExprKind::Name: return evalName(m, fn, at, x.name, hops);
    case ExprKind::Attribute: return evalAttribute(m, fn, e, hops);
    case ExprKind::Call: return evalCall(m, fn, at, e, hops);
    // `tol={np.float16: 1e-1, np.float32: 1e-3}` handed to a check: a table the check reads by
    // the data's type when it runs.
    case ExprKind::Dict:
      if (x.childCount > 0) return {std::nullopt, Provenance::Depend, "a table of tolerances, read by the data's type at run time"};
      return unresolved("an empty table");
    default: return unresolved(fmt::format("`{}` is not a constant", x.text));
  }
}

namespace {

// A function the file defines at its top level under `name` whose answer, a constant, a condition
// on its parameters picks: `return 1e-2 if p else 1e-6`, or constants returned under an `if` that
// reads a parameter. Also one whose condition reads the device or the dtype the test runs with
// (`return 1e-2 if any(d.platform == "tpu" for d in jax.devices()) else 1e-4`), parameters or not:
// `runCondition` is then that condition's text.
FunctionId choosingHelper(const FileModel& m, std::string_view name, std::string_view* runCondition = nullptr) {
  for (FunctionId f = 0; f < m.functions.size(); ++f) {
    const Function& h = m.functions[f];
    if (h.name != name || h.parent != kNone || h.cls != kNone) continue;
    std::string_view runWords;
    const auto chooses = [&](ExprId e) {
      for (const Param& p : h.params)
        if (findWord(m.expr(e).text, p.name) != std::string_view::npos) return true;
      if (!ToleranceResolver::mentionsRuntimeChoice(m.expr(e).text)) return false;
      runWords = m.expr(e).text;
      return true;
    };
    // Only constants answered: a tolerance picked, not a value computed (Caffe's `tanh_naive(x)`
    // answers -1, 1 or a formula of x).
    const auto number = [&](ExprId e) {
      const Expr& v = m.expr(e);
      return v.kind == ExprKind::Number ||
             (v.kind == ExprKind::UnaryOp && v.childCount == 1 && m.expr(m.child(e, 0)).kind == ExprKind::Number);
    };
    int returns = 0;
    bool conditionalAnswer = false, branchesOnAChoice = false, constantsOnly = true;
    for (StmtId st = h.firstStmt; st < h.endStmt && st < m.stmts.size(); ++st) {
      const Stmt& s = m.stmts[st];
      if (s.function != f) continue;
      if (s.kind == StmtKind::Return && s.a != kNone) {
        ++returns;
        const Expr& v = m.expr(s.a);
        if (v.kind == ExprKind::Conditional && v.childCount == 3 && chooses(m.child(s.a, 1)) && number(m.child(s.a, 0)) &&
            number(m.child(s.a, 2)))
          conditionalAnswer = true;
        else if (!number(s.a)) constantsOnly = false;
      }
      if (s.kind == StmtKind::If && s.a != kNone && chooses(s.a)) branchesOnAChoice = true;
    }
    if (constantsOnly && (conditionalAnswer || (branchesOnAChoice && returns >= 2))) {
      if (runCondition) *runCondition = runWords;
      return f;
    }
  }
  return kNone;
}

}  // namespace

ResolvedValue ToleranceResolver::evalCall(const FileModel& m, FunctionId fn, StmtId at, ExprId e, int hops) const {
  CallArgs args = splitCall(m, e);
  std::string callee = dottedName(m, args.callee);
  std::string_view last = lastDottedComponent(callee);
  // C++ std::numeric_limits<float>::epsilon(): fixed by the type when the type is written out.
  if (m.language == Language::Cpp && last == "epsilon" && args.positional.empty()) {
    std::string_view calleeText = m.expr(args.callee).text;
    const size_t open = calleeText.find("numeric_limits<"), close = calleeText.find('>');
    if (open != std::string_view::npos && close != std::string_view::npos && close > open) {
      std::string_view type = calleeText.substr(open + 15, close - open - 15);
      for (int hop = 0; hop < 3 && type != "float" && type != "double"; ++hop)  // `using type = float;`
        if (const std::string_view aliased = aliasedType(m, type); !aliased.empty()) type = aliased;
      if (type == "float") return {1.1920928955078125e-07, Provenance::Constant, "machine epsilon of float"};
      if (type == "double") return {2.220446049250313e-16, Provenance::Constant, "machine epsilon of double"};
      return {std::nullopt, Provenance::Depend, fmt::format("machine epsilon of `{}`", type)};
    }
  }
  // C++ functional casts to a template's element type (T(1e-5), Scalar(0.1)) or to a name the
  // file declares with or defines as a type (`using real = float;` ... `real(1e-4)`).
  const bool cppTypeCast =
      m.language == Language::Cpp &&
      (last == "T" || last == "Scalar" || last == "Dtype" || last == "DType" || last == "Real" || last == "scalar_t" ||
       last == "value_type" ||
       (callee == last && (std::binary_search(m.typeNames.begin(), m.typeNames.end(), last) || !aliasedType(m, last).empty())));
  // `verify::tolerance{0.01}`: one value braced into a type, its first member (an aggregate's) or the
  // value itself (a scalar's).
  const std::string_view whole = m.expr(e).text, calleeText = m.expr(args.callee).text;
  const bool braced =
      m.language == Language::Cpp && whole.size() > calleeText.size() && whole.starts_with(calleeText) && whole[calleeText.size()] == '{';
  if ((isNumericCast(last) || cppTypeCast || braced) && args.positional.size() == 1 && args.keywords.empty()) {
    ResolvedValue v = eval(m, fn, at, args.positional[0], hops);
    return v;
  }
  if ((last == "pow") && args.positional.size() == 2) {
    ResolvedValue a = eval(m, fn, at, args.positional[0], hops);
    ResolvedValue b = eval(m, fn, at, args.positional[1], hops);
    ResolvedValue out{std::nullopt, combine(a.provenance, b.provenance), {}};
    if (a.value && b.value) out.value = std::pow(*a.value, *b.value);
    return out;
  }
  if ((last == "max" || last == "min" || last == "abs") && !args.positional.empty() && !args.hasStarArgs) {
    ResolvedValue out{std::nullopt, Provenance::Literal, {}};
    bool all = true;
    for (ExprId a : args.positional) {
      ResolvedValue v = eval(m, fn, at, a, hops);
      out.provenance = combine(out.provenance, v.provenance);
      if (!v.value) {
        all = false;
        continue;
      }
      double val = last == "abs" ? std::fabs(*v.value) : *v.value;
      if (!out.value) out.value = val;
      else out.value = last == "max" ? std::max(*out.value, val) : std::min(*out.value, val);
    }
    if (!all) out.value.reset();
    if (!out.value && out.provenance != Provenance::Depend) out.provenance = Provenance::Unresolved;
    return out;
  }
  const Expr& x = m.expr(e);
  if (mentionsRuntimeChoice(x.text)) return {std::nullopt, Provenance::Depend, fmt::format("computed by `{}`", x.text)};
  // {Euler: 1e-3, ...}.get(type(solver), 1e-6): a table read by a key chosen per run.
  if (const Expr& c = m.expr(args.callee); c.kind == ExprKind::Attribute && c.name == "get" && !args.positional.empty() &&
                                           m.expr(m.child(args.callee, 0)).kind == ExprKind::Dict &&
                                           !isLiteralKey(m.expr(args.positional[0])))
    return {std::nullopt, Provenance::Depend, fmt::format("looked up by `{}`", squeezed(m.expr(args.positional[0]).text, 40))};
  // `jnp.sqrt(monte_carlo_var)`, `np.linalg.norm(residual)` of a local the test computes from its
  // data (the variance of the CUT's samples): a bound worked out at run time, not a constant of
  // the author's. Only the arithmetic of statistics and norms: another function of a local (a
  // reference score the band is drawn around) is no tolerance worked out.
  static const RE2 statistic(R"(^(sqrt|std|var|variance|norm|mean|abs|max|amax|min|amin|sum|exp|log|log10|square)$)");
  if (fn != kNone && RE2::FullMatch(re2::StringPiece(last.data(), last.size()), statistic))
    for (ExprId a : args.positional) {
      if (m.expr(a).kind != ExprKind::Name || !assignedIn(m, fn, at, m.expr(a).name)) continue;
      const ResolvedValue v = eval(m, fn, at, a, hops + 1);
      if (v.provenance == Provenance::Depend) return {std::nullopt, Provenance::Depend, v.note};
      if (!v.value && v.provenance == Provenance::Unresolved)
        return {std::nullopt, Provenance::Depend, fmt::format("computed at run time from the local `{}`", m.expr(a).name)};
    }
  // `atol_for_shots(shots)`, a function of the file answering `1e-2 if shots else 1e-6`: the test's
  // value handed in chooses the tolerance at run time.
  // `tol = _rpa_tol()`, a function of the file answering `1e-2` on a TPU and `1e-4` elsewhere: the
  // device or dtype the test runs with chooses it.
  if (callee == last && args.positional.empty() && args.keywords.empty()) {
    std::string_view condition;
    if (choosingHelper(m, last, &condition) != kNone && !condition.empty())
      return {std::nullopt, Provenance::Depend, fmt::format("chosen by `{}` at run time (`{}`)", last, squeezed(condition, 60))};
  }
  if (callee == last && !args.positional.empty()) {
    if (const FunctionId helper = choosingHelper(m, last); helper != kNone)
      return {std::nullopt, Provenance::Depend,
              fmt::format("chosen by `{}` from `{}` at run time", last, squeezed(m.expr(args.positional[0]).text, 30))};
    // The same function imported from a module of the suite (`from conftest import atol_for_shots`).
    if (project_)
      for (const Import& imp : m.imports)
        if (imp.alias == last && !imp.name.empty() && !imp.star)
          if (const FileModel* other = project_->importedModuleFile(m, imp.module); other && choosingHelper(*other, imp.name) != kNone)
            return {std::nullopt, Provenance::Depend,
                    fmt::format("chosen by `{}` of {} from `{}` at run time", imp.name, other->path,
                                squeezed(m.expr(args.positional[0]).text, 30))};
  }
  return unresolved(fmt::format("computed by a call to `{}`", callee.empty() ? std::string(x.text) : callee));
}

ResolvedValue ToleranceResolver::resolveSelfAttribute(const FileModel& m, FunctionId fn, std::string_view attr) const {
  Resolution r;
  return selfAttribute(m, fn, attr, fmt::format("self.{}", attr), 0);
}

}  // namespace oalens::analyzer
