// A helper's parameter traced to what its callers pass (OriginTracer::traceCallerArgument): a
// check written once in a helper of the suite (`def check_parity(torch_bn, fs_bn, x)`) compares
// what the tests hand it, and a labeller reads it as its typical caller uses it.
#include <fmt/format.h>

#include <algorithm>

#include "analyzer/oracle/origin_walk.h"

namespace oalens::analyzer {

namespace {

// Below the tracer's own limit (origin_tracer.cpp, 24): a caller's argument is traced some levels on.
constexpr int kLastCallerDepth = 20;

// Whether pytest, not a call of the file, supplies the function's parameters (a fixture), or the
// function is a test: its parameters are test data or fixtures, traced as before.
bool parametersComeFromPytest(const FileModel& m, const Function& f) {
  if (f.isTestCase || f.name.starts_with("test") || f.name.starts_with("<")) return true;
  return std::ranges::any_of(f.decorators, [&](ExprId d) {
    const std::string_view t = m.expr(d).text;
    return t.find("fixture") != std::string_view::npos || t.find("parametrize") != std::string_view::npos ||
           t.find("parameterized") != std::string_view::npos;
  });
}

// The argument call `call` passes for parameter `index` (`name`) of `f`, or kNone.
ExprId argumentFor(const FileModel& m, const Function& f, ExprId call, size_t index, std::string_view name) {
  const CallArgs args = splitCall(m, call);
  for (const auto& [keyword, value] : args.keywords)
    if (keyword == name) return value;
  const size_t position = f.cls != kNone ? index - 1 : index;  // `self.helper(a, b)`: self is bound
  if (f.cls != kNone && index == 0) return kNone;
  if (f.params[index].keywordOnly || args.hasStarArgs) return kNone;
  return position < args.positional.size() ? args.positional[position] : kNone;
}

// Whether `call` calls `f`: by its name at module level, as `self.name(...)` for a method.
bool callsFunction(const FileModel& m, const Function& f, ExprId call) {
  const ExprId callee = m.child(call, 0);
  if (callee == kNone) return false;
  const Expr& c = m.expr(callee);
  if (f.cls == kNone) return c.kind == ExprKind::Name && c.name == f.name;
  if (c.kind != ExprKind::Attribute || c.name != f.name || c.childCount == 0) return false;
  const Expr& receiver = m.expr(m.child(callee, 0));
  return receiver.kind == ExprKind::Name && (receiver.name == "self" || receiver.name == "cls");
}

}  // namespace

bool OriginTracer::traceCallerArgument(Walk& w, const FileModel& m, FunctionId f, StmtId at, std::string_view name, int depth) const {
  if (m.language != Language::Python || depth >= kLastCallerDepth || &m != w.rootFile || f != w.rootFunction || w.asInput > 0) return false;
  const Function& F = m.functions[f];
  if (parametersComeFromPytest(m, F)) return false;
  size_t index = F.params.size();
  for (size_t i = 0; i < F.params.size(); ++i)
    if (F.params[i].name == name && !F.params[i].varArgs && !F.params[i].kwArgs) index = i;
  if (index == F.params.size()) return false;
  // The first call a test makes, else the first call of any other function of the file.
  StmtId site = kNone;
  ExprId argument = kNone;
  for (int pass = 0; pass < 2 && site == kNone; ++pass)
    for (StmtId s = 0; s < m.stmts.size() && site == kNone; ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function == f || st.function == kNone) continue;
      if (pass == 0 && !m.functions[st.function].isTestCase) continue;
      for (ExprId e = st.firstExpr; e < st.endExpr && e < m.exprs.size(); ++e) {
        if (m.expr(e).kind != ExprKind::Call || !callsFunction(m, F, e)) continue;
        const ExprId a = argumentFor(m, F, e, index, name);
        if (a == kNone) continue;
        site = s;
        argument = a;
        break;
      }
    }
  if (site == kNone) return false;
  w.out.evidence.push_back(fmt::format("`{}` is a parameter of {}: its call at line {} passes `{}`", name, F.qualifiedName,
                                       m.stmts[site].range.start.line, m.expr(argument).text.substr(0, 60)));
  const size_t before = w.out.items.size();
  traceExpr(w, m, m.stmts[site].function, site, argument, depth + 1);
  // `torch_bn(torch_x)` in the helper before its check: another library's module handed in is run.
  if (const StmtId run = calledBetween(m, f, F.firstStmt, at, name); run != kNone) {
    bool marked = false;
    for (size_t i = before; i < w.out.items.size(); ++i)
      if (Origin& o = w.out.items[i]; o.kind == OriginKind::OtherLib) {
        o.calledAfter = true;
        o.closedForm = false;
        marked = true;
      }
    if (marked) w.out.evidence.push_back(fmt::format("`{}` is run at line {} of {}", name, m.stmts[run].range.start.line, F.qualifiedName));
  }
  return true;
}

}  // namespace oalens::analyzer
