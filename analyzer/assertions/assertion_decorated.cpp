// Checks a decorator makes of the test it decorates. CuPy's suites write
//
//     @testing.numpy_cupy_allclose(rtol=1e-6, atol={numpy.float16: 1e-3, 'default': 1e-6})
//     def test_sum(self, xp, dtype):
//         a = testing.shaped_arange((2, 3), xp, dtype)
//         return a.sum(axis=1)
//
// The decorator runs the test twice, with numpy and with cupy as `xp`, and compares what the runs
// return within its tolerances: one OA check per decorated test, whose value under test is the
// CuPy run of the returned expression and whose oracle is the NumPy run of it (differential
// testing). The check sits on the decorator (its line, its text) and belongs to the test it
// decorates; its tolerances are read as those of a call.
#include "analyzer/assertions/assertion_finder.h"

namespace oalens::analyzer {

// What the test returns: the value of its last `return` (a test returns once, at its end; one
// returning early under a branch is read by its last return). Nested functions' returns are
// theirs. kNone when the test returns nothing.
ExprId AssertionFinder::returnedValue(const FileModel& m, FunctionId f) {
  const Function& fn = m.functions[f];
  ExprId value = kNone;
  for (StmtId s = fn.firstStmt; s < fn.endStmt && s < m.stmts.size(); ++s)
    if (m.stmts[s].kind == StmtKind::Return && m.stmts[s].function == f && m.stmts[s].a != kNone) value = m.stmts[s].a;
  return value;
}

void AssertionFinder::fromDecorators(const FileModel& m, FunctionId f, std::vector<Assertion>& out) const {
  const StmtId s = m.functions[f].firstStmt - 1;  // its def
  for (const ExprId d : m.functions[f].decorators) {
    if (m.expr(d).kind != ExprKind::Call) continue;  // the factories are always called: @numpy_cupy_allclose()
    const ApiMatch match = matcher_.match(m, m.stmts[s].function, d);
    if (!match.spec || !match.spec->decorator) continue;
    Assertion a = newAssertion(m, s);
    a.range = m.expr(d).range;
    a.api = match.spec->id;
    a.apiText = std::string(m.expr(splitCall(m, d).callee).text);
    a.form = "decorator";
    a.call = d;
    // Its arguments are evaluated where the test is defined (the class body or the module).
    applySpec(m, a, *match.spec, d);
    placeIn(m, a, f);
    // Both sides are the returned expression, run with either module.
    a.actualExpr = a.expectedExpr = returnedValue(m, f);
    if (a.actualExpr != kNone) a.actualText = a.expectedText = std::string(m.expr(a.actualExpr).text);
    out.push_back(std::move(a));
  }
}

}  // namespace oalens::analyzer
