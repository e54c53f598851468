// Which of a C++ helper's overloads a call runs (chooseOverload, api_matcher.h): the one whose
// declared parameter types its arguments fit best, read from what the test binds and declares.
#include <re2/re2.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/assertion_finder.h"  // looksLikeBound
#include "analyzer/model/model_memo.h"
#include "analyzer/model/name_index.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

namespace {

// A type as the overloads are told apart by: no qualifiers, namespaces, template arguments,
// references or pointers (`const std::vector<T> &` -> `vector`).
std::string baseTypeName(std::string_view type) {
  std::string t(type);
  for (std::string_view drop : {"const ", "volatile ", "typename ", "struct ", "class "})
    for (size_t at; (at = t.find(drop)) != std::string::npos;) t.erase(at, drop.size());
  // `std::enable_if<cond, float>::type` and `enable_if_t<cond, float>` are their second argument.
  if (const size_t open = t.find("enable_if"); open != std::string::npos && t.find('<', open) != std::string::npos) {
    int depth = 0;
    size_t comma = std::string::npos, close = std::string::npos;
    for (size_t i = t.find('<', open); i < t.size() && close == std::string::npos; ++i) {
      if (t[i] == '<' || t[i] == '(') ++depth;
      else if ((t[i] == '>' || t[i] == ')') && --depth == 0) close = i;
      else if (t[i] == ',' && depth == 1) comma = i;
    }
    if (comma != std::string::npos && close != std::string::npos)
      return baseTypeName(std::string_view(t).substr(comma + 1, close - comma - 1));
  }
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.erase(0, 1);
  if (const size_t lt = t.find('<'); lt != std::string::npos) t.erase(lt);
  while (!t.empty() && (t.back() == '&' || t.back() == '*' || std::isspace(static_cast<unsigned char>(t.back())))) t.pop_back();
  if (const size_t colon = t.rfind("::"); colon != std::string::npos) t.erase(0, colon + 2);
  return t;
}

// Whether a declaration's declarators after its first (`pA(1, 0), pB(3, 0), *pC = nullptr;`, the
// text from the first name on) declare `name`: the names after each comma outside brackets.
bool laterDeclarator(std::string_view declarators, std::string_view name) {
  int depth = 0;
  for (size_t i = 0; i < declarators.size(); ++i) {
    const char c = declarators[i];
    if (c == '(' || c == '{' || c == '[') ++depth;
    else if (c == ')' || c == '}' || c == ']') --depth;
    else if (c == ';' && depth == 0) return false;
    else if (c == ',' && depth == 0) {
      size_t at = i + 1;
      while (at < declarators.size() &&
             (std::isspace(static_cast<unsigned char>(declarators[at])) || declarators[at] == '*' || declarators[at] == '&'))
        ++at;
      size_t end = at;
      while (end < declarators.size() && (std::isalnum(static_cast<unsigned char>(declarators[end])) || declarators[end] == '_')) ++end;
      if (declarators.substr(at, end - at) == name) return true;
    }
  }
  return false;
}

// The type the statements of `owner` (a function, or kNone for the file's own) in [first, end)
// declare `name` with, as baseTypeName gives it; empty when none does, or not so (`auto`).
// With `at` given, the last declaration before it whose block holds it (a range-for's variable
// too: `for (float abs_error : {...})` inside a test that declared a vector `abs_error` in an
// earlier loop); else the first.
std::string declaredAmong(const FileModel& m, FunctionId owner, StmtId first, StmtId end, std::string_view name, StmtId at = kNone) {
  static const RE2 declared(
      R"(^\s*(?:(?:static|const|constexpr|inline|thread_local)\s+)*((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*(?:<[^;=]*>)?)\s*[&*]?\s+([A-Za-z_]\w*)\s*[;({=\[,])");
  static const RE2 rangeFor(
      R"(^\s*for\s*\(\s*(?:const\s+)?((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*(?:<[^;:=]*>)?)\s*[&*]*\s*([A-Za-z_]\w*)\s*:[^:])");
  std::string found;
  for (StmtId st = first; st < end && st < m.stmts.size() && (at == kNone || st < at); ++st) {
    const Stmt& d = m.stmts[st];
    if (d.function != owner) continue;
    const bool loop = at != kNone && d.kind == StmtKind::For;
    if (!loop && d.kind != StmtKind::Other && d.kind != StmtKind::Assign) continue;
    if (d.text.find(name) == std::string_view::npos) continue;
    if (at != kNone && !(loop ? holdsStatement(m, st, at) : d.parent == kNone || holdsStatement(m, d.parent, at))) continue;
    re2::StringPiece typePiece, namePiece;
    if (!RE2::PartialMatch(re2::StringPiece(d.text.data(), d.text.size()), loop ? rangeFor : declared, &typePiece, &namePiece)) continue;
    const std::string_view declaredFirst(namePiece.data(), namePiece.size());
    if (declaredFirst != name && (loop || !laterDeclarator(d.text.substr(static_cast<size_t>(declaredFirst.data() - d.text.data())), name)))
      continue;
    const std::string type = baseTypeName(std::string_view(typePiece.data(), typePiece.size()));
    found = type == "auto" || type == "return" ? std::string{} : type;
    if (at == kNone) return found;
  }
  return found;
}

// The statement of function `scope` that holds expression `e`, or kNone.
StmtId statementHolding(const FileModel& m, FunctionId scope, ExprId e) {
  const Function& f = m.functions[scope];
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s)
    if (m.stmts[s].firstExpr <= e && e < m.stmts[s].endExpr) return s;
  return kNone;
}

// The type `scope` declares `name` with, as a parameter or a local (`std::vector<float> a{...};`,
// `const Box& b = ...;`), or else the file at its top level (GTSAM's `static Cal3Unified K(...);`
// beside the tests that check it), as baseTypeName gives it; empty when not declared so (`auto`,
// a member).
std::string declaredTypeOf(const FileModel& m, FunctionId scope, std::string_view name, StmtId at) {
  if (scope == kNone || name.empty()) return {};
  const Function& f = m.functions[scope];
  for (const Param& p : f.params)
    if (p.name == name) return baseTypeName(p.type);
  if (std::string local = declaredAmong(m, scope, f.firstStmt, f.endStmt, name, at); !local.empty()) return local;
  // A file's top level is read once per name: a suite's checks ask of the same few names.
  thread_local ModelMemo<std::unordered_map<std::string, std::string>> topLevel;
  auto* memo = topLevel.of(m);
  if (!memo) return declaredAmong(m, kNone, 0, static_cast<StmtId>(m.stmts.size()), name);
  const auto [it, fresh] = memo->try_emplace(std::string(name));
  if (fresh) it->second = declaredAmong(m, kNone, 0, static_cast<StmtId>(m.stmts.size()), name);
  return it->second;
}

// Whether `type` is a template parameter of `scope` or a function enclosing it (`template <typename
// Real> void UnitTestMaxMin()`), not a class of that name.
bool templateParameterOf(const FileModel& m, FunctionId scope, std::string_view type) {
  if (!m.source) return false;
  static const RE2 header(R"(template\s*<([^<>]*(?:<[^<>]*>[^<>]*)*)>\s*$)");
  for (FunctionId f = scope; f != kNone; f = m.functions[f].parent) {
    const uint32_t start = m.functions[f].range.startByte;
    if (start == 0 || start > m.source->size()) continue;
    const size_t from = start > 400 ? start - 400 : 0;
    re2::StringPiece before(m.source->data() + from, start - from), params;
    if (!RE2::PartialMatch(before, header, &params)) continue;
    // `typename Real`, `class... Ts`: the word before the name.
    const std::string_view list(params.data(), params.size());
    for (size_t at = list.find(type); at != std::string_view::npos; at = list.find(type, at + 1)) {
      const size_t end = at + type.size();
      if (end < list.size() && (std::isalnum(static_cast<unsigned char>(list[end])) || list[end] == '_')) continue;
      size_t before = at;
      while (before > 0 && (std::isspace(static_cast<unsigned char>(list[before - 1])) || list[before - 1] == '.')) --before;
      const std::string_view head = list.substr(0, before);
      if (head.ends_with("typename") || head.ends_with("class")) return true;
    }
  }
  return false;
}

// Whether `o` is the entry of the function `scope` itself: the same name and parameter types.
bool isOwnOverload(const FileModel& m, FunctionId scope, const ApiSpec& o) {
  if (scope == kNone) return false;
  const Function& f = m.functions[scope];
  if (std::ranges::find(o.names, f.qualifiedName) == o.names.end()) return false;
  size_t i = 0;
  for (const Param& p : f.params) {
    if (p.varArgs) continue;
    if (i >= o.paramTypes.size() || o.paramTypes[i] != p.type) return false;
    ++i;
  }
  return i == o.paramTypes.size();
}

// How well an argument fits a declared parameter type, without a compiler: a number fits an
// arithmetic type, a string a character type, and a name the type it is named after (XNNPACK's
// `xnn_f32_ibilinear_ukernel__scalar_c1` fits `xnn_f32_ibilinear_ukernel_fn` better than
// `xnn_u8_ibilinear_ukernel_fn`: the longer prefix they share).
int typeFit(const FileModel& m, FunctionId scope, ExprId arg, std::string_view type) {
  if (arg == kNone || type.empty()) return 0;
  const std::string t = baseTypeName(type);
  const Expr& a = m.expr(arg);
  const auto isArithmetic = [](std::string_view x) {
    return x == "float" || x == "double" || x == "int" || x == "long" || x == "size_t" || x == "int32_t" || x == "int64_t" ||
           x == "uint32_t" || x == "uint64_t" || x == "unsigned" || x == "bool" || x == "half";
  };
  const bool arithmetic = isArithmetic(t);
  const bool floating = t == "float" || t == "double" || t == "half";
  const bool templateParam = t.size() <= 2 && std::isupper(static_cast<unsigned char>(t.front()));
  // The argument's own type where the caller says it: a name it declares (`Cal3Unified K(...)`),
  // or a value it constructs (`Point2(1, 3)`). That type fits the very type best, a template
  // parameter (`const V&`) as anything does, and no other class (GTSAM's `assert_equal(const
  // Key&, const Key&, double)` takes no calibration; its std::string overload no Point2).
  std::string known;
  if (a.kind == ExprKind::Name) {
    known = declaredTypeOf(m, scope, a.name, scope == kNone ? kNone : statementHolding(m, scope, arg));
    // A template parameter of the test (`Real min = 1e10;` in `template <typename Real>`) stands
    // for the arithmetic types it is instantiated with in the suites read (Kaldi's Real is float or
    // double): it fits an arithmetic parameter, a template's as anything does, and no class.
    if (!known.empty() && templateParameterOf(m, scope, known)) return arithmetic ? 1500 : templateParam ? 1000 : 0;
  }
  // A qualifier is a namespace when in lower case (`minitensor::Pose2(...)`); `Rot3::Logmap(R)`
  // calls a static method.
  else if (static const RE2 typeName(R"((?:[a-z_][a-z0-9_]*::)*[A-Za-z_]\w*)");
           a.kind == ExprKind::Call && m.childCount(arg) >= 1 &&
           RE2::FullMatch(re2::StringPiece(m.expr(m.child(arg, 0)).text.data(), m.expr(m.child(arg, 0)).text.size()), typeName)) {
    const std::string callee = baseTypeName(m.expr(m.child(arg, 0)).text);
    if (callee.size() > 2 && std::isupper(static_cast<unsigned char>(callee.front())) &&
        std::ranges::any_of(callee, [](char c) { return std::islower(static_cast<unsigned char>(c)); }))
      known = callee;
  }
  if (known.size() > 2) {
    if (known == t) return 3000;
    // A class and its base named after it (Kaldi's `CuMatrix` and `CuMatrixBase`, `Matrix` and
    // `MatrixBase`): the argument fits the base's parameter, better than a template's.
    if (t.size() > known.size() && t.starts_with(known) && t.substr(known.size()) == "Base") return 2500;
    if (templateParam) return 1000;
    if (isArithmetic(known) && arithmetic) return 1500;
    if (std::isupper(static_cast<unsigned char>(known.front())) && !arithmetic) return 0;
  }
  // `checkResult(name, out, ref, n, true, true)`: flags (`bool device_out`), not tolerances.
  if (a.text == "true" || a.text == "false") return t == "bool" ? 2000 : arithmetic ? 500 : templateParam ? 1000 : 0;
  if (a.kind == ExprKind::Number) {
    if (!arithmetic) return templateParam ? 1000 : 0;  // a template's `T`
    // A floating literal fits a floating parameter better than a count (`f(x, y, 1e-3f)` against
    // `f(x*, y*, size_t n, float rtol = ...)` and `f(vec, vec, float rtol, ...)`).
    const bool floatingLiteral = !a.text.starts_with("0x") && a.text.find_first_of(".eE") != std::string_view::npos;
    return floatingLiteral == floating ? 2000 : 1500;
  }
  if (a.kind == ExprKind::String) return t.find("char") != std::string::npos || t.find("string") != std::string::npos ? 2000 : 0;
  // A value named as a tolerance (`the_rtol`, `eps`) fits a floating parameter, not a count.
  if (arithmetic && looksLikeBound(m, arg)) return floating ? 1500 : 0;
  std::string_view name = a.text;
  if (const size_t colon = name.rfind("::"); colon != std::string_view::npos) name.remove_prefix(colon + 2);
  // The words both are made of (`scale_f32_scalar` and `f32_scale_fn` share scale and f32).
  auto words = [](std::string_view s) {
    std::vector<std::string> out;
    std::string w;
    for (size_t i = 0; i <= s.size(); ++i) {
      const char c = i < s.size() ? s[i] : '_';
      const bool boundary = !std::isalnum(static_cast<unsigned char>(c)) || (std::isupper(static_cast<unsigned char>(c)) && !w.empty() &&
                                                                             std::islower(static_cast<unsigned char>(w.back())));
      if (boundary && !w.empty()) {
        if (w != "fn" && w != "t" && w != "type" && w != "ptr") out.push_back(w);
        w.clear();
      }
      if (std::isalnum(static_cast<unsigned char>(c))) w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
  };
  const std::vector<std::string> argWords = words(name), typeWords = words(t);
  int shared = 0;
  for (const std::string& w : typeWords)
    if (std::ranges::find(argWords, w) != argWords.end()) ++shared;
  // Between types that share as many words, the longer common start decides
  // (`xnn_f16_..._u8` is an f16 kernel unrolled by 8, not a u8 kernel).
  size_t prefix = 0;
  while (prefix < name.size() && prefix < t.size() &&
         std::tolower(static_cast<unsigned char>(name[prefix])) == std::tolower(static_cast<unsigned char>(t[prefix])))
    ++prefix;
  return shared * 1000 + static_cast<int>(std::min<size_t>(prefix, 999));
}

// Whether the call hands `o` a tolerance: an argument that looks like one at the position of a
// parameter `o` takes its tolerance from.
bool handsATolerance(const FileModel& m, const CallArgs& args, const ApiSpec& o) {
  for (const auto& [kind, param] : o.tolerances) {
    const auto at = std::ranges::find(o.params, param);
    if (param.empty() || at == o.params.end()) continue;
    const size_t i = static_cast<size_t>(at - o.params.begin());
    if (i < args.positional.size() && looksLikeBound(m, args.positional[i])) return true;
  }
  return false;
}

// Whether the callee is written with a template argument that names a type parameter by the
// usual names (`unit_check_general<T>(...)`, `<Ti, To>`, `<T_hpa>`, `<RT, RT>`; not `<R>`, an index
// type in rocBLAS's iamax tests): the calling template runs for several types, so the call may reach any overload of its arity.
bool namesATypeParameter(const FileModel& m, ExprId callee) {
  if (callee == kNone) return false;
  const std::string_view text = m.expr(callee).text;
  const size_t open = text.find('<'), close = text.rfind('>');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return false;
  static const RE2 parameterName(R"(\s*[A-Z]?T[A-Za-z0-9_]{0,5}\s*)");
  const std::string_view inside = text.substr(open + 1, close - open - 1);
  for (size_t from = 0; from <= inside.size();) {
    const size_t comma = std::min(inside.find(',', from), inside.size());
    const std::string_view part = inside.substr(from, comma - from);
    if (RE2::FullMatch(re2::StringPiece(part.data(), part.size()), parameterName)) return true;
    from = comma + 1;
  }
  return false;
}

}  // namespace

const ApiSpec* chooseOverload(const FileModel& m, FunctionId scope, const CallArgs& args, const std::vector<const ApiSpec*>& overloads) {
  const size_t given = args.positional.size();
  const auto fits = [&](const ApiSpec* o) {
    return given >= o->requiredParams && given <= o->paramTypes.size() && !isOwnOverload(m, scope, *o);
  };
  // Definitions of the name in several files (file_scoped.h: overloadedAcrossFiles): one the
  // calling file defines or includes, when one such fits, before another file's.
  const auto visible = [&](const ApiSpec* o) {
    return o->definedIn == m.path ||
           std::ranges::any_of(m.imports, [&](const Import& i) { return mayBeIncludedAs(o->definedIn, i.module); });
  };
  const bool someVisibleFits = std::ranges::any_of(overloads, [&](const ApiSpec* o) { return fits(o) && visible(o); });
  std::vector<const ApiSpec*> best;
  int bestScore = -1;
  for (const ApiSpec* o : overloads) {
    if (!fits(o) || (someVisibleFits && !visible(o))) continue;
    int score = 0;
    for (size_t i = 0; i < given; ++i) score += typeFit(m, scope, args.positional[i], o->paramTypes[i]);
    if (score > bestScore) best.clear();
    if (score >= bestScore) {
      best.push_back(o);
      bestScore = score;
    }
  }
  if (best.empty()) return nullptr;
  // Alike by the arguments' types as far as they are known: the overload the call fills without
  // defaults (Paddle-Lite's `CalOutAccuracy(errors, abs_error)` beside `CalOutAccuracy(out, ref,
  // abs_error = 1e-5)`).
  if (best.size() > 1 && std::ranges::any_of(best, [&](const ApiSpec* o) { return o->paramTypes.size() == given; }))
    std::erase_if(best, [&](const ApiSpec* o) { return o->paramTypes.size() != given; });
  if (std::ranges::all_of(best, [&](const ApiSpec* o) { return o->checksNothing == best.front()->checksNothing; })) return best.front();
  // An overload that checks and one that does not fit alike: not known which runs, unless the
  // call hands the checking one a tolerance (oneDNN's suite `compare_data_single(dst, ref, i,
  // rtol, atol, pass)`: an exact primary template, float specialisations that use rtol and atol).
  for (const ApiSpec* o : best)
    if (!o->checksNothing && handsATolerance(m, args, *o)) return o;
  // Called for a type parameter (rocBLAS's `unit_check_general<T>(1, N, incx, hx_gold, hx)`, gtest's
  // 4-ULP equality for float and double, ASSERT_EQ for integers): the instantiations for floating
  // types check within a tolerance, so the call site is an OA check; the first such overload.
  if (namesATypeParameter(m, args.callee))
    for (const ApiSpec* o : best)
      if (!o->checksNothing) return o;
  return nullptr;
}

}  // namespace oalens::analyzer
