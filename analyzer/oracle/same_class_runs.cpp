#include "analyzer/oracle/same_class_runs.h"

#include <fmt/format.h>
#include <re2/re2.h>

#include <cctype>
#include <string>

#include "analyzer/assertions/assertion_finder.h"
#include "analyzer/core/words.h"

namespace oalens::analyzer {

namespace {

struct CalledObject {
  std::string callee;     // the object run (`new_model`)
  std::string arguments;  // its call's argument text, normalized (`(x)`)
  StmtId stmt = kNone;
};

// `output = new_model(x)`: the object a compared name was bound by running.
std::optional<CalledObject> boundByRunning(const FileModel& m, FunctionId fn, StmtId at, const std::string& name) {
  if (name.empty()) return std::nullopt;
  const StmtId s = localBindingStmt(m, fn, at, name);
  if (s == kNone || m.expr(m.stmts[s].b).kind != ExprKind::Call) return std::nullopt;
  const ExprId call = m.stmts[s].b;
  if (m.expr(m.child(call, 0)).kind != ExprKind::Name) return std::nullopt;
  const std::string callee(m.expr(m.child(call, 0)).name);
  const std::string text = normalized(m.expr(call).text);
  if (!text.starts_with(callee + "(")) return std::nullopt;
  return CalledObject{callee, text.substr(callee.size()), s};
}

struct Instance {
  std::string cls;       // the class constructed (`ModelForTest`)
  std::string handedTo;  // the call the instance went through, or ""
};

// The class an object name holds before statement `at`: constructed there (`model =
// ModelForTest()`), or the result of a call handed such an object first (`new_model =
// load_checkpoint_and_dispatch(new_model, path)`).
std::optional<Instance> instanceOf(const FileModel& m, FunctionId fn, StmtId at, const std::string& name, int depth = 0) {
  if (depth > 3) return std::nullopt;
  const StmtId s = localBindingStmt(m, fn, at, name);
  if (s == kNone || m.expr(m.stmts[s].b).kind != ExprKind::Call) return std::nullopt;
  const ExprId call = m.stmts[s].b;
  const std::string callee = normalized(m.expr(m.child(call, 0)).text);
  const std::string_view last = lastDottedComponent(callee);
  if (!last.empty() && std::isupper(static_cast<unsigned char>(last[0]))) return Instance{callee, {}};
  if (m.expr(call).childCount < 2 || m.expr(m.child(call, 1)).kind != ExprKind::Name) return std::nullopt;
  std::optional<Instance> inner = instanceOf(m, fn, s, std::string(m.expr(m.child(call, 1)).name), depth + 1);
  if (inner && inner->handedTo.empty()) inner->handedTo = callee;
  return inner;
}

// The class a name was last built from before `at`, moves of the new object aside
// (`torch.nn.Linear(10, 10).to(device)`: torch.nn.Linear); "" when not built from a class.
std::string classBuilt(const FileModel& m, FunctionId fn, StmtId at, const std::string& name) {
  const StmtId s = localBindingStmt(m, fn, at, name);
  if (s == kNone || m.stmts[s].b == kNone) return {};
  static const RE2 built(R"(^([A-Za-z_][A-Za-z0-9_.]*)\()");
  std::string cls;
  if (!RE2::PartialMatch(normalized(m.expr(m.stmts[s].b).text), built, &cls)) return {};
  const std::string_view last = lastDottedComponent(cls);
  return !last.empty() && std::isupper(static_cast<unsigned char>(last[0])) ? cls : std::string{};
}

}  // namespace

std::optional<RoundTrip> sameClassRunAgain(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides) {
  if (fn == kNone || m.language != Language::Python) return std::nullopt;
  const std::optional<CalledObject> one = boundByRunning(m, fn, at, handedName(sides.actualText));
  const std::optional<CalledObject> other = boundByRunning(m, fn, at, handedName(sides.expectedText));
  if (!one || !other || one->callee == other->callee || one->arguments != other->arguments) return std::nullopt;
  const std::optional<Instance> a = instanceOf(m, fn, one->stmt, one->callee);
  const std::optional<Instance> b = instanceOf(m, fn, other->stmt, other->callee);
  if (!a || !b || a->cls != b->cls || (a->handedTo.empty() && b->handedTo.empty())) return std::nullopt;
  RoundTrip trip;
  // The object handed to the library is the CUT's; the plain one the oracle's.
  trip.swapSides = a->handedTo.empty();
  trip.type = "SCUT_SAME";
  trip.reason = fmt::format("both sides run a `{}` on the same input, one of them after `{}`: the same model run again", a->cls,
                            a->handedTo.empty() ? b->handedTo : a->handedTo);
  return trip;
}

std::optional<RoundTrip> restoredModelRunAgain(const FileModel& m, FunctionId fn, StmtId at, const Sides& sides) {
  if (fn == kNone || m.language != Language::Python) return std::nullopt;
  static const RE2 restoring(R"((^|\.)(load|load_[a-z0-9_]+|restore|restore_[a-z0-9_]+|recover|from_pretrained)$)");
  for (const bool oracleIsSnapshot : {true, false}) {
    const std::optional<CalledObject> before =
        boundByRunning(m, fn, at, handedName(oracleIsSnapshot ? sides.expectedText : sides.actualText));
    if (!before || normalized(oracleIsSnapshot ? sides.actualText : sides.expectedText) != before->callee + before->arguments) continue;
    // The input the object runs on stays; the object may be built anew (of the same class) to be restored into.
    const std::vector<std::string> inputs = identifiersOf(before->arguments);
    bool restored = false, changedInput = false;
    for (StmtId s = before->stmt + 1; s < at && s < m.stmts.size(); ++s) {
      const Stmt& st = m.stmts[s];
      if (st.function != fn || st.a == kNone) continue;
      if (st.kind == StmtKind::Assign || st.kind == StmtKind::AugAssign || st.kind == StmtKind::For)
        for (const std::string& target : topLevelArguments(normalized(m.expr(st.a).text)))
          changedInput |= std::ranges::find(inputs, target) != inputs.end();
      const ExprId call = st.kind == StmtKind::ExprStmt ? st.a : st.kind == StmtKind::Assign ? st.b : kNone;
      if (call != kNone && m.expr(call).kind == ExprKind::Call && RE2::PartialMatch(normalized(m.expr(m.child(call, 0)).text), restoring))
        restored = true;
    }
    if (!restored || changedInput) continue;
    if (const StmtId rebound = localBindingStmt(m, fn, at, before->callee); rebound != kNone && rebound > before->stmt) {
      const std::string first = classBuilt(m, fn, before->stmt, before->callee), second = classBuilt(m, fn, at, before->callee);
      if (first.empty() || first != second) continue;
    }
    RoundTrip trip;
    trip.swapSides = !oracleIsSnapshot;
    trip.type = "SCUT_SAME";
    trip.reason = fmt::format("`{}` runs `{}{}` at line {} and again after its state is restored: the same model run again",
                              handedName(oracleIsSnapshot ? sides.expectedText : sides.actualText), before->callee, before->arguments,
                              m.stmts[before->stmt].range.start.line);
    return trip;
  }
  return std::nullopt;
}

}  // namespace oalens::analyzer
