// C++ suites that check without an assertion macro: the test aborts when a condition holds
// (Highway's `if (!IsNear(expected, actual, tol)) HWY_ABORT("...")`, gtest's `if (err > tol)
// FAIL() << ...`, `if (diff > eps) throw std::runtime_error(...)`). The `if` is the check, of
// the condition's negation, as `EXPECT_FALSE(cond)` would be.
#include "analyzer/assertions/assertion_finder.h"

namespace oalens::analyzer {

std::optional<std::string> AssertionFinder::abortIn(const FileModel& m, StmtId head) const {
  const Stmt& h = m.stmts[head];
  for (StmtId e = head + 1; e < m.stmts.size(); ++e) {
    const Stmt& st = m.stmts[e];
    if (st.function != h.function || st.depth <= h.depth) break;
    if (st.parent != head) continue;  // nested deeper: not what the condition alone decides
    if (st.kind == StmtKind::Raise) return std::string("throw");
    if (st.kind != StmtKind::ExprStmt || st.a == kNone || m.expr(st.a).kind != ExprKind::Call) continue;
    const ApiMatch match = matcher_.match(m, st.function, st.a);
    if (failsTheTest(m, match, st.a)) return match.spec ? match.spec->id : std::string(match.lastName);
  }
  return std::nullopt;
}

void AssertionFinder::fromAbortingIf(const FileModel& m, StmtId s, std::vector<Assertion>& out) const {
  const Stmt& st = m.stmts[s];
  if (m.language != Language::Cpp || st.kind != StmtKind::If || st.a == kNone) return;
  std::optional<std::string> abort = abortIn(m, s);
  if (!abort) return;
  Assertion a = newAssertion(m, s);
  a.api = *abort;
  a.apiText = *abort;
  a.form = "if";
  fromCondition(m, a, st.a);
  if (!a.isOa) return;
  a.negated = !a.negated;
  out.push_back(std::move(a));
}

}  // namespace oalens::analyzer
