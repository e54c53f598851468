#include "analyzer/assertions/matcher_lists.h"

#include "analyzer/assertions/api_matcher.h"
#include "analyzer/assertions/assertion_finder.h"

namespace oalens::analyzer {

// The range loop around statement `s` whose target is the name `element`, or kNone.
static StmtId loopBinding(const FileModel& m, StmtId s, std::string_view element) {
  for (StmtId p = m.stmts[s].parent; p != kNone; p = m.stmts[p].parent) {
    const Stmt& loop = m.stmts[p];
    if (loop.kind == StmtKind::For && loop.a != kNone && loop.b != kNone && m.expr(loop.a).kind == ExprKind::Name &&
        m.expr(loop.a).name == element)
      return p;
  }
  return kNone;
}

std::optional<BuiltMatcherList> matcherListReturned(const FileModel& m, FunctionId fid, StmtId ret, const ApiMatcher& matcher) {
  if (m.language != Language::Cpp) return std::nullopt;
  const Function& f = m.functions[fid];
  const Stmt& returned = m.stmts[ret];
  if (returned.kind != StmtKind::Return || returned.a == kNone || m.expr(returned.a).kind != ExprKind::Name) return std::nullopt;
  const std::string_view list = m.expr(returned.a).name;
  for (StmtId s = f.firstStmt; s < ret; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) continue;
    const CallArgs add = splitCall(m, st.a);
    const Expr& callee = m.expr(add.callee);
    if (callee.kind != ExprKind::Attribute || (callee.name != "push_back" && callee.name != "emplace_back")) continue;
    if (m.expr(m.child(add.callee, 0)).kind != ExprKind::Name || m.expr(m.child(add.callee, 0)).name != list) continue;
    if (add.positional.size() != 1 || m.expr(add.positional[0]).kind != ExprKind::Call) continue;
    const ExprId element = add.positional[0];
    const ApiMatch match = matcher.match(m, fid, element);
    if (!match.spec || !match.spec->oa || !match.spec->isPredicate() || match.spec->expected.empty()) continue;
    const int expectedAt = match.spec->paramIndex(match.spec->expected);
    CallArgs args = splitCall(m, element);
    if (expectedAt < 0 || static_cast<size_t>(expectedAt) >= args.positional.size()) continue;
    const Expr& value = m.expr(args.positional[expectedAt]);
    if (value.kind != ExprKind::Name) continue;
    const StmtId loop = loopBinding(m, s, value.name);
    if (loop == kNone) continue;
    const ExprId values = m.stmts[loop].b;
    if (m.expr(values).kind != ExprKind::Name || !f.hasParam(m.expr(values).name)) continue;
    args.positional[expectedAt] = values;
    return BuiltMatcherList{element, match.spec, std::move(args)};
  }
  return std::nullopt;
}

}  // namespace oalens::analyzer
