#include "analyzer/assertions/share_within.h"

#include <re2/re2.h>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/cpp_predicates.h"
#include "analyzer/assertions/error_operands.h"
#include "analyzer/assertions/param_origin.h"

namespace oalens::analyzer {

namespace {

// The name the block of the `if` at `head` counts up (`right_count++;`, `++n;`, `n += 1;`), or empty.
std::string countedIn(const FileModel& m, StmtId head) {
  const Stmt& h = m.stmts[head];
  for (StmtId e = head + 1; e < m.stmts.size(); ++e) {
    const Stmt& st = m.stmts[e];
    if (st.function != h.function || st.depth <= h.depth) break;
    if (st.parent != head) continue;
    if (std::string counted = incrementedName(st.text); !counted.empty()) return counted;
  }
  return {};
}

// Whether the function returns a quotient of `count` by something (`return static_cast<float>(n) / total;`).
bool returnsShareOf(const FileModel& m, FunctionId fid, std::string_view count) {
  const Function& f = m.functions[fid];
  const RE2 share("\\b" + RE2::QuoteMeta(std::string(count)) + "\\b[^/]*/");
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.kind != StmtKind::Return || st.a == kNone) continue;
    const std::string_view text = m.expr(st.a).text;
    if (RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), share)) return true;
  }
  return false;
}

}  // namespace

std::optional<ApiSpec> shareWithinSpec(const FileModel& m, FunctionId fid, const AssertionFinder& finder,
                                       const ToleranceResolver& resolver) {
  const Function& f = m.functions[fid];
  if (m.language != Language::Cpp || f.params.size() < 2) return std::nullopt;
  for (StmtId s = f.firstStmt; s < f.endStmt; ++s) {
    const Stmt& st = m.stmts[s];
    if (st.function != fid || st.a == kNone) continue;
    // `if (|a - b| < tol) ++n;`, or the comparison added up: `n += (std::fabs(a - b) < 0.01f);`.
    const bool added = st.kind == StmtKind::AugAssign && st.op == "+=" && st.b != kNone && m.expr(st.a).kind == ExprKind::Name;
    if (st.kind != StmtKind::If && !added) continue;
    const auto check = finder.conditionCheck(m, fid, added ? st.b : st.a);
    if (!check || check->spec || check->negated || check->errorSide == kNone || check->lowerSide != kNone) continue;
    const std::string count = added ? std::string(m.expr(st.a).name) : countedIn(m, s);
    if (count.empty() || !returnsShareOf(m, fid, count)) continue;
    auto [left, right] = sidesOfError(m, fid, s, check->errorSide);
    std::string_view actualParam = originParam(m, fid, left, 0, false), expectedParam = originParam(m, fid, right, 0, false);
    // `if (error_result[i][j] < abs_error)`: the errors measured before, handed in.
    if (left == kNone && right == kNone) actualParam = originParam(m, fid, check->errorSide, 0, false), expectedParam = {};
    // A reference the helper reads itself (Paddle-Lite's CalErnieOutAccuracy(out, out_file)) leaves
    // the expected value its own.
    if (actualParam.empty() || actualParam == expectedParam) continue;
    ApiSpec w = closenessPredicate(m, fid, s, actualParam, expectedParam, check->boundSide, resolver);
    w.shareWithin = true;
    w.via = "share within tolerance";
    return w;
  }
  return std::nullopt;
}

}  // namespace oalens::analyzer
