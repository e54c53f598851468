// Assertions mapped over the leaves of nested structures, as JAX-era suites write them:
//   jax.tree_util.tree_map(np.testing.assert_allclose, expected, actual)
//   tree.map_structure(functools.partial(np.testing.assert_allclose, rtol=1e-5), a, b)
//   jax.tree.map(lambda x, y: np.testing.assert_allclose(x, y, atol=1e-6), a, b)
// The mapped function receives the leaves of the mapped structures as its first arguments, so
// the check is the API called with the mapping call's remaining arguments (after a partial's).
#include <algorithm>
#include <optional>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

namespace {

// tree_map, tree_multimap, map_structure (tf.nest, dm-tree), and jax.tree.map / optree's.
bool mapsOverStructures(const FileModel& m, FunctionId scope, ExprId callee) {
  const Expr& c = m.expr(callee);
  if (c.kind != ExprKind::Name && c.kind != ExprKind::Attribute) return false;
  if (!mayMapOverStructures(c.name)) return false;
  const std::string dotted = dottedName(m, callee);
  if (dotted.empty()) return false;
  const std::string resolved = resolveDotted(m, scope, dotted);
  const std::string_view last = lastDottedComponent(resolved);
  if (last == "tree_map" || last == "tree_multimap" || last == "map_structure") return true;
  return last == "map" && std::string_view(resolved).ends_with("tree.map");
}

// The parameter names of `lambda x, y=1: ...`, read from its text (the model keeps the body only).
std::vector<std::string_view> lambdaParams(std::string_view text) {
  std::vector<std::string_view> out;
  if (!text.starts_with("lambda")) return out;
  text.remove_prefix(6);
  const size_t colon = text.find(':');
  if (colon == std::string_view::npos) return out;
  std::string_view list = text.substr(0, colon);
  while (!list.empty()) {
    const size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    item = item.substr(0, item.find('='));
    while (!item.empty() && (item.front() == ' ' || item.front() == '*' || item.front() == '\n')) item.remove_prefix(1);
    while (!item.empty() && (item.back() == ' ' || item.back() == '\n')) item.remove_suffix(1);
    out.push_back(item);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return out;
}

// `helper(lambda x, y: check(x, y, ...), a, b)`: a function handed a lambda that calls something
// on as many values as the call passes after it, as TFP's `assertAllAssertsNested` is (it maps
// the lambda over the leaves of `a` and `b`). It counts as a mapping only where the lambda calls
// a check the catalogue or wrapper discovery knows.
bool handsACallItsArguments(const FileModel& m, ExprId call) {
  const CallArgs args = splitCall(m, call);
  if (args.positional.size() < 3) return false;
  const ExprId fn = args.positional[0];
  if (m.expr(fn).kind != ExprKind::Lambda || m.childCount(fn) == 0 || m.expr(m.child(fn, 0)).kind != ExprKind::Call) return false;
  return lambdaParams(m.expr(fn).text).size() == args.positional.size() - 1;
}

// A mapping call taken apart: what is mapped (a lambda's body, or a function with the
// arguments a `partial` fixes) and the leaves it receives.
struct Mapping {
  ExprId lambdaBody = kNone;             // lambda x, y: <body>
  std::vector<std::string_view> params;  // the lambda's parameters, standing for the leaves
  ExprId function = kNone;               // otherwise the function mapped (a partial unwrapped)
  CallArgs fixed;                        // a partial's other arguments
  std::vector<ExprId> leaves;
};

// `check = functools.partial(np.testing.assert_allclose, atol=1e-4)` ahead of `tree.map(check,
// a, b)` in the same function: the partial the name was last bound to before the call.
ExprId partialHeldBy(const FileModel& m, FunctionId scope, ExprId call, ExprId name) {
  if (scope == kNone || scope >= m.functions.size() || m.expr(name).kind != ExprKind::Name) return name;
  const Function& f = m.functions[scope];
  ExprId held = name;
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.range.endByte > m.expr(call).range.startByte) break;
    if (st.function != scope || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone) continue;
    if (m.expr(st.a).kind != ExprKind::Name || m.expr(st.a).name != m.expr(name).name) continue;
    const bool partial = m.expr(st.b).kind == ExprKind::Call && lastDottedComponent(dottedName(m, splitCall(m, st.b).callee)) == "partial";
    held = partial ? st.b : name;
  }
  return held;
}

std::optional<Mapping> takeApart(const FileModel& m, ExprId call, FunctionId scope = kNone) {
  CallArgs mapping = splitCall(m, call);
  if (mapping.positional.size() < 2) return std::nullopt;
  Mapping out;
  const ExprId fn = partialHeldBy(m, scope, call, mapping.positional[0]);
  out.leaves.assign(mapping.positional.begin() + 1, mapping.positional.end());
  if (m.expr(fn).kind == ExprKind::Lambda) {
    out.lambdaBody = m.child(fn, 0);
    if (out.lambdaBody == kNone) return std::nullopt;
    out.params = lambdaParams(m.expr(fn).text);
    return out;
  }
  out.function = fn;
  if (m.expr(fn).kind == ExprKind::Call) {  // partial(check, *first, **fixed)
    CallArgs partial = splitCall(m, fn);
    if (lastDottedComponent(dottedName(m, partial.callee)) != "partial" || partial.positional.empty()) return std::nullopt;
    out.function = partial.positional[0];
    out.fixed.positional.assign(partial.positional.begin() + 1, partial.positional.end());
    out.fixed.keywords = partial.keywords;
  }
  return out;
}

// The arguments a call inside the lambda receives: its own, the parameters replaced by the leaves.
CallArgs onLeaves(const FileModel& m, ExprId innerCall, const Mapping& mp) {
  CallArgs args = splitCall(m, innerCall);
  auto leafFor = [&](ExprId e) {
    if (e == kNone || m.expr(e).kind != ExprKind::Name) return e;
    auto at = std::find(mp.params.begin(), mp.params.end(), m.expr(e).name);
    const size_t i = static_cast<size_t>(at - mp.params.begin());
    return at != mp.params.end() && i < mp.leaves.size() ? mp.leaves[i] : e;
  };
  for (ExprId& p : args.positional) p = leafFor(p);
  for (auto& kw : args.keywords) kw.second = leafFor(kw.second);
  return args;
}

// The arguments the mapped function receives: a partial's, then the leaves.
CallArgs fixedThenLeaves(const Mapping& mp) {
  CallArgs args = mp.fixed;
  args.callee = mp.function;
  args.positional.insert(args.positional.end(), mp.leaves.begin(), mp.leaves.end());
  return args;
}

}  // namespace

std::vector<ExprId> AssertionFinder::mappingCalls(const FileModel& m, StmtId s) {
  std::vector<ExprId> out;
  const Stmt& st = m.stmts[s];
  for (ExprId e = st.firstExpr; e < st.endExpr; ++e) {
    const Expr& x = m.expr(e);
    if (x.kind != ExprKind::Call || x.childCount < 3) continue;  // the callee, a function and a structure
    if (mapsOverStructures(m, st.function, m.child(e, 0)) || handsACallItsArguments(m, e)) out.push_back(e);
  }
  return out;
}

std::optional<AssertionFinder::MappedCheck> AssertionFinder::mappedCheck(const FileModel& m, FunctionId scope, ExprId call) const {
  std::optional<Mapping> mp = takeApart(m, call, scope);
  if (!mp) return std::nullopt;
  // A predicate mapped over a tree (tree_map(np.allclose, a, b)) returns booleans; it checks nothing.
  if (mp->lambdaBody != kNone) {
    if (m.expr(mp->lambdaBody).kind != ExprKind::Call) return std::nullopt;
    ApiMatch match = matcher_.match(m, scope, mp->lambdaBody);
    if (!match.spec || match.spec->isPredicate()) return std::nullopt;
    return MappedCheck{match.spec, onLeaves(m, mp->lambdaBody, *mp)};
  }
  ApiMatch match = matcher_.matchCallee(m, scope, mp->function);
  if (!match.spec || match.spec->isPredicate()) return std::nullopt;
  return MappedCheck{match.spec, fixedThenLeaves(*mp)};
}

std::optional<AssertionFinder::OaCheck> AssertionFinder::mappedPredicateCheck(const FileModel& m, FunctionId scope, ExprId call) const {
  if (m.expr(call).kind != ExprKind::Call || !mapsOverStructures(m, scope, m.child(call, 0))) return std::nullopt;
  std::optional<Mapping> mp = takeApart(m, call, scope);
  if (!mp) return std::nullopt;
  if (mp->lambdaBody != kNone) {
    // lambda x, y: np.all(np.isclose(x, y)): the condition as written, on the leaves.
    std::optional<OaCheck> inner = conditionCheck(m, scope, mp->lambdaBody);
    if (!inner || !inner->spec || inner->mappedArgs || inner->call == kNone || m.expr(inner->call).kind != ExprKind::Call)
      return std::nullopt;
    inner->mappedArgs = onLeaves(m, inner->call, *mp);
    return inner;
  }
  ApiMatch match = matcher_.matchCallee(m, scope, mp->function);
  if (!match.spec || !match.spec->oa || !match.spec->isPredicate() || match.spec->approx) return std::nullopt;
  OaCheck out;
  out.spec = match.spec;
  out.call = call;
  out.mappedArgs = fixedThenLeaves(*mp);
  return out;
}

bool AssertionFinder::fromMappedCall(const FileModel& m, StmtId s, ExprId call, std::vector<Assertion>& out) const {
  const FunctionId scope = m.stmts[s].function;
  std::optional<MappedCheck> check = mappedCheck(m, scope, call);
  if (!check) {
    // lambda x, y: self.assertEqual(x, y) and other uncatalogued checks: the inner call as
    // written, under a function known to map over structures.
    if (!mapsOverStructures(m, scope, m.child(call, 0))) return false;
    std::optional<Mapping> mp = takeApart(m, call, scope);
    if (!mp || mp->lambdaBody == kNone || m.expr(mp->lambdaBody).kind != ExprKind::Call) return false;
    const size_t before = out.size();
    fromCall(m, s, mp->lambdaBody, out);
    if (out.size() == before) return false;
    out.back().form = "tree_map";
    return true;
  }
  Assertion a = newAssertion(m, s);
  a.api = check->spec->id;
  a.apiText = std::string(m.expr(check->args.callee).text);
  a.form = "tree_map";
  applySpec(m, a, *check->spec, call, check->args);
  a.negated = check->spec->negated;
  out.push_back(std::move(a));
  return true;
}

}  // namespace oalens::analyzer
