// The tolerance resolver on names, attributes and members (tolerance_resolver.h): bindings of a
// scope, module constants, imports, a fixture's members and type aliases.
#include <fmt/format.h>
#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <unordered_map>

#include "analyzer/core/words.h"
#include "analyzer/model/model_memo.h"
#include "analyzer/model/name_index.h"
#include "analyzer/tolerance/resolver_parts.h"
#include "analyzer/tolerance/tolerance_resolver.h"

namespace oalens::analyzer {

// The limits <cfloat>, <climits> and <cstdint> define, as on the LP64 platforms the suites build
// on (`ASSERT_NEAR(mean, ULLONG_MAX / 2, ULLONG_MAX / 20)`, `EXPECT_NEAR(x, y, FLT_EPSILON)`).
static std::optional<double> standardLimit(std::string_view name) {
  static const std::unordered_map<std::string_view, double> limits = {
      {"FLT_EPSILON", 1.1920928955078125e-07},
      {"DBL_EPSILON", 2.220446049250313e-16},
      {"FLT_MIN", 1.1754943508222875e-38},
      {"DBL_MIN", 2.2250738585072014e-308},
      {"FLT_MAX", 3.4028234663852886e+38},
      {"DBL_MAX", 1.7976931348623157e+308},
      {"INT8_MAX", 127.0},
      {"UINT8_MAX", 255.0},
      {"INT16_MAX", 32767.0},
      {"UINT16_MAX", 65535.0},
      {"INT_MAX", 2147483647.0},
      {"INT32_MAX", 2147483647.0},
      {"UINT_MAX", 4294967295.0},
      {"UINT32_MAX", 4294967295.0},
      {"LONG_MAX", 9223372036854775807.0},
      {"LLONG_MAX", 9223372036854775807.0},
      {"INT64_MAX", 9223372036854775807.0},
      {"ULONG_MAX", 18446744073709551615.0},
      {"ULLONG_MAX", 18446744073709551615.0},
      {"UINT64_MAX", 18446744073709551615.0},
  };
  const auto it = limits.find(name);
  return it == limits.end() ? std::nullopt : std::optional<double>(it->second);
}

using resolver_parts::isTranslationUnit;
using resolver_parts::kMaxHops;
using resolver_parts::machineEpsilon;
using resolver_parts::tableEntry;
using resolver_parts::unresolved;

ResolvedValue ToleranceResolver::selfAttribute(const FileModel& m, FunctionId fn, std::string_view attr, std::string_view dotted,
                                               int hops) const {
  // The class of the enclosing method, then `self.X = ...` in its methods (setUp first).
  ClassId cls = enclosingClass(m, fn);
  for (int guard = 0; cls != kNone && guard < 8; ++guard) {
    ResolvedValue v = fromBindings(m, kNone, cls, kNone, attr, hops + 1, "class constant");
    if (v.provenance != Provenance::Unresolved || v.value) return v;
    std::string selfTarget = fmt::format("self.{}", attr);
    std::vector<StmtId> hits;
    for (StmtId s = 0; s < m.stmts.size(); ++s) {
      const Stmt& st = m.stmts[s];
      if (st.kind != StmtKind::Assign || st.function == kNone || st.a == kNone) continue;
      if (m.functions[st.function].cls != cls || m.expr(st.a).text != selfTarget) continue;
      hits.push_back(s);
    }
    if (hits.size() == 1) {
      const Stmt& st = m.stmts[hits[0]];
      ResolvedValue v2 = eval(m, st.function, hits[0], st.b, hops + 1);
      if (v2.provenance == Provenance::Literal) v2.provenance = Provenance::Constant;
      if (v2.note.empty()) v2.note = fmt::format("set in {}", m.functions[st.function].qualifiedName);
      return v2;
    }
    if (hits.size() > 1) return {std::nullopt, Provenance::Depend, fmt::format("self.{} is set in {} places", attr, hits.size())};
    // Base class in the same file.
    ClassId next = kNone;
    for (ExprId b : m.classes[cls].bases) {
      std::string_view bn = m.expr(b).text;
      for (ClassId k = 0; k < m.classes.size(); ++k)
        if (m.classes[k].name == bn) next = k;
    }
    cls = next;
  }
  return unresolved(fmt::format("`{}` is not set in this file", dotted));
}

// `this->epsilon_` of a test fixture whose constructor initializes it (Caffe's `LRNLayerTest() :
// epsilon_(Dtype(1e-5)), ...`) or whose class body does (`float thresh = 0.001f;`, `T tol_{1e-5};`):
// the number every initializer of that member in the file gives, a functional cast of a number
// included; nothing when they differ, none is a number, or the member is assigned elsewhere (a
// `SetUp` that picks it by type).
ResolvedValue ToleranceResolver::memberInitializedInTheFixture(const FileModel& m, std::string_view member) const {
  if (!m.source || member.empty()) return unresolved("no source");
  const RE2 initializer(R"([:,]\s*)" + RE2::QuoteMeta(std::string(member)) + R"(\s*[({]\s*([^(){};]*(?:\([^(){};]*\))?)\s*[)}])");
  static const RE2 cast(R"(\s*[A-Za-z_][A-Za-z0-9_:<>]*\s*\(\s*([-+0-9.eEfF]+)\s*\)\s*)");
  re2::StringPiece text(m.source->data(), m.source->size());
  std::string written;
  std::optional<double> value;
  while (RE2::FindAndConsume(&text, initializer, &written)) {
    std::string number;
    std::optional<double> v = parseNumber(written);
    if (!v && RE2::FullMatch(written, cast, &number)) v = parseNumber(number);
    if (!v || (value && *value != *v)) return unresolved(fmt::format("`{}` is initialized to different values", member));
    value = v;
  }
  const std::string name = RE2::QuoteMeta(std::string(member));
  const RE2 declared(
      R"((?:^|[;{}]|public:|protected:|private:)\s*(?:(?:static|const|constexpr|inline|mutable)\s+)*[A-Za-z_][\w:<>, ]*[\w>]\s+)" + name +
      R"(\s*(?:=\s*([^;{}()]+(?:\([^;{}()]*\))?)|\{\s*([^;{}()]+(?:\([^;{}()]*\))?)\s*\})\s*;)");
  re2::StringPiece body(m.source->data(), m.source->size());
  std::string byAssignment, byBraces;
  while (RE2::FindAndConsume(&body, declared, &byAssignment, &byBraces)) {
    std::string number;
    std::string written = byAssignment.empty() ? byBraces : byAssignment;
    while (!written.empty() && std::isspace(static_cast<unsigned char>(written.back()))) written.pop_back();
    std::optional<double> v = parseNumber(written);
    if (!v && RE2::FullMatch(written, cast, &number)) v = parseNumber(number);
    if (!v || (value && *value != *v)) return unresolved(fmt::format("`{}` is initialized to different values", member));
    value = v;
  }
  // Assigned in a statement of its own (`thresh = 0.5;`, `this->thresh = ...;`): set at run time.
  const RE2 assigned(R"((?:^|[;{}])\s*(?:this->)?)" + name + R"(\s*=[^=])");
  if (value && RE2::PartialMatch(re2::StringPiece(m.source->data(), m.source->size()), assigned))
    return unresolved(fmt::format("`this->{}` is assigned besides its initializer", member));
  if (!value) return unresolved(fmt::format("`this->{}` is set outside the scanned initializers", member));
  return {value, Provenance::Constant, fmt::format("`{}` initialized in the fixture", member)};
}

ResolvedValue ToleranceResolver::evalAttribute(const FileModel& m, FunctionId fn, ExprId e, int hops) const {
  const Expr& x = m.expr(e);
  ExprId obj = m.child(e, 0);
  // np.finfo(np.float32).eps and friends: fixed by the dtype when the dtype is written out.
  if (x.name == "eps" || x.name == "resolution" || x.name == "epsneg") {
    if (obj != kNone && m.expr(obj).kind == ExprKind::Call) {
      CallArgs fa = splitCall(m, obj);
      if (lastDottedComponent(dottedName(m, fa.callee)) == "finfo" && !fa.positional.empty()) {
        std::string_view dt = m.expr(fa.positional[0]).text;
        if (auto eps = machineEpsilon(dt); eps && dt.find("dtype") == std::string_view::npos)
          return {eps, Provenance::Constant, fmt::format("machine epsilon of {}", dt)};
        return {std::nullopt, Provenance::Depend, fmt::format("machine epsilon of `{}`", dt)};
      }
    }
  }
  std::string dotted = dottedName(m, e);
  if (dotted.empty()) return unresolved(fmt::format("`{}` is not a constant", x.text));
  // C++ `ns::kTol` or `Fixture::kTol`: namespaces and classes are not modelled as scopes, so the
  // name is looked up as written last (member access `obj.tol_` reads the same and is rare in bounds).
  if (m.language == Language::Cpp && x.text.find("::") != std::string_view::npos) return evalName(m, fn, kNone, x.name, hops + 1);
  if (dotted == "sys.float_info.epsilon") return {2.220446049250313e-16, Provenance::Constant, "sys.float_info.epsilon"};
  bool viaImport = false;
  std::string resolved = resolveDotted(m, fn, dotted, &viaImport);
  if (resolved == "numpy.pi" || resolved == "math.pi") return {M_PI, Provenance::Constant, "pi"};
  if (resolved == "numpy.e" || resolved == "math.e") return {M_E, Provenance::Constant, "e"};
  if (mentionsRuntimeChoice(lastDottedComponent(dotted)) && !viaImport)
    return {std::nullopt, Provenance::Depend, fmt::format("`{}` is set per dtype or device", dotted)};

  std::string_view head = std::string_view(dotted).substr(0, dotted.find('.'));
  std::string_view attr = x.name;
  const bool oneLevel = obj != kNone && m.expr(obj).kind == ExprKind::Name;
  if (oneLevel && (head == "self" || head == "cls")) return selfAttribute(m, fn, attr, dotted, hops);
  if (oneLevel && head == "this" && m.language == Language::Cpp)
    if (ResolvedValue v = memberInitializedInTheFixture(m, attr); v.value) return v;
  if (oneLevel) {
    for (ClassId k = 0; k < m.classes.size(); ++k)
      if (m.classes[k].name == head) return fromBindings(m, kNone, k, kNone, attr, hops + 1, "class constant");
    // `likelihood_setup.atol` of a parametrized case or a fixture the test is handed (Python): a
    // tolerance each case chooses, as the parameter itself is.
    if (m.language == Language::Python && head != "self" && head != "cls")
      for (FunctionId f = fn; f != kNone; f = m.functions[f].parent)
        if (m.functions[f].hasParam(head)) {
          const ResolvedValue p = evalName(m, fn, kNone, head, hops + 1);
          if (p.provenance == Provenance::Depend) return {std::nullopt, Provenance::Depend, fmt::format("`{}` of {}", attr, p.note)};
          break;
        }
  }
  // module.NAME through the project index.
  if (project_ && viaImport) {
    std::string_view mod = std::string_view(resolved).substr(0, resolved.rfind('.'));
    if (const FileModel* other = project_->moduleFile(mod))
      return fromBindings(*other, kNone, kNone, kNone, lastDottedComponent(resolved), hops + 1, "module constant");
  }
  return unresolved(fmt::format("`{}` is defined outside the scanned files", dotted));
}

// Whether `f` is a hook the test framework calls (`setUp`, `setup_method`, ...) that no call of
// the file hands an argument (`super().setUp(max_abs_diff=1e-2)` would).
static bool frameworkHookCalledBare(const FileModel& m, const Function& f) {
  static const std::array<std::string_view, 6> hooks{"setUp", "setUpClass", "setup_method", "setup_class", "setup", "asyncSetUp"};
  if (m.language != Language::Python || std::ranges::find(hooks, f.name) == hooks.end()) return false;
  const auto calledBare = [&] {
    for (ExprId e = 0; e < m.exprs.size(); ++e) {
      if (m.expr(e).kind != ExprKind::Call || m.expr(e).childCount == 0 || lastDottedComponent(m.expr(m.child(e, 0)).text) != f.name)
        continue;
      const CallArgs args = splitCall(m, e);
      // `Base.setUp(self)` hands only the instance.
      const bool onlySelf = args.positional.size() == 1 && m.expr(args.positional[0]).text == "self";
      if ((!args.positional.empty() && !onlySelf) || !args.keywords.empty()) return false;
    }
    return true;
  };
  // Asked for each check that reads a bound the hook keeps: the file is read once per hook name.
  thread_local ModelMemo<std::unordered_map<std::string, bool>> memo;
  auto* known = memo.of(m);
  if (!known) return calledBare();
  const auto [it, added] = known->try_emplace(std::string(f.name), false);
  if (added) it->second = calledBare();
  return it->second;
}

ResolvedValue ToleranceResolver::evalName(const FileModel& m, FunctionId fn, StmtId at, std::string_view name, int hops) const {
  for (FunctionId f = fn; f != kNone; f = m.functions[f].parent) {
    ResolvedValue v = fromBindings(m, f, kNone, f == fn ? at : kNone, name, hops, "local");
    if (v.provenance != Provenance::Unresolved || v.value || !v.note.empty()) return v;
    for (const Param& p : m.functions[f].params) {
      if (p.name != name) continue;
      // A test's own parameter is a fixture or a parametrize value: chosen per run.
      if (p.defaultValue == kNone && m.functions[f].name.starts_with("test"))
        return {std::nullopt, Provenance::Depend,
                fmt::format("parameter `{}` of test {}, a fixture or parametrized value", name, m.functions[f].qualifiedName)};
      // A helper's parameter: each caller chooses it at run time (the labelling conventions'
      // `depend`), its default the value when a caller leaves it out.
      if (p.defaultValue == kNone)
        return {std::nullopt, Provenance::Depend, fmt::format("parameter `{}` of {}, set by callers", name, m.functions[f].qualifiedName)};
      ResolvedValue d = eval(m, m.functions[f].parent, m.functions[f].firstStmt, p.defaultValue, hops + 1);
      // A test's own parameter with a default that nothing parametrizes keeps it.
      if (m.functions[f].name.starts_with("test")) {
        if (d.provenance == Provenance::Literal) d.provenance = Provenance::Constant;
        d.note = fmt::format("default of parameter `{}` of {}", name, m.functions[f].qualifiedName);
        return d;
      }
      // A test framework's hook (`def setUp(self, max_abs_diff=1e-3)`, Apex's optimizer tests)
      // runs with its defaults unless the file calls it with arguments: they are what it holds.
      if (frameworkHookCalledBare(m, m.functions[f])) {
        if (d.provenance == Provenance::Literal) d.provenance = Provenance::Constant;
        d.note = fmt::format("default of parameter `{}` of {}, which the test framework calls", name, m.functions[f].qualifiedName);
        return d;
      }
      d.provenance = Provenance::Depend;
      d.note = fmt::format("parameter `{}` of {}, set by callers (default {})", name, m.functions[f].qualifiedName,
                           m.expr(p.defaultValue).text.substr(0, 40));
      return d;
    }
  }
  ResolvedValue v = fromBindings(m, kNone, kNone, kNone, name, hops, "module constant");
  if (v.provenance != Provenance::Unresolved || v.value || !v.note.empty()) return v;
  if (m.language == Language::Cpp) {
    // A fixture's member a test body reads unqualified (`const float tolerance = 0.025f;` in the
    // class a TEST_F derives from, or `const double Fixture::tol = 5e-6;` defined outside it):
    // its value where the file's classes give it one value.
    std::optional<ResolvedValue> member;
    bool apart = false;
    const auto take = [&](ResolvedValue h) {
      if (h.provenance == Provenance::Unresolved && !h.value && h.note.empty()) return;
      if (member && member->value != h.value) apart = true;
      if (!member) member = std::move(h);
    };
    for (ClassId k = 0; k < m.classes.size(); ++k) take(fromBindings(m, kNone, k, kNone, name, hops + 1, "member of a fixture"));
    for (StmtId s = 0; s < m.stmts.size(); ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != kNone || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone) continue;
      if (const Expr& t = m.expr(st.a); t.kind == ExprKind::Attribute && t.name == name) {
        ResolvedValue h = eval(m, kNone, s, st.b, hops + 1);
        if (h.provenance == Provenance::Literal) h.provenance = Provenance::Constant;
        if (h.note.empty()) h.note = fmt::format("static member `{}`", t.text.substr(0, 60));
        take(std::move(h));
      }
    }
    // Not one a method sets when the test runs (`std::tie(expected, tolerance_bits) = GetParam();`
    // in SetUp): the parameter's, per case.
    if (member && !apart) {
      const RE2 set("(?:\\b" + RE2::QuoteMeta(std::string(name)) + "\\s*=[^=]|\\btie\\s*\\([^)]*\\b" + RE2::QuoteMeta(std::string(name)) +
                    "\\b)");
      const bool setWhenRun = std::any_of(m.stmts.begin(), m.stmts.end(), [&](const Stmt& st) {
        return st.function != kNone && RE2::PartialMatch(re2::StringPiece(st.text.data(), st.text.size()), set);
      });
      if (!setWhenRun) return *member;
    }
    if (const std::optional<double> limit = standardLimit(name)) return {*limit, Provenance::Constant, std::string(name)};
    for (const FileModel* header : includedHeaders(m)) {
      ResolvedValue h = fromBindings(*header, kNone, kNone, kNone, name, hops + 1, "constant in an included header");
      if (h.provenance != Provenance::Unresolved || h.value || !h.note.empty()) return h;
    }
    // A library header the tests reach through headers the scan does not read (the scan reads
    // the library files that define what the checks are handed: library_sources.h). Only a
    // header can give a test a constant (a source file's, `#define EPSILON 1e-7f` in a CUDA
    // kernel, stays in its translation unit). Taken when the headers define it once, or always
    // as the same value; defined apart in two, it is not guessed.
    if (project_) {
      std::optional<ResolvedValue> found;
      std::vector<std::string_view> where;
      for (size_t i : project_->libraryFiles) {
        const FileModel& library = project_->files[i];
        if (&library == &m || isTranslationUnit(library.path)) continue;
        ResolvedValue h = fromBindings(library, kNone, kNone, kNone, name, hops + 1, "constant of the library");
        // As for the included headers above: a binding found says so in its note, valued or not.
        if (h.provenance == Provenance::Unresolved && !h.value && h.note.empty()) continue;
        where.push_back(library.path);
        if (!found) found = h;
        else if (!found->value || found->value != h.value) found->value.reset();
      }
      if (where.size() > 1 && !found->value) return unresolved(fmt::format("`{}` is defined apart in {} and {}", name, where[0], where[1]));
      if (found) {
        if (found->value) found->note = fmt::format("constant of the library `{}` ({})", name, where.front());
        return *found;
      }
    }
  }
  if (project_) {
    for (const Import& imp : m.imports) {
      if (imp.alias != name || imp.name.empty()) continue;
      if (const FileModel* other = project_->moduleFile(imp.module))
        return fromBindings(*other, kNone, kNone, kNone, imp.name, hops + 1, "imported constant");
    }
  }
  return unresolved(fmt::format("`{}` is not bound in the scanned files", name));
}

std::vector<const FileModel*> ToleranceResolver::includedHeaders(const FileModel& m) const {
  std::vector<const FileModel*> out;
  if (!project_ || m.language != Language::Cpp) return out;
  std::vector<const FileModel*> level{&m};
  for (int depth = 0; depth < 3 && !level.empty(); ++depth) {
    std::vector<const FileModel*> next;
    for (const FileModel* file : level)
      for (const Import& inc : file->imports) {
        if (!inc.star) continue;
        const FileModel* header = project_->includedFile(*file, inc.module);
        if (!header || header == &m || std::find(out.begin(), out.end(), header) != out.end()) continue;
        out.push_back(header);
        next.push_back(header);
      }
    level = std::move(next);
  }
  return out;
}

std::string_view ToleranceResolver::aliasedType(const FileModel& m, std::string_view name) const {
  auto in = [&](const FileModel& file) -> std::string_view {
    for (const auto& [alias, target] : file.typeAliases)
      if (alias == name) return target;
    return {};
  };
  if (const std::string_view t = in(m); !t.empty()) return t;
  for (const FileModel* header : includedHeaders(m))
    if (const std::string_view t = in(*header); !t.empty()) return t;
  return {};
}

// Finds the assignments to `name` in one scope (a function, a class body or the module) and
// evaluates them. `before` limits function scopes to assignments ahead of the assertion.
ResolvedValue ToleranceResolver::fromBindings(const FileModel& m, FunctionId scope, ClassId cls, StmtId before, std::string_view name,
                                              int hops, const char* where) const {
  if (hops > kMaxHops) return unresolved("name chain too long");
  StmtId begin = 0, end = static_cast<StmtId>(m.stmts.size());
  if (scope != kNone) {
    begin = m.functions[scope].firstStmt;
    end = m.functions[scope].endStmt;
  }
  struct Binding {
    StmtId stmt;
    ExprId value;
    bool loop;
  };
  std::vector<Binding> found;
  auto bindsName = [&](ExprId target, ExprId value, StmtId s, bool loop) {
    if (target == kNone) return;
    const Expr& t = m.expr(target);
    if (t.kind == ExprKind::Name) {
      if (t.name == name) found.push_back({s, value, loop});
      return;
    }
    if (t.kind != ExprKind::Tuple && t.kind != ExprKind::List) return;
    for (uint32_t i = 0; i < t.childCount; ++i) {
      ExprId el = m.child(target, i);
      if (m.expr(el).kind != ExprKind::Name || m.expr(el).name != name) continue;
      ExprId v = kNone;
      if (!loop && value != kNone) {
        // `atol, rtol = TOLS["bf16"]`: the pair the table holds at that key.
        const ExprId entry = m.expr(value).kind == ExprKind::Subscript ? tableEntry(m, scope, s, value) : kNone;
        const ExprId unpacked = entry != kNone ? entry : value;
        const Expr& ve = m.expr(unpacked);
        if ((ve.kind == ExprKind::Tuple || ve.kind == ExprKind::List) && ve.childCount == t.childCount) v = m.child(unpacked, i);
      }
      found.push_back({s, v == kNone ? value : v, loop || v == kNone});
    }
  };
  for (StmtId s = begin; s < end; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != scope || st.cls != (scope == kNone ? cls : st.cls)) continue;
    if (scope == kNone && cls == kNone && st.cls != kNone) continue;
    if (before != kNone && s >= before && !found.empty()) break;
    if (st.kind == StmtKind::Assign) bindsName(st.a, st.b, s, false);
    else if (st.kind == StmtKind::For) bindsName(st.a, st.b, s, true);
  }
  if (found.empty()) return unresolved({});

  // A binding inside a branch on dtype/device/config, or a loop over such choices: depend.
  // A C++ preprocessor branch in a function (`#if defined(NNADAPTER_WITH_HUAWEI_ASCEND_NPU)`) is a
  // choice the build makes, whatever it names; one at file level may be an include guard.
  const auto buildChoice = [&](const Stmt& st) {
    if (m.language != Language::Cpp || st.function == kNone) return false;
    const size_t at = st.text.find_first_not_of(" \t");
    return at != std::string_view::npos && st.text[at] == '#';
  };
  // `if isinstance(solver, optx.Newton): tol = 1e-4 else: tol = 1e-2` in a test parametrized over
  // `solver`: a choice by what the test is handed, made at run time.
  const auto readsParameter = [&](ExprId cond) {
    return m.language == Language::Python && scope != kNone && readsAParameter(m, m.functions[scope], cond, false);
  };
  const auto choosesAtRunTime = [&](const Stmt& st) {
    return st.a != kNone && (mentionsRuntimeChoice(m.expr(st.a).text) || readsParameter(st.a));
  };
  auto runtimeBranch = [&](StmtId s) -> std::string {
    for (StmtId p = s; p != kNone;) {
      const Stmt& st = m.stmts[p];
      if (st.kind == StmtKind::If && st.a != kNone && buildChoice(st)) return std::string(m.expr(st.a).text);
      if (st.kind == StmtKind::For && st.b != kNone && mentionsRuntimeChoice(m.stmts[p].text.substr(0, m.stmts[p].text.find(':'))))
        return std::string(st.text.substr(0, st.text.find(':')));
      if (st.kind == StmtKind::If && choosesAtRunTime(st)) return std::string(m.expr(st.a).text);
      if (st.kind == StmtKind::Else) {
        for (StmtId q = p; q-- > 0;) {
          const Stmt& prev = m.stmts[q];
          if (prev.parent == st.parent && prev.kind == StmtKind::If) {
            if (prev.a != kNone && (choosesAtRunTime(prev) || buildChoice(prev))) return std::string(m.expr(prev.a).text);
            if (!prev.isElif) break;
          }
        }
      }
      p = st.parent;
    }
    return {};
  };
  for (const Binding& b : found) {
    std::string cond = runtimeBranch(b.stmt);
    // `for dtype in (...): tol = 4e-7`: one literal whatever the loop chooses is a constant.
    const bool sameEveryTime = cond.starts_with("for ") && !b.loop && found.size() == 1 && b.value != kNone && isNumberLiteral(m, b.value);
    if (!cond.empty() && !sameEveryTime) {
      ResolvedValue v = b.loop ? ResolvedValue{} : eval(m, scope, b.stmt, b.value, hops + 1);
      return {found.size() == 1 ? v.value : std::nullopt, Provenance::Depend, fmt::format("`{}` is chosen under `{}`", name, cond)};
    }
  }
  const Binding& last = found.back();
  // A loop over cases chooses it per iteration, as parametrize would.
  if (last.loop) return {std::nullopt, Provenance::Depend, fmt::format("`{}` is a loop variable, chosen per iteration", name)};
  ResolvedValue v = eval(m, scope, last.stmt, last.value, hops + 1);
  if (v.provenance == Provenance::Literal) v.provenance = Provenance::Constant;
  if (v.note.empty()) v.note = fmt::format("{} `{}`", where, name);
  if (!v.value && v.provenance == Provenance::Unresolved && v.note.empty()) v.note = fmt::format("`{}` is computed", name);
  return v;
}

}  // namespace oalens::analyzer
