// The tolerances a C++ predicate's bound names, read for wrapper discovery (predicate_tolerances.h).
#include "analyzer/assertions/predicate_tolerances.h"

#include <re2/re2.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "analyzer/assertions/cpp_predicates.h"
#include "analyzer/assertions/declared_checks.h"
#include "analyzer/assertions/discovered_entry.h"
#include "analyzer/assertions/param_origin.h"
#include "analyzer/core/words.h"

namespace oalens::analyzer {

bool namesAToleranceUnit(std::string_view name) {
  static const RE2 toleranceName(R"((?i)(tol|eps|ulp|bits|thresh|err|mag))");
  return !name.empty() && RE2::PartialMatch(withoutEpsLookalikes(name), toleranceName);
}

// The parameters a value is computed from, through the locals it reads (bound before `at`).
void paramsBehind(const FileModel& m, FunctionId fid, StmtId at, ExprId e, int depth, std::vector<std::string_view>& out) {
  if (e == kNone || depth > kMaxOriginHops) return;
  const Expr& x = m.expr(e);
  if (x.kind == ExprKind::Name) {
    if (m.functions[fid].hasParam(x.name)) {
      if (std::ranges::find(out, x.name) == out.end()) out.push_back(x.name);
      return;
    }
    if (const ExprId bound = throughLocal(m, fid, at, e); bound != e) paramsBehind(m, fid, at, bound, depth + 1, out);
    return;
  }
  for (uint32_t i = 0; i < m.childCount(e); ++i) paramsBehind(m, fid, at, m.child(e, i), depth + 1, out);
}

// The one parameter, named for a tolerance, that a bound is computed from in the function's own
// unit (nGraph's all_close_f: `tolerance = 1U << (32 - (1 + 8 + (24 - 1) - tolerance_bits))`, a
// distance of floats' bit patterns from the mantissa bits a caller allows to differ); "" if the
// bound reads no parameter, several, or one named otherwise.
std::string_view toleranceParamBehind(const FileModel& m, FunctionId fid, StmtId at, ExprId bound) {
  std::vector<std::string_view> params;
  paramsBehind(m, fid, at, bound, 0, params);
  if (params.size() != 1) return {};
  return namesAToleranceUnit(params[0]) ? params[0] : std::string_view{};
}

// The tolerance a bound's part names: a parameter (with its default) or what the function
// writes itself (the default of every call).
void takeTolerance(const FileModel& m, FunctionId fid, StmtId s, ExprId part, const std::string& kind, const ToleranceResolver& resolver,
                   ApiSpec& w) {
  const Function& f = m.functions[fid];
  std::string_view param = originParam(m, fid, part, 0, false);
  if (param.empty() && m.language == Language::Cpp) param = toleranceParamBehind(m, fid, s, part);
  w.tolerances.emplace_back(kind, std::string(param));
  if (param.empty()) {
    w.defaults[kind] = std::string(m.expr(part).text);
    if (ResolvedValue r = resolver.resolve(m, fid, s, part); r.value) w.defaultValues[kind] = *r.value;
  } else if (const ExprId def = paramDefault(f, param); def != kNone) {
    takeParamDefault(m, f, resolver, w, kind, def);
  }
}

// `atol + rtol * abs(b)` (NumPy's isclose written out, oneDNN's suite allclose): the absolute
// and the relative tolerance, when one term scales the size of a compared side.
bool takeAbsRelTolerance(const FileModel& m, FunctionId fid, StmtId s, ExprId written, const ToleranceResolver& resolver, ApiSpec& w) {
  const ExprId bound = throughLocal(m, fid, s, written);  // `const double gap = rtol * ... + atol;`
  const Expr& sum = m.expr(bound);
  if (sum.kind != ExprKind::BinaryOp || sum.name != "+" || m.childCount(bound) != 2) return false;
  for (uint32_t relative = 0; relative < 2; ++relative) {
    ExprId product = m.child(bound, relative);
    const ExprId absolute = m.child(bound, 1 - relative);
    // `std::abs(rtol * static_cast<double>(b))` (ExecuTorch's element_is_close): the size taken
    // of the product is the factor times the size of the side.
    bool sizeOutside = false;
    if (m.expr(product).kind == ExprKind::Call)
      if (const CallArgs abs = splitCall(m, product); abs.positional.size() == 1 && namesAbsoluteValue(lastOf(m, abs.callee))) {
        product = abs.positional[0];
        sizeOutside = true;
      }
    if (m.expr(product).kind != ExprKind::BinaryOp || m.expr(product).name != "*" || m.childCount(product) != 2) continue;
    for (uint32_t scale = 0; scale < 2; ++scale) {
      // `rtol * std::abs(b[i])`, or `rtol * b[i]` where the sizes are known not negative.
      std::string_view sized = sizeOfParam(m, fid, m.child(product, scale));
      if (sized.empty() && (sizeOutside || m.expr(m.child(product, scale)).kind == ExprKind::Subscript))
        sized = originParam(m, fid, m.child(product, scale), 0, false);
      if (sized.empty() || (sized != w.expected && sized != w.actual)) continue;
      w.category = Category::AbsRel;
      takeTolerance(m, fid, s, absolute, "atol", resolver, w);
      takeTolerance(m, fid, s, m.child(product, 1 - scale), "rtol", resolver, w);
      return true;
    }
  }
  return false;
}

// `rtol * (abs(a) + abs(b))`, `rtol * abs(b)` (Kaldi's ApproxEqual): a relative tolerance alone,
// the factor that scales the sizes of the compared sides.
bool takeRelativeTolerance(const FileModel& m, FunctionId fid, StmtId s, ExprId written, const ToleranceResolver& resolver, ApiSpec& w) {
  const ExprId product = throughLocal(m, fid, s, written);
  if (m.expr(product).kind != ExprKind::BinaryOp || m.expr(product).name != "*" || m.childCount(product) != 2) return false;
  const auto sizesOfSides = [&](ExprId e) {
    std::vector<ExprId> terms{e};
    if (m.expr(e).kind == ExprKind::BinaryOp && m.expr(e).name == "+" && m.childCount(e) == 2) terms = {m.child(e, 0), m.child(e, 1)};
    return std::ranges::all_of(terms, [&](ExprId t) {
      const std::string_view sized = sizeOfParam(m, fid, t);
      return !sized.empty() && (sized == w.expected || sized == w.actual);
    });
  };
  // `tol * std::max(1.0, |A(i, j)| + |B(i, j)|)`: a parameter scaling what it reads of the sides.
  const auto mentionsASide = [&](std::string_view text) {
    for (const std::string& side : {w.actual, w.expected})
      if (!side.empty() && mentionsWord(text, side == "self" ? std::string_view("this") : std::string_view(side))) return true;
    return false;
  };
  // Or a local the function sets from them (`maxValue = fmax(fabs(rightData[i]), maxValue)` in a
  // loop, MNN's checkVectorByRelativeError: the tolerance scales the largest expected value).
  const auto readsASide = [&](ExprId e) {
    if (mentionsASide(m.expr(e).text)) return true;
    if (m.expr(e).kind != ExprKind::Name) return false;
    for (StmtId b = m.functions[fid].firstStmt; b < s; ++b) {
      const Stmt& st = m.stmts[b];
      if (st.function == fid && (st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign) && st.a != kNone && st.b != kNone &&
          m.expr(st.a).text == m.expr(e).text && mentionsASide(m.expr(st.b).text))
        return true;
    }
    return false;
  };
  for (uint32_t scale = 0; scale < 2; ++scale) {
    const ExprId factor = m.child(product, 1 - scale);
    const std::string_view param = originParam(m, fid, factor, 0, false);
    const bool scalesSides = sizesOfSides(m.child(product, scale)) ||
                             (!param.empty() && param != w.actual && param != w.expected && readsASide(m.child(product, scale)));
    if (!scalesSides) continue;
    w.category = Category::AbsRel;
    takeTolerance(m, fid, s, factor, "rtol", resolver, w);
    return true;
  }
  return false;
}

// A predicate's tolerance `bound`: the caller's argument when a parameter gives it (with that
// parameter's default), else the value written in the predicate as its default.
void takeAbsoluteTolerance(const FileModel& m, FunctionId fid, StmtId s, ExprId bound, const ToleranceResolver& resolver, ApiSpec& w) {
  if (!takeAbsRelTolerance(m, fid, s, bound, resolver, w) && !takeRelativeTolerance(m, fid, s, bound, resolver, w))
    takeTolerance(m, fid, s, bound, "atol", resolver, w);
}

}  // namespace oalens::analyzer
