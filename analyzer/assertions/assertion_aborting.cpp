// C++ suites that check without an assertion macro: the test aborts when a condition holds
// (Highway's `if (!IsNear(expected, actual, tol)) HWY_ABORT("...")`, gtest's `if (err > tol)
// FAIL() << ...`, `if (diff > eps) throw std::runtime_error(...)`). The `if` is the check, of
// the condition's negation, as `EXPECT_FALSE(cond)` would be.
#include "analyzer/assertions/assertion_finder.h"

#include <re2/re2.h>

#include "analyzer/assertions/param_origin.h"

namespace oalens::analyzer {

namespace {

// A logging stream that fails as it is written to: `KALDI_ERR << "..."`, `LOG(FATAL) << ...`,
// `PANIC << ...`; the stream's name, or nullopt. Warnings and plain logs (`KALDI_WARN`,
// `LOG(INFO)`) fail nothing.
std::optional<std::string> failingStream(std::string_view text) {
  static const RE2 stream(R"(^\s*((?:[A-Z][A-Z0-9]*_)*(?:ERR|ERROR|FATAL|FAIL|FAILURE|ABORT|DIE|PANIC)|LOG\s*\(\s*FATAL\s*\))\s*<<)");
  std::string name;
  if (!RE2::PartialMatch(re2::StringPiece(text.data(), text.size()), stream, &name)) return std::nullopt;
  return name;
}

// A test that reports by its return value (MNN's `bool run(int precision)`, a `main` returning
// its status): `return false;` where the function returns `true` elsewhere, or a nonzero
// integer where it returns 0 elsewhere, is the test failing.
bool returnsFailure(const FileModel& m, StmtId ret) {
  const Stmt& r = m.stmts[ret];
  if (r.kind != StmtKind::Return || r.a == kNone || r.function == kNone || r.function >= m.functions.size()) return false;
  const std::string_view value = m.expr(r.a).text;
  const bool boolean = value == "false";
  const bool status = !boolean && m.expr(r.a).kind == ExprKind::Number && value != "0";
  const bool negative = !boolean && m.expr(r.a).kind == ExprKind::UnaryOp && m.expr(r.a).name == "-";
  if (!boolean && !status && !negative) return false;
  const Function& f = m.functions[r.function];
  for (StmtId s = f.firstStmt; s < f.endStmt && s < m.stmts.size(); ++s) {
    const Stmt& other = m.stmts[s];
    if (other.function != r.function || other.kind != StmtKind::Return || other.a == kNone) continue;
    if (m.expr(other.a).text == (boolean ? "true" : "0")) return true;
  }
  return false;
}

}  // namespace

std::optional<std::string> AssertionFinder::abortIn(const FileModel& m, StmtId head) const {
  const Stmt& h = m.stmts[head];
  for (StmtId e = head + 1; e < m.stmts.size(); ++e) {
    const Stmt& st = m.stmts[e];
    if (st.function != h.function || st.depth <= h.depth) break;
    if (st.parent != head) continue;  // nested deeper: not what the condition alone decides
    if (st.kind == StmtKind::Raise) return std::string("throw");
    if (m.language == Language::Cpp && returnsFailure(m, e)) return std::string("return");
    if (st.kind != StmtKind::ExprStmt || st.a == kNone) continue;
    if (std::optional<std::string> stream = failingStream(m.expr(st.a).text)) return stream;
    if (m.expr(st.a).kind != ExprKind::Call) continue;
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
  // The check is the condition; the block that reports and fails is not (its lines print).
  a.range.end = m.expr(st.a).range.end;
  a.api = *abort;
  a.apiText = *abort;
  a.form = "if";
  fromCondition(m, a, st.a);
  if (!a.isOa) return;
  // `if (fabs(result[i] - expected[i]) > tol) return false;` in a helper comparing its two
  // parameters: the helper is the check (a predicate, wrapper discovery's), at its call sites.
  if (abort->starts_with("return") && a.actualExpr != kNone && a.expectedExpr != kNone &&
      !originParam(m, st.function, a.actualExpr, 0, false).empty() && !originParam(m, st.function, a.expectedExpr, 0, false).empty())
    return;
  a.negated = !a.negated;
  out.push_back(std::move(a));
}

}  // namespace oalens::analyzer
