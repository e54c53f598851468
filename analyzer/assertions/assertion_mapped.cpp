// Assertions mapped over the leaves of nested structures, as JAX-era suites write them:
//   jax.tree_util.tree_map(np.testing.assert_allclose, expected, actual)
//   tree.map_structure(functools.partial(np.testing.assert_allclose, rtol=1e-5), a, b)
//   jax.tree.map(lambda x, y: np.testing.assert_allclose(x, y, atol=1e-6), a, b)
// The mapped function receives the leaves of the mapped structures as its first arguments, so
// the check is the API called with the mapping call's remaining arguments (after a partial's).
#include <algorithm>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/scan/project.h"

namespace oalens::analyzer {

namespace {

// tree_map, tree_multimap, map_structure (tf.nest, dm-tree), and jax.tree.map / optree's.
bool mapsOverStructures(const FileModel& m, FunctionId scope, ExprId callee) {
  const Expr& c = m.expr(callee);
  if (c.kind != ExprKind::Name && c.kind != ExprKind::Attribute) return false;
  if (c.name != "tree_map" && c.name != "tree_multimap" && c.name != "map_structure" && c.name != "map") return false;
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

// The leaf a lambda parameter stands for, or `e` itself.
ExprId leafFor(const FileModel& m, ExprId e, const std::vector<std::string_view>& params, const std::vector<ExprId>& leaves) {
  if (e == kNone || m.expr(e).kind != ExprKind::Name) return e;
  auto at = std::find(params.begin(), params.end(), m.expr(e).name);
  const size_t i = static_cast<size_t>(at - params.begin());
  return at != params.end() && i < leaves.size() ? leaves[i] : e;
}

}  // namespace

std::vector<ExprId> AssertionFinder::mappingCalls(const FileModel& m, StmtId s) {
  std::vector<ExprId> out;
  const Stmt& st = m.stmts[s];
  for (ExprId e = st.firstExpr; e < st.endExpr; ++e) {
    const Expr& x = m.expr(e);
    if (x.kind != ExprKind::Call || x.childCount < 3) continue;  // the callee, a function and a structure
    if (mapsOverStructures(m, st.function, m.child(e, 0))) out.push_back(e);
  }
  return out;
}

std::optional<AssertionFinder::MappedCheck> AssertionFinder::mappedCheck(const FileModel& m, FunctionId scope, ExprId call) const {
  CallArgs mapping = splitCall(m, call);
  if (mapping.positional.size() < 2) return std::nullopt;
  const ExprId fn = mapping.positional[0];
  const std::vector<ExprId> leaves(mapping.positional.begin() + 1, mapping.positional.end());
  MappedCheck out;
  if (m.expr(fn).kind == ExprKind::Lambda) {
    const ExprId body = m.child(fn, 0);
    if (body == kNone || m.expr(body).kind != ExprKind::Call) return std::nullopt;
    ApiMatch match = matcher_.match(m, scope, body);
    if (!match.spec || match.spec->isPredicate()) return std::nullopt;
    out.spec = match.spec;
    out.args = splitCall(m, body);
    const std::vector<std::string_view> params = lambdaParams(m.expr(fn).text);
    for (ExprId& p : out.args.positional) p = leafFor(m, p, params, leaves);
    for (auto& kw : out.args.keywords) kw.second = leafFor(m, kw.second, params, leaves);
    return out;
  }
  // partial(check, *first, **fixed), or the check itself.
  ExprId checkFn = fn;
  if (m.expr(fn).kind == ExprKind::Call) {
    CallArgs partial = splitCall(m, fn);
    if (lastDottedComponent(dottedName(m, partial.callee)) != "partial" || partial.positional.empty()) return std::nullopt;
    checkFn = partial.positional[0];
    out.args.positional.assign(partial.positional.begin() + 1, partial.positional.end());
    out.args.keywords = partial.keywords;
    out.args.hasStarArgs = partial.hasStarArgs;
  }
  ApiMatch match = matcher_.matchCallee(m, scope, checkFn);
  // A predicate mapped over a tree (tree_map(np.allclose, a, b)) returns booleans; it checks nothing.
  if (!match.spec || match.spec->isPredicate()) return std::nullopt;
  out.spec = match.spec;
  out.args.callee = checkFn;
  out.args.positional.insert(out.args.positional.end(), leaves.begin(), leaves.end());
  out.args.hasStarArgs |= mapping.hasStarArgs;
  return out;
}

std::optional<AssertionFinder::OaCheck> AssertionFinder::mappedPredicateCheck(const FileModel& m, FunctionId scope, ExprId call) const {
  if (m.expr(call).kind != ExprKind::Call || !mapsOverStructures(m, scope, m.child(call, 0))) return std::nullopt;
  CallArgs mapping = splitCall(m, call);
  if (mapping.positional.size() < 2) return std::nullopt;
  const ExprId fn = mapping.positional[0];
  const std::vector<ExprId> leaves(mapping.positional.begin() + 1, mapping.positional.end());
  if (m.expr(fn).kind == ExprKind::Lambda) {
    // lambda x, y: np.all(np.isclose(x, y)): the condition as written, on the leaves.
    const ExprId body = m.child(fn, 0);
    std::optional<OaCheck> inner = body == kNone ? std::nullopt : conditionCheck(m, scope, body);
    if (!inner || !inner->spec || inner->mappedArgs || inner->call == kNone || m.expr(inner->call).kind != ExprKind::Call) return std::nullopt;
    const std::vector<std::string_view> params = lambdaParams(m.expr(fn).text);
    CallArgs args = splitCall(m, inner->call);
    for (ExprId& p : args.positional) p = leafFor(m, p, params, leaves);
    for (auto& kw : args.keywords) kw.second = leafFor(m, kw.second, params, leaves);
    inner->mappedArgs = std::move(args);
    return inner;
  }
  OaCheck out;
  ExprId predicate = fn;
  CallArgs args;
  if (m.expr(fn).kind == ExprKind::Call) {
    CallArgs partial = splitCall(m, fn);
    if (lastDottedComponent(dottedName(m, partial.callee)) != "partial" || partial.positional.empty()) return std::nullopt;
    predicate = partial.positional[0];
    args.positional.assign(partial.positional.begin() + 1, partial.positional.end());
    args.keywords = partial.keywords;
  }
  ApiMatch match = matcher_.matchCallee(m, scope, predicate);
  if (!match.spec || !match.spec->oa || !match.spec->isPredicate() || match.spec->approx) return std::nullopt;
  args.callee = predicate;
  args.positional.insert(args.positional.end(), leaves.begin(), leaves.end());
  out.spec = match.spec;
  out.call = call;
  out.mappedArgs = std::move(args);
  return out;
}

bool AssertionFinder::fromMappedCall(const FileModel& m, StmtId s, ExprId call, std::vector<Assertion>& out) const {
  const FunctionId scope = m.stmts[s].function;
  std::optional<MappedCheck> check = mappedCheck(m, scope, call);
  if (!check) {
    // lambda x, y: self.assertEqual(x, y) and other uncatalogued checks: the inner call as written.
    const CallArgs mapping = splitCall(m, call);
    if (mapping.positional.empty() || m.expr(mapping.positional[0]).kind != ExprKind::Lambda) return false;
    const ExprId body = m.child(mapping.positional[0], 0);
    if (body == kNone || m.expr(body).kind != ExprKind::Call) return false;
    const size_t before = out.size();
    fromCall(m, s, body, out);
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
