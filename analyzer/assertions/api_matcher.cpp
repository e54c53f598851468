#include "analyzer/assertions/api_matcher.h"

#include <cctype>
#include <optional>
#include <vector>

#include <re2/re2.h>

#include "analyzer/assertions/assertion_finder.h"  // looksLikeBound
#include "analyzer/assertions/cpp_receivers.h"
#include "analyzer/assertions/file_scoped.h"
#include "analyzer/core/words.h"
#include "analyzer/model/name_index.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

namespace {

// The id wrapper discovery gives the method `name` of class `cls` or of a base class of it
// defined in the same file (classMethod); nullopt when none of those defines it.
std::optional<std::string> classMethodId(const FileModel& m, ClassId cls, std::string_view name, int depth) {
  const FunctionId f = classMethod(m, cls, name, depth);
  if (f == kNone) return std::nullopt;
  const Function& g = m.functions[f];
  return m.moduleName.empty() ? g.qualifiedName : m.moduleName + "." + g.qualifiedName;
}

// The same for the class whose method holds `scope`.
std::optional<std::string> ownMethodId(const FileModel& m, FunctionId scope, std::string_view name) {
  const ClassId cls = enclosingClass(m, scope);
  if (cls == kNone) return std::nullopt;
  return classMethodId(m, cls, name, 0);
}

// The same for the bases of that class, defined in the file: what `super().name` runs.
std::optional<std::string> baseMethodId(const FileModel& m, FunctionId scope, std::string_view name) {
  const ClassId cls = enclosingClass(m, scope);
  if (cls == kNone) return std::nullopt;
  for (ExprId base : m.classes[cls].bases)
    for (ClassId c : sameFileClasses(m, base, cls))
      if (auto id = classMethodId(m, c, name, 1)) return id;
  return std::nullopt;
}

// `super()` or `super(Cls, self)`.
bool isSuperCall(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Call || m.expr(e).childCount == 0) return false;
  const ExprId callee = m.child(e, 0);
  return m.expr(callee).kind == ExprKind::Name && m.expr(callee).name == "super";
}

// What follows the array module in `xp.testing.assert_allclose`, `self.xp.testing...` or
// `backend_config.xp.testing...`: Chainer's and CuPy's suites name the module of the arrays at
// hand `xp` (numpy or cupy, `xp = backend.get_array_module(x)`), and the two modules' testing
// functions take the same arguments and defaults.
std::optional<std::string_view> afterArrayModule(std::string_view dotted) {
  for (size_t at = 0; at < dotted.size();) {
    const size_t dot = dotted.find('.', at);
    if (dot == std::string_view::npos) return std::nullopt;
    if (dotted.substr(at, dot - at) == "xp") return dotted.substr(dot + 1);
    at = dot + 1;
  }
  return std::nullopt;
}

// Whether `name` is bound where `scope` sees it: a parameter or a binding of an enclosing
// function, or a module-level definition or assignment (imports are resolved before this).
bool boundInSight(const FileModel& m, FunctionId scope, std::string_view name) {
  std::vector<StmtId> scratch;
  for (FunctionId f = scope; f != kNone && f < m.functions.size(); f = m.functions[f].parent)
    if (m.functions[f].hasParam(name) || !statementsBinding(m, f, name, scratch).empty()) return true;
  return definedAtModuleLevel(m, name) || moduleLevelAssignment(m, name) != kNone;
}

// The wrapper method `name` of a base class the caller's class imports (torchmetrics' `class
// TestMeanError(MetricTester)` after `from unittests._helpers.testers import MetricTester`):
// among wrappers of one name in several classes (MetricTester's run_class_metric_test and its
// subclass TextTester's), the one the class inherits. Null when no base names one.
// A class of the file between them is looked through (torchmetrics' `class
// TestBinaryFairness(BinaryFairnessTester)`, `class BinaryFairnessTester(MetricTester)`).
const ApiSpec* importedBaseMethod(const FileModel& m, FunctionId scope, ClassId cls, std::string_view name, const Catalogue& wrappers,
                                  int depth) {
  if (cls == kNone || depth > 4) return nullptr;
  for (ExprId base : m.classes[cls].bases) {
    if (base == kNone) continue;
    bool viaImport = false;
    const std::string resolved = resolveDotted(m, scope, m.expr(base).text, &viaImport);
    if (!viaImport) {
      for (ClassId c : sameFileClasses(m, base, cls))
        if (const ApiSpec* w = importedBaseMethod(m, scope, c, name, wrappers, depth + 1)) return w;
      continue;
    }
    const std::string wanted = resolved + "." + std::string(name);
    for (const ApiSpec& w : wrappers.apis())
      if (w.kind == ApiKind::Method && endsWithDotted(w.id, wanted)) return &w;
  }
  return nullptr;
}

const ApiSpec* importedBaseMethod(const FileModel& m, FunctionId scope, std::string_view name, const Catalogue& wrappers) {
  return importedBaseMethod(m, scope, enclosingClass(m, scope), name, wrappers, 0);
}

// The modules a local name holds when the function binds it once to a choice of two imported
// modules (PyTorch3D's `backend = torch if torch.is_tensor(input) else np`), the first branch
// first; none otherwise.
std::vector<std::string> conditionalModules(const FileModel& m, FunctionId scope, std::string_view name) {
  if (scope == kNone || scope >= m.functions.size() || name == "self" || name == "cls") return {};
  ExprId value = kNone;
  std::vector<StmtId> scratch;
  for (StmtId s : statementsBinding(m, scope, name, scratch)) {
    const Stmt& st = m.stmts[s];
    if (st.function != scope || st.kind != StmtKind::Assign || st.a == kNone || m.expr(st.a).text != name) continue;
    if (value != kNone) return {};  // bound twice
    value = st.b;
  }
  if (value == kNone || m.expr(value).kind != ExprKind::Conditional) return {};
  std::vector<std::string> out;
  for (uint32_t branch : {0u, 2u}) {
    const ExprId e = m.child(value, branch);
    if (e == kNone || m.expr(e).kind != ExprKind::Name) return {};
    bool viaImport = false;
    std::string module = resolveDotted(m, scope, m.expr(e).name, &viaImport);
    if (!viaImport) return {};
    out.push_back(std::move(module));
  }
  return out;
}

}  // namespace

// `obj.f` or `obj->f` in C++, a member of a value; not `ns::f` or `Class::f`.
bool isMemberAccess(const FileModel& m, ExprId attribute) {
  const Expr& a = m.expr(attribute);
  if (a.kind != ExprKind::Attribute || a.childCount == 0) return false;
  const ExprId receiver = m.child(attribute, 0);
  if (receiver == kNone) return false;
  const std::string_view recv = m.expr(receiver).text;
  if (a.text.size() <= recv.size() || a.text.substr(0, recv.size()) != recv) return a.text.find("::") == std::string_view::npos;
  size_t at = recv.size();
  // Blanks and comments may stand between an object and its member (a chain over lines).
  while (at < a.text.size()) {
    const char c = a.text[at];
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      ++at;
    } else if (a.text.substr(at, 2) == "//") {
      const size_t end = a.text.find('\n', at);
      at = end == std::string_view::npos ? a.text.size() : end + 1;
    } else if (a.text.substr(at, 2) == "/*") {
      const size_t end = a.text.find("*/", at + 2);
      at = end == std::string_view::npos ? a.text.size() : end + 2;
    } else {
      break;
    }
  }
  return at < a.text.size() && (a.text[at] == '.' || a.text[at] == '-');
}

// The overload chooseOverload picks, unless it is one that checks nothing.
static const ApiSpec* checkingOverload(const FileModel& m, FunctionId scope, const CallArgs& args,
                                       const std::vector<const ApiSpec*>& overloads) {
  const ApiSpec* chosen = chooseOverload(m, scope, args, overloads);
  return chosen && !chosen->checksNothing ? chosen : nullptr;
}

// C++ has no imports to resolve a name through: `ExpectClose(...)` inside the namespace that
// defines it, `testing::ExpectClose(...)` from beside it and `FloatNear(...)` after a
// using-directive all name an API whose qualified name ends with what is written.
// The calling method's class, or the fixture a TEST_F/TEST_P names, must be the method's class or
// derive from it (ClassHierarchy): MIOpen's `RunTest()` in a test of an `AdamTest` fixture is not
// `UnitTestConvSolver::RunTest`, nor is `verify(...)` in a `test_driver` another fixture's `verify`.
// A call from anywhere else, or with no hierarchy given, is left as before.
bool ApiMatcher::mayReachMethod(const FileModel& m, FunctionId scope, const ApiSpec& s) const {
  if (!classes_ || s.ownerClass.empty() || scope == kNone) return true;
  if (const ClassId cls = enclosingClass(m, scope); cls != kNone) return classes_->mayDeriveFrom(m.classes[cls].name, s.ownerClass);
  FunctionId f = scope;
  while (f != kNone && !m.functions[f].isTestCase) f = m.functions[f].parent;
  if (f == kNone) return true;
  const std::string_view q = m.functions[f].qualifiedName;
  if (q.find('.') == std::string_view::npos) return true;
  return classes_->mayDeriveFrom(q.substr(0, q.find('.')), s.ownerClass);
}

const ApiSpec* ApiMatcher::matchCppShort(const FileModel& m, FunctionId scope, ExprId callee, const std::string& dotted) const {
  const Expr& ce = m.expr(callee);
  const bool qualified = ce.kind == ExprKind::Attribute && ce.text.find("::") != std::string_view::npos;
  if (ce.kind != ExprKind::Name && !qualified) return nullptr;
  auto endsWithWritten = [&](const ApiSpec* s) {
    if (!s || dotted.empty()) return false;
    // A lambda another file's function defines is that function's (discovered_entry.cpp).
    if ((s->local || s->fileScoped) && std::ranges::none_of(s->names, [&](const std::string& n) { return n.ends_with("@" + m.path); }))
      return false;
    return std::ranges::any_of(s->names, [&](const std::string& n) { return endsWithDotted(n, dotted); });
  };
  // Functions of one name in two namespaces (a suite's `compare_data` and its
  // `test_utils::compare_data`): the one whose qualified name ends with what is written. A file
  // that defines a function of the name at its own level calls that one unqualified (its `run`,
  // not a `run` another file defines as a method).
  const bool ownDefinition = ce.kind == ExprKind::Name && definedAtModuleLevel(m, ce.name);
  // `CountPositives run; run(4);`: an object of the file called, not another file's `run` (read
  // only when a discovered entry of the name would match, the rare case).
  std::optional<bool> object;
  const auto callsAnObject = [&] {
    if (!object) object = ce.kind == ExprKind::Name && !ownDefinition && declaresObjectNamed(m, ce.name);
    return *object;
  };
  for (const ApiSpec* s : wrappers_.allByShortName(ce.name, Language::Cpp))
    if (endsWithWritten(s) && (!ownDefinition || s->definedIn.empty() || s->definedIn == m.path) &&
        !(s->definedIn != m.path && callsAnObject()) && (ce.kind != ExprKind::Name || mayReachMethod(m, scope, *s)))
      return s;
  if (ownDefinition) return nullptr;
  for (const ApiSpec* s : catalogue_.allByShortName(ce.name, Language::Cpp))
    if (endsWithWritten(s)) return s;
  // cfsb::ThresholdChecks() with `using cfsb = ConvFwdSolverTestBase<T>` (MIOpen's solver
  // tests): a base class's method named through an alias, when one discovered method has the name.
  if (const ApiSpec* method = qualified && m.source ? uniqueDiscoveredMethod(ce.name) : nullptr) {
    std::string_view qualifier = ce.text.substr(0, ce.text.rfind("::"));
    if (const size_t sep = qualifier.rfind("::"); sep != std::string_view::npos) qualifier.remove_prefix(sep + 2);
    const RE2 alias("\\busing\\s+" + RE2::QuoteMeta(std::string(qualifier)) + "\\s*=|\\btypedef\\b[^;]*\\b" +
                    RE2::QuoteMeta(std::string(qualifier)) + "\\s*;");
    if (!qualifier.empty() && RE2::PartialMatch(re2::StringPiece(m.source->data(), m.source->size()), alias)) return method;
  }
  return nullptr;
}

const ApiSpec* ApiMatcher::uniqueDiscoveredMethod(std::string_view name) const {
  const std::vector<const ApiSpec*> all = wrappers_.allByShortName(name, Language::Cpp);
  if (all.size() != 1 || all.front()->names.empty() || all.front()->names.front().find('.') == std::string::npos) return nullptr;
  return all.front();
}

namespace {

// The discovered methods named `name` (a class's, `Class.name`) defined in `m` or a file it may
// include.
std::vector<const ApiSpec*> visibleDiscoveredMethods(const Catalogue& wrappers, const FileModel& m, std::string_view name) {
  const auto visible = [&](std::string_view path) {
    return path == m.path || std::ranges::any_of(m.imports, [&](const Import& i) { return mayBeIncludedAs(path, i.module); });
  };
  std::vector<const ApiSpec*> out;
  for (const ApiSpec* s : wrappers.allByShortName(name, Language::Cpp))
    if (!s->names.empty() && s->names.front().find('.') != std::string::npos && visible(s->definedIn)) out.push_back(s);
  return out;
}

// `tol` and `tol_`: the same kinds of tolerance, whatever each definition names its parameters.
bool sameToleranceKinds(const ApiSpec& a, const ApiSpec& b) {
  return std::ranges::equal(a.tolerances, b.tolerances, [](const auto& x, const auto& y) { return x.first == y.first; });
}

}  // namespace

const ApiSpec* ApiMatcher::includedDiscoveredMethod(const FileModel& m, std::string_view name) const {
  const std::vector<const ApiSpec*> visible = visibleDiscoveredMethods(wrappers_, m, name);
  return visible.size() == 1 ? visible.front() : nullptr;
}

const ApiSpec* ApiMatcher::agreeingIncludedMethod(const FileModel& m, std::string_view name) const {
  const ApiSpec* first = nullptr;
  for (const ApiSpec* s : visibleDiscoveredMethods(wrappers_, m, name)) {
    // A declaration whose body is elsewhere (`void near_check(...) const;`) checks nothing here.
    if (s->checksNothing) continue;
    if (!first) first = s;
    else if (s->oa != first->oa || s->category != first->category || !sameToleranceKinds(*s, *first)) return nullptr;
  }
  return first;
}

std::string_view parallelFunctor(const FileModel& m, FunctionId scope, ExprId call) {
  const Expr& c = m.expr(call);
  if (c.kind != ExprKind::Call || c.childCount == 0) return {};
  const Expr& callee = m.expr(m.child(call, 0));
  if ((callee.kind != ExprKind::Name && callee.kind != ExprKind::Attribute) ||
      (callee.name != "parallel_reduce" && callee.name != "parallel_for" && callee.name != "parallel_scan"))
    return {};
  for (uint32_t i = 1; i < c.childCount; ++i) {
    const ExprId arg = m.child(call, i);
    const Expr& a = m.expr(arg);
    if (a.text == "*this")
      if (const ClassId cls = enclosingClass(m, scope); cls != kNone) return m.classes[cls].name;
    if (a.kind == ExprKind::Call && a.childCount > 0)
      if (const Expr& built = m.expr(m.child(arg, 0)); built.kind == ExprKind::Name || built.kind == ExprKind::Attribute)
        if (std::ranges::any_of(m.classes, [&](const ClassDef& d) { return d.name == built.name; })) return built.name;
  }
  return {};
}

const ApiSpec* ApiMatcher::includableEntry(const FileModel& m, const std::string& name, std::string_view lastName) const {
  const ApiSpec* any = nullptr;
  const Project* project = classes_ ? classes_->project() : nullptr;
  for (const ApiSpec* s : wrappers_.allByShortName(lastName, Language::Cpp)) {
    if (!s->includable || std::ranges::find(s->names, name) == s->names.end()) continue;
    if (s->definedIn == m.path || (project && project->includes(m, s->definedIn))) return s;
    if (!any) any = s;
  }
  return any;
}

ApiMatch ApiMatcher::match(const FileModel& m, FunctionId scope, ExprId call) const {
  const Expr& c = m.expr(call);
  if (c.kind != ExprKind::Call || c.childCount == 0) return {};
  ApiMatch out = matchCallee(m, scope, m.child(call, 0));
  // The functor a parallel construct runs checks in its `operator()`: the construct is that check.
  // Not where another `operator()` of the class checks nothing (Kokkos's TestTeamScan: the kernel
  // the construct runs, beside the host-side driver that asserts), which the call cannot tell apart.
  if (!out.spec && m.language == Language::Cpp)
    if (const std::string_view functor = parallelFunctor(m, scope, call); !functor.empty()) {
      const ApiSpec* checking = nullptr;
      bool alsoUnchecked = false;
      for (const ApiSpec* run : wrappers_.allByShortName("operator()", Language::Cpp))
        if (run->ownerClass == functor) {
          alsoUnchecked |= run->checksNothing;
          if (!run->checksNothing && !checking) checking = run;
        }
      if (checking && !alsoUnchecked) {
        out.spec = checking;
        out.name = std::string(functor) + ".operator()";
        return out;
      }
    }
  // `#include <migraphx/kernels/float_equal.hpp>`, not the host's header: the kernels' own
  // `migraphx::float_equal`, which compares exactly, is the one called.
  if (out.spec && !out.spec->shadowedIn.empty() && classes_ && classes_->project()) {
    const Project& project = *classes_->project();
    const auto includes = [&](std::string_view path) { return project.includes(m, path); };
    if (!includes(out.spec->definedIn) && std::ranges::any_of(out.spec->shadowedIn, includes)) {
      out.spec = nullptr;
      return out;
    }
  }
  if (out.spec && out.spec->discovered && m.language == Language::Cpp) {
    const CallArgs args = splitCall(m, call);
    std::vector<const ApiSpec*> overloads = wrappers_.overloadsOf(*out.spec);
    // Two suites' helpers of one name in different namespaces (MACE's `mace::ops::test::` and
    // `micro::ops::test::ExpectTensorNear`), called unqualified from a test whose namespace the
    // lookup does not see: the one whose parameters the call's arguments fit.
    const auto fits = [&](const ApiSpec* s) {
      return s->paramTypes.empty() || (args.positional.size() >= s->requiredParams && args.positional.size() <= s->paramTypes.size());
    };
    const auto anyFits = [&](const ApiSpec* s, const std::vector<const ApiSpec*>& of) {
      return of.empty() ? fits(s) : std::any_of(of.begin(), of.end(), fits);
    };
    if (!anyFits(out.spec, overloads) && m.expr(m.child(call, 0)).kind == ExprKind::Name)
      for (const ApiSpec* other : wrappers_.allByShortName(out.lastName, Language::Cpp)) {
        if (other->names == out.spec->names || !other->discovered) continue;
        std::vector<const ApiSpec*> otherOverloads = wrappers_.overloadsOf(*other);
        if (!anyFits(other, otherOverloads)) continue;
        out.spec = other;
        overloads = std::move(otherOverloads);
        break;
      }
    if (!overloads.empty()) {
      out.spec = checkingOverload(m, scope, args, overloads);
      out.generic = false;
    }
  }
  return out;
}

const ApiSpec* ApiMatcher::overloadFor(const FileModel& m, FunctionId scope, const ApiSpec& spec, const CallArgs& args) const {
  if (!spec.discovered || m.language != Language::Cpp) return &spec;
  const std::vector<const ApiSpec*> overloads = wrappers_.overloadsOf(spec);
  return overloads.empty() ? &spec : checkingOverload(m, scope, args, overloads);
}

// Long: the ways a callee can name a catalogue entry (through imports, a bound object, a
// qualified or namespace name, a discovered wrapper) are tried in order on the same callee; the
// first that names one wins.
ApiMatch ApiMatcher::matchCallee(const FileModel& m, FunctionId scope, ExprId callee) const {
  ApiMatch out;
  if (callee == kNone) return out;
  const Expr& ce = m.expr(callee);
  if (ce.kind == ExprKind::Name) out.lastName = ce.name;
  else if (ce.kind == ExprKind::Attribute) out.lastName = ce.name;
  else return out;

  std::string dotted = dottedName(m, callee);
  bool viaImport = false;
  if (!dotted.empty()) {
    out.name = resolveDotted(m, scope, dotted, &viaImport);
    // C++ looks a name up from the caller's namespace outwards: in `a::b::f`, `g(...)` is
    // `a::b::g` before a global `g` (oneDNN's test_utils::compare_data beside a global one).
    // A lambda the caller (or a function around it) defines is its file's (`auto near = [](...)
    // {...}; CHECK(near(a, b));`, not another test's `near` of the same short name).
    if (m.language == Language::Cpp && scope != kNone) {
      const std::string_view own = m.functions[scope].qualifiedName;
      for (std::string_view ns = own; !ns.empty();) {
        const std::string inner = std::string(ns) + "." + dotted;
        const ApiSpec* s = wrappers_.byQualifiedName(inner + "@" + m.path, m.language);
        if (!s && ns.size() != own.size()) {  // outer scopes only; another file's own definition is not this one's
          s = wrappers_.byQualifiedName(inner, m.language);
          if (s && s->fileScoped) s = nullptr;
        }
        if (s) {
          out.name = inner;
          out.spec = s;
          return out;
        }
        const size_t cut = ns.rfind('.');
        if (cut == std::string_view::npos) break;
        ns = ns.substr(0, cut);
      }
    }
    if ((out.spec = catalogue_.byQualifiedName(out.name, m.language))) return out;
    // A function several source files define: this file's own, never another's (catalogue.h).
    if (m.language == Language::Cpp)
      if ((out.spec = wrappers_.byQualifiedName(out.name + "@" + m.path, m.language))) return out;
    // One that several headers define alike: the one of a header this file includes, itself or
    // through the headers it includes; where the includes tell none, one of them, as when their
    // entries were one.
    if (m.language == Language::Cpp)
      if (const ApiSpec* s = includableEntry(m, out.name, out.lastName)) {
        out.spec = s;
        return out;
      }
    if ((out.spec = wrappers_.byQualifiedName(out.name, m.language)) && !out.spec->fileScoped) return out;
    out.spec = nullptr;
    if (const size_t dot = dotted.find('.'); dot != std::string::npos && !viaImport && m.language == Language::Python)
      for (const std::string& module : conditionalModules(m, scope, std::string_view(dotted).substr(0, dot))) {
        std::string name = module + dotted.substr(dot);
        if (const ApiSpec* s = catalogue_.byQualifiedName(name, m.language)) {
          out.name = std::move(name);
          out.spec = s;
          return out;
        }
      }
    if (auto rest = afterArrayModule(dotted); rest && !viaImport && m.language == Language::Python)
      if (const ApiSpec* s = catalogue_.byQualifiedName("numpy." + std::string(*rest), m.language)) {
        out.name = "numpy." + std::string(*rest);
        out.spec = s;
        return out;
      }
  } else {
    out.name = std::string(out.lastName);
  }
  if (m.language == Language::Cpp) {
    if (const ApiSpec* s = matchCppShort(m, scope, callee, dotted)) {
      out.spec = s;
      return out;
    }
    // A method calling another of its class unqualified (`return isEqualImpl(other, tol);`):
    // the class's own method runs, on the same object.
    if (const ClassId cls = ce.kind == ExprKind::Name ? enclosingClass(m, scope) : kNone;
        cls != kNone && wrappers_.byShortName(out.lastName, Language::Cpp))
      if (const ApiSpec* s = wrappers_.byMember(std::string(m.classes[cls].name) + "." + std::string(out.lastName))) {
        out.spec = s;
        return out;
      }
    // A method of an object the test builds: the discovered `Class::method` it runs.
    if ((wrappers_.byShortName(out.lastName, Language::Cpp) || wrappers_.byMethodName(out.lastName, Language::Cpp)) &&
        isMemberAccess(m, callee)) {
      if (std::string_view cls = receiverClass(m, scope, m.child(callee, 0)); !cls.empty()) {
        if (const ApiSpec* s = wrappers_.byMember(std::string(cls) + "." + std::string(out.lastName))) {
          out.spec = s;
          return out;
        }
        // A method the object's class inherits (rocSPARSE's `host_dense_matrix`, an alias of
        // `dense_matrix`, runs `dense_matrix_view::near_check`).
        if (classes_)
          for (const std::string& base : classes_->ancestorsOf(ClassHierarchy::plainName(cls)))
            if (const ApiSpec* s = wrappers_.byMember(base + "." + std::string(out.lastName))) {
              out.spec = s;
              return out;
            }
      }
      // An object whose class is not known here, or inherits the method (Kaldi's `Vector` runs
      // `VectorBase::ApproxEqual`): a method of that name, not a free function of it.
      if (const ApiSpec* s = wrappers_.byMethodName(out.lastName, Language::Cpp)) {
        out.spec = s;
        return out;
      }
      // this->ThresholdChecks() in a fixture deriving from the class that defines it; a macro's
      // own parameter (`__pbp->CompareOutput(...)` in MatX's MATX_TEST_ASSERT_COMPARE), whose
      // class only its callers know.
      // A catalogued method of that name (`t1.allclose(t2, atol, rtol)` in ATen's macros) is the
      // tensor's, not the suite's.
      const bool onThis = m.expr(m.child(callee, 0)).text == "this";
      if (onThis || (receivesMacroParameter(m, scope, m.child(callee, 0)) && !catalogue_.byMethodName(out.lastName, Language::Cpp)))
        if (const ApiSpec* s = uniqueDiscoveredMethod(out.lastName); s || (s = includedDiscoveredMethod(m, out.lastName)))
          if (!onThis || mayReachMethod(m, scope, *s)) {
            out.spec = s;
            return out;
          }
      // A data member's method (`this->val.near_check(that_.val, tol)` in rocSPARSE's matrix types,
      // the member's type spelled through a traits alias): a method of that name the file sees,
      // where all of them check alike.
      if (const ExprId recv = m.child(callee, 0); isMemberAccess(m, recv) && m.expr(m.child(recv, 0)).text == "this")
        if (const ApiSpec* s = agreeingIncludedMethod(m, out.lastName)) {
          out.spec = s;
          return out;
        }
    }
  }
  if (ce.kind == ExprKind::Attribute) {
    // On self, the suite's own method runs when it defines one (Keras's and JAX's test cases
    // redefine assertAllClose with their own tolerances), not the catalogued base method.
    ExprId recv = m.child(callee, 0);
    std::string_view recvText = recv == kNone ? "" : m.expr(recv).text;
    // super().run_class_metric_test(...) in an override (torchmetrics' RetrievalMetricTester):
    // the method of a base class runs, the imported base's or one of the same file.
    if (isSuperCall(m, recv)) {
      if (const ApiSpec* inherited = importedBaseMethod(m, scope, out.lastName, wrappers_)) {
        out.spec = inherited;
        return out;
      }
      if (std::optional<std::string> base = baseMethodId(m, scope, out.lastName))
        if (const ApiSpec* spec = wrappers_.byId(*base); spec && spec->kind == ApiKind::Method) {
          out.spec = spec;
          return out;
        }
    }
    if (recvText == "self" || recvText == "cls") {
      // The class's own method, when it defines one, is what runs: a wrapper of that name in
      // another class (Chainer's suites define a `check_forward` in nearly every test class)
      // is not.
      if (std::optional<std::string> own = ownMethodId(m, scope, out.lastName)) {
        const ApiSpec* spec = wrappers_.byId(*own);
        if (spec && spec->kind == ApiKind::Method) {
          out.spec = spec;
          return out;
        }
      } else if (enclosingClass(m, scope) != kNone && (out.spec = wrappers_.byMethodName(out.lastName, m.language))) {
        // Inherited, perhaps: the imported base class's, else any wrapper of that name. A
        // function outside any class (Chainer attaches `check_forward` to test classes with
        // setattr) has no such base.
        if (const ApiSpec* inherited = importedBaseMethod(m, scope, out.lastName, wrappers_)) out.spec = inherited;
        return out;
      }
    }
    // A method of the value it is called on (`out.allclose(ref)`) is no function of a module
    // (`tf.experimental.numpy.allclose(a, b)`, not catalogued), nor a call on a name nothing
    // binds (`np.allclose(a, b)` with only `import numpy`: the module meant, misspelt).
    if (const ApiSpec* s = catalogue_.byMethodName(out.lastName, m.language)) {
      const bool onValue = s->actual != "self" || (!viaImport && (m.language != Language::Python || m.expr(recv).kind != ExprKind::Name ||
                                                                  boundInSight(m, scope, m.expr(recv).name)));
      if (onValue) {
        out.spec = s;
        return out;
      }
    }
  } else if (!viaImport && !definedAtModuleLevel(m, out.lastName)) {
    // A bare name bound by nothing we can see: `from numpy.testing import *`. A star import
    // naming a module with a check of that name binds it (the last such import wins, as in
    // Python): after `from mxnet.test_utils import *`, `assert_almost_equal` is MXNet's, not
    // numpy's short name.
    for (auto imp = m.imports.rbegin(); m.language == Language::Python && imp != m.imports.rend(); ++imp) {
      if (!imp->star || imp->module.empty()) continue;  // (C++ includes are star imports too)
      const std::string qualified = imp->module + "." + std::string(out.lastName);
      if ((out.spec = catalogue_.byQualifiedName(qualified, m.language)) || (out.spec = wrappers_.byQualifiedName(qualified, m.language))) {
        out.name = qualified;
        return out;
      }
    }
    if ((out.spec = catalogue_.byShortName(out.lastName, m.language))) return out;
  }
  out.generic = looksLikeAssertionName(out.lastName, m.language);
  return out;
}

}  // namespace oalens::analyzer
