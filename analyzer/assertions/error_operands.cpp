// The two values an error compares (error_operands.h).
#include "analyzer/assertions/error_operands.h"

#include <re2/re2.h>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/assertions/param_origin.h"
#include "analyzer/core/words.h"

namespace oalens::analyzer {

// The two operands of the difference an error measures: abs(a - b) -> (a, b).
std::pair<ExprId, ExprId> differenceOperands(const FileModel& m, ExprId error) { return differenceOperands(m, error, kNone, kNone); }

std::pair<ExprId, ExprId> differenceOperands(const FileModel& m, ExprId error, FunctionId fid, StmtId at) {
  ExprId cur = error;
  for (int depth = 0; cur != kNone && depth < kMaxOriginHops; ++depth) {
    const Expr& x = m.expr(cur);
    if (x.kind == ExprKind::BinaryOp && x.name == "-") return {m.child(cur, 0), m.child(cur, 1)};
    if (x.kind == ExprKind::Name && fid != kNone) {
      const ExprId bound = throughLocal(m, fid, at, cur);
      if (bound == cur) break;
      cur = bound;
      continue;
    }
    // `(a > b) ? (a - b) : (b - a)`: the size of the difference, written out; and what
    // parentheses hold.
    if ((x.kind == ExprKind::Conditional && x.childCount == 3) || (x.kind == ExprKind::Other && x.childCount == 1)) {
      cur = m.child(cur, 0);
      continue;
    }
    if (x.kind == ExprKind::BinaryOp || x.kind == ExprKind::Attribute || x.kind == ExprKind::Subscript) {
      cur = m.child(cur, 0);
      continue;
    }
    if (x.kind != ExprKind::Call) break;
    CallArgs args = splitCall(m, cur);
    if (!args.positional.empty()) cur = args.positional[0];
    else if (m.expr(args.callee).kind == ExprKind::Attribute) cur = m.child(args.callee, 0);
    else break;
  }
  return {kNone, kNone};
}

namespace {

// A callee's own name, its qualifiers left out (`std::abs` -> abs, `v.norm` -> norm).
std::string_view unqualified(std::string_view callee) {
  for (const std::string_view separator : {"::", "."})
    if (const size_t at = callee.rfind(separator); at != std::string_view::npos) callee.remove_prefix(at + separator.size());
  return callee;
}

}  // namespace

std::pair<ExprId, ExprId> errorMeasureOperands(const FileModel& m, FunctionId fid, StmtId at, ExprId e) {
  if (m.language != Language::Cpp || e == kNone) return {kNone, kNone};
  const ExprId value = throughLocal(m, fid, at, e);
  if (m.expr(value).kind != ExprKind::Call) return {kNone, kNone};
  const CallArgs args = splitCall(m, value);
  // `rms_range(ref, out)`, `float_distance(a, b, min_signal)`: the first two are the sides.
  if (args.callee == kNone || args.positional.size() < 2 || args.positional.size() > 3) return {kNone, kNone};
  // Also in camel case: Sophus's `maxMetric(left, right)`, the largest difference of two values.
  static const RE2 measure(R"((?i)(^|_)(rms|rmse|mse|mae|diff|difference|distance|dist|error|err|metric)s?(_|$))");
  std::string_view name = m.expr(args.callee).text;
  if (const size_t angle = name.find('<'); angle != std::string_view::npos) name = name.substr(0, angle);
  name = unqualified(name);
  if (!RE2::PartialMatch(wordsSeparated(name), measure)) return {kNone, kNone};
  return {args.positional[1], args.positional[0]};
}

// `lange('1', m, n, residual.data(), m)` after `residual[i] = A[i] - Ref[i]` in a loop (oneMath's
// rel_mat_err_check): a norm of an array the function filled with the differences of two values,
// the operands of that difference; none for any other call.
std::pair<ExprId, ExprId> residualOperands(const FileModel& m, FunctionId fid, StmtId at, ExprId call) {
  if (m.language != Language::Cpp || call == kNone || m.expr(call).kind != ExprKind::Call || fid == kNone) return {kNone, kNone};
  for (ExprId arg : splitCall(m, call).positional) {
    // `residual.data()`, `&residual[0]`, `residual`: the array handed.
    ExprId array = arg;
    if (m.expr(array).kind == ExprKind::Call && m.expr(array).childCount == 1 && m.expr(m.child(array, 0)).kind == ExprKind::Attribute &&
        (m.expr(m.child(array, 0)).name == "data" || m.expr(m.child(array, 0)).name == "begin"))
      array = m.child(m.child(array, 0), 0);
    if (m.expr(array).kind != ExprKind::Name) continue;
    const std::string_view name = m.expr(array).name;
    const Function& f = m.functions[fid];
    for (StmtId s = f.firstStmt; s < at && s < f.endStmt; ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != fid || st.kind != StmtKind::Assign || st.a == kNone || st.b == kNone) continue;
      const Expr& target = m.expr(st.a);
      if (target.kind != ExprKind::Subscript || m.expr(m.child(st.a, 0)).kind != ExprKind::Name || m.expr(m.child(st.a, 0)).name != name)
        continue;
      if (auto sides = differenceOperands(m, st.b); sides.first != kNone) return sides;
    }
  }
  return {kNone, kNone};
}

// The operands of the difference an error measures, also through a local that holds it
// (`const double diff = dst - ref; ... std::abs(diff) <= gap`).
std::pair<ExprId, ExprId> sidesOfError(const FileModel& m, FunctionId fid, StmtId at, ExprId error, int depth) {
  if (auto sides = differenceOperands(m, error); sides.first != kNone) return sides;
  if (auto sides = errorMeasureOperands(m, fid, at, error); sides.first != kNone) return sides;
  // `distances[i]` after `distances = float_distances(a, b, min_signal)` (nGraph's all_close_f):
  // an element of the measures of two values.
  if (error != kNone && m.expr(error).kind == ExprKind::Subscript)
    if (auto sides = errorMeasureOperands(m, fid, at, m.child(error, 0)); sides.first != kNone) return sides;
  ExprId inner = error;
  if (inner != kNone && m.expr(inner).kind == ExprKind::Call)
    if (const CallArgs args = splitCall(m, inner); args.positional.size() == 1) inner = args.positional[0];
  // `fabs(diff / sum)` (TNN's CompareData): a relative error written in place, the difference
  // its numerator measures.
  if (inner != kNone && m.expr(inner).kind == ExprKind::BinaryOp && m.expr(inner).name == "/" && m.expr(inner).childCount == 2 && depth < 4)
    return sidesOfError(m, fid, at, m.child(inner, 0), depth + 1);
  const ExprId bound = throughLocal(m, fid, at, inner);
  if (bound == inner) return {kNone, kNone};
  // `rerr = aerr / den` (oneDAL's check_if_close): a relative error is the difference its
  // numerator measures.
  if (const Expr& x = m.expr(bound); x.kind == ExprKind::BinaryOp && x.name == "/" && x.childCount == 2 && depth < 4)
    return sidesOfError(m, fid, at, m.child(bound, 0), depth + 1);
  if (auto sides = residualOperands(m, fid, at, bound); sides.first != kNone) return sides;
  // `double absdiff = diff; if (diff < 0) absdiff *= -1;` (ctest's assert_dbl_near): a copy of
  // the local that holds the difference.
  if (m.expr(bound).kind == ExprKind::Name && depth < 4) return sidesOfError(m, fid, at, bound, depth + 1);
  return differenceOperands(m, bound);
}

// The parameter whose absolute value or norm `e` is (`std::abs(err)`, `fabs(d)`, `norm(v)`), or "".
std::string_view sizeOfParam(const FileModel& m, FunctionId fid, ExprId e) {
  if (e == kNone) return {};
  // The larger of two sizes (`|a| > |b| ? |a| : |b|`, `std::max(std::abs(a), std::abs(b))`): the
  // first side's.
  if (m.expr(e).kind == ExprKind::Conditional) return sizeOfParam(m, fid, m.child(e, 0));
  if (m.expr(e).kind != ExprKind::Call) return {};
  const CallArgs args = splitCall(m, e);
  const std::string_view callee = unqualified(m.expr(args.callee).text);
  if ((callee == "max" || callee == "fmax") && args.positional.size() == 2) return sizeOfParam(m, fid, args.positional[0]);
  if (args.positional.size() != 1) return {};
  if (!namesAbsoluteValue(callee) && callee != "norm") return {};
  return originParam(m, fid, args.positional[0], 0, false);
}

std::optional<std::pair<std::string_view, std::string_view>> deviationOfParams(const FileModel& m, FunctionId fid, StmtId at, ExprId e) {
  if (m.language != Language::Cpp) return std::nullopt;
  const auto [left, right] = sidesOfError(m, fid, at, e);
  if (left == kNone || right == kNone) return std::nullopt;
  const std::string_view computed = originParam(m, fid, left, 0, false), reference = originParam(m, fid, right, 0, false);
  if (computed.empty() || reference.empty() || computed == reference) return std::nullopt;
  return std::pair{reference, computed};
}

}  // namespace oalens::analyzer
