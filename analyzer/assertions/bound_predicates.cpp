#include "analyzer/assertions/bound_predicates.h"

#include <re2/re2.h>

#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/assertions/param_origin.h"
#include "analyzer/assertions/predicate_tolerances.h"

namespace oalens::analyzer {

namespace {

// `check_residual`, `isErrorSmall`, `diff_ok`: a function named for the error it is handed.
bool namedForAnError(std::string_view name) {
  static const RE2 kErrorWord(R"((?i)(residual|error|err(\b|_|[A-Z])|diff|deviation|discrepanc))");
  return RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), kErrorWord);
}

}  // namespace

std::optional<ApiSpec> boundPredicateSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                          const ToleranceResolver& resolver) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.params.empty() || f.isTestCase || f.isMacro) return std::nullopt;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Return || st.a == kNone) continue;
    // `bool ok = err < tol; return ok;`: the comparison the answer holds.
    ExprId answer = st.a;
    if (m.expr(answer).kind == ExprKind::Name) answer = throughLocal(m, fid, s, answer);
    if (answer == kNone || m.expr(answer).kind != ExprKind::Compare || m.childCount(answer) != 2) continue;
    const std::string_view op = m.compareOp(answer, 0);
    const bool below = op == "<" || op == "<=";
    if (!below && op != ">" && op != ">=") continue;
    const ExprId error = m.child(answer, below ? 0 : 1), bound = m.child(answer, below ? 1 : 0);
    const std::string_view errorParam = originParam(m, fid, error, 0, false);
    if (errorParam.empty() || !looksLikeBound(m, bound) || originParam(m, fid, bound, 0, false) == errorParam) continue;
    const auto check = finder.conditionCheck(m, fid, answer);
    const bool measuresAnError = (check && !check->spec && check->errorSide != kNone) || namedForAnError(f.name);
    if (!measuresAnError) continue;
    ApiSpec w = discoveredPredicate(m, f, s, Category::ErrorBound, "bound predicate");
    w.actual = std::string(errorParam);
    takeTolerance(m, fid, s, bound, "bound", resolver, w);
    return w;
  }
  return std::nullopt;
}

}  // namespace oalens::analyzer
