// Checks decided by a comparator (AssertionFinder::rangeComparatorCheck, comparatorCheck): ranges
// compared by a closeness lambda or functor (`std::equal(a.begin(), a.end(), b.begin(), cmp)`),
// and comparator objects of the suite (comparator_classes.h), built in a helper's arguments,
// declared first and called, or handed on to a helper.
#include <re2/re2.h>

#include <string>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/assertion_finder_internal.h"
#include "analyzer/assertions/comparator_classes.h"
#include "analyzer/core/words.h"

namespace oalens::analyzer {

namespace {

// The container a range starts at (`a.begin()`, `std::begin(a)`, `a.data()`), or the argument.
ExprId rangeOf(const FileModel& m, ExprId e) {
  if (e == kNone || m.expr(e).kind != ExprKind::Call) return e;
  const CallArgs args = splitCall(m, e);
  const Expr& callee = m.expr(args.callee);
  const std::string_view last = lastOf(m, args.callee);
  if (last != "begin" && last != "cbegin" && last != "data") return e;
  if (callee.kind == ExprKind::Attribute && args.positional.empty()) return m.child(args.callee, 0);
  return args.positional.size() == 1 ? args.positional[0] : e;
}

// The first check a `return` of function `fn` between bytes `from` and `to` answers with (a lambda's
// body, or a comparator's operator()) that `accept` takes.
template <class Accept>
std::optional<AssertionFinder::OaCheck> returnedCheck(const AssertionFinder& finder, const FileModel& m, FunctionId fn, uint32_t from,
                                                      uint32_t to, Accept accept) {
  for (StmtId s = 0; s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fn || st.kind != StmtKind::Return || st.a == kNone || st.range.startByte < from || st.range.endByte > to) continue;
    if (auto c = finder.conditionCheck(m, fn, st.a); c && accept(*c)) return c;
  }
  return std::nullopt;
}

}  // namespace

// std::equal(a.begin(), a.end(), b.begin(), cmp), std::ranges::equal(a, b, cmp),
// absl::c_equal(a, b, cmp) with a comparator that is a closeness check: a lambda returning
// `std::abs(x - y) < 1e-5f`, or a functor built with its tolerance (`CloseTo(1e-3f)`) whose
// operator() returns one. The comparator's error bound is the check's; the ranges its sides.
std::optional<AssertionFinder::OaCheck> AssertionFinder::rangeComparatorCheck(const FileModel& m, FunctionId scope, const CallArgs& args,
                                                                              std::string_view last) const {
  if (m.language != Language::Cpp || last != "equal" || args.positional.size() < 3) return std::nullopt;
  const size_t n = args.positional.size();
  const ExprId comparator = args.positional[n - 1];
  // Where the comparator's answer is read: the lambda's return, or its operator()'s.
  std::optional<OaCheck> inner;
  ExprId tolerance = kNone;
  const auto errorBound = [](const OaCheck& c) { return !c.spec && c.errorSide != kNone && c.lowerSide == kNone; };
  const Expr& cmp = m.expr(comparator);
  // `std::equal(values.begin(), values.end(), ref.begin(), floatApprox)` with `floatApprox` a
  // closeness predicate of the suite (a named lambda, marian-dev's): that predicate on each pair.
  if (cmp.kind == ExprKind::Name || cmp.kind == ExprKind::Attribute) {
    const ApiMatch match = matcher_.matchCallee(m, scope, comparator);
    if (!match.spec || !match.spec->oa || !match.spec->isPredicate() || match.spec->approx) return std::nullopt;
    const bool iterators = n >= 4;
    OaCheck c;
    c.spec = match.spec;
    c.call = comparator;
    CallArgs pair;
    pair.callee = comparator;
    pair.positional = {rangeOf(m, args.positional[0]), rangeOf(m, args.positional[iterators ? 2 : 1])};
    c.mappedArgs = std::move(pair);
    return c;
  }
  if (cmp.kind == ExprKind::Lambda) {
    inner = returnedCheck(*this, m, scope, cmp.range.startByte, cmp.range.endByte, errorBound);
  } else if (cmp.kind == ExprKind::Call) {
    const CallArgs built = splitCall(m, comparator);
    const std::string_view type = lastOf(m, built.callee);
    if (built.positional.size() != 1) return std::nullopt;
    for (FunctionId f = 0; f < m.functions.size() && !inner; ++f) {
      const Function& op = m.functions[f];
      if (op.name != "operator()" || op.cls == kNone || m.classes[op.cls].name != type) continue;
      inner = returnedCheck(*this, m, f, 0, UINT32_MAX, errorBound);
    }
    tolerance = built.positional[0];
  }
  if (!inner) return std::nullopt;
  OaCheck c;
  c.compare = inner->compare;
  c.errorSide = inner->errorSide;
  c.boundSide = tolerance != kNone ? tolerance : inner->boundSide;
  const bool iterators = n >= 4;  // (first1, last1, first2[, last2], cmp) against (range1, range2, cmp)
  c.rangeActual = rangeOf(m, args.positional[0]);
  c.rangeExpected = rangeOf(m, args.positional[iterators ? 2 : 1]);
  return c;
}

// `std::all_of(first, last, pred)`, `std::ranges::any_of(r, pred)`, `std::none_of(...)` with a lambda
// predicate whose return is a closeness check (MIGraphX's `EXPECT(std::all_of(vals.begin(),
// vals.end(), [](auto s) { return float_equal(convert(s.first), s.second); }))`): that check, on
// each element; `none_of` asks it to fail on each, so the check is negated. A named predicate is
// not read: what it returns is not in view.
std::optional<AssertionFinder::OaCheck> AssertionFinder::everyElementCheck(const FileModel& m, FunctionId scope, const CallArgs& args,
                                                                           std::string_view last) const {
  if (m.language != Language::Cpp || (last != "all_of" && last != "any_of" && last != "none_of") || args.positional.size() < 2)
    return std::nullopt;
  const Expr& predicate = m.expr(args.positional.back());
  if (predicate.kind != ExprKind::Lambda) return std::nullopt;
  auto c = returnedCheck(*this, m, scope, predicate.range.startByte, predicate.range.endByte, [](const OaCheck&) { return true; });
  if (c && last == "none_of") c->negated = !c->negated;
  return c;
}

// A comparator object (comparator_classes.h) deciding the condition: built in the call's
// arguments, `devArrMatch(expected, actual, n, CompareApprox<T>(tol), stream)`, the helper comparing
// its first two arguments with it, or handed to it as a local built before; or called itself,
// `cmp(a, b)` after `CompareApprox<T> cmp(tol);`. The comparator's tolerance is the one its
// construction was given.
std::optional<AssertionFinder::OaCheck> AssertionFinder::comparatorCheck(const FileModel& m, FunctionId scope, ExprId call) const {
  if (m.language != Language::Cpp) return std::nullopt;
  const CallArgs args = splitCall(m, call);
  if (args.callee == kNone || args.positional.size() < 2 || lastOf(m, args.callee) == "equal")
    return std::nullopt;  // rangeComparatorCheck's
  // A comparator built with a tolerance of 0 (`CompareApprox<float>(0.0f)`) compares exactly.
  const auto checkWith = [&](const ApiSpec* spec, ExprId built, ExprId tolerance, ExprId first, ExprId second) -> std::optional<OaCheck> {
    if (tolerance != kNone && isZeroLiteral(m, tolerance)) return std::nullopt;
    OaCheck c;
    c.spec = spec;
    c.call = built;
    CallArgs compared;
    compared.callee = args.callee;
    compared.positional = {second, first};
    if (tolerance != kNone) compared.positional.push_back(tolerance);
    c.mappedArgs = std::move(compared);
    return c;
  };
  for (size_t i = 2; i < args.positional.size(); ++i) {
    const ExprId a = args.positional[i];
    if (m.expr(a).kind == ExprKind::Name) {
      if (const auto local = localComparator(m, scope, m.expr(a).name)) {
        const auto [first, second] = comparedThrough(m, args, i);
        return checkWith(local->spec, call, local->tolerance, first, second);
      }
      continue;
    }
    if (m.expr(a).kind != ExprKind::Call) continue;
    const ApiMatch match = matcher_.match(m, scope, a);
    if (!match.spec || !match.spec->comparator) continue;
    const CallArgs built = splitCall(m, a);
    return checkWith(match.spec, a, built.positional.empty() ? kNone : built.positional[0], args.positional[0], args.positional[1]);
  }
  const Expr& callee = m.expr(args.callee);
  if (callee.kind != ExprKind::Name || args.positional.size() != 2) return std::nullopt;
  if (const auto local = localComparator(m, scope, callee.name))
    return checkWith(local->spec, call, local->tolerance, args.positional[0], args.positional[1]);
  return std::nullopt;
}

// The construction `CompareApprox<float> cmp(tol);` keeps for local `name` of `fn`, on a statement
// of its own kind (cpp_definitions.cpp), or kNone.
static ExprId constructionOf(const FileModel& m, FunctionId fn, std::string_view name) {
  for (StmtId s = m.functions[fn].firstStmt; s < m.functions[fn].endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function == fn && st.kind == StmtKind::Other && st.a != kNone && st.b != kNone && m.expr(st.a).kind == ExprKind::Name &&
        m.expr(st.a).name == name)
      return st.b;
  }
  return kNone;
}

// The comparator a local of `scope` was built as: `CompareApprox<float> cmp(tol);` (the
// construction its declaration keeps, cpp_definitions.cpp), `auto cmp = CompareApprox<float>(tol);`,
// or `CompareApprox<double> cmp(1e-8);`, read as the one value it holds, whose type the
// declaration names.
std::optional<AssertionFinder::LocalComparator> AssertionFinder::localComparator(const FileModel& m, FunctionId scope,
                                                                                 std::string_view name) const {
  if (scope == kNone) return std::nullopt;
  const StmtId bound = localBindingStmt(m, scope, m.stmts.size(), name);
  const ExprId value = bound == kNone ? constructionOf(m, scope, name) : m.stmts[bound].b;
  // A lambda of the test calls what the test built before it (`auto run = [&](...) {
  // ASSERT_TRUE(cmp(a, b)); }`): its enclosing functions' locals, innermost first.
  if (const FunctionId outer = m.functions[scope].parent; outer != kNone && value == kNone && !m.functions[scope].hasParam(name))
    return localComparator(m, outer, name);
  if (value == kNone) return std::nullopt;
  if (m.expr(value).kind == ExprKind::Call) {
    const ApiMatch built = matcher_.match(m, scope, value);
    if (!built.spec || !built.spec->comparator) return std::nullopt;
    const CallArgs made = splitCall(m, value);
    return LocalComparator{built.spec, made.positional.empty() ? kNone : made.positional[0]};
  }
  if (bound == kNone || !m.source) return std::nullopt;
  const auto& r = m.stmts[bound].range;
  if (r.endByte > m.source->size() || r.startByte >= r.endByte) return std::nullopt;
  const std::string_view declaration = std::string_view(*m.source).substr(r.startByte, r.endByte - r.startByte);
  // Only a construction (`T name(...)`, `T name{...}`) names its type so; `int n = 10` is no comparator.
  const size_t at = findWord(declaration, name);
  if (at == std::string_view::npos) return std::nullopt;
  const size_t next = declaration.find_first_not_of(" \t", at + name.size());
  if (next == std::string_view::npos || (declaration[next] != '(' && declaration[next] != '{')) return std::nullopt;
  const RE2 typed("^\\s*(?:(?:const|static|constexpr)\\s+)*((?:::)?[A-Za-z_]\\w*(?:::[A-Za-z_]\\w*)*)\\s*(?:<[^;=]*>)?\\s+" +
                  RE2::QuoteMeta(std::string(name)) + "\\s*[({]");
  std::string type;
  if (!RE2::PartialMatch(re2::StringPiece(declaration.data(), declaration.size()), typed, &type)) return std::nullopt;
  const ApiSpec* spec = comparatorClassNamed(matcher_.wrappers(), type);
  if (!spec) return std::nullopt;
  // `nearly_equal<double> cmp{1e-4, 0.0}`: an aggregate's first member is its tolerance.
  const bool members = m.expr(value).kind == ExprKind::List && m.childCount(value) > 0;
  return LocalComparator{spec, members ? m.child(value, 0) : value};
}

// The two values a helper of the file compares with the comparator it is handed as argument
// `at`: `checkParamsEqual(handle, host_w, host_b, w, dims, comp, stream)` whose body runs
// `devArrMatch(w_ref.data, w, n, comp)`. A value the helper compares that is one of its
// parameters is the call's argument there; one it computes (`w_ref` from `host_w`) is taken to be
// the argument of the first other parameter of the same declared type. Without such a helper,
// the call's first two arguments, as a comparing helper of the library takes them.
std::pair<ExprId, ExprId> AssertionFinder::comparedThrough(const FileModel& m, const CallArgs& args, size_t at) const {
  const std::pair<ExprId, ExprId> plain{args.positional[0], args.positional[1]};
  const Expr& callee = m.expr(args.callee);
  if (callee.kind != ExprKind::Name) return plain;
  for (FunctionId f = 0; f < m.functions.size(); ++f) {
    const Function& F = m.functions[f];
    if (F.name != callee.name || F.cls != kNone || F.params.size() != args.positional.size()) continue;
    const auto paramIndex = [&](ExprId e) -> int {
      if (e == kNone || m.expr(e).kind != ExprKind::Name) return -1;
      for (size_t p = 0; p < F.params.size(); ++p)
        if (F.params[p].name == m.expr(e).name) return static_cast<int>(p);
      return -1;
    };
    for (StmtId s = F.firstStmt; s < m.stmts.size() && m.stmts[s].range.startByte < F.range.endByte; ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != f || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) continue;
      const CallArgs inner = splitCall(m, st.a);
      bool hands = false;
      for (size_t i = 2; i < inner.positional.size(); ++i) hands |= paramIndex(inner.positional[i]) == static_cast<int>(at);
      if (!hands) continue;
      int first = paramIndex(inner.positional[0]), second = paramIndex(inner.positional[1]);
      const auto sameType = [&](int known) {
        for (size_t p = 0; p < F.params.size(); ++p)
          if (static_cast<int>(p) != known && p != at && !F.params[p].type.empty() && F.params[p].type == F.params[size_t(known)].type)
            return static_cast<int>(p);
        return -1;
      };
      if (first < 0 && second >= 0) first = sameType(second);
      if (second < 0 && first >= 0) second = sameType(first);
      if (first < 0 || second < 0) return plain;
      return {args.positional[size_t(first)], args.positional[size_t(second)]};
    }
  }
  return plain;
}

}  // namespace oalens::analyzer
