#include "analyzer/assertions/wrapper_discovery.h"

#include <fmt/format.h>

#include "analyzer/core/parallel.h"

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/assertion_finder.h"

namespace oalens::analyzer {

namespace {

// Transitive wrappers deeper than this are not seen in real suites (the deepest seen is 3).
constexpr int kMaxRounds = 5;
constexpr int kMaxOriginHops = 8;

// Calls that pass a value through without computing anything new from it.
bool isPassThrough(std::string_view last) {
  static constexpr std::string_view kNames[] = {
      "asarray", "array", "asanyarray", "ravel", "flatten", "reshape", "squeeze", "astype", "zip", "enumerate",
      "list", "tuple", "float", "int", "eval", "get_value", "numpy", "cpu", "detach", "item", "tolist",
      "to_dense", "todense", "toarray", "as_numpy", "convert_to_numpy", "np_value", "value", "copy",
      "atleast_1d", "atleast_2d", "concatenate", "stack", "flat", "sorted", "reversed", "iter", "map"};
  for (auto n : kNames)
    if (last == n) return true;
  return false;
}

// The parameter of `f` that the value of `e` comes from, through assignments, loop targets,
// subscripts, attributes and pass-through calls; empty if it is computed from something else.
std::string_view originParam(const FileModel& m, FunctionId f, ExprId e, int hops) {
  if (e == kNone || hops > kMaxOriginHops) return {};
  const Expr& x = m.expr(e);
  switch (x.kind) {
    case ExprKind::Name: {
      for (const Param& p : m.functions[f].params)
        if (p.name == x.name) return p.name;
      const Function& fn = m.functions[f];
      for (StmtId s = fn.firstStmt; s < fn.endStmt; ++s) {
        const Stmt& st = m.stmts[s];
        if (st.function != f || (st.kind != StmtKind::Assign && st.kind != StmtKind::For)) continue;
        if (st.a == kNone) continue;
        const Expr& t = m.expr(st.a);
        bool binds = t.kind == ExprKind::Name && t.name == x.name;
        for (uint32_t i = 0; !binds && (t.kind == ExprKind::Tuple || t.kind == ExprKind::List) && i < t.childCount; ++i) {
          const Expr& el = m.expr(m.child(st.a, i));
          binds = el.kind == ExprKind::Name && el.name == x.name;
        }
        if (binds) return originParam(m, f, st.b, hops + 1);
      }
      return {};
    }
    case ExprKind::Subscript:
    case ExprKind::Attribute:
    case ExprKind::Starred: return originParam(m, f, m.child(e, 0), hops + 1);
    case ExprKind::Call: {
      CallArgs args = splitCall(m, e);
      const Expr& callee = m.expr(args.callee);
      if (!isPassThrough(callee.name)) return {};
      if (!args.positional.empty()) return originParam(m, f, args.positional[0], hops + 1);
      if (callee.kind == ExprKind::Attribute) return originParam(m, f, m.child(args.callee, 0), hops + 1);
      return {};
    }
    default: return {};
  }
}

std::string_view paramDefaultText(const FileModel& m, const Function& f, std::string_view name) {
  for (const Param& p : f.params)
    if (p.name == name && p.defaultValue != kNone) return m.expr(p.defaultValue).text;
  return {};
}

std::optional<ApiSpec> wrapperSpec(const FileModel& m, FunctionId fid, const ApiMatcher& matcher, const AssertionFinder& finder) {
  const Function& f = m.functions[fid];
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone) continue;
    ExprId call = kNone;
    const ApiSpec* inner = nullptr;
    if (st.kind == StmtKind::ExprStmt && m.expr(st.a).kind == ExprKind::Call) {
      ApiMatch match = matcher.match(m, fid, st.a);
      if (match.spec && match.spec->oa && match.spec->kind != ApiKind::Predicate) {
        call = st.a;
        inner = match.spec;
      } else if (match.generic && (match.lastName == "assertTrue" || match.lastName == "assert_")) {
        CallArgs args = splitCall(m, st.a);
        if (!args.positional.empty())
          if (auto check = finder.conditionCheck(m, fid, args.positional[0]); check && check->spec) {
            call = check->call;
            inner = check->spec;
          }
      }
    } else if (st.kind == StmtKind::Assert) {
      if (auto check = finder.conditionCheck(m, fid, st.a); check && check->spec && check->spec->id != "pytest.approx") {
        call = check->call;
        inner = check->spec;
      }
    }
    if (!inner) continue;
    CallArgs args = splitCall(m, call);
    ExprId actualArg = argumentFor(m, *inner, args, inner->actual);
    ExprId expectedArg = argumentFor(m, *inner, args, inner->expected.empty() ? inner->bound : inner->expected);
    std::string_view actualParam = originParam(m, fid, actualArg, 0);
    std::string_view expectedParam = originParam(m, fid, expectedArg, 0);
    // Both sides may come from one parameter: assert_list_pairwise(z_list) compares its elements.
    if (actualParam.empty() || expectedParam.empty()) continue;

    ApiSpec w;
    w.discovered = true;
    w.oa = true;
    w.category = inner->category;
    w.via = inner->via.empty() ? inner->id : inner->via;
    w.defaultDepends = inner->defaultDepends;
    w.alwaysDepend = inner->alwaysDepend;
    w.categoryIf = inner->categoryIf;
    const bool method = f.cls != kNone;
    w.id = m.moduleName.empty() ? f.qualifiedName : m.moduleName + "." + f.qualifiedName;
    w.kind = method ? ApiKind::Method : ApiKind::Function;
    w.names = {method ? std::string(f.name) : w.id};
    for (size_t i = method ? 1 : 0; i < f.params.size(); ++i) {
      const Param& p = f.params[i];
      if (p.varArgs || p.kwArgs || p.keywordOnly) continue;
      w.params.emplace_back(p.name);
    }
    w.actual = std::string(actualParam);
    if (inner->expected.empty()) w.bound = std::string(expectedParam);
    else w.expected = std::string(expectedParam);
    for (const auto& [kind, innerParam] : inner->tolerances) {
      ExprId v = argumentFor(m, *inner, args, innerParam);
      std::string_view fromParam = v == kNone ? std::string_view{} : originParam(m, fid, v, 0);
      if (!fromParam.empty()) {
        w.tolerances.emplace_back(kind, std::string(fromParam));
        std::string_view def = paramDefaultText(m, f, fromParam);
        if (!def.empty() && def != "None") w.defaults[kind] = std::string(def);
        else if (auto d = inner->defaults.find(kind); d != inner->defaults.end()) w.defaults[kind] = d->second;
        continue;
      }
      w.tolerances.emplace_back(kind, std::string{});
      if (v != kNone) w.defaults[kind] = std::string(m.expr(v).text);
      else if (auto d = inner->defaults.find(kind); d != inner->defaults.end()) w.defaults[kind] = d->second;
    }
    return w;
  }
  return std::nullopt;
}

}  // namespace

Catalogue discoverWrappers(const Project& project, const Catalogue& catalogue, const ToleranceResolver& resolver, unsigned threads) {
  Catalogue wrappers;
  const size_t n = project.files.size();
  std::vector<std::vector<bool>> known(n);
  for (size_t fi = 0; fi < n; ++fi) known[fi].assign(project.files[fi].functions.size(), false);
  for (int round = 0; round < kMaxRounds; ++round) {
    ApiMatcher matcher(catalogue, wrappers);
    AssertionFinder finder(matcher, resolver);
    // Files are independent within a round; results merge in file order, so the catalogue
    // (and every report built on it) is the same whatever the thread count.
    std::vector<std::vector<ApiSpec>> found(n);
    parallelFor(n, threadCount(threads, n), [&](size_t fi, unsigned) {
      const FileModel& m = project.files[fi];
      for (FunctionId f = 0; f < m.functions.size(); ++f) {
        if (m.functions[f].isTestCase || known[fi][f]) continue;
        if (auto spec = wrapperSpec(m, f, matcher, finder)) {
          known[fi][f] = true;
          found[fi].push_back(std::move(*spec));
        }
      }
    });
    size_t added = 0;
    for (auto& perFile : found)
      for (auto& spec : perFile) {
        wrappers.add(std::move(spec));
        ++added;
      }
    if (added == 0) break;
  }
  return wrappers;
}

}  // namespace oalens::analyzer
