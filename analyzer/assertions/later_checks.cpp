// Tolerances of a helper's later checks (later_checks.h).
#include "analyzer/assertions/later_checks.h"

#include <fmt/format.h>

#include <algorithm>

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/assertions/param_origin.h"

namespace oalens::analyzer {
namespace {

// Whether `param` already has a part in `w`: a side, a tolerance, a later tolerance.
bool alreadyUsed(const ApiSpec& w, std::string_view param) {
  if (param == w.actual || param == w.expected || param == w.bound) return true;
  const auto named = [&](const auto& t) { return t.second == param; };
  return std::ranges::any_of(w.tolerances, named) || std::ranges::any_of(w.laterTolerances, named);
}

// The parameter `param` of `fid` as the later tolerance `kind@param` of `w`, with the parameter's
// default, else the check's own default for the kind.
void addLaterTolerance(const FileModel& m, FunctionId fid, std::string_view kind, std::string_view param, const ApiSpec& check,
                       std::string_view checkKey, const ToleranceResolver& resolver, ApiSpec& w) {
  if (param.empty() || alreadyUsed(w, param)) return;
  const Function& f = m.functions[fid];
  if (std::ranges::none_of(f.params, [&](const Param& p) { return p.name == param; })) return;
  const std::string name = fmt::format("{}@{}", kind, param);
  w.laterTolerances.emplace_back(name, std::string(param));
  if (const ExprId def = paramDefault(f, param); def != kNone && m.expr(def).kind != ExprKind::NoneLit) {
    takeParamDefault(m, f, resolver, w, name, def);
    return;
  }
  const std::string key(checkKey);
  if (auto d = check.defaults.find(key); d != check.defaults.end()) {
    w.defaults[name] = d->second;
    if (auto dv = check.defaultValues.find(key); dv != check.defaultValues.end()) w.defaultValues[name] = dv->second;
  }
}

// The tolerances of one later check (`spec` called with `args`) that come from parameters of `fid`.
void fromCheck(const FileModel& m, FunctionId fid, const ApiSpec& spec, const CallArgs& args, const ToleranceResolver& resolver,
               ApiSpec& w) {
  for (const auto& [kind, innerParam] : spec.tolerances) {
    if (innerParam.empty()) continue;
    if (const ExprId v = argumentFor(m, spec, args, innerParam); v != kNone)
      addLaterTolerance(m, fid, kind, originParam(m, fid, v, 0, false), spec, kind, resolver, w);
  }
  inheritLaterTolerances(
      m, fid, spec, [&](std::string_view p) { return argumentFor(m, spec, args, p); }, resolver, w);
}

}  // namespace

void inheritLaterTolerances(const FileModel& m, FunctionId fid, const ApiSpec& inner,
                            const std::function<ExprId(std::string_view)>& argument, const ToleranceResolver& resolver, ApiSpec& w) {
  for (const auto& [name, innerParam] : inner.laterTolerances)
    if (const ExprId v = argument(innerParam); v != kNone)
      addLaterTolerance(m, fid, std::string_view(name).substr(0, name.find('@')), originParam(m, fid, v, 0, false), inner, name, resolver,
                        w);
}

void addLaterCheckTolerances(const FileModel& m, FunctionId fid, StmtId first, const ApiMatcher& matcher, const AssertionFinder& finder,
                             const ToleranceResolver& resolver, ApiSpec& w) {
  const Function& f = m.functions[fid];
  for (StmtId s = first + 1; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone) continue;
    if (st.kind == StmtKind::ExprStmt && m.expr(st.a).kind == ExprKind::Call) {
      const ApiMatch match = matcher.match(m, fid, st.a);
      if (match.spec && match.spec->oa && !match.spec->isPredicate()) fromCheck(m, fid, *match.spec, splitCall(m, st.a), resolver, w);
    } else if (st.kind == StmtKind::Assert) {
      if (auto check = finder.conditionCheck(m, fid, st.a); check && check->spec && check->call != kNone)
        fromCheck(m, fid, *check->spec, check->mappedArgs ? *check->mappedArgs : splitCall(m, check->call), resolver, w);
    }
  }
}

}  // namespace oalens::analyzer
